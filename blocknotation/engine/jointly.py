"""What a hand scored, over every way the tiles not known can lie together (R2, R14, R15).

What each player whose tiles are not known may hold is worked out on its own in
``bounds.py``: a tile may count for two of them there.  Two such players may then each seem
able to hold more pips than a player whose tiles are known, so that she may seem the lowest
alone in a block, though they cannot both: the tile that would lift each of them is one
tile.  Their pips together, which the player who went out scores, may seem to make totals
that need one tile in both hands.  So the ways the hidden tiles can lie are gone through
here, a tile at a time: each goes to one hidden player or to none.  Ways that leave the
first hidden players as many tiles and as many pips are kept once, and beside each, a plane
of bits holds every count and total the last two may have with them, so that a tile is
added to all of those at once (``_together``).  Two hidden players are always gone through
(one plane), three of up to five tiles each and four of up to two, and four of three on
some tiles (the lowest 16) but not on others; where the planes take more than ``MAX_BITS``
bits, the bounds of ``bounds.py`` stand, which may not be the tightest but never rule out
what can be.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import or_

from .tiles import PIPS, bits

#: Beyond this many bits in the planes kept at once (``_together``: the ways told apart by
#: the first hidden players' counts of tiles and totals, each with its plane), the bounds of
#: each player taken on their own stand (``bounds.py``): about 4 MB.  Two hidden players
#: never reach it, nor do three of five tiles each of the lowest 20 (5 ms) or four of
#: three of the lowest 16 (16 ms: ``benchmarks/joint_search.py``); four of three of other
#: tiles may.
MAX_BITS = 30_000_000

#: Hidden players whose planes may take more than this many times ``MAX_BITS`` at most
#: (``_most_bits``, a bound far above what they take) are not gone through at all.
_HOPELESS = 2

Held = tuple[int | None, int, int, int]
"""What one seat holds: its pips when known, else None and the tiles it may hold (a mask),
and how many of them, at least and at most (``bounds.Holding``)."""

Spread = dict[tuple[int, ...], dict[int, int]]
"""The pips hidden seats can hold together: for the totals of all but the last two, each
total the last but one may hold with them, and beside it the last's totals, a mask."""

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
    each tile held once (R2); None with fewer than two hidden players among them, planes
    larger than ``MAX_BITS``, or none."""
    hidden = _hidden(held, winner)
    spread = _spread(held, hidden)
    if spread is None:
        return None
    known = sum(pips for seat, (pips, _, _, _) in enumerate(held)
                if seat != winner and pips is not None)
    found = 0
    for firsts, rows in spread.items():
        before = known + sum(firsts)
        for row, lasts in rows.items():
            found |= lasts << before + row
    return found or None


@lru_cache(maxsize=1024)
def blocked_jointly(held: tuple[Held, ...]) -> Blocked | None:
    """Who may score a blocked hand as the lowest alone, and what, and whether a tie may
    score nobody (R15), every hidden player drawing on the same tiles, each tile held once
    (R2); None with fewer than two hidden players, planes larger than ``MAX_BITS``, or none."""
    hidden = _hidden(held)
    spread = _spread(held, hidden)
    if not spread:
        return None
    known = [(seat, pips) for seat, (pips, _, _, _) in enumerate(held) if pips is not None]
    made = dict.fromkeys(range(len(held)), 0)
    tie = False
    for firsts, rows in spread.items():
        others = [*known, *zip(hidden[:-2], firsts, strict=True)]
        tie = _lowest(others, hidden[-2:], rows, made) or tie
    return {seat: points for seat, points in made.items() if points}, tie


def _hidden(held: tuple[Held, ...], winner: int | None = None) -> list[int]:
    """The seats whose tiles are not known, but ``winner``: the two that may hold the most
    counts and totals last, which ``_together`` keeps in its planes, the others in its
    keys (``_Plane``), so that fewer ways are kept."""
    hidden = [seat for seat, (pips, _, _, _) in enumerate(held)
              if pips is None and seat != winner]
    return sorted(hidden, key=lambda seat: _breadth(held[seat]))


def _breadth(seat: Held) -> int:
    """How many counts and totals a hidden seat may have: the bits of its side of a plane."""
    _, free, _, most = seat
    return (most + 1) * totals_of(free, 0, most).bit_length()


def _spread(held: tuple[Held, ...], hidden: list[int]) -> Spread | None:
    """The ways the tiles of the ``hidden`` seats can lie together, each tile held once
    (``Spread``), no mask empty; None with fewer than two hidden seats, or where they can
    lie more ways than are gone through (``MAX_BITS``).  ``hidden`` in the order
    ``_hidden`` gives."""
    if len(hidden) < 2:
        return None
    return _together(tuple(held[seat] for seat in hidden))


@lru_cache(maxsize=256)
def _together(seats: tuple[Held, ...]) -> Spread | None:
    """The pips hidden ``seats`` can hold together, each tile held once (``Spread``).  Each
    tile that any of them may hold goes to one of them or to none, one tile at a time; ways
    that leave the first seats as many tiles and pips are kept once, with the counts and
    totals the last two may have beside them (``_Plane``).  None where their planes take more than
    ``MAX_BITS``, or may take many times more (``_HOPELESS``)."""
    if not _Plane.has_room(seats) or _most_bits(seats) > _HOPELESS * MAX_BITS:
        return None
    plane = _Plane(seats)
    states: dict[int, int] = {0: 1}
    for i in bits(reduce(or_, (free for _, free, _, _ in seats))):
        grown = dict(states)
        for k, (_, free, _, most) in enumerate(seats):
            if free >> i & 1:
                plane.take(states, grown, k, most, PIPS[i])
        if sum(ways.bit_length() for ways in grown.values()) > MAX_BITS:
            return None
        states = grown
    return plane.found(states, [fewest for _, _, fewest, _ in seats])


class _Plane:
    """Ways the tiles of hidden ``seats`` lie so far.  The first seats but the last two are
    kept in a key: each one's count of tiles (4 bits each, from bit 0), then its totals (8
    bits each, from bit 16).  The last two are kept beside it in a plane, a bit for each
    count and total they may have together, so that a tile is added to all of them at once:
    bit ``((row_count * row_width + row_total) * columns) + count * width + total``, where
    ``width`` is more than the last seat can hold and ``columns`` is ``width`` times the
    counts it may have, and the same for the last but one (``row_``)."""

    _COUNTS, _TOTALS = 4, 8
    _TOTALS_FROM = 16  # past four seats' counts

    @staticmethod
    def has_room(seats: tuple[Held, ...]) -> bool:
        """Whether the counts and totals of ``seats`` fit the key's bits and ``_reversed``:
        at most 15 tiles, which hold at most 180 pips, each."""
        return all(most <= 15 for _, _, _, most in seats)

    def __init__(self, seats: tuple[Held, ...]) -> None:
        self.last = len(seats) - 1
        (_, row_free, _, self.row_most), (_, free, _, self.most) = seats[-2:]
        self.width = totals_of(free, 0, self.most).bit_length()
        self.columns = (self.most + 1) * self.width
        self.row_width = totals_of(row_free, 0, self.row_most).bit_length()
        self.rows = self.row_width * (self.row_most + 1)
        # Where each seat holds fewer tiles than it may: the bits that may take one more.
        self.open_row = (1 << self.row_most * self.row_width * self.columns) - 1
        self.open_column = self._each_row((1 << self.most * self.width) - 1)

    def _each_row(self, bits_of_a_row: int) -> int:
        """``bits_of_a_row`` in every row of the plane."""
        found = 0
        for row in range(self.rows):
            found |= bits_of_a_row << row * self.columns
        return found

    def take(self, states: dict[int, int], grown: dict[int, int], k: int, most: int,
             pips: int) -> None:
        """Add to ``grown`` each of ``states`` with seat ``k`` taking one more tile, of
        ``pips``, where it holds fewer than ``most``."""
        if k == self.last:
            by, open_ = self.width + pips, self.open_column
        elif k == self.last - 1:
            by, open_ = (self.row_width + pips) * self.columns, self.open_row
        else:
            shift = self._COUNTS * k
            step = 1 << shift | pips << self._TOTALS_FROM + self._TOTALS * k
            for key, plane in states.items():
                if key >> shift & 15 != most:
                    grown[key + step] = grown.get(key + step, 0) | plane
            return
        for key, plane in states.items():
            grown[key] |= (plane & open_) << by

    def found(self, states: dict[int, int], fewest: list[int]) -> Spread:
        """For the ways of ``states`` in which each seat has at least its ``fewest`` tiles:
        for the totals of all but the last two, each total of the last but one with the
        last's totals beside it, a mask (``Spread``)."""
        found: Spread = {}
        total_mask = (1 << self.width) - 1
        firsts = self._each_row(total_mask)
        row_mask = (1 << self.row_width * self.columns) - 1
        *before, row_fewest, column_fewest = fewest
        for key, plane in states.items():
            if any(key >> self._COUNTS * k & 15 < least for k, least in enumerate(before)):
                continue
            rows = found.setdefault(tuple(key >> self._TOTALS_FROM + self._TOTALS * k & 255
                                          for k in range(self.last - 1)), {})
            columns = 0
            for count in range(column_fewest, self.most + 1):
                columns |= plane >> count * self.width & firsts
            plain = 0
            for count in range(row_fewest, self.row_most + 1):
                plain |= columns >> count * self.row_width * self.columns & row_mask
            for total in range(self.row_width):
                lasts = plain >> total * self.columns & total_mask
                if lasts:
                    rows[total] = rows.get(total, 0) | lasts
        return {firsts: rows for firsts, rows in found.items() if rows}


