"""The candidates of a hand whose readings disagree on its points: each value, how the hand
ends in it, and the lines its reading reads otherwise than written, in the text, annotated
and JSON reports (``engine/candidates.py``), at most five and then how many more.

The record is tests/cases/P405/a_play_written_as_a_pass_no_claims.txt: Bea's pass at line 25
is illegal; as written the hand stops before it is over, and if the pass was her 6-5 she goes
out at line 28 for Ada's 14 and Cy's 8 pips.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from blocknotation.engine import candidates as engine_candidates

from inprocess import run_text

CASES = Path(__file__).resolve().parent / "cases"
CASE = str(CASES / "P405/a_play_written_as_a_pass_no_claims.txt")
WORDS = ("points: not known: the hand not over as written; Bea 22 if line 25 was a play of 5-6")


def test_json_gives_each_candidate_and_what_it_rests_on() -> None:
    done = run_text("validate", "--format", "json", CASE)
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert hand["points"] is None
    assert hand["candidates"] == [
        {"outcome": "unfinished", "winner": None, "points": None, "rests_on": []},
        {"outcome": "domino", "winner": "Bea", "points": {"Ada": 0, "Bea": 22, "Cy": 0},
         "rests_on": [{"line": 25, "reading": "a play of 5-6"}]},
    ]
    assert hand["more_candidates"] == 0


def test_text_and_annotated_say_them() -> None:
    text = run_text("validate", CASE).stdout
    assert f"game 1, hand 1: {WORDS}\n" in text
    annotated = run_text("validate", "--format", "annotated", CASE).stdout
    # In the annotated record the candidates cite its own lines, as its messages do: line
    # 25 of the record is the 34th of the annotated text, and annotating again changes
    # nothing.
    assert f"#= {WORDS.replace('line 25', 'line 34')}\n" in annotated
    assert annotated.split("\n")[33] == "Bea: pass"
    again = run_text("validate", "--format", "annotated", "-", stdin=annotated).stdout
    assert again == annotated


def test_a_hand_whose_readings_agree_has_none() -> None:
    # The same record with Bea's 6-5 written at line 25: one reading, every figure known.
    record = Path(CASE).read_text("utf-8").replace("Bea: pass\nCy: 3-3", "Bea: 6-5 R\nCy: 3-3")
    done = run_text("validate", "--format", "json", "-", stdin=record)
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert hand["points"] == {"Ada": 0, "Bea": 22, "Cy": 0}
    assert "candidates" not in hand or hand["candidates"] == []


def test_beyond_five_the_others_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_candidates, "MAX_CANDIDATES", 1)
    done = run_text("validate", CASE)
    assert "points: not known: the hand not over as written; and 1 more\n" in done.stdout


def test_readings_that_all_leave_the_points_unknown_give_none() -> None:
    # Bea's pass read as written or as a play: the hand not over, or her domino with Cy's
    # last tile unknown.  The readings differ, but not on the points: no candidates.
    path = CASES / "E507/a_hidden_play_written_as_a_pass_no_candidates.txt"
    done = run_text("validate", "--format", "json", str(path))
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert (hand["outcome"], hand["points"]) == (None, None)
    assert "candidates" not in hand


def test_points_stated_beside_readings_that_disagree_give_none() -> None:
    # A move left out and the slips it shows as: the readings disagree on how the hand
    # ended, some giving the domino the claims give, 28; they are in doubt, and the points
    # claim stands in for the points, stated, so there are no candidates (kills
    # course._with_candidates's condition made True).
    path = CASES / ("T302/a_move_left_out_where_the_points_claim_stands_in_for_readings_that"
                    "_disagree.txt")
    done = run_text("validate", "--format", "json", str(path))
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert hand["points"] == {"Ada": 0, "Bea": 28, "Cy": 0, "Dan": 0}
    assert "candidates" not in hand
    assert "points: not known" not in run_text("validate", str(path)).stdout


def test_a_play_by_the_first_seat_is_read_too() -> None:
    # The hidden play written as a pass of p407_a_hidden_play_written_as_a_pass_no_claims,
    # the players renamed round the table so that it is Ada's, the first seat's.
    case = (CASES / "P407/a_hidden_play_written_as_a_pass_no_claims.txt").read_text("utf-8")
    names = {"Ada": "Cy", "Bea": "Ada", "Cy": "Bea"}
    record = re.sub(r"\b(Ada|Bea|Cy)\b", lambda m: names[m.group(1)],
                    case.split("\n[Players", 1)[1])
    record = '[Players "Ada Bea Cy"]' + record.split("]", 1)[1]
    done = run_text("validate", "--format", "json", "-", stdin=record)
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    line = record.split("\n").index("Ada: pass") + 1
    assert hand["candidates"][1] == {
        "outcome": "domino", "winner": "Ada", "points": {"Ada": 22, "Bea": 0, "Cy": 0},
        "rests_on": [{"line": line, "reading": "a play of 0-5"}]}


def test_a_play_read_as_a_pass_is_said_so() -> None:
    # Cy's 1-1 fits no end: taken back, it was her pass, and the hand is blocked with her
    # tiles unknown.
    path = CASES / "P403/a_tile_taken_back_or_another_laid.txt"
    done = run_text("validate", "--format", "json", str(path))
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert hand["points"] is None
    assert {"outcome": "blocked", "winner": None, "points": None,
            "rests_on": [{"line": 25, "reading": "a pass"}]} in hand["candidates"]
    # The other tile she may have laid there is not the double written: it is said, not
    # taken for the record as written.
    assert {"outcome": "domino", "winner": "Cy", "points": {"Ada": 0, "Bea": 0, "Cy": 11},
            "rests_on": [{"line": 25, "reading": "a play of 1-6"}]} in hand["candidates"]


#: A hand written for the slips below, every deal known: Bea's pass at line 18 is illegal
#: (she holds 6-3, which fits the right end, 6: R8).  If she passed, the record stops with
#: her 6-3 still in hand; if she laid it, her 2-4 at line 21 is her fifth tile and she goes
#: out, scoring Ada's 13 pips and Cy's 7 (R14).  Each test writes one more slip into it, a
#: line the engine reads otherwise in both readings, and the candidates name it.
SLIPS = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 6-6 6-4 3-0 4-4 0-5
deal Bea: 6-5 2-3 1-1 6-3 2-4
deal Cy: 5-2 4-1 0-6 1-2 3-4
Ada: 6-6
Bea: 6-5 R
Cy: 5-2 R
Ada: 6-4 L
Bea: 2-3 R
Cy: 4-1 L
Ada: 3-0 R
Bea: 1-1 L
Cy: 0-6 R
Ada: pass
Bea: pass
Cy: 1-2 L
Ada: pass
Bea: 2-4 L
"""

