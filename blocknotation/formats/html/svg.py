"""The faces of the HTML report's tiles, as SVG symbols written once per page.

Each face a tile can show is drawn once, as a ``<symbol>`` (``symbols``): ``bn-H{a}{b}`` a
lying tile with ``a`` on the left, ``bn-S{a}{b}`` a standing tile with ``a`` on top (a
player's tile, or a double lying crosswise in the chain), ``bn-back`` a tile face down.  The
script (``templates/report.js``) draws every tile of the page as a ``<use>`` of one of them.
"""

from __future__ import annotations

from markupsafe import Markup

from . import draw

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
