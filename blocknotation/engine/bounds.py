"""What a hand's points can be when some remaining tiles are not known (R13-R15).

A player whose remaining tiles are not known still holds a known number of them (dealt minus
placed, R3), or at least one and at most a deal's worth in a hand written without moves, and
they are tiles nobody else can hold: not placed, not dealt to or shown by another player.  So
each player's remaining pips lie in a range, and from the ranges follow who can have scored
the hand and between what bounds.  Players whose tiles are unknown draw on the same tiles,
and each tile is held once (R2), so the pips of several players are bounded together too.
Every bound here holds, though it may not be the tightest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .knowledge import Table
from .tiles import PIPS, bits


@dataclass(frozen=True, slots=True)
class Bounds:
    """Who may have scored a hand whose points are unknown, each with the least and the most
    they can have scored (None: no upper bound is known), and whether nobody may have."""

    scorers: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    nobody: bool = True

    @property
    def low(self) -> int:
        """The least the hand gave its scorer, when only one player can have scored it and
        somebody certainly did."""
        if len(self.scorers) != 1 or self.nobody:
            return 0
        return next(iter(self.scorers.values()))[0]


def unbounded(seats: int) -> Bounds:
    """Anyone may have scored anything: nothing of the hand is known.  The same value for
    every such hand (bounds are never changed once made)."""
    made = _UNBOUNDED.get(seats)
    if made is None:
        made = _UNBOUNDED[seats] = Bounds({seat: (0, None) for seat in range(seats)}, True)
    return made


_UNBOUNDED: dict[int, Bounds] = {}


@dataclass(frozen=True, slots=True)
class Holding:
    """What one seat still holds, as far as the record tells: its pips when known, else the
    tiles it may hold (a mask) and how many of them, at least and at most."""

    known: int | None
    free: int = 0
    fewest: int = 0
    most: int = 0

    @property
    def range(self) -> tuple[int, int]:
        """The least and the most pips this seat can hold."""
        if self.known is not None:
            return self.known, self.known
        return _least(self.free, self.fewest), _most(self.free, self.most)


def _least(free: int, count: int) -> int:
    return sum(sorted(PIPS[i] for i in bits(free))[:count])


def _most(free: int, count: int) -> int:
    return sum(sorted((PIPS[i] for i in bits(free)), reverse=True)[:count])


def holdings(
    table: Table, counts: list[tuple[int, int]], known: list[int | None]
) -> list[Holding]:
    """Each seat's holding: exact where ``known``, else the tiles the seat may hold (not
    placed, not another's deal, not shown by another) and how many (``counts``)."""
    found: list[Holding] = []
    for seat, pips in enumerate(known):
        if pips is not None:
            found.append(Holding(pips))
            continue
        free = table.candidates(seat) & ~table.others_shown(seat)
        found.append(Holding(None, free, *counts[seat]))
    return found


def together(held: list[Holding], seats: list[int]) -> tuple[int, int]:
    """The least and the most pips ``seats`` hold together.  Seats whose tiles are unknown
    draw on the same tiles, and each tile is held once (R2)."""
    known = low = high = 0
    free = fewest = most = 0
    for seat in seats:
        holding = held[seat]
        one_low, one_high = holding.range
        low, high = low + one_low, high + one_high
        if holding.known is None:
            free |= holding.free
            fewest, most = fewest + holding.fewest, most + holding.most
        else:
            known += holding.known
    return max(low, known + _least(free, fewest)), min(high, known + _most(free, most))


def domino_bounds(winner: int, held: list[Holding]) -> Bounds:
    """R14: the player who went out scores the opponents' pips."""
    low, high = together(held, [seat for seat in range(len(held)) if seat != winner])
    return Bounds({winner: (low, high)}, nobody=False)


def blocked_bounds(held: list[Holding]) -> Bounds:
    """R15: the lowest total alone scores the others' pips minus its own; a tie for the
    lowest scores nobody."""
    ranges = [holding.range for holding in held]
    scorers: dict[int, tuple[int, int | None]] = {}
    for seat, (low, high) in enumerate(ranges):
        others = [r for s, r in enumerate(ranges) if s != seat]
        if any(other_high <= low for _, other_high in others):
            continue  # somebody is always at or below this seat: never lowest alone
        rest_low, rest_high = together(held, [s for s in range(len(held)) if s != seat])
        least = None
        for own in range(low, high + 1):
            if all(own < other_high for _, other_high in others):
                points = max(sum(max(other_low, own + 1) for other_low, _ in others),
                             rest_low) - own
                least = points if least is None else min(least, points)
        if least is not None:
            scorers[seat] = (least, rest_high - low)
    alone = any(
        all(high < other_low for s, (other_low, _) in enumerate(ranges) if s != seat)
        for seat, (_, high) in enumerate(ranges)
    )
    return Bounds(scorers, nobody=not alone)


def open_bounds(held: list[Holding]) -> Bounds:
    """A hand whose end is not known: anyone may have scored, at most what a domino over
    the others' pips would give."""
    seats = range(len(held))
    return Bounds(
        {seat: (0, together(held, [s for s in seats if s != seat])[1]) for seat in seats},
        True,
    )
