"""How a disputed count (a hand recorded without moves) ended, as ``blocknot validate
--format json`` reports it: a show that no way of playing the hand allows counts for nothing,
a claim a show contradicts feeds no count, and a player showing no tiles settles the hand as
their domino (R5, R12-R15).  The diagnostics themselves are in ``tests/cases/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inprocess import run

CASES = Path(__file__).resolve().parent / "cases"


def hands(record: str) -> list[dict[str, Any]]:
    done = run("validate", "--format", "json", "--lang", "en", "-", stdin=record)
    assert done.stderr == b""
    hands: list[dict[str, Any]] = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    return hands


def codes(record: str) -> list[tuple[str, int]]:
    done = run("validate", "--format", "json", "--lang", "en", "-", stdin=record)
    return [(d["code"], d["line"]) for d in json.loads(done.stdout)["files"][0]["diagnostics"]]


def case(name: str) -> str:
    return (CASES / name).read_text(encoding="utf-8")


def test_blocked_while_a_player_shows_none_is_her_domino_or_her_show_the_slip() -> None:
    (hand,) = hands(case("E503/blocked_but_a_player_shows_none.txt"))
    assert hand["outcome"] is None  # her domino, or blocked with her show wrong
    assert hand["winner"] == "Ada"  # who scores, either way
    assert hand["remaining"] == {"Ada": None, "Bea": 3, "Cy": 12}
    assert hand["points"] == {"Ada": 15, "Bea": 0, "Cy": 0}


def test_a_second_player_showing_none_counts_for_nothing() -> None:
    (hand,) = hands(case("E502/two_players_show_none.txt"))
    assert (hand["outcome"], hand["winner"]) == ("domino", "Ada")
    assert hand["remaining"] == {"Ada": 0, "Bea": None, "Cy": 5}
    # The claim stands in, unverified: Bea's contradicted show is not counted as 0 pips.
    assert hand["points"] == {"Ada": 5, "Bea": 0, "Cy": 0}
    assert hand["unverified"] is True


def test_a_second_show_of_none_makes_a_claim_beyond_its_bounds_wrong() -> None:
    record = case("E502/two_players_show_none.txt").replace("points Ada 5", "points Ada 4")
    # Ada scores 5 + Bea's pips, at least 0: a claim of 4 is impossible (E504), so the
    # points are unknown, and E507 names Bea, whose tiles nobody knows.
    assert codes(record) == [("E507", 12), ("E502", 15), ("E504", 18)]
    (hand,) = hands(record)
    assert hand["points"] is None


def test_the_opener_showing_every_tile_leaves_the_points_unknown() -> None:
    (hand,) = hands(case("E502/opener_shows_every_tile.txt"))
    assert (hand["outcome"], hand["winner"]) == ("blocked", None)
    assert hand["remaining"] == {"Ada": None, "Bea": 1}
    assert hand["points"] is None


def test_the_opener_by_rotation_is_held_to_one_tile_fewer() -> None:
    first, second = hands(case("E502/opener_by_rotation_shows_every_tile.txt"))
    assert first["points"] == {"Ada": 0, "Bea": 7, "Cy": 0}
    assert second["opener"] == "Bea"
    assert (second["outcome"], second["winner"]) == ("domino", "Cy")
    assert second["remaining"] == {"Ada": 2, "Bea": None, "Cy": 0}
    assert second["points"] == {"Ada": 0, "Bea": 0, "Cy": 22}
    assert second["unverified"] is True


def test_the_opener_may_show_one_tile_fewer_than_dealt() -> None:
    record = case("E502/opener_shows_every_tile.txt").replace(" 6-6\n", "\n", 1)
    assert codes(record) == []
    (hand,) = hands(record)
    assert hand["remaining"] == {"Ada": 30, "Bea": 1}
    assert hand["points"] == {"Ada": 0, "Bea": 29}


def test_without_a_known_opener_anyone_may_show_every_tile() -> None:
    (hand,) = hands(case("clean/count_first_hand_without_an_opener.txt"))
    assert hand["opener"] is None
    assert hand["remaining"] == {"Ada": 20, "Bea": 0, "Cy": 2}
    assert hand["points"] == {"Ada": 0, "Bea": 22, "Cy": 0}


def test_a_show_of_none_without_a_claim_settles_a_domino() -> None:
    record = case("E504/show_of_none_settles_a_domino.txt").replace("Ada 14", "Ada 15")
    assert codes(record) == []
    (hand,) = hands(record)
    assert (hand["outcome"], hand["winner"]) == ("domino", "Ada")
    assert hand["remaining"] == {"Ada": 0, "Bea": 3, "Cy": 12}
    assert hand["points"] == {"Ada": 15, "Bea": 0, "Cy": 0}
    assert hand["unverified"] is False


def test_a_show_of_none_settles_a_domino_even_without_a_points_claim() -> None:
    record = case("E504/show_of_none_settles_a_domino.txt").replace("points Ada 14\n", "")
    assert codes(record) == []
    (hand,) = hands(record)
    assert (hand["outcome"], hand["winner"]) == ("domino", "Ada")
    assert hand["points"] == {"Ada": 15, "Bea": 0, "Cy": 0}


def test_a_show_of_none_with_a_show_missing_leaves_the_points_unknown() -> None:
    record = case("E504/show_of_none_settles_a_domino.txt").replace(
        "show Cy: 6-6\n", "").replace("points Ada 14\n", "")
    assert codes(record) == [("E507", 9)]
    (hand,) = hands(record)
    assert (hand["outcome"], hand["winner"]) == ("domino", "Ada")
    assert hand["points"] is None


MOVES = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 1-4 1-1 4-4 3-4 2-2
Ada: 1-4
Bea: 4-6 R
Cy: 6-6 R
Ada: 1-1 L
show Ada: 4-4 3-4 2-2
show Bea: -
blocked
"""


def test_with_moves_the_shows_are_judged_by_the_replay() -> None:
    # No known tile fits the ends (1 and 6), so the blocked claim stands; Bea placed 1 of 5
    # tiles, so her show of none is the wrong count (E502, as before), and Cy's tiles are
    # unknown (E507).  The checks of a count without moves add nothing: no E503 for Bea's
    # empty show, none for the opener's show.
    assert codes(MOVES) == [("E507", 3), ("E502", 11)]


def test_the_empty_show_of_the_player_a_domino_claim_names_stands() -> None:
    record = case("E502/two_players_show_none.txt").replace(
        "domino Ada\npoints Ada 5", "domino Bea\npoints Bea 5")
    # Bea's show, written second, stands: Ada's is the one at fault.
    assert codes(record) == [("E502", 14)]
    (hand,) = hands(record)
    assert (hand["outcome"], hand["winner"]) == ("domino", "Bea")
    assert hand["remaining"] == {"Ada": None, "Bea": 0, "Cy": 5}


def test_a_domino_claim_and_its_points_claim_set_a_show_of_none_aside() -> None:
    (hand,) = hands(case("E502/a_show_of_none_under_another_name_than_the_domino_claim_s.txt"))
    assert (hand["outcome"], hand["winner"]) == ("domino", "Bea")
    assert (hand["points"], hand["unverified"]) == ({"Ada": 0, "Bea": 5, "Cy": 0}, True)
