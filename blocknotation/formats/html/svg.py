"""The SVG of the HTML report's tiles, written as strings (a page may hold thousands of tiles,
so they are not rendered one template call at a time).

Each face a tile can show is drawn once, as a ``<symbol>`` (``symbols``): ``bn-H{a}{b}`` a
lying tile with ``a`` on the left, ``bn-S{a}{b}`` a standing tile with ``a`` on top (a
player's tile, or a double lying crosswise in the chain), ``bn-back`` a tile face down.  A tile on
the page is a ``<use>`` of one of them.  Every text is escaped (``markupsafe.escape``): the
tooltips by ``model``, which writes them as HTML, the rest here.

A hand's drawings are written inside ``<noscript>``: without script the browser shows them as
they are (each hand's final position); with script it reads them as text, which is much
quicker than building thousands of SVG elements, and the script (``templates/report.js``)
turns a hand's drawings into elements when the hand comes near the screen, is stepped, or
the page is printed.  A page of thousands of hands so opens in a fraction of the time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from . import draw
from .chart import chart_svg as chart_svg
from .model import DiagnosticView, HandView, Holder
from .safe import escape

_STROKE = 'fill="#fffdf5" stroke="#1a1a1a" stroke-width="1.2"'
_BACK = 'fill="#3b4a6b" stroke="#1a1a1a" stroke-width="1.2"'


def _pips(value: int, standing: bool, dx: float, dy: float) -> str:
    """The pips of a half as one path of circles (one element, however many pips)."""
    return "".join(f"M{x + dx - 2.1:g} {y + dy:g}a2.1 2.1 0 1 0 4.2 0a2.1 2.1 0 1 0 -4.2 0"
                   for x, y in draw.pips(value, standing))


def _symbol(name: str, width: int, height: int, body: str) -> str:
    return (f'<symbol id="bn-{name}" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}">{body}</symbol>')


def symbols() -> Markup:
    """Every face, once: lying tiles, crosswise doubles, standing tiles, the back."""
    parts = []
    half = draw.HALF
    for a in range(7):
        for b in range(7):
            # The face, then the dividing line and the pips in one filled path.
            lying = (f'<rect width="{2 * half}" height="{half}" rx="3" {_STROKE}/><path d="'
                     f'M{half - 0.5} 3h1v{half - 6}h-1z' + _pips(a, False, 0, 0)
                     + _pips(b, False, half, 0) + '"/>')
            standing = (f'<rect width="{half}" height="{2 * half}" rx="3" {_STROKE}/><path d="'
                        f'M3 {half - 0.5}h{half - 6}v1h-{half - 6}z' + _pips(a, True, 0, 0)
                        + _pips(b, True, 0, half) + '"/>')
            if a != b:
                parts.append(_symbol(f"H{a}{b}", 2 * half, half, lying))
            parts.append(_symbol(f"S{a}{b}", half, 2 * half, standing))
    parts.append(_symbol("back", half, 2 * half,
                         f'<rect width="{half}" height="{2 * half}" rx="3" {_BACK}/>'))
    return Markup('<g fill="#1a1a1a">' + "".join(parts) + "</g>")


def chain_svg(hand: HandView, label: str) -> Markup:
    """The chain of ``hand`` as the engine laid it: one ``<g class="tile">`` per tile, in
    chain order, with its tooltip (``<title>``) and the move that laid it."""
    tiles = []
    for drawn, title in zip(hand.tiles, hand.tile_titles, strict=True):
        tile = drawn.tile
        face = f"S{tile.a}{tile.a}" if drawn.double else f"H{drawn.first}{drawn.second}"
        tiles.append(
            f'<g class="tile" data-step="{tile.step}" data-a="{tile.a}" data-b="{tile.b}" '
            f'data-line="{tile.line}" data-dir="{"r" if drawn.forward else "l"}">'
            f"<title>{title}</title>"
            f'<use href="#bn-{face}" x="{drawn.x:g}" y="{drawn.y:g}"/></g>')
    return Markup(
        f'<noscript><svg class="chain" viewBox="0 0 {draw.ROW_WIDTH} {hand.height:g}" role="img" '
        f'aria-label="{escape(label)}">' + "".join(tiles) + "</svg></noscript>")


def held_svg(holder: Holder) -> Markup:
    """A player's tiles, standing side by side: played ones marked from their move on, an
    unrecorded deal's tiles face down until played, unknown ones face down throughout."""
    parts = []
    for index, tile in enumerate(holder.tiles):
        x = index * 24 + 2
        when = tile.step or tile.shown_at
        step = f' data-step="{when}"' if when else ""
        title = f"<title>{tile.title}</title>"
        if tile.a is None or tile.b is None:
            parts.append(f'<use class="htile down" href="#bn-back" x="{x}" y="2">{title}</use>')
            continue
        played = " played" if tile.step else ""
        face = (f'<use class="htile{played} face" href="#bn-S{tile.a}{tile.b}" x="{x}" y="2"'
                f"{step}>{title}</use>")
        if not holder.known:
            face += f'<use class="htile back" href="#bn-back" x="{x}" y="2"{step}/>'
        parts.append(face)
    width = len(holder.tiles) * 24
    return Markup(f'<noscript><svg class="held{"" if holder.known else " unknown"}" '
                  f'viewBox="0 0 {width} 44" width="{width}" height="44">'
                  + "".join(parts) + "</svg></noscript>")


def numbered_lines(anchor: str, lines: Sequence[str], first: int,
                   notes: Mapping[int, Sequence[DiagnosticView]],
                   words: Mapping[str, str]) -> Markup:
    """Lines of a record as list items, each with its anchor (``f1-L12``); a line at fault
    is marked and followed by its diagnostics."""
    items = []
    for number, text in enumerate(lines, start=first):
        found = notes.get(number)
        if not found:
            items.append(f'<li id="{anchor}-L{number}"><code>{escape(text)}</code></li>')
            continue
        told = "".join(
            f'<div class="diag {d.severity}"><span class="code">{d.code}</span> '
            f'<span class="sev">{escape(words[d.severity])}</span>: {escape(d.message)}</div>'
            for d in found)
        items.append(f'<li id="{anchor}-L{number}" class="fault"><code>{escape(text)}</code>'
                     f"{told}</li>")
    return Markup("\n".join(items))
