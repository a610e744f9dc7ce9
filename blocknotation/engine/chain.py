"""The chain: a line of tiles with exactly two open ends (R9, R10).

Only the two end values matter to the rules, so that is all the chain keeps.  ``place()``
applies a move and assumes it is legal; whether a tile fits is asked with ``fits()`` by the
checks in ``moves.py`` (applying and checking are separate).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .tiles import Tile

Side = Literal["L", "R"]


@dataclass(slots=True)
class Chain:
    """The open ends of the chain; both are -1 before the opening tile is laid."""

    left: int = -1
    right: int = -1

    @property
    def empty(self) -> bool:
        return self.left < 0

    @property
    def ends(self) -> tuple[int, int]:
        return self.left, self.right

    def end(self, side: Side) -> int:
        return self.left if side == "L" else self.right

    def fits(self, tile: Tile, side: Side) -> bool:
        """Whether ``tile`` matches the value of that end (R6).  A blank matches only a blank
        (R7): the comparison is plain equality, with no wild value."""
        value = self.left if side == "L" else self.right
        return value >= 0 and (tile[0] == value or tile[1] == value)

    def place(self, tile: Tile, side: Side | None) -> None:
        """Lay ``tile`` on the ``side`` end; it must fit there.

        The opening tile is laid as written (``4-1``: left end 4, right end 1) and ignores
        ``side``.  Later tiles turn so that the matching half touches the end played on and the
        other half becomes the new end (R6).  A double leaves the end's value unchanged: it
        stays in line and opens no branches (R10).
        """
        a, b = tile
        if self.left < 0:
            self.left, self.right = a, b
        elif side == "L":
            self.left = b if a == self.left else a
        else:
            self.right = b if a == self.right else a
