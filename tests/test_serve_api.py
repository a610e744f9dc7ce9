"""``blocknot serve``'s API, in the test process: games made, entries judged and written,
conflicts, keys sent twice, undo and corrections, and the records ``validate`` reads."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from blocknotation import validate

from serve_support import DEALS, MOVES, Scorer, app_for, client, new_game


@pytest.fixture
def http(tmp_path: Path) -> Any:
    with client(app_for(tmp_path)) as made:
        yield made


def record(tmp_path: Path, game: str) -> str:
    return (tmp_path / f"{game}.block").read_text("utf-8")


def test_a_new_game_is_a_record_in_the_folder(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea", "Cy"], "Bea", table="3", event="Friday club")
    assert game.endswith("-t3-g1")
    text = record(tmp_path, game)
    assert text.startswith('[Event "Friday club"]\n[Date "')
    assert text.endswith('[Table "3"]\n[Players "Ada Bea Cy"]\n\nhand 1\nopener Bea\n')
    state = http.get(f"/api/games/{game}").json()
    assert (state["version"], state["phase"], state["hand"]["turn"]) == (1, "moves", "Bea")
    assert len(state["hand"]["legal"]) == 28  # any tile may be led (R5), every deal hidden
    # A second game at the table gets the next count; a setup sent twice makes one game.
    assert new_game(http, ["Dana", "Eve"], "Eve", table="3").endswith("-t3-g2")
    again = http.post("/api/games", json={"key": "setup-3-Dana-Eve", "table": "3",
                                           "players": ["Dana", "Eve"], "opener": "Eve"})
    assert again.status_code == 200 and again.json()["duplicate"]
    assert len(list(tmp_path.glob("*.block"))) == 2


def test_a_hand_move_by_move_is_written_as_played(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea", "Cy"], "Ada")
    scorer = Scorer(http, game)
    for player, tiles in DEALS.items():
        assert scorer.send({"kind": "deal", "player": player, "tiles": tiles}).status_code == 200
    for player, tile, side in MOVES:
        answer = scorer.move(player, tile, side)
        assert answer.status_code == 200 and answer.json()["verdict"] == [], answer.text
    state = scorer.state()
    # Every deal known: the ends 5|1 fit nobody, the hand is blocked at once (R12).
    assert state["hand"]["outcome"] == {"kind": "blocked", "winner": "Cy"}
    assert state["phase"] == "next" and state["hands"][0]["points"]["Cy"] == 29
    report = validate(record(tmp_path, game).encode(), "game.block")
    assert report.valid and report.games[0].score == state["score"] == {
        "Ada": 0, "Bea": 0, "Cy": 29}
    # Each play is written with the end it went to.
    assert "Cy: 1-2 L\n" in record(tmp_path, game) and "Bea: pass\n" in record(tmp_path, game)


def test_an_illegal_move_is_refused_unless_the_scorer_insists(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea", "Cy"], "Ada")
    scorer = Scorer(http, game)
    scorer.send({"kind": "deal", "player": "Bea", "tiles": DEALS["Bea"]})
    scorer.move("Ada", "1-4")
    before = record(tmp_path, game)
    refused = scorer.move("Bea", None)
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["insistable"]) == ("P405", True)
    assert refused.json()["message"] == ("Bea passed holding 0-4, which fits the right end "
                                         "(4): a player who can play must (R8)")
    assert record(tmp_path, game) == before
    out_of_turn = scorer.move("Cy", "0-1", "R")
    assert (out_of_turn.status_code, out_of_turn.json()["code"]) == (422, "T302")
    kept = scorer.move("Bea", None, insist=True)
    assert kept.status_code == 200
    assert [(d["code"], d["line"]) for d in kept.json()["verdict"]] == [("P405", 9)]
    assert record(tmp_path, game).endswith("Ada: 1-4\nBea: pass\n")
    # The table follows the record on, Bea's deal set aside: the pass belies it.
    state = scorer.state()
    assert state["hand"]["set_aside"] == ["Bea"] and state["hand"]["turn"] == "Cy"


def test_a_stale_page_gets_a_conflict_with_the_record_as_it_is(http: Any,
                                                                tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada")
    one, two = Scorer(http, game), Scorer(http, game)
    seen = one.state()["version"]
    assert two.move("Ada", "6-6", base=seen, key="phone-two-1").status_code == 200
    stale = one.move("Ada", "5-5", base=seen, key="phone-one-1")
    assert stale.status_code == 409
    assert stale.json()["state"]["version"] == seen + 1
    assert stale.json()["state"]["hand"]["chain"][0]["tile"] == "6-6"
    assert "Ada: 5-5" not in record(tmp_path, game)


def test_an_entry_sent_twice_is_applied_once(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada")
    scorer = Scorer(http, game)
    first = scorer.move("Ada", "6-6", base=1, key="the-same-key")
    again = scorer.move("Ada", "6-6", base=1, key="the-same-key")
    assert (first.status_code, again.status_code) == (200, 200)
    assert (first.json()["duplicate"], again.json()["duplicate"]) == (False, True)
    assert record(tmp_path, game).count("Ada: 6-6") == 1
    assert again.json()["state"]["version"] == 2


def test_undo_and_correction_are_edits_kept_in_the_record(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada")
    scorer = Scorer(http, game)
    scorer.move("Ada", "6-6")
    scorer.move("Bea", "5-6", "R")
    assert scorer.send({"kind": "undo"}).status_code == 200
    text = record(tmp_path, game)
    assert text.endswith("Ada: 6-6\n# undone: Bea: 5-6 R\n")
    scorer.move("Bea", "4-6", "L")
    line = record(tmp_path, game).split("\n").index("Ada: 6-6") + 1
    corrected = scorer.send({"kind": "correct", "line": line, "text": "Ada: 4-4"})
    assert corrected.status_code == 200
    assert "# was: Ada: 6-6\nAda: 4-4\n# undone: Bea: 5-6 R\nBea: 4-6 L\n" in record(
        tmp_path, game)
    # The corrected lead leaves Bea's 4-6 fitting its left end: the verdict says nothing.
    assert corrected.json()["verdict"] == []
    assert not list(tmp_path.glob(".*.tmp"))  # the rewrites left no temporary file
    bad = scorer.send({"kind": "correct", "line": line + 1, "text": "Ada: 4-9"})
    assert (bad.status_code, bad.json()["code"], bad.json()["insistable"]) == (422, "S002", False)


def test_a_count_only_hand_then_the_next_hand(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea", "Cy"], "Ada")
    scorer = Scorer(http, game)
    counted = scorer.send({"kind": "count", "shows": {"Ada": [], "Bea": ["3-4"], "Cy": ["0-5"]},
                           "ending": "Ada", "points": {"player": "Ada", "points": 12}})
    assert counted.status_code == 200 and counted.json()["verdict"] == []
    state = scorer.state()
    assert (state["phase"], state["score"], state["next_opener"]) == (
        "next", {"Ada": 12, "Bea": 0, "Cy": 0}, "Bea")
    assert scorer.send({"kind": "hand"}).status_code == 200
    assert record(tmp_path, game).endswith(
        "show Ada: -\nshow Bea: 3-4\nshow Cy: 0-5\ndomino Ada\npoints Ada 12\n\nhand 2\n"
        "opener Bea\n")
    wrong = scorer.send({"kind": "count", "shows": {"Ada": ["1-1"], "Bea": [], "Cy": ["2-2"]},
                         "ending": "Bea", "points": {"player": "Bea", "points": 7}})
    # The record is what the scorer wrote: the wrong points are written, and reported.
    assert [d["code"] for d in wrong.json()["verdict"]] == ["E504"]


def test_undo_takes_back_a_whole_count_and_a_hand_begun(http: Any, tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea", "Cy"], "Ada")
    scorer = Scorer(http, game)
    scorer.send({"kind": "count", "shows": {"Ada": [], "Bea": ["3-4"], "Cy": ["0-5"]},
                 "ending": "Ada"})
    scorer.send({"kind": "hand"})
    scorer.send({"kind": "undo"})
    assert scorer.state()["phase"] == "next"
    scorer.send({"kind": "undo"})
    assert scorer.state()["phase"] == "moves"
    assert record(tmp_path, game).endswith(
        "opener Ada\n# undone: hand 2\n# undone: opener Bea\n# undone: show Ada: -\n"
        "# undone: show Bea: 3-4\n# undone: show Cy: 0-5\n# undone: domino Ada\n")
    nothing = scorer.send({"kind": "undo"})
    assert (nothing.status_code, nothing.json()["insistable"]) == (422, False)


def test_a_whole_game_scored_through_the_api_is_what_validate_finds(http: Any,
                                                                   tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada", target=30)
    scorer = Scorer(http, game)
    shuffle = random.Random(7)
    for _ in range(400):
        state = scorer.state()
        if state["phase"] == "over":
            break
        if state["phase"] == "next":
            assert scorer.send({"kind": "hand"}).status_code == 200
            continue
        hand = state["hand"]
        if not hand["deals"]:
            tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
            shuffle.shuffle(tiles)
            for k, player in enumerate(state["players"]):
                scorer.send({"kind": "deal", "player": player, "tiles": tiles[7 * k:7 * k + 7]})
            continue
        move, turn = hand["legal"][0], hand["turn"]
        answer = scorer.move(turn, None) if move.get("pass") else scorer.move(
            turn, move["tile"], move["side"])
        assert answer.status_code == 200 and answer.json()["verdict"] == []
    state = scorer.state()
    assert state["phase"] == "over" and state["status"] == "won" and len(state["hands"]) > 1
    done = subprocess.run([sys.executable, "-m", "blocknotation", "validate", "--format", "json",
                           str(tmp_path / f"{game}.block")], capture_output=True, text=True,
                          check=False)
    found = json.loads(done.stdout)["files"][0]
    # A Target tag is a house rule, reported as a warning (G105); nothing else.
    assert [d["code"] for d in found["diagnostics"]] == ["G105"]
    assert found["games"][0]["score"] == state["score"]
    assert found["games"][0]["winner"] == state["winner"]
    assert scorer.send({"kind": "hand"}).json()["insistable"] is False


def test_after_a_move_it_cannot_follow_the_table_takes_moves_as_written(http: Any,
                                                                       tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada")
    scorer = Scorer(http, game)
    scorer.move("Ada", "6-6")
    kept = scorer.move("Ada", "5-6", "R", insist=True)  # out of turn (T302), kept
    assert [d["code"] for d in kept.json()["verdict"]] == ["T302"]
    state = scorer.state()
    assert (state["phase"], state["hand"]["lost"]) == ("lost", 8)
    # Whatever is entered now is written as given, and judged by the record alone.
    assert scorer.move("Bea", "4-6", "L").status_code == 200
    assert record(tmp_path, game).endswith("Ada: 6-6\nAda: 5-6 R\nBea: 4-6 L\n")
    scorer.send({"kind": "undo"})
    scorer.send({"kind": "undo"})
    state = scorer.state()
    assert (state["phase"], state["hand"]["turn"], state["hand"]["lost"]) == ("moves", "Bea", None)


def test_a_hand_of_hidden_deals_is_counted_from_the_tiles_left(http: Any,
                                                               tmp_path: Path) -> None:
    game = new_game(http, ["Ada", "Bea"], "Ada")
    scorer = Scorer(http, game)
    for _ in range(40):
        state = scorer.state()
        if state["phase"] != "moves":
            break
        move, turn = state["hand"]["legal"][0], state["hand"]["turn"]
        scorer.move(turn, None) if move.get("pass") else scorer.move(turn, move["tile"],
                                                                     move["side"])
    hand = state["hand"]
    # Nobody's deal is known: the moves end the hand, and the page asks for the tiles left.
    assert state["phase"] == "count" and state["hands"][0]["points"] is None
    winner = hand["outcome"]["winner"]
    other = next(p for p in state["players"] if p != winner)
    left = hand["unseen"][:7 - hand["placed"][other]]
    counted = scorer.send({"kind": "count", "shows": {other: left}})
    assert counted.status_code == 200 and counted.json()["verdict"] == []
    state = scorer.state()
    pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in left))
    assert (state["phase"], state["hands"][0]["points"][winner]) == ("next", pips)
    assert record(tmp_path, game).endswith(f"show {other}: {' '.join(left)}\n")
