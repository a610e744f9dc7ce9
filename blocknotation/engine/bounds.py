"""What a hand's points can be when some remaining tiles are not known (R13-R15).

A player whose remaining tiles are not known still holds a known number of them (dealt minus
placed, R3), or at least one and at most a deal's worth in a hand written without moves, and
they are tiles nobody else can hold: not placed, not dealt to or shown by another player.  So
each player's remaining pips lie in a range, and from the ranges follow who can have scored
the hand and between what bounds.  The ranges are taken one player at a time, which only
widens them: every bound here holds, though it may not be the tightest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .knowledge import NOBODY, Table
from .tiles import PIPS, bits


@dataclass(frozen=True, slots=True)
class Bounds:
    """Who may have scored a hand whose points are unknown, each with the least and the most
    they can have scored (None: no upper bound is known), and whether nobody may have."""

    scorers: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    nobody: bool = True

    @property
    def low(self) -> int:
        """The least the hand gave, when only one player can have scored it."""
        return next(iter(self.scorers.values()))[0] if len(self.scorers) == 1 else 0


def unbounded(seats: int) -> Bounds:
    """Anyone may have scored anything: nothing of the hand is known."""
    return Bounds({seat: (0, None) for seat in range(seats)}, True)


def pip_ranges(
    table: Table, counts: list[tuple[int, int]], known: list[int | None]
) -> list[tuple[int, int]]:
    """Each seat's remaining pips as (least, most): exact where ``known``, else from the
    tiles the seat may hold and how many (``counts``: least and most)."""
    ranges: list[tuple[int, int]] = []
    for seat, pips in enumerate(known):
        if pips is not None:
            ranges.append((pips, pips))
            continue
        free = table.candidates(seat)
        for i in bits(free):
            if table.shown_by[i] not in (NOBODY, seat):
                free &= ~(1 << i)
        values = sorted(PIPS[i] for i in bits(free))
        fewest, most = counts[seat]
        ranges.append((sum(values[:fewest]), sum(values[len(values) - most:]) if most else 0))
    return ranges


def domino_bounds(winner: int, ranges: list[tuple[int, int]]) -> Bounds:
    """R14: the player who went out scores the opponents' pips."""
    low = sum(r[0] for seat, r in enumerate(ranges) if seat != winner)
    high = sum(r[1] for seat, r in enumerate(ranges) if seat != winner)
    return Bounds({winner: (low, high)}, nobody=False)


def blocked_bounds(ranges: list[tuple[int, int]]) -> Bounds:
    """R15: the lowest total alone scores the others' pips minus its own; a tie for the
    lowest scores nobody."""
    scorers: dict[int, tuple[int, int | None]] = {}
    for seat, (low, high) in enumerate(ranges):
        others = [r for s, r in enumerate(ranges) if s != seat]
        if any(other_high <= low for _, other_high in others):
            continue  # somebody is always at or below this seat: never lowest alone
        least = None
        for own in range(low, high + 1):
            if all(own < other_high for _, other_high in others):
                points = sum(max(other_low, own + 1) for other_low, _ in others) - own
                least = points if least is None else min(least, points)
        if least is not None:
            scorers[seat] = (least, sum(h for _, h in others) - low)
    alone = any(
        all(high < other_low for s, (other_low, _) in enumerate(ranges) if s != seat)
        for seat, (_, high) in enumerate(ranges)
    )
    return Bounds(scorers, nobody=not alone)


def open_bounds(ranges: list[tuple[int, int]]) -> Bounds:
    """A hand whose end is not known: anyone may have scored, at most what a domino over
    the others' pips would give."""
    total = sum(high for _, high in ranges)
    return Bounds({seat: (0, total - ranges[seat][1]) for seat in range(len(ranges))}, True)
