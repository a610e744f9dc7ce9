"""One hand from its statements to its points: the moves (``hand.py``), how it ended
(``ending.py``), and the count with its ``points`` claim (R13-R16; E504, E507).

A ``points`` claim is checked wherever the engine can recompute or bound the points, and
stands in for them only where it cannot recompute them and the claim is possible.  A claim
found impossible never feeds a count: the hand's points are then unknown (E507).  Unknown
points keep what is known of them, a lower bound and who may have scored them, so that the
game can still bound its totals (``game.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import records as r
from ..diagnostics import N_, Diagnostic, diagnostic
from ..report import Outcome
from .claims import check_points, check_points_bound, claimed_points
from .deals import check_deals
from .ending import Ending, judge_ending
from .hand import Replay
from .knowledge import Table
from .order import sort_hand
from .players import Seats
from .scoring import Count, blocked, domino


@dataclass(slots=True)
class HandReplay:
    """What the replay of one hand found; ``game.py`` adds the running totals."""

    opener: int | None
    outcome: Outcome | None
    winner: int | None
    remaining: tuple[int | None, ...]
    points: tuple[int, ...] | None
    unverified: bool = False
    settled: bool = False
    ends: dict[int, tuple[int, int]] = field(default_factory=dict)
    score: r.Score | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    low: int = 0
    """When the points are unknown: the least the hand can have given its scorer."""
    scorers: tuple[int, ...] = ()
    """When the points are unknown: the seats that may have scored them."""


def replay_hand(hand: r.Hand, seats: Seats, expected_opener: int | None) -> HandReplay:
    """Replay ``hand`` for ``seats``; ``expected_opener`` is the seat the rotation requires
    (R17), None for a first hand, where anyone may open."""
    order, problems = sort_hand(hand, seats)
    table = Table.for_players(len(seats))
    problems.extend(check_deals(order.deals, seats, table))
    state = Replay(seats, table, order.moves)
    state.problems = problems
    opener = state.open_with(order, hand.number, expected_opener)
    state.replay(order.late)
    ending = judge_ending(state, order, seats, hand.number, problems)
    result = HandReplay(
        opener, ending.outcome, ending.winner, tuple(ending.remaining), None,
        settled=ending.settled, ends=state.ends, score=order.score, diagnostics=problems,
    )
    _count(result, ending, order.points, seats, hand, problems)
    return result


def _count(
    result: HandReplay, ending: Ending, claim: r.Points | None, seats: Seats, hand: r.Hand,
    problems: list[Diagnostic],
) -> None:
    """The hand's points (R13-R16) and the check of its ``points`` claim."""
    n = len(seats)
    everybody = tuple(range(n))
    remaining = ending.remaining
    known = [p for p in remaining if p is not None]
    outcome, winner = ending.outcome, ending.winner
    count: Count | None = None
    if outcome == "domino" and winner is not None and len(known) == n:
        count = domino(winner, known)
    elif outcome == "blocked" and len(known) == n:
        count = blocked(known)
    if count is not None:
        result.points, result.winner = count.points, count.winner
        if claim is not None:
            problem = check_points(claim, count, seats.seat, seats.names, known)
            if problem is not None:
                problems.append(problem)
        return
    result.scorers = everybody if winner is None else (winner,)
    if outcome == "unfinished":
        return
    if outcome == "domino" and winner is not None:
        result.low = sum(p for seat, p in enumerate(remaining) if p is not None and seat != winner)
    if claim is not None:
        problem = check_points_bound(claim, winner, result.low, seats.names)
        if problem is None:
            # The claim stands in for what cannot be recomputed.
            result.points = claimed_points(claim, seats.seat, n)
            result.unverified = True
            if winner is None and claim.player is not None:
                result.winner = seats.seat[claim.player]
            return
        problems.append(problem)
    unknown = tuple(
        seats.names[seat] for seat, pips_left in enumerate(remaining)
        if pips_left is None and (claim is not None or seat not in ending.bad_shows)
    )
    if unknown:
        problems.append(
            diagnostic(
                "E507", hand.line, hand.column,
                N_("the points of hand {number} cannot be recomputed: the tiles left to "
                   "{players} are not known; add their show lines or a points claim"),
                number=hand.number, players=unknown,
            )
        )
