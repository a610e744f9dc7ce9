"""What a hand scored, over every way the tiles not known can lie together (R2, R14, R15).

What each player whose tiles are not known may hold is worked out on its own in
``bounds.py``: a tile may count for two of them there.  Two such players may then each seem
able to hold more pips than a player whose tiles are known, so that she may seem the lowest
alone in a block, though they cannot both: the tile that would lift each of them is one
tile.  Their pips together, which the player who went out scores, may seem to make totals
that need one tile in both hands.  So the ways the hidden tiles can lie are gone through
here, a tile at a time: each goes to one hidden player or to none, and ways that leave the
players as many tiles and as many pips are kept once, the last player's pips as a mask of
totals (``_together``).  Two hidden players, the usual case, leave at most a few thousand
such ways; where three or more leave more than ``MAX_STATES``, the bounds of ``bounds.py``
stand, which may not be the tightest but never rule out what can be.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, reduce
from operator import or_

from .tiles import PIPS, bits

#: Beyond this many ways the hidden tiles can lie, told apart by how many tiles each hidden
#: player has and their totals (``_together``), the bounds of each player taken on their
#: own stand (``bounds.py``).  Two hidden players never reach it.
MAX_STATES = 6_000

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


def span(totals: int) -> tuple[int, int]:
    """The least and the most of ``totals``, a mask that is not empty."""
    return (totals & -totals).bit_length() - 1, totals.bit_length() - 1


@lru_cache(maxsize=1024)
def domino_jointly(held: tuple[Held, ...], winner: int) -> int | None:
    """The pips the players other than ``winner`` may hold together, who went out and
    scores them (R14), as a mask of totals, every hidden player drawing on the same tiles,
    each tile held once (R2); None with fewer than two hidden players among them, more ways
    than ``MAX_STATES``, or none."""
    hidden = [seat for seat, (pips, _, _, _) in enumerate(held)
              if pips is None and seat != winner]
    spread = _spread(held, hidden)
    if spread is None:
        return None
    found = 0
    for pips, lasts in spread:
        found |= lasts << sum(p for seat, p in enumerate(pips) if seat != winner and p is not None)
    return found or None


def blocked_jointly(held: Sequence[Held]) -> Blocked | None:
    """Who may score a blocked hand as the lowest alone, and what, and whether a tie may
    score nobody (R15), every hidden player drawing on the same tiles, each tile held once
    (R2); None with fewer than two hidden players, more ways than ``MAX_STATES``, or none."""
    hidden = [seat for seat, (pips, _, _, _) in enumerate(held) if pips is None]
    spread = _spread(held, hidden)
    if not spread:
        return None
    made: dict[int, int] = {}
    tie = False
    for pips, lasts in spread:
        tie = _lowest(pips, hidden[-1], lasts, made) or tie
    return {seat: made[seat] for seat in sorted(made) if made[seat]}, tie


def _spread(held: Sequence[Held], hidden: list[int]
            ) -> list[tuple[list[int | None], int]] | None:
    """The ways the tiles of the ``hidden`` seats can lie together, each tile held once:
    for each, every seat's pips but the last hidden seat's (None), and that seat's possible
    totals with the tiles left (a mask), none empty; None with fewer than two hidden seats,
    or where they can lie more ways than are gone through (``MAX_STATES``)."""
    if len(hidden) < 2:
        return None
    found = _together(tuple(held[seat] for seat in hidden))
    if found is None:
        return None
    ways = []
    for totals, lasts in found.items():
        pips = [p for p, _, _, _ in held]
        for seat, total in zip(hidden, totals, strict=False):
            pips[seat] = total
        ways.append((pips, lasts))
    return ways


@lru_cache(maxsize=256)
def _together(seats: tuple[Held, ...]) -> dict[tuple[int, ...], int] | None:
    """The pips hidden ``seats`` can hold together, each tile held once: for the totals of
    all but the last, the last's possible totals beside them, a mask.  Each tile that any of
    them may hold goes to one of them or to none, one tile at a time; a way is kept as how
    many tiles each has, the totals of all but the last and the last's totals (a mask), so
    that ways alike are kept once.  A way's counts and totals are one integer (``_Way``).
    None where there may be more than ``MAX_STATES`` of them (``_most_ways``), or are."""
    if _most_ways(seats) > MAX_STATES or not _Way.has_room(seats):
        return None
    way = _Way(len(seats))
    states: dict[int, int] = {0: 1}
    for i in bits(reduce(or_, (free for _, free, _, _ in seats))):
        grown = dict(states)
        for k, (_, free, _, most) in enumerate(seats):
            if free >> i & 1:
                way.take(states, grown, k, most, PIPS[i])
        if len(grown) > MAX_STATES:
            return None
        states = grown
    found: dict[tuple[int, ...], int] = {}
    fewest = [least for _, _, least, _ in seats]
    for key, lasts in states.items():
        if all(way.count(key, k) >= least for k, least in enumerate(fewest)):
            totals = way.totals(key)
            found[totals] = found.get(totals, 0) | lasts
    return found


class _Way:
    """A way the tiles of ``seats`` hidden seats lie so far, as one integer: each seat's
    count of tiles (4 bits each, from bit 0), then the totals of all but the last (8 bits
    each, from bit 16).  A hand of seven tiles holds at most 69 pips."""

    _COUNTS, _TOTALS = 4, 8

    @staticmethod
    def has_room(seats: tuple[Held, ...]) -> bool:
        """Whether the counts and totals of ``seats`` fit their bits: at most 15 tiles,
        which hold at most 180 pips, each."""
        return all(most <= 15 for _, _, _, most in seats)

    def __init__(self, seats: int) -> None:
        self.last = seats - 1

    def take(self, states: dict[int, int], grown: dict[int, int], k: int, most: int,
             pips: int) -> None:
        """Add to ``grown`` each of ``states`` with seat ``k`` taking one more tile, of
        ``pips``, where it holds fewer than ``most``."""
        shift = self._COUNTS * k
        if k == self.last:
            step = 1 << shift
            for key, lasts in states.items():
                if key >> shift & 15 != most:
                    grown[key + step] = grown.get(key + step, 0) | lasts << pips
            return
        step = 1 << shift | pips << 16 + self._TOTALS * k
        for key, lasts in states.items():
            if key >> shift & 15 != most:
                grown[key + step] = grown.get(key + step, 0) | lasts

    def count(self, key: int, k: int) -> int:
        """How many tiles seat ``k`` has in way ``key``."""
        return key >> self._COUNTS * k & 15

    def totals(self, key: int) -> tuple[int, ...]:
        """The totals of all seats but the last in way ``key``."""
        return tuple(key >> 16 + self._TOTALS * k & 255 for k in range(self.last))


def _most_ways(seats: tuple[Held, ...]) -> int:
    """How many ways ``_together`` may keep at most: each seat's counts of tiles, and the
    totals each but the last may hold."""
    ways = 1
    for k, (_, free, fewest, most) in enumerate(seats):
        ways *= most + 1
        if k < len(seats) - 1:
            totals = totals_of(free, fewest, most)
            ways *= totals.bit_length() - (totals & -totals).bit_length() + 1
    return ways


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
