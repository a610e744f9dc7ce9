"""The double-six set as small integers and bit masks (R2), so that the replay's per-move work
is a few integer operations rather than set or object allocations.

Each of the 28 tiles has an index 0..27 in the order ``0-0, 0-1, …, 0-6, 1-1, …, 6-6``; a set
of tiles is an ``int`` with one bit per index.  ``3-5`` and ``5-3`` have the same index (R2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Tile = tuple[int, int]

#: Every tile of the set, low pip first, in index order.
TILES: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))

_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(TILES.index((min(a, b), max(a, b))) for b in range(7)) for a in range(7)
)

#: The bit of each tile in a mask, by its two pips as written: ``BIT[a][b]``.
BIT: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in row) for row in _INDEX)

#: The pips of each tile by index (R13: a tile counts both halves).
PIPS: tuple[int, ...] = tuple(a + b for a, b in TILES)

_BY_TILE: dict[Tile, int] = {(a, b): _INDEX[a][b] for a in range(7) for b in range(7)}

#: The index of a tile, whichever way round it is written: ``index((5, 3)) == index((3, 5))``.
#: A dictionary look-up bound once, so that a call costs no Python frame (the replay asks
#: for an index at every play, deal and show).
index: Callable[[Tile], int] = _BY_TILE.__getitem__

#: The bit of a tile in a mask, whichever way round it is written (``1 << index(tile)``).
bit: Callable[[Tile], int] = {tile: 1 << i for tile, i in _BY_TILE.items()}.__getitem__


def bits(mask: int) -> Iterator[int]:
    """The tile indices in ``mask``, lowest first (so "lowest tile first" is deterministic)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: The pips of the tiles in each 7-bit slice of a mask: a mask's pips are four look-ups.
_SLICE_PIPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(PIPS[7 * part + i] for i in range(7) if low >> i & 1) for low in range(128))
    for part in range(4)
)


def pips(mask: int) -> int:
    """The pips of every tile in ``mask`` (R13)."""
    a, b, c, d = _SLICE_PIPS
    return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21 & 127]


#: A tile as the canonical notation writes it, in the orientation given: ``3-5``.
text: Callable[[Tile], str] = {(a, b): f"{a}-{b}" for a in range(7) for b in range(7)}.__getitem__
