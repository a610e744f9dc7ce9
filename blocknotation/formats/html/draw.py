"""The faces of the HTML report's tiles: the pips of a half, in SVG user units (a half tile is
``HALF``).  Where each tile of a chain lies, and the score chart, are drawn by the page's
script (``templates/report.js``), from the tiles as the engine laid them.
"""

from __future__ import annotations

HALF = 20

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
