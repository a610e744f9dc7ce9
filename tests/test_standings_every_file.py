"""``blocknot standings``: every file its own answer, safe in a spreadsheet, and the players
told apart.

A file that gives no game (a UTF-16 evening, a NUL byte, record JSON beyond the bound of
what is read at once, a record JSON whose lines lie, a file that cannot be read) is listed
and counted, with its code, in the text, the JSON, the CSV and the HTML page.  A cell a
spreadsheet would run as a formula starts with ``'``.  Names that look alike get a warning,
and the aliases of two configurations that contradict each other are refused.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import disarm
import jsonschema
import pytest

from blocknotation.notation import stream
from blocknotation.season.standings_json import standings_schema

from inprocess import run_text
from season_records import SEASON

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "samples" / "two-players.block"


@pytest.fixture
def evenings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A season of one good evening and five files that give no game."""
    folder = tmp_path / "season"
    folder.mkdir()
    shutil.copy(TWO, folder / "a-good.block")
    (folder / "b-utf16.block").write_bytes(TWO.read_text("utf-8").encode("utf-16"))
    (folder / "c-nul.block").write_bytes(b"\x00" + TWO.read_bytes())
    converted = run_text("convert", str(TWO)).stdout
    (folder / "d-large.block.json").write_text(converted, "utf-8")
    monkeypatch.setattr(stream, "MAX_INPUT_BYTES", len(converted) // 2)
    lying = json.loads(converted)
    for hand in lying["games"][0]["hands"]:
        for statement in hand["statements"]:
            statement["line"] = hand["line"]
    (folder / "e-lying.block.json").write_text(json.dumps(lying), "utf-8")
    return folder


NO_GAME = [("b-utf16.block", ["S003"]), ("c-nul.block", ["S003"]),
           ("d-large.block.json", ["S001"]), ("e-lying.block.json", ["S001"])]


def test_the_text_lists_and_counts_each_file_without_a_game(evenings: Path) -> None:
    done = run_text("standings", "--lang", "en", str(evenings), str(evenings / "gone.block"))
    assert done.returncode == 2
    assert done.stderr == f"blocknot: cannot read {evenings / 'gone.block'}: No such file or " \
                          "directory\n"
    lines = done.stdout.splitlines()
    start = lines.index("files that gave no game:")
    assert lines[start + 1:start + 6] == [
        *(f"  {evenings / name} ({', '.join(codes)})" for name, codes in NO_GAME),
        f"  {evenings / 'gone.block'} (cannot read: No such file or directory)"]
    assert lines[-1] == ("6 files, 1 game: 1 counted, 0 in progress, 0 left out; 5 files "
                         "without a game")


def test_the_json_csv_and_html_list_them_too(evenings: Path, tmp_path: Path) -> None:
    document = json.loads(run_text("standings", "--format", "json", str(evenings)).stdout)
    jsonschema.validate(document, standings_schema())
    assert [(f["file"], f["codes"], f["reason"]) for f in document["no_game"]] == [
        (str(evenings / name), codes, None) for name, codes in NO_GAME]
    table = list(csv.reader(io.StringIO(run_text("standings", "--format", "csv",
                                                 str(evenings)).stdout)))
    assert table[0][-2:] == ["no_game", "why"]
    assert [row[-2:] for row in table[3:]] == [[str(evenings / name), " ".join(codes)]
                                              for name, codes in NO_GAME]
    assert all(cell == "" for row in table[3:] for cell in row[:-2])
    page = tmp_path / "season.html"
    run_text("standings", "--format", "html", "-o", str(page), str(evenings))
    html = page.read_text("utf-8")
    assert "<p>files that gave no game:</p><ul>" in html
    assert all(f"<li>{evenings / name} ({codes[0]})</li>" in html for name, codes in NO_GAME)
    assert "; 4 files without a game</p>" in html


def test_a_hand_not_replayed_says_why(tmp_path: Path) -> None:
    decided = run_text("analyse", str(ROOT / "blocknotation" / "examples" / "E506.bad.txt"))
    assert ": hand 2: not analysed: it was not replayed, for E506 at line 23\n" in (
        decided.stdout)
    twice = tmp_path / "twice.block"
    twice.write_text(TWO.read_text("utf-8").replace('[Players "Ada Bea"]',
                                                    '[Players "Ada Ada"]'), "utf-8")
    done = run_text("analyse", str(twice))
    assert done.stdout.splitlines()[0] == (
        f"{twice}: hand 1: not analysed: it was not replayed, for G103 at line 5")
    assert "could not be read" not in done.stdout


def test_csv_cells_that_a_spreadsheet_would_run_start_with_a_quote(tmp_path: Path) -> None:
    record = TWO.read_text("utf-8").replace(
        '[Players "Ada Bea"]', '[Event "=HYPERLINK(""http://x"")"]\n[Date "+1+2"]\n'
        '[Site "@SUM(A1)"]\n[Players "Ada Bea"]').replace('""', '\\"')
    (tmp_path / "=1+2.block").write_text(record, "utf-8")
    done = run_text("standings", "--format", "csv", "--by", "event", "=1+2.block", cwd=tmp_path)
    assert done.stdout.splitlines()[1].startswith('"\'=HYPERLINK(""http://x"")",Bea,1,1,')
    raw = run_text("standings", "--format", "csv", "--raw-csv", "--by", "event", "=1+2.block",
                   cwd=tmp_path)
    assert raw.stdout.splitlines()[1].startswith('"=HYPERLINK(""http://x"")",Bea,1,1,')
    run_text("export", "--to", "csv", "-o", "out", "=1+2.block", cwd=tmp_path)
    with open(tmp_path / "out" / "games.csv", encoding="utf-8", newline="") as handle:
        (game,) = csv.DictReader(handle)
    assert (game["game_id"], game["file"], game["event"], game["date"]) == (
        "'=1+2.block#1", "'=1+2.block", "'=HYPERLINK(\"http://x\")", "'+1+2")
    assert json.loads(game["tags"])[2] == {"key": "Site", "value": "@SUM(A1)"}  # inside JSON
    with open(tmp_path / "out" / "moves.csv", encoding="utf-8", newline="") as handle:
        assert {row["game_id"] for row in csv.DictReader(handle)} == {"'=1+2.block#1"}
    run_text("export", "--to", "csv", "--raw-csv", "-o", "raw", "=1+2.block", cwd=tmp_path)
    with open(tmp_path / "raw" / "games.csv", encoding="utf-8", newline="") as handle:
        (game,) = csv.DictReader(handle)
    assert (game["file"], game["date"]) == ("=1+2.block", "+1+2")


def test_names_that_look_alike_get_a_warning_naming_both(tmp_path: Path) -> None:
    shutil.copy(TWO, tmp_path / "a.block")
    cyrillic = "\u0410da"  # А, CYRILLIC CAPITAL LETTER A
    (tmp_path / "b.block").write_text(TWO.read_text("utf-8").replace("Ada", cyrillic), "utf-8")
    assert disarm.skeleton_key(cyrillic) == disarm.skeleton_key("Ada")
    done = run_text("standings", "--lang", "en", str(tmp_path))
    assert done.returncode == 0
    assert done.stderr == (
        f"blocknot: warning: Ada (U+0041 U+0064 U+0061) and {cyrillic} (U+0410 U+0064 "
        "U+0061) look alike but are two players; if they are one, give one as another "
        "spelling of the other (--alias, or [aliases])\n")
    merged = run_text("standings", "--lang", "en", "--alias", f"Ada={cyrillic}", str(tmp_path))
    assert merged.stderr == ""


def test_aliases_of_two_configurations_that_contradict_are_refused(tmp_path: Path) -> None:
    for folder, name, other in (("one", "Elena", "Elana"), ("two", "Elana", "Elena")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "blocknot.toml").write_text(
            f'[aliases]\n{name} = ["{other}"]\n', "utf-8")
        (tmp_path / folder / "evening.block").write_text(
            TWO.read_text("utf-8").replace("Ada", other), "utf-8")
    done = run_text("standings", "--lang", "en", "one", "two", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"blocknot: {tmp_path / 'one' / 'blocknot.toml'} counts Elana as Elena, but "
        f"{tmp_path / 'two' / 'blocknot.toml'} counts Elena as Elana: the aliases of the "
        "configurations of one run must agree\n")
    (tmp_path / "two" / "blocknot.toml").write_text('[aliases]\nBea = ["Elana"]\n', "utf-8")
    done = run_text("standings", "--lang", "en", "one", "two", cwd=tmp_path)
    assert done.stderr == (
        f"blocknot: {tmp_path / 'one' / 'blocknot.toml'} counts Elana as Elena, but "
        f"{tmp_path / 'two' / 'blocknot.toml'} counts it as Bea: the aliases of the "
        "configurations of one run must agree\n")


def test_an_alias_cycle_says_so() -> None:
    done = run_text("standings", "--lang", "en", "--alias", "Ada=Bea", "--alias", "Bea=Ada",
                    str(SEASON))
    assert (done.returncode, done.stderr) == (
        2, "blocknot: Ada and Bea are each given as another spelling of the other: keep one "
           "of the two\n")
