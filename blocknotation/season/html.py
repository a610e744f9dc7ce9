"""The standings as one self-contained HTML page: each group's table, the games listed
apart, and a chart of each player's points over the season.

The chart draws each player's points for, added up game after game, over the group's
counted games in season order (``standings.Group.season``); a total that becomes unknown
ends the player's line there.  Each player has a colour, a line style and a marker, so that
players are told apart without colour too, and the figures of the chart are also given as a
table.  On a phone the table scrolls in a box of its own, the players' names kept in view
(a long name wraps, in at most 30% of the screen's width, so that the numbers beside it can
be scrolled into view), and the chart is drawn narrower, so that its text stays readable
(at least 11 px) and the page never scrolls sideways (``tests/test_standings_page.py``
measures it in Chromium).
The page loads nothing and runs no script (its Content-Security-Policy allows only its own
style, by its hash); everything taken from a record is escaped (``formats.html.safe``).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterator

from ..basics.i18n import N_, translator
from ..formats.html import chart as draw
from ..formats.html.chart import marker, number
from ..formats.html.safe import escape
from .columns import COLUMNS, cell, headings
from .standings import Group, Standings
from .text import apart_line, no_game_line, summary

#: Players' colours on white (each at least 4.5:1, WCAG AA), line styles and markers: eight
#: of each, so that up to eight players differ in all three, and up to ``MOST_LOOKS`` in
#: the three together (``_look``).
COLOURS = ("#1b5e9e", "#a13d00", "#2b6e2b", "#7b2d8e", "#8a1538", "#00676b", "#6b5200",
           "#3d3d3d")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "14 4", "4 2 4 6", "1 3", "8 2 2 2 2 2")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross", "plus", "ring")
#: The chart's width in its own units: on a wide screen, and on a phone's (below ``_PHONE``
#: pixels wide), where the wide one would shrink its text below 11 px.
WIDE, NARROW = 600, 340
_PHONE = 640

STYLE = """
:root { color: #1a1a1a; background: #ffffff; font: 15px/1.45 system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1100px; padding: 0 1rem 2rem; }
h1 { font-size: 1.4rem; }
h2 { font-size: 1.2rem; border-bottom: 2px solid #1a1a1a; overflow-wrap: anywhere; }
p, li, summary { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
th, td { border: 1px solid #b0b0b0; padding: .1rem .5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tbody th { position: sticky; left: 0; background: #ffffff; }
tbody th span { display: inline-block; max-width: min(14rem, 30vw); overflow-wrap: break-word; }
figure { margin: 1rem 0; }
svg.chart { width: 100%; height: auto; }
svg.wide { max-width: 640px; }
svg.narrow { max-width: 420px; display: none; }
@media (max-width: 639.98px) { svg.wide { display: none; } svg.narrow { display: block; } }
.chart .grid { stroke: #d0d0d0; stroke-width: 1; }
.chart .tick { font-size: 12px; fill: #4a4a4a; }
.chart .series { fill: none; stroke-width: 2.5; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; }
"""


def _policy() -> str:
    digest = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
    return (f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'; "
            "form-action 'none'")


#: How many players have a look of their own: each of the eight colours with each of the
#: eight line styles and each of the eight markers.
MOST_LOOKS = 8 ** 3
#: What a chart of more than eight players says under it, and of more than ``MOST_LOOKS``.
LOOKS_NOTE = N_("With more than eight players colours repeat: each player is told by colour, "
                "line style and marker together.")
LOOKS_SHARED = N_("Beyond {most} players, players share a look: their figures are in the "
                  "table under the chart.")


def _look(index: int) -> tuple[str, str, str]:
    """A player's colour, line style and marker: up to eight players differ in each of the
    three, and no two of the first ``MOST_LOOKS`` are alike in all three (the index's digits
    in base 8, ``a + 8b + 64c``, give colour a, line style a + b and marker a + 2b + c, from
    which a, b and c are read back)."""
    size = len(COLOURS)  # as many of each
    a, b, c = index % size, index // size % size, index // size ** 2 % size
    return COLOURS[a], DASHES[(a + b) % size], MARKERS[(a + 2 * b + c) % size]


def _looks_notes(players: int, _: Callable[[str], str]) -> Iterator[str]:
    if players > len(COLOURS):
        yield f'<p class="looks">{escape(_(LOOKS_NOTE))}</p>'
    if players > MOST_LOOKS:
        yield f'<p class="looks">{escape(_(LOOKS_SHARED).format(most=MOST_LOOKS))}</p>'



def chart_svg(group: Group, _: Callable[[str], str], width: int = WIDE) -> str:
    """The SVG of the group's points over the season, ``width`` units wide."""
    totals = group.totals()
    players = list(totals)
    n = len(group.season)
    c = draw.chart([totals[p] for p in players], None, width)
    left, right, bottom = c.left, c.left + c.plot_width, c.top + c.plot_height + 20
    kind = "wide" if width == WIDE else "narrow"
    out = [f'<svg class="chart {kind}" viewBox="0 0 {c.width} {c.height}" role="img" '
           f'aria-label="{escape(_(N_("Points for, added up game after game")))}">']
    for value, y in c.ticks:
        out.append(f'<line class="grid" x1="{left}" x2="{right}" y1="{number(y)}" '
                   f'y2="{number(y)}"/><text class="tick" x="{left - 6}" y="{number(y + 4)}" '
                   f'text-anchor="end">{value}</text>')
    for i in range(0, n + 1, n // (12 * width // WIDE) + 1):
        out.append(f'<text class="tick" x="{number(c.x(i, n))}" y="{bottom}" '
                   f'text-anchor="middle">{i if i else escape(_(N_("start")))}</text>')
    for index, player in enumerate(players):
        colour, dash, kind = _look(index)
        style = f' stroke-dasharray="{dash}"' if dash else ""
        for run in draw.segments(totals[player]):
            points = "".join(f"{number(c.x(i, n))},{number(c.y(v))} " for i, v in run)
            out.append(f'<polyline class="series" points="{points}" stroke="{colour}"'
                       f'{style}/>')
        for position, (point, total) in enumerate(zip(group.season, totals[player],
                                                      strict=True), start=1):
            if total is None or player not in point.points:
                continue
            title = _(N_("{player}: {total} after game {number} ({where})")).format(
                player=player, total=total, number=position, where=_where(point.file,
                                                                          point.game, _))
            out.append(f"<g><title>{escape(title)}</title>"
                       + marker(kind, c.x(position, n), c.y(total), colour) + "</g>")
    out.append("</svg>")
    return "\n".join(out)


def _where(file: str, game: int, _: Callable[[str], str]) -> str:
    return _(N_("{path}, game {game}")).format(path=file, game=game)


def _legend(group: Group) -> Iterator[str]:
    yield '<ul class="legend">'
    for index, player in enumerate(group.totals()):
        colour, dash, kind = _look(index)
        style = f' stroke-dasharray="{dash}"' if dash else ""
        yield (f'<li><svg width="40" height="12" aria-hidden="true"><line x1="2" x2="38" '
               f'y1="6" y2="6" stroke="{colour}" stroke-width="2.5"{style}/>'
               f'{marker(kind, 20, 6, colour)}</svg> {escape(player)}</li>')
    yield "</ul>"


def _chart_table(group: Group, _: Callable[[str], str]) -> Iterator[str]:
    totals = group.totals()
    yield (f"<details><summary>{escape(_(N_('The chart as a table')))}</summary>"
           '<div class="scroll"><table>')
    # Each piece escaped, then joined as text: a ``Markup`` added to a string escapes it.
    head = [escape("#"), escape(_(N_("date"))), escape(_(N_("game"))),
            *(escape(p) for p in totals)]
    yield "<thead><tr>" + "".join(f'<th scope="col">{h}</th>' for h in head) + "</tr></thead>"
    yield "<tbody>"
    for at, point in enumerate(group.season):
        cells = "".join(f"<td>{'?' if s[at] is None else s[at]}</td>" for s in totals.values())
        yield (f"<tr><td>{at + 1}</td><td>{escape(point.date or '')}</td>"
               f"<td>{escape(_where(point.file, point.game, _))}</td>{cells}</tr>")
    yield "</tbody></table></div></details>"


def _aliases(group: Group, _: Callable[[str], str]) -> Iterator[str]:
    """``Elena also written Elana (aliases)``: each player counted under other spellings, as
    the text output says it."""
    for row in group.rows:
        if row.also:
            words = _(N_("{player} also written {spellings} (aliases)")).format(
                player=row.player, spellings=", ".join(row.also))
            yield f'<p class="aliases">{escape(words)}</p>'


def _group(group: Group, by: str | None, lang: str) -> Iterator[str]:
    _ = translator(lang)
    yield "<section>"
    if by is not None:
        heading = {"event": N_("event"), "date": N_("date"), "file": N_("file")}[by]
        key = group.key if group.key is not None else _(N_("(none)"))
        yield f"<h2>{escape(_(heading))}: {escape(key)}</h2>"
    if group.rows:
        yield '<div class="scroll"><table><thead><tr>' + "".join(
            f'<th scope="col">{escape(h)}</th>' for h in headings(lang)) + "</tr></thead><tbody>"
        for row in group.rows:
            yield (f'<tr><th scope="row"><span>{escape(row.player)}</span></th>'
                   + "".join(f"<td>{escape(cell(row, key))}</td>" for key, _w in COLUMNS)
                   + "</tr>")
        yield "</tbody></table></div>"
        yield from _aliases(group, _)
    else:
        yield f"<p>{escape(_(N_('no game counted')))}</p>"
    for title, games, excluded in (
            (N_("in progress, not counted:"), group.in_progress, False),
            (N_("left out for their errors (--include-invalid counts them):"), group.excluded,
             True)):
        if games:
            yield f"<p>{escape(_(title))}</p><ul>" + "".join(
                f"<li>{escape(apart_line(g, lang, excluded).strip())}</li>" for g in games
            ) + "</ul>"
    if group.season:
        yield f"<figure>{chart_svg(group, _)}{chart_svg(group, _, NARROW)}<figcaption>"
        yield escape(_(N_("Points for, added up game after game")))
        yield from _legend(group)
        yield from _looks_notes(len(group.totals()), _)
        yield "</figcaption></figure>"
        yield from _chart_table(group, _)
    yield "</section>"


def standings_html(standings: Standings, lang: str = "en") -> str:
    """The page of ``standings``, in ``lang``."""
    _ = translator(lang)
    title = escape(_(N_("Standings")))
    parts = [
        "<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_policy()}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        f"<h1>{title}</h1>", f"<p>{escape(summary(standings, lang))}</p>",
    ]
    for group in standings.groups:
        parts += _group(group, standings.by, lang)
    if standings.no_game:
        parts.append(f"<p>{escape(_(N_('files that gave no game:')))}</p><ul>" + "".join(
            f"<li>{escape(no_game_line(file, lang))}</li>" for file in standings.no_game)
            + "</ul>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)
