"""What passes prove about unknown tiles, and who has reached the target when the unknown
points cannot all be one player's: the figures and messages of the cases under
``tests/cases/`` that show them (their ``# expect:`` headers, checked by ``test_cases.py``,
give the codes and lines), through ``blocknot validate --format json`` and ``blocknot
validate`` as a user runs them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from inprocess import run, run_text

CASES = Path(__file__).resolve().parent / "cases"

# case file -> (hand index, key, expected value), and game-level (None, key, value).
FIGURES: dict[str, list[tuple[int | None, str, Any]]] = {
    "E504/a_pass_rules_tiles_out.txt": [
        (0, "outcome", "domino"), (0, "winner", "Ada"), (0, "points", None),
        (0, "unverified", False), (None, "status", "in_progress"),
    ],
    "E506/passes_reach_a_house_target.txt": [
        (0, "points", None), (None, "target", 70), (None, "status", "won"),
        (None, "winner", "Cy"), (None, "score", None),
    ],
    "E505/passes_raise_the_least_total.txt": [
        (0, "points", None), (None, "status", "won"), (None, "winner", "Cy"),
    ],
    "P407/a_disproved_pass_rules_nothing_out.txt": [
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 4}), (0, "unverified", True),
    ],
    "P402/a_slip_after_a_pass.txt": [
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 4}), (0, "unverified", True),
    ],
    "P404/a_pass_while_the_ends_are_in_doubt.txt": [
        (0, "points", {"Ada": 4, "Bea": 0, "Cy": 0}), (0, "unverified", True),
    ],
    "P407/passes_that_cannot_all_be_legal.txt": [
        (0, "points", {"Ada": 30, "Bea": 0}), (0, "unverified", True),
        (None, "score", {"Ada": 30, "Bea": 0}),
    ],
    "E507/somebody_reached_the_target.txt": [
        (3, "score", {"Ada": 99, "Bea": 99}), (4, "outcome", "blocked"),
        (4, "remaining", {"Ada": 1, "Bea": None}), (4, "points", None),
        (None, "status", "decided"), (None, "winner", None), (None, "score", None),
    ],
    "E506/somebody_reached_the_target.txt": [
        (4, "points", None), (5, "points", None), (5, "outcome", None),
        (None, "status", "decided"), (None, "winner", None), (None, "score", None),
    ],
    # Two hidden hands hold the tiles the passes leave, together: the points are known.
    "clean/passes_share_out_the_tiles_left.txt": [
        (0, "remaining", {"Ada": 6, "Bea": 9, "Cy": None, "Dan": None}),
        (0, "points", {"Ada": 41, "Bea": 0, "Cy": 0, "Dan": 0}), (0, "unverified", False),
        (None, "score", {"Ada": 41, "Bea": 0, "Cy": 0, "Dan": 0}),
    ],
    "clean/passes_leave_exactly_the_tiles_held.txt": [
        (0, "remaining", {"Ada": 4, "Bea": 11, "Cy": 15, "Dan": 0}),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 30}), (0, "unverified", False),
    ],
    "E507/either_may_have_won.txt": [
        (0, "points", None), (1, "points", {"Ada": 0, "Bea": 29, "Cy": 0}),
        (None, "status", "decided"), (None, "winner", None), (None, "score", None),
    ],
    "E507/one_scorer_may_stay_below_the_target.txt": [
        (3, "points", None), (4, "points", {"Ada": 2, "Bea": 0}),
        (None, "status", "won"), (None, "winner", "Ada"), (None, "score", None),
    ],
}


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_figures(name: str) -> None:
    done = run("validate", "--format", "json", str(CASES / name))
    (game,) = json.loads(done.stdout)["files"][0]["games"]
    for hand, key, value in FIGURES[name]:
        found = game[key] if hand is None else game["hands"][hand][key]
        assert found == value, (hand, key)


# case file -> the message of its diagnostic with that code.
MESSAGES = {
    ("E504/a_pass_rules_tiles_out.txt", "E504"):
        "points claim Ada 5, but whatever the tiles not shown, Ada scores at least 7 and at "
        "most 29, if every pass was legal (R8); a pass may be a play written as one",
    ("E506/passes_reach_a_house_target.txt", "E506"):
        "hand 2 comes after the game was decided: Cy had at least 70 (whatever the unknown "
        "points were) after hand 1, and the target is 70 (R18)",
    ("E505/passes_raise_the_least_total.txt", "E505"):
        "score claim Ada 0, Bea 0, Cy 69, Dan 0, but Cy has at least 70, whatever the "
        "unknown points were; or else line 31 was a play written as a pass, and the figures "
        "that leaves open are not stated",
    ("E505/passes_raise_the_least_total.txt", "E506"):
        "hand 2 comes after the game was decided: Cy had at least 64 (whatever the unknown "
        "points were) after hand 1, and the target is 61 (R18)",
    ("E506/somebody_reached_the_target.txt", "E506"):
        "hand 6 comes after the game was decided: one of Ada, Bea had reached the target "
        "(whatever the unknown points were) after hand 5, and the target is 100 (R18)",
}


@pytest.mark.parametrize(("name", "code"), sorted(MESSAGES))
def test_messages(name: str, code: str) -> None:
    done = run_text("validate", str(CASES / name))
    found = [line.split(f" {code} ", 1)[1] for line in done.stdout.splitlines()
             if f" {code} " in line]
    assert found == [MESSAGES[name, code]]


def test_a_lower_claim_names_the_same_range() -> None:
    """The range an E504 names starts where the passes leave it, whatever the claim."""
    text = (CASES / "E504/a_pass_rules_tiles_out.txt").read_text()
    done = run_text("validate", "-", stdin=text.replace("points Ada 5", "points Ada 2"))
    assert "error E504 points claim Ada 2, but whatever the tiles not shown, Ada scores " \
           "at least 7 and at most 29" in done.stdout
    assert done.returncode == 1


def test_a_claim_only_a_tile_in_two_hands_makes_is_wrong_whatever_the_passes() -> None:
    """Without the passes, 6 would need 0-1 in Bea's hand and in Cy's: no tile of 3 pips is
    left (1-2 and 0-3 are laid), and the three smallest left make 5, then 7.  The claim is
    wrong whatever the passes tell, and the message does not rest on them."""
    text = (CASES / "E504/a_pass_rules_tiles_out.txt").read_text()
    done = run_text("validate", "-", stdin=text.replace("points Ada 5", "points Ada 6"))
    assert [line.split(" E504 ", 1)[1] for line in done.stdout.splitlines()
            if " E504 " in line] == [
        "points claim Ada 6, but whatever the tiles not shown, Ada scores at least 7 and at "
        "most 29"]
