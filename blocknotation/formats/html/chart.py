"""A score chart drawn on the server, as SVG written as a string: the geometry of its plot
(``chart``, ``segments``) and its points (``marker``).  The season's standings page draws
each player's points over the season with it (``season/html.py``); the report's games'
charts are drawn by the report's script from each game's table of totals
(``templates/report.js``), to the same geometry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def number(value: float) -> str:
    """A coordinate as short as it can be written: ``12``, ``12.5``."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def marker(kind: str, x: float, y: float, colour: str) -> str:
    """A point of a series centred on (x, y): a circle, square, triangle, diamond, a triangle
    pointing down, a cross, a plus or a ring."""
    n = number
    if kind == "down":
        return (f'<path d="M{n(x)} {n(y + 5)}L{n(x + 4.5)} {n(y - 3.5)}H{n(x - 4.5)}Z" '
                f'fill="{colour}"/>')
    if kind in ("cross", "plus"):
        d = (f"M{n(x - 4)} {n(y - 4)}L{n(x + 4)} {n(y + 4)}M{n(x + 4)} {n(y - 4)}"
             f"L{n(x - 4)} {n(y + 4)}") if kind == "cross" else (
            f"M{n(x - 5)} {n(y)}H{n(x + 5)}M{n(x)} {n(y - 5)}V{n(y + 5)}")
        return f'<path d="{d}" stroke="{colour}" stroke-width="2.5" fill="none"/>'
    if kind == "ring":
        return (f'<circle cx="{n(x)}" cy="{n(y)}" r="3.5" stroke="{colour}" '
                f'stroke-width="2" fill="#ffffff"/>')
    if kind == "circle":
        return f'<circle cx="{n(x)}" cy="{n(y)}" r="4" fill="{colour}"/>'
    if kind == "square":
        return (f'<rect x="{n(x - 3.5)}" y="{n(y - 3.5)}" width="7" height="7" '
                f'fill="{colour}"/>')
    if kind == "triangle":
        return (f'<path d="M{n(x)} {n(y - 5)}L{n(x + 4.5)} {n(y + 3.5)}H{n(x - 4.5)}Z" '
                f'fill="{colour}"/>')
    return (f'<path d="M{n(x)} {n(y - 5)}L{n(x + 5)} {n(y)}L{n(x)} {n(y + 5)}'
            f'L{n(x - 5)} {n(y)}Z" fill="{colour}"/>')


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


def chart(totals: Sequence[Sequence[int | None]], target: int | None,
          width: int = 600) -> Chart:
    """The chart for ``totals`` (per player, the running total after each hand), ``width``
    units wide (a narrow one for a phone's screen)."""
    known = [v for series in totals for v in series if v is not None]
    top_value = max([target or 0, *known, 1])
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9)
                if top_value / s <= 6)
    plot_height = 180
    left, top = 44, 12
    area = Chart(width, top + plot_height + 40, left, top, width - left - 20, plot_height,
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