def _most_bits(seats: tuple[Held, ...]) -> int:
    """How many bits the planes of ``_together`` may take at most: the ways kept (the
    counts of tiles and the totals each seat but the last two may have) times the bits of
    one plane (the counts and totals the last two may have together)."""
    ways = 1
    for _, free, fewest, most in seats[:-2]:
        totals = totals_of(free, fewest, most)
        ways *= (most + 1) * (totals.bit_length() - (totals & -totals).bit_length() + 1)
    for seat in seats[-2:]:
        ways *= _breadth(seat)
    return ways


def _lowest(others: list[tuple[int, int]], seats: list[int], rows: dict[int, int],
            made: dict[int, int]) -> bool:
    """With every seat's pips known (``others``, seat and pips) but the last two hidden
    ``seats``', the first of which may hold each total of ``rows`` with the last's totals
    beside it (a mask): add to ``made`` what each seat may score as the lowest alone (the
    others' pips less its own, R15), and tell whether two seats may tie for the lowest."""
    row_seat, last = seats
    low_of_others = min((pips for _, pips in others), default=_TOP + 1)
    at_low = [seat for seat, pips in others if pips == low_of_others]
    alone = at_low[0] if len(at_low) == 1 else None
    total_of_others = sum(pips for _, pips in others)
    tie = False
    for row, lasts in rows.items():
        low, total = min(row, low_of_others), total_of_others + row
        below = lasts & (1 << low) - 1
        if below:  # the last seat below every other: it scores total - t for each total t
            made[last] |= _shifted(_reversed(below), total - _TOP)
        lowest = row_seat if row < low_of_others else alone if row > low_of_others else None
        if lowest is None:  # two seats at the low: a tie unless the last is below them
            tie = tie or lasts >> low != 0
        else:  # that seat below the last: it scores the rest, the last's too
            made[lowest] |= (lasts >> low + 1) << total - low + 1
            tie = tie or lasts >> low & 1 == 1
    return tie


#: The most pips a hidden seat's totals are kept for (8 bits of ``_Plane``'s key).
_TOP = 255


@lru_cache(maxsize=4096)
def _reversed(totals: int) -> int:
    """``totals`` (a mask of at most ``_TOP`` pips) turned round: bit ``_TOP - t`` for each
    total ``t``."""
    return int(format(totals, f"0{_TOP + 1}b")[::-1], 2)


def _shifted(mask: int, by: int) -> int:
    """``mask`` moved ``by`` bits up (down, where ``by`` is less than 0)."""
    return mask << by if by >= 0 else mask >> -by
