"""``blocknot standings`` and ``standings()``: the figures of a season written by hand.

The records of tests/data/season are counts after play (show lines and claims), each hand's
points worked out by R14 and R15 before any run (their claims say so, and validate agrees):

- week1: Ada wins 74 (Bea 8, Cy 16) in 4 hands, dominoes Ada 1 and 4, Bea 2, Cy wins the
  blocked hand 3; Dario wins 101 to Bea's 0 in 5 hands, dominoes Dario 1, 4 and 5, Bea 2
  (scoring 0: an opponent left with [0|0] does not tie), Dario wins the blocked hand 3;
- week2: Ada wins 63 (Cy 6, Dario 0) in 4 hands, hand 1 blocked and tied (nobody wins it),
  dominoes Ada 2 and 4, Cy 3; Ada beats Bea 106 to 0 in 3 hands, but Bea's pass at line 55
  is illegal (P405): the game has an error; Bea and Cy have played one hand (Cy 6): in
  progress;
- week3: Elena, written Elana, beats Nicolò (typed with a combining accent) 102 to 0 in 3
  dominoes; Nicolò (precomposed) beats Elena 102 to 0 in 2 dominoes, in a game without a
  Date tag.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest

from blocknotation import standings
from blocknotation.report.values import GameResult, HandResult
from blocknotation.season.aliases import Aliases
from blocknotation.season.figures import game_figures
from blocknotation.season.read import Played
from blocknotation.season.standings_json import standings_object, standings_schema

from inprocess import run_text
from season_records import ELENA, FIELDS, SEASON, TABLE

ROOT = Path(__file__).resolve().parent.parent


def rows(group: object) -> list[tuple[object, ...]]:
    return [tuple(getattr(row, f) for f in FIELDS) for row in group.rows]  # type: ignore[attr-defined]


def test_the_season_as_worked_out_by_hand() -> None:
    found = standings(SEASON, aliases=ELENA)
    (group,) = found.groups
    assert rows(group) == TABLE
    assert (found.files, found.games, found.counted, found.errors) == (3, 7, 5, 1)
    assert [(g.file.rsplit("/", 1)[-1], g.game, dict(g.score or {})) for g in group.in_progress
            ] == [("week2.block", 3, {"Bea": 0, "Cy": 6})]
    assert [(g.file.rsplit("/", 1)[-1], g.game, g.errors, g.codes) for g in group.excluded
            ] == [("week2.block", 2, 1, ("P405",))]
    assert {row.player: row.also for row in group.rows}["Elena"] == ("Elana",)
    assert all(row.also == () for row in group.rows if row.player != "Elena")


def test_include_invalid_counts_the_game_with_an_error() -> None:
    (group,) = standings(SEASON, aliases=ELENA, include_invalid=True).groups
    table = {row[0]: row for row in rows(group)}
    assert table["Ada"] == ("Ada", 3, 3, 0, 0, 11, 6, 1, 243, 30, 243 / 11, 0, 0)
    assert table["Bea"] == ("Bea", 3, 0, 0, 3, 12, 2, 0, 8, 297, 8 / 12, 1, 0)
    assert group.excluded == ()
    assert [r[0] for r in rows(group)] == ["Ada", "Elena", "Nicolò", "Dario", "Cy", "Bea"]


def test_without_the_alias_elana_is_a_player_of_her_own() -> None:
    (group,) = standings(SEASON).groups
    table = {row[0]: row for row in rows(group)}
    assert table["Elana"] == ("Elana", 1, 1, 0, 0, 3, 3, 0, 102, 0, 34.0, 0, 0)
    assert table["Elena"] == ("Elena", 1, 0, 0, 1, 2, 0, 0, 0, 102, 0.0, 0, 0)


def test_the_season_order_is_by_date_then_the_undated_games_as_read() -> None:
    (group,) = standings(SEASON, aliases=ELENA).groups
    assert [(p.file.rsplit("/", 1)[-1], p.game, p.date) for p in group.season] == [
        ("week1.block", 1, "2026-03-06"), ("week1.block", 2, "2026-03-06"),
        ("week2.block", 1, "2026-03-13"), ("week3.block", 1, "2026-03-20"),
        ("week3.block", 2, None)]
    totals = group.totals()
    assert totals["Ada"] == [74, 74, 137, 137, 137]
    assert totals["Elena"] == [0, 0, 0, 102, 102]
    assert totals["Nicolò"] == [0, 0, 0, 0, 102]


def test_by_date_and_by_event() -> None:
    by_date = standings(SEASON, aliases=ELENA, by="date")
    assert [g.key for g in by_date.groups] == ["2026-03-06", "2026-03-13", "2026-03-20", None]
    first = {row[0]: row for row in rows(by_date.groups[0])}
    assert first["Dario"] == ("Dario", 1, 1, 0, 0, 5, 3, 1, 101, 0, 101 / 5, 0, 0)
    # Ties of wins and points for go by name: Bea, with no game counted, before Dario.
    assert [r[0] for r in rows(by_date.groups[1])] == ["Ada", "Cy", "Bea", "Dario"]
    assert rows(by_date.groups[1])[2] == ("Bea", 0, 0, 0, 0, 0, 0, 0, 0, 0, None, 1, 0)
    by_event = standings(SEASON, aliases=ELENA, by="event")
    assert [(g.key, len(g.season)) for g in by_event.groups] == [("Test league", 4),
                                                                  ("Friendly", 1)]


def _played(status: str | None, winner: str | None, score: dict[str, int] | None,
            hands: tuple[HandResult, ...]) -> Played:
    players = tuple(score or {"Ada": 0, "Bea": 0, "Cy": 0})
    result = GameResult(1, 1, players, 61, hands, score, status, winner)  # type: ignore[arg-type]
    return Played("x.block", result, (), None)


def _hand(outcome: str | None, winner: str | None, points: dict[str, int] | None) -> HandResult:
    return HandResult(1, 1, None, outcome, winner, {}, points, None)  # type: ignore[arg-type]


def test_a_drawn_game_the_leaders_draw_and_the_others_lose() -> None:
    hand = _hand("domino", "Ada", {"Ada": 70, "Bea": 0, "Cy": 0})
    game = game_figures(_played("drawn", None, {"Ada": 70, "Bea": 70, "Cy": 10}, (hand,)),
                        Aliases(), False)
    assert {p: (f.won, f.drawn, f.lost) for p, f in game.figures.items()} == {
        "Ada": (0, 1, 0), "Bea": (0, 1, 0), "Cy": (0, 0, 1)}


def test_unknown_figures_stay_unknown() -> None:
    # Decided whoever won, the points of the second hand unknown, and a blocked hand whose
    # winner the readings disagree on: every figure that depends on them is None.
    hands = (_hand("domino", "Ada", {"Ada": 30, "Bea": 0, "Cy": 0}),
             _hand("blocked", None, None))
    game = game_figures(_played("decided", None, None, hands), Aliases(), True)
    ada = game.figures["Ada"]
    assert (ada.games, ada.won, ada.drawn, ada.lost, ada.hands) == (1, None, None, None, 2)
    assert (ada.domino, ada.blocked, ada.points_for, ada.points_against) == (1, None, None, None)
    assert ada.average is None
    # A blocked hand whose lowest total is tied has no winner, and that is known.
    tied = (_hand("blocked", None, {"Ada": 0, "Bea": 0, "Cy": 0}),)
    known = game_figures(_played("won", "Ada", {"Ada": 61, "Bea": 0, "Cy": 0}, tied),
                         Aliases(), False).figures["Bea"]
    assert (known.won, known.lost, known.blocked, known.domino) == (0, 1, 0, 0)


def test_an_illegal_pass_is_counted_in_a_game_left_out(tmp_path: Path) -> None:
    for code in ("P405", "P407"):
        shutil.copy(ROOT / "blocknotation" / "examples" / f"{code}.bad.txt",
                    tmp_path / f"{code}.block")
    (group,) = standings(tmp_path).groups
    assert rows(group) == [("Bea", 0, 0, 0, 0, 0, 0, 0, 0, 0, None, 1, 1)]
    assert len(group.excluded) == 2 and group.in_progress == ()


# --- the command ----------------------------------------------------------------------------

TEXT = """\
player  games  wins  draws  losses  hands  domino  blocked  for  against  per hand  P405  P407
Ada         2     2      0       0      8       4        0  137       30     17.12     0     0
Elena       2     1      0       1      5       3        0  102      102     20.40     0     0
Nicolò      2     1      0       1      5       2        0  102      102     20.40     0     0
Dario       2     1      0       1      9       3        1  101       69     11.22     0     0
Cy          2     0      0       2      8       1        1   22      145      2.75     0     0
Bea         2     0      0       2      9       2        0    8      191      0.89     1     0
Elena also written Elana (aliases)
in progress, not counted:
  tests/data/season/week2.block, game 3 (Bea 0, Cy 6)
