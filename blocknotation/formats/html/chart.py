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
    """A point of a series: a circle, square, triangle or diamond centred on (x, y)."""
    n = number
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