BEA_OUT = {"outcome": "domino", "winner": "Bea", "points": {"Ada": 0, "Bea": 20, "Cy": 0}}
NOT_OVER = {"outcome": "unfinished", "winner": None, "points": None}


def _candidates(record: str) -> list[dict[str, object]]:
    """The candidates of the one hand of ``record``, whose points are unknown."""
    done = run_text("validate", "--format", "json", "-", stdin=record)
    (hand,) = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert hand["points"] is None
    found: list[dict[str, object]] = hand["candidates"]
    return found


def test_a_play_read_as_another_players_names_her() -> None:
    # Bea's 6-5 written under Cy's name at line 9, with no side (both ends show 6): Cy does
    # not hold it and it is Bea's turn, so the play is Bea's (T302), on either 6 alike.
    record = SLIPS.replace("Bea: 6-5 R\n", "Cy: 6-5\n")
    ground = {"line": 9, "reading": "Bea's play of 5-6"}
    assert _candidates(record) == [
        {**NOT_OVER, "rests_on": [ground]},
        {**BEA_OUT, "rests_on": [ground, {"line": 18, "reading": "a play of 3-6"}]},
    ]


def test_a_line_written_twice_is_said_so() -> None:
    # Bea's 2-3 written again at line 13 (G107): read once, the hand goes on as before, the
    # pass one line further down.
    record = SLIPS.replace("Bea: 2-3 R\n", "Bea: 2-3 R\nBea: 2-3 R\n")
    ground = {"line": 13, "reading": "written twice"}
    assert _candidates(record) == [
        {**NOT_OVER, "rests_on": [ground]},
        {**BEA_OUT, "rests_on": [ground, {"line": 19, "reading": "a play of 3-6"}]},
    ]


def test_a_first_move_read_under_another_name_names_the_leader() -> None:
    # No opener line, and Ada's 6-6 written as Bea's lead at line 7: the moves after it fit
    # the turns only if Ada led (T302), so the first move is read as hers.
    record = SLIPS.replace("opener Ada\n", "").replace("Ada: 6-6\n", "Bea: 6-6\n")
    ground = {"line": 7, "reading": "Ada's"}
    assert _candidates(record) == [
        {**NOT_OVER, "rests_on": [ground]},
        {**BEA_OUT, "rests_on": [ground, {"line": 17, "reading": "a play of 3-6"}]},
    ]
