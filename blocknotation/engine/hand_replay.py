"""One hand from its statements to its points: the moves (``hand.py``), how it ended
(``ending.py``), and the count with its ``points`` claim (R13-R16; E504, E507).

A ``points`` claim is checked wherever the engine can recompute or bound the points, and
stands in for them only where it cannot recompute them and the claim is possible.  A claim
found impossible never feeds a count: the hand's points are then unknown (E507).  Unknown
points keep what is known of them, a lower bound and who may have scored them, so that the
game can still bound its totals (``game.py``).
"""

from __future__ import annotations

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from ..report.values import Outcome
from .bounds import Bounds, blocked_bounds, domino_bounds, holdings, open_bounds
from .chain import Side
from .claims import check_points, check_points_bound, claimed_points
from .deals import check_deals
from .ending import Ending, judge_ending
from .hand import Replay
from .knowledge import Table
from .order import by_stage, early_ends
from .players import Seats
from .scoring import Count, blocked, domino
from .tiles import Tile


class HandReplay:
    """What the replay of one hand found; ``game.py`` adds the running totals.

    ``bounds``: when the points are not recomputed, who may have scored them and how many.
    ``claimed``: the points of a ``points`` claim found wrong (a ``score`` line that carries
    them is the same slip, ``totals.py``)."""

    __slots__ = ("bounds", "claimed", "diagnostics", "ends", "opener", "outcome", "placed",
                 "points", "remaining", "score", "settled", "unverified", "winner")

    def __init__(
        self, opener: int | None, outcome: Outcome | None, winner: int | None,
        remaining: tuple[int | None, ...], points: tuple[int, ...] | None, *,
        settled: bool, ends: dict[int, tuple[int, int]],
        placed: dict[int, tuple[Tile, Side | None]], score: r.Score | None,
        diagnostics: list[Diagnostic],
    ) -> None:
        self.opener = opener
        self.outcome = outcome
        self.winner = winner
        self.remaining = remaining
        self.points = points
        self.unverified = False
        self.settled = settled
        self.ends = ends
        self.placed = placed
        self.score = score
        self.diagnostics = diagnostics
        self.bounds: Bounds | None = None
        self.claimed: tuple[int, ...] | None = None


def replay_hand(hand: r.Hand, seats: Seats, expected_opener: int | None) -> HandReplay:
    """Replay ``hand`` for ``seats``; ``expected_opener`` is the seat the rotation requires
    (R17), None for a first hand, where anyone may open."""
    order, problems = by_stage(hand, seats)
    table = Table.for_players(len(seats.names))
    problems.extend(check_deals(order.deals, seats, table, order))
    state = Replay(seats, table, order.moves)
    state.problems = problems
    opener = state.open_with(order, hand.number, expected_opener)
    state.replay(order.late)
    if state.continued:
        problems.extend(early_ends(order, state.continued))
    ending = judge_ending(state, order, seats, hand.number, problems)
    result = HandReplay(
        opener, ending.outcome, ending.winner, tuple(ending.remaining), None,
        settled=ending.settled, ends=state.ends, placed=state.placed, score=order.score,
        diagnostics=problems,
    )
    _count(result, ending, order.points, seats, hand, table, bool(order.moves), problems)
    return result


def _count(
    result: HandReplay, ending: Ending, claim: r.Points | None, seats: Seats, hand: r.Hand,
    table: Table, moved: bool, problems: list[Diagnostic],
) -> None:
    """The hand's points (R13-R16) and the check of its ``points`` claim."""
    n = len(seats.names)
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
                result.claimed = claimed_points(claim, seats.seat, n)
        return
    counts = [
        (held, held) if moved else (0 if seat == winner else 1, seats.each)
        for seat, held in enumerate(seats.each - h.placed for h in table.holders)
    ]
    held = holdings(table, counts, remaining)
    if outcome == "domino" and winner is not None:
        bounds = domino_bounds(winner, held)
    elif outcome == "blocked":  # a tie matters to ``points none``, or once bounds are kept
        bounds = blocked_bounds(held, ties=claim is None or claim.player is None)
    else:
        bounds = open_bounds(held)
    result.bounds = bounds
    if outcome == "unfinished":
        return
    if claim is not None:
        problem = check_points_bound(claim, bounds, winner, seats.names)
        if problem is None:
            # The claim stands in for what cannot be recomputed.
            result.points = claimed_points(claim, seats.seat, n)
            result.unverified = True
            if winner is None and claim.player is not None:
                result.winner = seats.seat[claim.player]
            return
        problems.append(problem)
        result.claimed = claimed_points(claim, seats.seat, n)
        if outcome == "blocked":
            result.bounds = blocked_bounds(held)
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
