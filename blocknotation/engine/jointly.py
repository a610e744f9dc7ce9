"""What a hand scored, over every way the tiles not known can lie together (R2, R14, R15).

What each player whose tiles are not known may hold is worked out on its own in
``bounds.py``: a tile may count for two of them there.  Two such players may then each seem
able to hold more pips than a player whose tiles are known, so that she may seem the lowest
alone in a block, though they cannot both: the tile that would lift each of them is one
tile.  Their pips together, which the player who went out scores, may seem to make totals
that need one tile in both hands.  Where the
ways the hidden tiles can lie are few enough (``MAX_WAYS``), they are gone through here:
the tiles of every hidden player but the last, one way at a time, and the totals the last
can hold with the tiles left, as a mask (``totals_of``).  Beyond that the bounds of
``bounds.py`` stand, which may not be the tightest but never rule out what can be.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb

from .tiles import PIPS, bits

#: Beyond this many ways of dealing out the tiles of every hidden player but the last, the
#: bounds of each player taken on their own stand (``bounds.py``).
MAX_WAYS = 5_000

Held = tuple[int | None, int, int, int]
"""What one seat holds: its pips when known, else None and the tiles it may hold (a mask),
and how many of them, at least and at most (``bounds.Holding``)."""

Blocked = tuple[dict[int, int], bool]
"""The points each seat may score as the lowest alone, a mask (bit ``p``: ``p`` points;
seats that cannot are left out), and whether two seats may tie for the lowest."""


@lru_cache(maxsize=1024)
def totals_of(free: int, fewest: int, most: int) -> int:
    """The pips that ``fewest`` to ``most`` tiles of ``free`` can make, as a mask of totals:
    for each count of tiles, the totals reached so far, one tile at a time."""
    by_count = [1] + [0] * most
    for i in bits(free):
        tile = PIPS[i]
        for count in range(most, 0, -1):
            by_count[count] |= by_count[count - 1] << tile
    found = 0
    for count in range(fewest, most + 1):
        found |= by_count[count]
    return found


@lru_cache(maxsize=1024)
def domino_jointly(held: tuple[Held, ...], winner: int) -> int | None:
    """The pips the players other than ``winner`` may hold together, who went out and
    scores them (R14), as a mask of totals, every hidden player drawing on the same tiles,
    each tile held once (R2); None with fewer than two hidden players among them, more ways
    than ``MAX_WAYS``, or none."""
    hidden = [seat for seat, (pips, _, _, _) in enumerate(held)
              if pips is None and seat != winner]
    if len(hidden) < 2 or _ways(held, hidden[:-1]) > MAX_WAYS:
        return None
    last = hidden[-1]
    _, free, fewest, most = held[last]
    found = 0
    for pips, used in _dealt(held, hidden[:-1], 0):
        rest = sum(p for seat, p in enumerate(pips) if seat != winner and p is not None)
        found |= totals_of(free & ~used, fewest, most) << rest
    return found or None


def blocked_jointly(held: Sequence[Held]) -> Blocked | None:
    """Who may score a blocked hand as the lowest alone, and what, and whether a tie may
    score nobody (R15), every hidden player drawing on the same tiles, each tile held once
    (R2); None with fewer than two hidden players, more ways than ``MAX_WAYS``, or none."""
    hidden = [seat for seat, (pips, _, _, _) in enumerate(held) if pips is None]
    if len(hidden) < 2 or _ways(held, hidden[:-1]) > MAX_WAYS:
        return None
    last = hidden[-1]
    _, free, fewest, most = held[last]
    made: dict[int, int] = {}
    tie = found = False
    for pips, used in _dealt(held, hidden[:-1], 0):
        lasts = totals_of(free & ~used, fewest, most)
        if lasts:
            found = True
            tie = _lowest(pips, last, lasts, made) or tie
    return ({seat: mask for seat, mask in made.items() if mask}, tie) if found else None


def _ways(held: Sequence[Held], seats: list[int]) -> int:
    """How many ways the tiles of ``seats`` can be dealt, each on its own: at least as many
    as together."""
    ways = 1
    for seat in seats:
        _, free, fewest, most = held[seat]
        ways *= sum(comb(free.bit_count(), count) for count in range(fewest, most + 1))
    return ways


def _dealt(held: Sequence[Held], seats: list[int], used: int
           ) -> Iterator[tuple[list[int | None], int]]:
    """Each way the tiles of ``seats`` can lie, no tile twice and none of ``used``: every
    seat's pips (None for the seats still to deal, and the last) and the tiles laid out."""
    if not seats:
        yield [pips for pips, _, _, _ in held], used
        return
    seat, rest = seats[0], seats[1:]
    _, free, fewest, most = held[seat]
    for count in range(fewest, most + 1):
        for tiles in combinations(list(bits(free & ~used)), count):
            mask = sum(1 << i for i in tiles)
            for pips, laid in _dealt(held, rest, used | mask):
                pips[seat] = sum(PIPS[i] for i in tiles)
                yield pips, laid


def _lowest(pips: list[int | None], last: int, lasts: int, made: dict[int, int]) -> bool:
    """With every seat's ``pips`` known but the ``last`` seat's, whose totals are the mask
    ``lasts``: add to ``made`` what each seat may score as the lowest alone (the others'
    pips less its own, R15), and tell whether two seats may tie for the lowest."""
    known = [p for seat, p in enumerate(pips) if seat != last and p is not None]
    low, total = min(known), sum(known)
    at_low = [seat for seat, p in enumerate(pips) if seat != last and p == low]
    for t in bits(lasts & (1 << low) - 1):  # the last seat below every other
        made[last] = made.get(last, 0) | 1 << total - t
    if len(at_low) == 1:  # that seat below the last: it scores the rest, the last's too
        made[at_low[0]] = made.get(at_low[0], 0) | (lasts >> low + 1) << total - low + 1
        return bool(lasts >> low & 1)
    return bool(lasts >> low)
