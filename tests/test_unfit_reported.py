"""A claim stage's problems reported once (``engine/unfit.py``, ``reported``): the claims
that fit no reading in words that fit the readings, every other problem of the stage as it
is (a ``score`` line that only the passes belie, E505, is reported in the ``points`` stage
with the claims)."""

from __future__ import annotations

from blocknotation.basics.diagnostics import Diagnostic, diagnostic, template
from blocknotation.engine.ending import HandEnd
from blocknotation.engine.knowledge import Whereabouts
from blocknotation.engine.players import Seats
from blocknotation.engine.unfit import JudgedReading, reported
from blocknotation.engine.world import World

SEATS = Seats(("Ada", "Bea", "Cy"), {"Ada": 0, "Bea": 1, "Cy": 2}, 5)
POINTS = ("points", 0)


def _reading(*problems: Diagnostic) -> JudgedReading:
    ending = HandEnd("blocked", None, (0, 0, 0), False, frozenset(),
                     tuple((POINTS, problem) for problem in problems))
    return JudgedReading(World(Whereabouts.for_players(3)), ending, ending.problems)


def _passes_disagree() -> Diagnostic:
    return diagnostic("E505", 31, 1, "passes_disagree", claim=("Ada 0", "Bea 0", "Cy 21"),
                      forced=("Ada 0", "Bea 0", "Cy 16"))


def test_a_problem_of_another_code_is_reported_as_it_is_in_doubt() -> None:
    problem = _passes_disagree()
    assert reported([_reading(problem), _reading(problem)], POINTS, SEATS, (20,)) == [problem]


def test_a_problem_of_another_code_is_reported_as_it_is_where_the_readings_differ() -> None:
    problem = _passes_disagree()
    other = diagnostic("E504", 30, 1, "points_wrong", claim="Cy 21", actual="Cy scores 16")
    found = reported([_reading(problem), _reading(other)], POINTS, SEATS, None)
    assert found == [problem]


def test_a_claim_in_doubt_is_worded_as_in_doubt() -> None:
    claim = diagnostic("E503", 29, 1, "domino_stop_holding", claimed="Cy", at=27, tiles="5-5")
    (found,) = reported([_reading(claim)], POINTS, SEATS, (20,))
    assert (found.code, found.line, found.message.template) == (
        "E503", 29, template("E503", "in_doubt"))
