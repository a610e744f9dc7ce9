"""The bounds of a hand's unknown points as first written: plain sorting and a walk over every
possible pip count.  Kept here, outside the package, only so that the tests can hold the
engine's faster ``engine/bounds.py`` to the same figures."""

from __future__ import annotations

from blocknotation.engine.bounds import Bounds, Holding
from blocknotation.engine.tiles import PIPS, bits


def least(free: int, count: int) -> int:
    return sum(sorted(PIPS[i] for i in bits(free))[:count])


def most(free: int, count: int) -> int:
    return sum(sorted((PIPS[i] for i in bits(free)), reverse=True)[:count])


def pip_range(holding: Holding) -> tuple[int, int]:
    if holding.known is not None:
        return holding.known, holding.known
    return least(holding.free, holding.fewest), most(holding.free, holding.most)


def together(held: list[Holding], seats: list[int]) -> tuple[int, int]:
    known = low = high = 0
    free = fewest = most_count = 0
    for seat in seats:
        holding = held[seat]
        one_low, one_high = pip_range(holding)
        low, high = low + one_low, high + one_high
        if holding.known is None:
            free |= holding.free
            fewest, most_count = fewest + holding.fewest, most_count + holding.most
        else:
            known += holding.known
    return max(low, known + least(free, fewest)), min(high, known + most(free, most_count))


def domino_bounds(winner: int, held: list[Holding]) -> Bounds:
    low, high = together(held, [seat for seat in range(len(held)) if seat != winner])
    return Bounds({winner: (low, high)}, nobody=False)


def blocked_bounds(held: list[Holding]) -> Bounds:
    ranges = [pip_range(holding) for holding in held]
    scorers: dict[int, tuple[int, int | None]] = {}
    for seat, (low, high) in enumerate(ranges):
        others = [r for s, r in enumerate(ranges) if s != seat]
        if any(other_high <= low for _, other_high in others):
            continue
        rest_low, rest_high = together(held, [s for s in range(len(held)) if s != seat])
        found = None
        for own in range(low, high + 1):
            if all(own < other_high for _, other_high in others):
                points = max(sum(max(other_low, own + 1) for other_low, _ in others),
                             rest_low) - own
                found = points if found is None else min(found, points)
        if found is not None:
            scorers[seat] = (found, rest_high - low)
    return Bounds(scorers, nobody=tie_possible(held))


def totals(holding: Holding) -> set[int]:
    """Every number of pips the seat may hold: each way of taking its count of tiles."""
    if holding.known is not None:
        return {holding.known}
    ways = {(0, 0)}
    for i in bits(holding.free):
        ways |= {(count + 1, total + PIPS[i]) for count, total in ways if count < holding.most}
    return {total for count, total in ways if count >= holding.fewest}


def tie_possible(held: list[Holding]) -> bool:
    every = [totals(holding) for holding in held]
    if not all(every):
        return True
    highs = [pip_range(holding)[1] for holding in held]
    return any(
        all(highs[k] >= total for k in range(len(held)) if k not in (i, j))
        for i in range(len(held)) for j in range(i + 1, len(held))
        for total in every[i] & every[j]
    )


def open_bounds(held: list[Holding]) -> Bounds:
    seats = range(len(held))
    return Bounds(
        {seat: (0, together(held, [s for s in seats if s != seat])[1]) for seat in seats},
        True,
    )
