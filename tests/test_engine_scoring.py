"""The count at the end of a hand, with the rules' own numbers (R13–R16)."""

from __future__ import annotations

from blocknotation.engine import replay
from blocknotation.engine.scoring import blocked, domino, explain
from blocknotation.engine.tiles import PIPS, index, pips
from blocknotation.notation.parsing import parse_text

NAMES = ("Ada", "Bea", "Cy")


def test_a_tile_counts_both_halves() -> None:
    assert PIPS[index((6, 6))] == 12 and PIPS[index((0, 0))] == 0
    assert pips(1 << index((3, 5)) | 1 << index((5, 3)) | 1 << index((1, 2))) == 11


def test_domino_double_blank_and_eight_gives_eight() -> None:
    count = domino(0, [0, 0, 8])
    assert count.winner == 0 and count.points == (8, 0, 0)


def test_domino_two_opponents_with_five_each_give_ten() -> None:
    count = domino(0, [0, 5, 5])
    assert count.points == (10, 0, 0)
    assert explain(count, NAMES, [0, 5, 5]).render() == "Ada scores 5 + 5 = 10"


def test_domino_against_zero_pips_still_wins_with_zero() -> None:
    count = domino(2, [0, 0, 0])
    assert count.winner == 2 and count.points == (0, 0, 0)


def test_blocked_lowest_alone_scores_the_others_minus_its_own() -> None:
    count = blocked([3, 7, 8])
    assert count.winner == 0 and count.points == (12, 0, 0)
    assert explain(count, NAMES, [3, 7, 8]).render() == "Ada scores 7 + 8 − 3 = 12"


def test_blocked_tie_for_lowest_scores_nobody() -> None:
    count = blocked([3, 3, 8])
    assert count.winner is None and count.points == (0, 0, 0)
    assert explain(count, NAMES, [3, 3, 8]).render() == (
        "nobody scores: the lowest totals are tied (Ada 3, Bea 3)"
    )


def test_blocked_two_players() -> None:
    assert blocked([9, 4]).points == (0, 5)


def test_the_rules_examples_through_the_engine() -> None:
    text = """[Players "Ada Bea Cy"]
hand 1
show Ada: -
show Bea: 0-0
show Cy: 3-5
domino Ada
points Ada 8

hand 2
show Ada: 1-2
show Bea: 3-4
show Cy: 2-6
blocked
points Ada 12
score Ada 20, Bea 0, Cy 0

hand 3
show Ada: 1-2
show Bea: 0-3
show Cy: 2-6
blocked
points none
score Ada 20, Bea 0, Cy 0
"""
    problems, games = replay(parse_text(text))
    assert problems == ()
    hands = games[0].hands
    assert [h.points for h in hands] == [
        {"Ada": 8, "Bea": 0, "Cy": 0},
        {"Ada": 12, "Bea": 0, "Cy": 0},
        {"Ada": 0, "Bea": 0, "Cy": 0},
    ]
    assert [h.winner for h in hands] == ["Ada", "Ada", None]
    assert hands[0].remaining == {"Ada": 0, "Bea": 0, "Cy": 8}
    assert all(h.settled_by_claims for h in hands)
    assert games[0].score == {"Ada": 20, "Bea": 0, "Cy": 0}
