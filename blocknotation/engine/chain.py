"""The chain: a line of tiles with exactly two open ends (R6, R9, R10).

Only the two end values matter to the rules, so that is all the chain keeps: a pair
(left, right), written as one bit of a 49-bit integer (``left * 7 + right``), 0 before the
opening tile.  Each reading of a record (``world.py``) has one pair; a set of pairs, the
same kind of integer with several bits, is what the readings together allow, which the
messages name (``Chain``: ``left end (3/5)``).  In the code such an integer is a
``chain``, and ``one`` where it holds one pair.

Applying and checking are separate: ``lay`` applies a play where it is legal as written;
the checks in ``moves.py`` decide what is legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from .tiles import Tile, index

Side = Literal["L", "R"]

#: Every pair of ends: all 49 (left, right) pairs.
EVERY = (1 << 49) - 1

#: The (left, right) pair of each bit, by its position (``left * 7 + right``).
PAIR: tuple[tuple[int, int], ...] = tuple(divmod(k, 7) for k in range(49))


def chain_of(left: int, right: int) -> int:
    """The chain whose ends are (left, right): one pair."""
    return 1 << (left * 7 + right)


def pairs(chain: int) -> Iterator[tuple[int, int]]:
    """The (left, right) pairs of a chain, lowest left first."""
    while chain:
        low = chain & -chain
        yield PAIR[low.bit_length() - 1]
        chain ^= low


def turned(end: int, tile: Tile) -> int:
    """The new end once ``tile`` is laid on an end showing ``end`` (R6): the half that does
    not touch.  A double leaves the value unchanged (R10)."""
    return tile[1] if tile[0] == end else tile[0]


def mirrored(chain: int) -> int:
    """The same pairs with left and right swapped (the writer's sides the other way)."""
    out = 0
    for left, right in pairs(chain):
        out |= chain_of(right, left)
    return out


def lay(chain: int, tile: Tile, side: Side | None) -> int:
    """The pairs after ``tile`` is laid, keeping only those where the play is legal as
    written: on the ``side`` end when it fits there, or, without a side, on the one end it
    fits (R6; fitting both ends without a side is not legal, P404).  A blank matches only a
    blank (R7): values are compared plainly."""
    a, b = tile
    if chain and not chain & (chain - 1):  # one pair: the usual case
        left, right = PAIR[chain.bit_length() - 1]
        on_left = left in tile
        on_right = right in tile
        if side is None:
            if on_left == on_right:
                return 0
            side = "L" if on_left else "R"
        if side == "L":
            return 1 << ((b if a == left else a) * 7 + right) if on_left else 0
        return 1 << (left * 7 + (b if a == right else a)) if on_right else 0
    out = 0
    for left, right in pairs(chain):
        on_left = left in tile
        on_right = right in tile
        if side is None and on_left == on_right:
            continue
        if on_left and side != "R":
            out |= chain_of(turned(left, tile), right)
        elif on_right and side != "L":
            out |= chain_of(left, turned(right, tile))
    return out


def laid_out(before: tuple[int, int], after: tuple[int, int], tile: Tile, side: Side | None
             ) -> tuple[Tile, Side]:
    """How a tile played legally on the ends ``before``, giving the ends ``after``, lies in
    the chain: its pips as read from left to right, and the end it went to."""
    if (side or ("L" if before[0] in tile else "R")) == "L":
        return (after[0], before[0]), "L"
    return (before[1], after[1]), "R"


#: A usual play: the chain after it, its ends, how the tile lies (``laid_out``), and the
#: tile's bit in a mask and its index.
Usual = tuple[int, tuple[int, int], tuple[Tile, Side], int, int]

#: The usual plays met so far, by (the chain, with one pair, the tile as written, its side);
#: ``()`` for a play not legal as written (``lay``).  At most 49 x 49 x 3 of them.
USUAL: dict[tuple[int, Tile, Side | None], Usual | tuple[()]] = {}


def usual_play(before: int, tile: Tile, side: Side | None) -> Usual | tuple[()]:
    """A play on a chain with one pair of ends (``before``), worked out by ``lay`` and
    ``laid_out`` once and remembered in ``USUAL``."""
    found: Usual | tuple[()] = ()
    after = lay(before, tile, side)
    if after:
        ends = PAIR[after.bit_length() - 1]
        found = (after, ends, laid_out(PAIR[before.bit_length() - 1], ends, tile, side),
                 1 << index(tile), index(tile))
    USUAL[(before, tile, side)] = found
    return found


class Chain:
    """The pairs of ends that some readings of the record allow (``bits``: one bit a pair,
    0 before the opening tile), as the messages name them."""

    __slots__ = ("bits",)

    def __init__(self, bits: int = 0) -> None:
        self.bits = bits

    @property
    def empty(self) -> bool:
        return self.bits == 0

    @property
    def ends(self) -> tuple[int, int] | None:
        """(left, right) when only one pair is left."""
        bits = self.bits
        if bits and not bits & (bits - 1):
            return PAIR[bits.bit_length() - 1]
        return None

    def values(self, side: Side) -> tuple[int, ...]:
        """The values that end shows in some pair, lowest first."""
        seen = {left if side == "L" else right for left, right in pairs(self.bits)}
        return tuple(sorted(seen))

    def place(self, tile: Tile, side: Side | None) -> None:
        """Lay ``tile`` legally (see ``lay``); the opening tile is laid as written, whatever
        ``side`` says."""
        if self.empty:
            self.bits = chain_of(tile[0], tile[1])
        else:
            self.bits = lay(self.bits, tile, side)
