"""The SVG of a game's score chart in the HTML report, written as a string (a page may hold
hundreds of games, each with a point per player and hand).

The geometry comes from ``draw.chart``; each player's series has its colour, line style
and marker (``html.COLOURS``, ``DASHES``, ``MARKERS``), and each point links to its hand.
Every text is escaped here (``markupsafe.escape``).  Like a hand's drawings (``svg``),
the chart is written inside ``<noscript>``, and the script draws it when its game comes near
the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from . import draw
from .model import GameView
from .safe import escape


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


def chart_svg(game: GameView, words: Mapping[str, str], colours: Sequence[str],
              dashes: Sequence[str], markers: Sequence[str]) -> Markup:
    """The chart of ``game``: grid and ticks, the target, and each player's series."""
    c, n, w = game.chart, len(game.hands), words
    # The hand numbers sit clear below the lowest value's label (0, at the same corner).
    left, right, bottom = c.left, c.left + c.plot_width, c.top + c.plot_height + 20
    out = [f'<noscript><svg class="chart" viewBox="0 0 {c.width} {c.height}" role="img" '
           f'aria-labelledby="{game.anchor}-ct">',
           f'<title id="{game.anchor}-ct">{escape(w["chart"])}</title>']
    for value, y in c.ticks:
        out.append(f'<line class="grid" x1="{left}" x2="{right}" y1="{number(y)}" '
                   f'y2="{number(y)}"/><text class="tick" x="{left - 6}" y="{number(y + 4)}" '
                   f'text-anchor="end">{value}</text>')
    for i in range(0, n + 1, n // 12 + 1):
        out.append(f'<text class="tick" x="{number(c.x(i, n))}" y="{bottom}" '
                   f'text-anchor="middle">{i if i else escape(w["start"])}</text>')
    if game.target:
        y = c.y(game.target)
        out.append(f'<line class="target" x1="{left}" x2="{right}" y1="{number(y)}" '
                   f'y2="{number(y)}"/>')
        out.append(f'<text class="tick" x="{right}" y="{number(y - 4)}" text-anchor="end">'
                   f'{escape(w["target_line"].format(target=game.target))}</text>')
    for index, player in enumerate(game.players):
        colour, dash = colours[index], dashes[index]
        style = f' stroke-dasharray="{dash}"' if dash else ""
        for run in draw.segments(game.totals[index]):
            points = "".join(f"{number(c.x(i, n))},{number(c.y(v))} " for i, v in run)
            out.append(f'<polyline class="series" points="{points}" stroke="{colour}"{style}/>')
        for position, (hand, total) in enumerate(zip(game.hands, game.totals[index],
                                                     strict=True), start=1):
            if total is None:
                continue
            title = w["point_title"].format(player=player, total=total, number=hand.number)
            out.append(f'<a href="#{hand.anchor}"><title>{escape(title)}</title>'
                       + marker(markers[index], c.x(position, n), c.y(total), colour)
                       + "</a>")
    out.append("</svg></noscript>")
    return Markup("\n".join(out) + "\n")
