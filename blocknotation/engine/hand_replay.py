"""One hand from its statements to its points: the moves (``hand.py``), how it ended in
each reading (``ending.py``), the count with its ``points`` claim (R13-R16; E504, E507), and
the readings the claims choose (``choose.py``).

A ``points`` claim is checked wherever the engine can recompute or bound the points, and
stands in for them only where it cannot recompute them and the claim is possible.  A claim
found impossible never feeds a count: the hand's points are then unknown (E507).  Unknown
points keep what is known of them, a lower bound and who may have scored them, so that the
game can still bound its totals (``game.py``); and where those bounds leave one value, that
value is known (a tie that the passes force scores nobody).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from .bounds import Bounds, blocked_bounds, domino_bounds, holdings, open_bounds
from .choose import HandReplay, choose
from .claims import check_points, check_points_bound, claimed_points
from .deals import check_deals
from .ending import Ending, Stage, judge_ending
from .hand import Replay, Saved
from .knowledge import Table
from .order import Stages, by_stage, early_ends
from .players import Seats
from .scoring import blocked, domino
from .unfit import Reading
from .world import World


def replay_hand(hand: r.Hand, seats: Seats, expected_opener: int | None,
                before: Sequence[int] | None = None, *, save: bool = False,
                resume: Saved | None = None,
                watch: Callable[[Diagnostic], object] | None = None) -> HandReplay:
    """Replay ``hand`` for ``seats``; ``expected_opener`` is the seat the rotation requires
    (R17), None for a first hand, where anyone may open; ``before``: the running totals
    before this hand, when known (a ``score`` line then chooses among readings).  ``save``:
    keep where the readings stood before each play without a side that is judged
    (``HandReplay.saved``); ``resume``: start from one of those of this hand written with
    that play otherwise; ``watch``: shown each problem of a move as it is found, it may
    raise to stop the replay (``retry.py``)."""
    order, problems = by_stage(hand, seats)
    table = Table.for_players(len(seats.names))
    problems.extend(check_deals(order.deals, seats, table, order))
    state = Replay(seats, table, order.moves)
    state.problems = problems
    opener = state.open_with(order, hand.number, expected_opener)
    state.save, state.watch = save, watch
    state.replay(order.late, 0 if resume is None else state.resume(resume))
    readings = [_judged(state, world, order, seats, hand) for world in state.worlds]
    chosen = choose(readings, order, seats, before, state.lost, state.slipped)
    problems += chosen.problems
    kept = chosen.readings
    continued = kept[0].world.continued if len(kept) == 1 else min(
        reading.world.continued for reading in kept)
    if continued:
        problems.extend(early_ends(order, continued))
    chosen.opener, chosen.score, chosen.diagnostics = opener, order.score, problems
    chosen.saved = state.saved
    return chosen


def _judged(state: Replay, world: World, order: Stages, seats: Seats, hand: r.Hand
            ) -> Reading:
    """One reading judged to its end: how it ended, what it scores, and its problems."""
    ending = judge_ending(state, world, order, seats, hand.number)
    reading = Reading(world, ending)
    _count(reading, ending, order.points, seats, hand, world.table, bool(order.moves))
    return reading


def _count(
    reading: Reading, ending: Ending, claim: r.Points | None, seats: Seats, hand: r.Hand,
    table: Table, moved: bool,
) -> None:
    """The hand's points in one reading (R13-R16) and the check of its ``points`` claim."""
    n = len(seats.names)
    remaining = ending.remaining
    outcome, winner = ending.outcome, ending.winner
    if None not in remaining and _counted(reading, ending, claim, seats):
        return
    problems = reading.problems
    at: Stage = ("points", 0)
    counts = [
        (held, held) if moved else (0 if seat == winner else 1, seats.each)
        for seat, held in enumerate(seats.each - h.placed for h in table.holders)
    ]
    held = holdings(table, counts, remaining)
    if outcome in ("domino", "blocked") and all(
            h.low == h.high for h, p in zip(held, remaining, strict=True) if p is None):
        # What each player may hold leaves one number of pips: they are known (R13).
        ending.remaining = [h.low if p is None else p for h, p in zip(held, remaining,
                                                                       strict=True)]
        if _counted(reading, ending, claim, seats):
            return
    if outcome == "domino" and winner is not None:
        bounds = domino_bounds(winner, held)
    elif outcome == "blocked":  # a tie matters to ``points none``, or once bounds are kept
        bounds = blocked_bounds(held, ties=claim is None or claim.player is None)
    else:
        bounds = open_bounds(held)
    if outcome == "blocked" and claim is not None and claim.player is not None and _single(
            bounds):
        bounds = blocked_bounds(held)  # whether a tie is possible decides: one value left?
    reading.bounds = bounds
    if outcome == "unfinished":
        return
    forced = _forced(bounds, n)
    problem = None
    if claim is not None:
        problem = check_points_bound(claim, bounds, winner, seats.names)
        if problem is not None:
            problems.append((at, problem))
            reading.claimed = claimed_points(claim, seats.seat, n)
            if outcome == "blocked":
                reading.bounds = bounds = blocked_bounds(held)
                forced = _forced(bounds, n)
    if forced is not None:  # what the tiles allow leaves one value: it is known
        reading.points, reading.winner = forced
        return
    if claim is not None and problem is None:
        # The claim stands in for what cannot be recomputed.
        reading.points = claimed_points(claim, seats.seat, n)
        reading.unverified = True
        if winner is None and claim.player is not None:
            reading.winner = seats.seat[claim.player]
        return
    unknown = tuple(
        seats.names[seat] for seat, pips_left in enumerate(remaining)
        if pips_left is None and (claim is not None or seat not in ending.bad_shows)
    )
    if unknown:
        problems.append((("rest", 0), diagnostic(
            "E507", hand.line, hand.column,
            N_("the points of hand {number} cannot be recomputed: the tiles left to "
               "{players} are not known; add their show lines or a points claim"),
            number=hand.number, players=unknown,
        )))


def _counted(reading: Reading, ending: Ending, claim: r.Points | None, seats: Seats
             ) -> bool:
    """Count the hand from every player's pips, known (R13-R15), and check its ``points``
    claim; False for a hand that did not end (no count)."""
    known = [p for p in ending.remaining if p is not None]
    outcome, winner = ending.outcome, ending.winner
    if outcome == "domino" and winner is not None:
        count = domino(winner, known)
    elif outcome == "blocked":
        count = blocked(known)
    else:
        return False
    reading.points, reading.winner, reading.count = count.points, count.winner, count
    if claim is not None:
        problem = check_points(claim, count, seats.seat, seats.names, known)
        if problem is not None:
            reading.problems.append((("points", 0), problem))
            reading.claimed = claimed_points(claim, seats.seat, len(seats.names))
    return True


def _single(bounds: Bounds) -> bool:
    """Whether one player alone can have scored, a single number of points."""
    scorers = bounds.scorers
    return len(scorers) == 1 and len(set(next(iter(scorers.values())))) == 1


def _forced(bounds: Bounds, seats: int) -> tuple[tuple[int, ...], int | None] | None:
    """The points, and who scored them, when the bounds leave one value: nobody can have
    scored (a tie the tiles force, R15), or one player can, a single number of points,
    and nobody else or nobody at all cannot."""
    scorers = bounds.scorers
    if not scorers:
        return (0,) * seats, None
    if len(scorers) == 1 and not bounds.nobody:
        ((seat, (low, high)),) = scorers.items()
        if low == high:
            return tuple(low if s == seat else 0 for s in range(seats)), seat
    return None
