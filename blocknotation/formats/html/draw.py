"""Geometry for the HTML report: where each tile of a chain lies, the pips of a tile's half,
and the points and lines of the score chart.

Nothing here decides where a tile goes in the chain: the engine does (``HandResult.placed``),
and ``chain_order`` only reads its placements in order.  This module turns that order into
positions on the page: the chain runs left to right, and when a row is full it turns down
and runs back the other way (as players lay a long chain on a table), so it never runs off
the page.  A double lies crosswise.  Coordinates are SVG user units; a half tile is ``HALF``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

HALF = 20
GAP = 2
ROW_WIDTH = 24 * HALF
ROW_HEIGHT = 2 * HALF + 3 * GAP

Tile = tuple[int, int]

#: Pips of a half as (column, row) on a 3×3 grid; the six runs along the tile (two lines of
#: three parallel to the long side), so a lying tile and a standing one draw it differently.
FACES: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}


def pips(value: int, standing: bool) -> list[tuple[float, float]]:
    """Centres of the pips of a half showing ``value`` in a ``HALF``-sized square; a standing
    tile (long side vertical) turns the six round."""
    cells = FACES[value]
    if standing:
        cells = tuple((row, col) for col, row in cells)
    return [(HALF * (0.25 + 0.25 * col), HALF * (0.25 + 0.25 * row)) for col, row in cells]


@dataclass(frozen=True, slots=True)
class Placed:
    """One tile of the chain, read from left to right (``a`` on the left, ``b`` on the
    right), the line of its play and the move (1, 2, …) at which it was laid."""

    a: int
    b: int
    line: int
    step: int


def chain_order(plays: Iterable[tuple[int, int]],
                placed: Mapping[int, tuple[Tile, Literal["L", "R"] | None]]) -> list[Placed]:
    """The chain left to right from ``placed``, fed the (line, step) of each placed play in
    the order played: a tile on the left end goes first, one on the right end last."""
    chain: deque[Placed] = deque()
    for line, step in plays:
        (a, b), side = placed[line]
        tile = Placed(a, b, line, step)
        if side == "L":
            chain.appendleft(tile)
        else:
            chain.append(tile)
    return list(chain)


@dataclass(frozen=True, slots=True)
class Drawn:
    """A tile where it is drawn: its top-left corner, size, and the value of the half drawn
    first (left, or top for a double) and second; ``forward`` is false on a row that runs
    right to left, where the tile is drawn turned round so that matching halves touch."""

    tile: Placed
    x: float
    y: float
    width: float
    height: float
    first: int
    second: int
    forward: bool

    @property
    def double(self) -> bool:
        return self.tile.a == self.tile.b


def lay_out(chain: Sequence[Placed]) -> tuple[list[Drawn], float]:
    """Every tile's position, and the height of the drawing (its width is ``ROW_WIDTH``)."""
    drawn: list[Drawn] = []
    row, x, forward = 0, 0.0, True
    for tile in chain:
        double = tile.a == tile.b
        width = HALF if double else 2 * HALF
        if (forward and x + width > ROW_WIDTH) or (not forward and x - width < 0):
            row, forward = row + 1, not forward  # turn: the next row runs back
        middle = row * ROW_HEIGHT + GAP + HALF
        height = 2 * HALF if double else HALF
        left = x if forward else x - width
        first, second = (tile.a, tile.b) if forward else (tile.b, tile.a)
        drawn.append(Drawn(tile, left, middle - height / 2, width, height, first, second,
                           forward))
        x = left + width + GAP if forward else left - GAP
    rows = row + 1 if chain else 0
    return drawn, rows * ROW_HEIGHT


@dataclass(frozen=True, slots=True)
class Chart:
    """The score chart: an SVG's size, its plot area, and each player's series."""

    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    top_value: int
    ticks: tuple[tuple[int, float], ...]

    def x(self, index: int, count: int) -> float:
        return self.left + self.plot_width * index / max(count, 1)

    def y(self, value: int) -> float:
        return self.top + self.plot_height * (1 - value / self.top_value)


def chart(totals: Sequence[Sequence[int | None]], target: int | None) -> Chart:
    """The chart for ``totals`` (per player, the running total after each hand)."""
    known = [v for series in totals for v in series if v is not None]
    top_value = max([target or 0, *known, 1])
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9)
                if top_value / s <= 6)
    plot_height = 180
    left, top = 44, 12
    area = Chart(600, top + plot_height + 40, left, top, 600 - left - 20, plot_height,
                 top_value, ())
    ticks = tuple((v, area.y(v)) for v in range(0, top_value + 1, step))
    return Chart(area.width, area.height, left, top, area.plot_width, plot_height,
                 top_value, ticks)


def segments(series: Sequence[int | None]) -> list[list[tuple[int, int]]]:
    """The runs of known totals as (hand index, total) points: an unknown total is a gap.
    Index 0 is the start of the game (0 points)."""
    runs: list[list[tuple[int, int]]] = [[(0, 0)]]
    for index, value in enumerate(series, start=1):
        if value is None:
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append((index, value))
    return [run for run in runs if run]