left out for their errors (--include-invalid counts them):
  tests/data/season/week2.block, game 2 (1 error: P405)

3 files, 7 games: 5 counted, 1 in progress, 1 left out
"""


def test_the_text_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    done = run_text("standings", "--lang", "en", "--alias", "Elena=Elana", "tests/data/season")
    assert (done.returncode, done.stdout, done.stderr) == (1, TEXT, "")


def test_the_aliases_of_a_configuration_file(tmp_path: Path) -> None:
    season = tmp_path / "season"
    shutil.copytree(SEASON, season)
    (season / "blocknot.toml").write_text('[aliases]\nElena = ["Elana"]\n', "utf-8")
    done = run_text("standings", "--lang", "en", "season", cwd=tmp_path)
    assert done.stdout == TEXT.replace("tests/data/season", "season")
    isolated = run_text("standings", "--lang", "en", "--isolated", "season", cwd=tmp_path)
    assert "\nElana       1" in isolated.stdout


def test_the_json_meets_its_schema_and_says_what_the_library_says(tmp_path: Path) -> None:
    done = run_text("standings", "--format", "json", "--alias", "Elena=Elana", str(SEASON))
    document = json.loads(done.stdout)
    jsonschema.validate(document, standings_schema())
    assert document == json.loads(json.dumps(standings_object(
        standings(SEASON, aliases=ELENA))))
    assert [list(r.values())[:13] for r in document["groups"][0]["players"]] == [
        list(row) for row in TABLE]
    published = run_text("schema", "--standings")
    assert json.loads(published.stdout) == standings_schema()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**document, "games": -1}, standings_schema())


def test_the_csv_table() -> None:
    done = run_text("standings", "--format", "csv", "--by", "date", "--alias", "Elena=Elana",
                    str(SEASON))
    lines = done.stdout.splitlines()
    assert lines[0] == ("date,player,games,won,drawn,lost,hands,domino,blocked,points_for,"
                        "points_against,average,p405,p407,also,no_game,why")
    assert lines[1:3] == ["2026-03-06,Dario,1,1,0,0,5,3,1,101,0,20.2,0,0,,,",
                          "2026-03-06,Ada,1,1,0,0,4,2,0,74,24,18.5,0,0,,,"]
    assert "2026-03-13,Bea,0,0,0,0,0,0,0,0,0,,1,0,,," in lines
    assert lines[-2:] == [",Nicolò,1,1,0,0,2,2,0,102,0,51.0,0,0,,,",
                          ",Elena,1,0,0,1,2,0,0,0,102,0.0,0,0,,,"]


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.tags: list[str] = []
        self.urls: list[str] = []
        self._in_cell = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [v or "" for k, v in attrs if k in ("src", "href")]
        # A name is in a span of its cell (it wraps there).
        self._in_cell = tag in ("td", "th") or (self._in_cell and tag == "span")

    def handle_data(self, data: str) -> None:
        if self._in_cell and data.strip():
            self.cells.append(data.strip())
            self._in_cell = False


def test_the_html_page_has_the_table_and_a_chart(tmp_path: Path) -> None:
    out = tmp_path / "season.html"
    done = run_text("standings", "--format", "html", "-o", str(out), "--alias", "Elena=Elana",
                    str(SEASON))
    assert done.returncode == 1 and done.stdout == ""
    page = _Page()
    page.feed(out.read_text("utf-8"))
    assert page.cells[13:26] == ["Ada", "2", "2", "0", "0", "8", "4", "0", "137", "30", "17.12",
                                 "0", "0"]
    # The chart twice, wide and narrow (for a phone): three players' lines in each.
    assert page.tags.count("svg") >= 8 and page.tags.count("polyline") == 12
    assert page.urls == []  # the page loads nothing
    text = out.read_text("utf-8")
    assert "Content-Security-Policy" in text and "<script" not in text
    # Ada's points after each game of the season, as the chart's table gives them.
    assert re.search(r"<tr><td>3</td><td>2026-03-13</td>.*?<td>137</td>", text)


def test_in_italian() -> None:
    done = run_text("standings", "--lang", "it", "--alias", "Elena=Elana", str(SEASON))
    first = done.stdout.splitlines()[0].split()
    assert first[:5] == ["giocatore", "partite", "vittorie", "pareggi", "sconfitte"]
    assert done.stdout.splitlines()[-1].startswith("3 file, 7 partite: 5 contate")


@pytest.mark.parametrize(("args", "message"), [
    (("--alias", "Ada=Bea"), "blocknot: the aliases make Ada and Bea one player, but both play "
                             "in game 1 of tests/data/season/week1.block\n"),
    (("--alias", "Ada"), "blocknot: --alias takes NAME=OTHER, not 'Ada'\n"),
    (("--alias", "Ada=pass"), "blocknot: 'pass' is not a player name\n"),
    (("--alias", "Ada=Eve", "--alias", "Bea=Eve"),
     "blocknot: Eve cannot stand for both Ada and Bea\n"),
    (("--alias", "Ada=Eve", "--alias", "Eve=Zed"),
     "blocknot: Eve is another spelling of Ada: give Zed as a spelling of Ada\n"),
])
def test_aliases_that_cannot_be_used_are_usage_errors(
        args: tuple[str, ...], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    done = run_text("standings", "--lang", "en", *args, "tests/data/season")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message)


def test_a_bad_aliases_table_names_the_file(tmp_path: Path) -> None:
    config = tmp_path / "blocknot.toml"
    shutil.copy(SEASON / "week1.block", tmp_path / "week1.block")
    for text, message in [
        ('aliases = ["Elena"]\n', "'aliases' in {path} must be a table of player names to "
                                  "lists of their other spellings"),
        ('[aliases]\nElena = "Elana"\n', "'aliases' in {path} must be a table of player names "
                                         "to lists of their other spellings"),
        ('[aliases]\nElena = ["El ana"]\n', "'El ana' in 'aliases' in {path} is not a player "
                                            "name"),
    ]:
        config.write_text(text, "utf-8")
        done = run_text("standings", "--lang", "en", ".", cwd=tmp_path)
        assert (done.returncode, done.stderr) == (2, f"blocknot: {message.format(path=config)}\n")


def test_a_file_that_cannot_be_read_is_told_and_the_others_count(tmp_path: Path) -> None:
    done = run_text("standings", "--lang", "en", str(SEASON / "week1.block"),
                    str(tmp_path / "missing.block"))
    assert done.returncode == 2
    assert done.stderr == f"blocknot: cannot read {tmp_path / 'missing.block'}: No such file or " \
                          "directory\n"
    assert done.stdout.splitlines()[1].split()[:3] == ["Dario", "1", "1"]


def test_record_json_and_gzip_count_the_same(tmp_path: Path) -> None:
    import gzip

    converted = run_text("convert", str(SEASON / "week1.block"))
    (tmp_path / "week1.block.json").write_text(converted.stdout, "utf-8")
    (tmp_path / "week2.block.gz").write_bytes(gzip.compress((SEASON / "week2.block").read_bytes()))
    shutil.copy(SEASON / "week3.block", tmp_path / "week3.block")
    (group,) = standings(tmp_path, aliases=ELENA).groups
    assert rows(group) == TABLE
    assert group.season[0].date == "2026-03-06"  # the tags of the JSON record are read
