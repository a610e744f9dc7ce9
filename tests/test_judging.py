"""The figures of hands that do not end cleanly, through the command and through the library.

The records are the hand-written cases under ``tests/cases/`` (their ``# expect:`` headers
give the diagnostics, checked by ``test_cases.py``); here the recomputed values a scorer or an
arbiter relies on are checked: how each hand ended, the remaining pips, the points, the
running totals and the game's status, from ``blocknot validate --format json`` and from
``validate_bytes`` alike.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blocknotation.formats.reports.report_json import game_text
from blocknotation.pipeline import validate_bytes

from inprocess import run, run_text

CASES = Path(__file__).resolve().parent / "cases"

# case file -> (hand index, key, expected value), and game-level (None, key, value).
FIGURES: dict[str, list[tuple[int | None, str, Any]]] = {
    # Two claims disagree on points the record cannot recompute: neither stands in, and
    # neither does the winner the points claim names.
    "e505_a_points_claim_and_the_score_line_disagree.txt": [
        (0, "outcome", "blocked"), (0, "points", None), (0, "winner", None),
        (0, "unverified", False), (None, "score", None),
    ],
    # A left-out pass may complete the round that blocks the hand: how it ended is not
    # known, nor the totals (never the totals before the hand, as if it had stopped).
    "t302_a_left_out_pass_that_would_block.txt": [
        (0, "outcome", None), (0, "points", None), (None, "score", None),
    ],
    # The moves say the hand went on, the claim that it ended: how it ended is not known,
    # nor its points, nor the totals from it on; the pips the moves leave are.
    "e503_domino_not_reached.txt": [
        (0, "outcome", None), (0, "points", None),
        (0, "remaining", {"Ada": 21, "Bea": 16, "Cy": 33}), (None, "score", None),
    ],
    "e503_blocked_not_reached.txt": [
        (0, "outcome", None), (0, "remaining", {"Ada": 21, "Bea": 16, "Cy": 33}),
    ],
    "e503_blocked_show_fits.txt": [
        (0, "outcome", None), (0, "remaining", {"Ada": 16, "Bea": 12, "Cy": 23}),
    ],
    # An illegal pass and a wrong claim: the claim `blocked` confirms how the hand ended,
    # and nothing else is stated (the readings are in doubt: choose.py).
    "p405_pass_in_the_closing_passes.txt": [
        (0, "outcome", "blocked"), (0, "winner", "Bea"), (0, "unverified", False),
        (0, "points", {"Ada": 0, "Bea": 22, "Cy": 0}),
        (0, "remaining", {"Ada": 9, "Bea": 3, "Cy": 16}),
        (None, "status", "in_progress"),
    ],
    "p405_closing_passes_hidden_deal.txt": [
        (0, "outcome", "blocked"), (0, "unverified", False),
        (0, "points", None), (0, "doubt", [18]), (None, "status", None),
    ],
    # A side written the other way on a tile that fits both ends: read so, every figure.
    "p403_a_side_that_fits_both_ends_written_the_other_way.txt": [
        (0, "outcome", "domino"), (0, "winner", "Cy"),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 42}),
        (0, "remaining", {"Ada": 19, "Bea": 23, "Cy": 0}),
        (None, "score", {"Ada": 0, "Bea": 0, "Cy": 42}),
    ],
    "t302_a_pass_under_the_wrong_name.txt": [
        (0, "outcome", "domino"), (0, "winner", "Dan"),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 15}),
    ],
    "e504_a_hidden_play_written_as_a_pass.txt": [
        (0, "outcome", "blocked"), (0, "points", None), (0, "unverified", False),
    ],
    "clean_the_last_play_left_out.txt": [
        (0, "outcome", "domino"), (0, "winner", "Dan"), (0, "unverified", False),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 15}),
        (0, "remaining", {"Ada": 9, "Bea": 6, "Cy": 0, "Dan": 0}),
    ],
    "p407_a_hidden_play_written_as_a_pass_before_a_domino.txt": [
        (0, "outcome", "domino"), (0, "winner", "Dan"), (0, "unverified", False),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 15}),
        (0, "remaining", {"Ada": 9, "Bea": 6, "Cy": 0, "Dan": 0}),
        (None, "score", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 15}),
    ],
    "p407_a_hidden_last_tile_written_as_a_pass.txt": [
        (0, "outcome", "domino"), (0, "winner", "Cy"), (0, "unverified", False),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 1}),
        (0, "remaining", {"Ada": 1, "Bea": 0, "Cy": 0}),
        (None, "score", {"Ada": 0, "Bea": 23, "Cy": 1}),
    ],
    "p407_a_hidden_double_written_as_a_pass.txt": [
        (4, "outcome", "blocked"), (4, "winner", "Dan"), (4, "unverified", False),
        (4, "points", {"Ada": 0, "Bea": 0, "Cy": 0, "Dan": 39}),
        (4, "remaining", {"Ada": 18, "Bea": 5, "Cy": 20, "Dan": 4}),
        (None, "score", {"Ada": 48, "Bea": 53, "Cy": 18, "Dan": 77}),
        (None, "status", "won"), (None, "winner", "Dan"),
    ],
    "e507_only_the_first_player_may_have_reached.txt": [
        (1, "points", None), (None, "status", None), (None, "winner", None),
    ],
    "p401_a_hidden_tile_written_as_another.txt": [
        (0, "outcome", "blocked"), (0, "winner", "Ada"), (0, "unverified", False),
        (0, "points", {"Ada": 12, "Bea": 0, "Cy": 0}),
        (0, "remaining", {"Ada": 3, "Bea": 7, "Cy": 8}),
    ],
    "p405_closing_passes_no_claim.txt": [
        (0, "outcome", None), (0, "remaining", {"Ada": 9, "Bea": None, "Cy": 16}),
        (0, "points", None), (0, "doubt", [23]), (None, "score", None),
    ],
    # A later hand's score line chooses among the first hand's readings, as its own would.
    "p405_a_later_score_line_settles_the_hand.txt": [
        (0, "outcome", "domino"), (0, "winner", "Bea"), (0, "unverified", False),
        (0, "points", {"Ada": 0, "Bea": 22, "Cy": 0}),
        (0, "score", {"Ada": 0, "Bea": 22, "Cy": 0}),
        (1, "points", {"Ada": 0, "Bea": 38, "Cy": 0}),
        (None, "score", {"Ada": 0, "Bea": 60, "Cy": 0}), (None, "status", "in_progress"),
    ],
    "p405_a_later_score_line_fitting_no_reading.txt": [
        (0, "outcome", None), (0, "points", None), (0, "doubt", [23]),
        (1, "points", {"Ada": 0, "Bea": 38, "Cy": 0}), (None, "score", None),
    ],
    # A tile taken back, read as the round's last pass, blocks the hand.
    "p403_a_tile_taken_back_for_the_last_pass_blocks.txt": [
        (0, "outcome", "blocked"), (0, "winner", "Cy"),
        (0, "points", {"Ada": 0, "Bea": 0, "Cy": 9}),
        (0, "remaining", {"Ada": 8, "Bea": 3, "Cy": 2}),
    ],
    "e504_claim_for_a_loser_feeds_nothing.txt": [
        (0, "points", None), (0, "score", None), (None, "score", None),
    ],
    "e503_show_contradicts_domino.txt": [
        (0, "outcome", "unfinished"), (0, "points", None),
        (None, "score", {"Ada": 0, "Bea": 0, "Cy": 0}),
    ],
    "e505_a_right_total_after_a_wrong_one.txt": [
        (3, "score", {"Ada": 15, "Bea": 4, "Cy": 18}),
    ],
    "e506_decided_whatever_the_unknown_points.txt": [
        (0, "points", None), (1, "points", {"Ada": 77, "Bea": 0, "Cy": 0}),
        (None, "status", "won"), (None, "winner", "Ada"), (None, "score", None),
    ],
    "e501_won_whatever_the_unknown_points.txt": [
        (0, "points", None), (None, "status", "won"), (None, "winner", "Ada"),
        (None, "score", None),
    ],
    "p406_stray_play_after_the_claims.txt": [
        (0, "outcome", "blocked"), (0, "points", {"Ada": 26, "Bea": 0, "Cy": 0}),
        (0, "unverified", False),
    ],
    "e504_points_beyond_the_tiles.txt": [
        (0, "points", None), (None, "status", "in_progress"), (None, "score", None),
    ],
    "p403_mistyped_tile_laid_later.txt": [
        (0, "remaining", {"Ada": 5, "Bea": 19}), (0, "points", {"Ada": 14, "Bea": 0}),
    ],
    "p401_mistyped_tile_then_a_pass.txt": [
        (0, "remaining", {"Ada": 5, "Bea": 19}), (0, "points", {"Ada": 14, "Bea": 0}),
    ],
    "e507_decided_winner_unknown.txt": [
        (0, "points", None), (1, "points", {"Ada": 69, "Bea": 0, "Cy": 0, "Dan": 0}),
        (None, "status", "decided"), (None, "winner", None), (None, "score", None),
    ],
    "p403_one_slip_one_report.txt": [
        (0, "outcome", "blocked"), (0, "points", {"Ada": 4, "Bea": 0}),
    ],
    "p407_every_illegal_pass.txt": [
        (0, "outcome", "domino"), (0, "points", {"Ada": 0, "Bea": 17, "Cy": 0}),
    ],
}


def _from_library(path: Path) -> dict[str, Any]:
    report = validate_bytes(path.read_bytes(), path.name)
    return {"files": [{"games": [json.loads(game_text(game)) for game in report.games]}]}


def _from_command(path: Path) -> dict[str, Any]:
    done = run("validate", "--format", "json", str(path))
    valid = validate_bytes(path.read_bytes(), path.name).valid
    assert done.returncode == (0 if valid else 1)
    document: dict[str, Any] = json.loads(done.stdout)
    return document


@pytest.mark.parametrize("read", [_from_library, _from_command], ids=["library", "command"])
@pytest.mark.parametrize("name", sorted(FIGURES))
def test_figures(name: str, read: Any) -> None:
    (game,) = read(CASES / name)["files"][0]["games"]
    for hand, key, value in FIGURES[name]:
        found = game[key] if hand is None else game["hands"][hand][key]
        assert found == value, (hand, key)


def test_errors_come_before_warnings_on_a_line() -> None:
    path = CASES / "p403_after_a_mirror_side_still_caught.txt"
    done = run_text("validate", str(path))
    found = [line.split(": ", 2)[1].split()[:2] for line in done.stdout.splitlines()
             if line.startswith(str(path) + ":13:")]
    assert found == [["error", "P403"], ["warning", "E501"]]
    assert done.returncode == 1
