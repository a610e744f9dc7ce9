"""The chain: a line of tiles with exactly two open ends (R9, R10).

Only the two end values matter to the rules, so that is all the chain keeps.  ``place()``
applies a move and assumes it is legal; whether a tile fits is asked with ``fits()`` by the
checks in ``moves.py`` (applying and checking are separate).

Each end is kept as the set of values it may show, a 7-bit mask.  Normally that is one
value.  When the record plays a tile that fits nowhere, the replay skips it (P403), but
whoever wrote the record saw it placed somewhere (or mistyped it): from then on the chain
they saw may differ from the replay's.  ``blur()`` records that doubt: the end named may now
show any value, and the other end what it showed or what the tile would make it show (in
case the side was the slip); with no side named, both ends may show anything.  Later plays
written against the record's chain are then not reported again; the doubt narrows to the
two halves of the next tile laid on an end, and goes with the one after.  Checks judge only
certain ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .tiles import Tile

Side = Literal["L", "R"]


def values(mask: int) -> tuple[int, ...]:
    """The values in an end's mask, lowest first."""
    return tuple(v for v in range(7) if mask >> v & 1)


@dataclass(slots=True)
class Chain:
    """The values each open end may show; both masks are 0 before the opening tile."""

    left: int = 0
    right: int = 0

    @property
    def empty(self) -> bool:
        return self.left == 0

    def mask(self, side: Side) -> int:
        return self.left if side == "L" else self.right

    def value(self, side: Side) -> int | None:
        """The value that end shows, or None when a skipped play leaves it in doubt."""
        mask = self.mask(side)
        return mask.bit_length() - 1 if mask and not mask & (mask - 1) else None

    @property
    def ends(self) -> tuple[int, int] | None:
        """(left, right) when both ends are certain."""
        left, right = self.value("L"), self.value("R")
        return None if left is None or right is None else (left, right)

    def fits(self, tile: Tile, side: Side) -> bool:
        """Whether ``tile`` may match the value of that end (R6).  A blank matches only a
        blank (R7): values are compared plainly, with no wild value."""
        mask = self.mask(side)
        return bool(mask >> tile[0] & 1 or mask >> tile[1] & 1)

    def place(self, tile: Tile, side: Side | None) -> None:
        """Lay ``tile`` on the ``side`` end; it must fit there.

        The opening tile is laid as written (``4-1``: left end 4, right end 1) and ignores
        ``side``.  Later tiles turn so that the matching half touches the end played on and the
        other half becomes the new end (R6).  A double leaves the end's value unchanged: it
        stays in line and opens no branches (R10).
        """
        a, b = tile
        if self.left == 0:
            self.left, self.right = 1 << a, 1 << b
            return
        if side == "L":
            self.left = _after(self.left, tile)
        else:
            self.right = _after(self.right, tile)

    def place_either(self, tile: Tile) -> None:
        """Lay ``tile`` on whichever end the record meant, when that cannot be told: each end
        may now show what it showed before or what the tile would make it show."""
        self.left |= _after(self.left, tile)
        self.right |= _after(self.right, tile)

    def blur(self, tile: Tile, side: Side | None) -> None:
        """A play of ``tile`` on ``side`` was skipped; see the module's docstring."""
        if side is None:
            self.left = self.right = ANY
        elif side == "L":
            self.left, self.right = ANY, self.right | _after(self.right, tile)
        else:
            self.left, self.right = self.left | _after(self.left, tile), ANY


def _after(mask: int, tile: Tile) -> int:
    """What an end may show once ``tile`` is laid on it: the other half of each half that
    matches (R6); nothing when the tile does not fit."""
    a, b = tile
    return (1 << b if mask >> a & 1 else 0) | (1 << a if mask >> b & 1 else 0)


#: An end that may show any value.
ANY = 0b1111111
