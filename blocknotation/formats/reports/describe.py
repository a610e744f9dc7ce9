"""The chain in the rules text's own words: tiles, links and open attachment points.

The Italian rules illustrate each play with a fixed description of the chain (see
docs/rules.md, "Describing the chain", and docs/notation.md, "The chain in the rules' words",
for the English wording).
A non-double has a higher end and a lower end; a double, laid crosswise, has side A and side
B.  A double laid on the chain touches it with side A, so side B is free.  An opening double
has both sides free; a tile later laid on its left end links to side A and one laid on its
right end to side B (the opening tile is laid as written, so ``2-2`` shows side A on the
left).  ``Layout`` is fed the placed tiles and the end each went to; it does not judge
whether a tile fits (that is the engine's work) and assumes it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ...basics.diagnostics import N_

Tile = tuple[int, int]
Side = Literal["L", "R"]
Kind = Literal["higher", "lower", "A", "B"]

_LABELS: dict[Kind, str] = {
    "higher": N_("higher end"),
    "lower": N_("lower end"),
    "A": N_("side A"),
    "B": N_("side B"),
}
# Open points are listed by tile, then higher end before lower end, side A before side B.
_RANK: dict[Kind, int] = {"higher": 0, "lower": 1, "A": 0, "B": 1}


@dataclass(frozen=True, slots=True)
class AttachmentPoint:
    """One attachment point of a tile on the table: the tile as ``(low, high)`` and which
    point of it."""

    tile: Tile
    kind: Kind

    @property
    def value(self) -> int:
        return self.tile[1] if self.kind in ("higher", "A", "B") else self.tile[0]


@dataclass(slots=True)
class Layout:
    """The chain as the rules text describes it, built one placed tile at a time."""

    tiles: list[Tile] = field(default_factory=list)
    links: list[tuple[AttachmentPoint, AttachmentPoint]] = field(default_factory=list)
    left: AttachmentPoint | None = None
    right: AttachmentPoint | None = None

    @property
    def ends(self) -> tuple[int, int] | None:
        """The values of the left and right ends, or None before the opening tile."""
        if self.left is None or self.right is None:
            return None
        return self.left.value, self.right.value

    def place(self, tile: Tile, side: Side | None) -> None:
        """Lay ``tile`` (as written) on the ``side`` end; the opening tile ignores ``side``."""
        low, high = sorted(tile)
        key = (low, high)
        self.tiles.append(key)
        if self.left is None or self.right is None:
            if low == high:
                self.left, self.right = AttachmentPoint(key, "A"), AttachmentPoint(key, "B")
            else:
                first: Kind = "higher" if tile[0] == high else "lower"
                self.left = AttachmentPoint(key, first)
                self.right = AttachmentPoint(key, "lower" if first == "higher" else "higher")
            return
        end = self.left if side == "L" else self.right
        if low == high:
            touching, free = AttachmentPoint(key, "A"), AttachmentPoint(key, "B")
        elif end.value == high:
            touching, free = AttachmentPoint(key, "higher"), AttachmentPoint(key, "lower")
        else:
            touching, free = AttachmentPoint(key, "lower"), AttachmentPoint(key, "higher")
        self.links.append((end, touching))
        if side == "L":
            self.left = free
        else:
            self.right = free

    def open_points(self) -> list[AttachmentPoint]:
        """The free attachment points, in the rules text's order."""
        points = [p for p in (self.left, self.right) if p is not None]
        return sorted(points, key=lambda p: (p.tile, _RANK[p.kind]))


def tile_text(tile: Tile) -> str:
    """A tile as the rules text writes it: ``[low|high]``."""
    low, high = sorted(tile)
    return f"[{low}|{high}]"


def describe(layout: Layout, translate: Callable[[str], str] = lambda s: s) -> str:
    """``Tiles: …. Links: …. Open points: ….`` in the language of ``translate``."""

    def linked(point: AttachmentPoint) -> str:
        return f"{tile_text(point.tile)} ({translate(_LABELS[point.kind])})"

    def free(point: AttachmentPoint) -> str:
        return f"{tile_text(point.tile)} ({translate(_LABELS[point.kind])}, {point.value})"

    tiles = ", ".join(tile_text(t) for t in layout.tiles)
    links = "; ".join(f"{linked(a)} – {linked(b)}" for a, b in layout.links)
    points = "; ".join(free(p) for p in layout.open_points())
    return translate(N_("Tiles: {tiles}. Links: {links}. Open points: {points}.")).format(
        tiles=tiles, links=links or translate(N_("none")), points=points
    )
