"""A hand's section of the HTML report, written as a string (a page may hold thousands of
hands; a template call for each costs more than the rest of the hand).

The section holds what the replay script needs (``data-moves``, ``data-step``, ``data-file``,
``data-lines``), the opener, the chain (``svg.chain_svg``), each player's tiles
(``svg.held_svg``), the outcome and the hand's own diagnostics.  Every text is escaped
here (``markupsafe.escape``).
"""

from __future__ import annotations

from collections.abc import Mapping

from markupsafe import Markup

from . import svg
from .model import DiagnosticView, HandView, Holder
from .safe import escape


def diagnostic(d: DiagnosticView, words: Mapping[str, str], link: bool = True) -> str:
    """A diagnostic's code, severity, link to its line (if it has one) and message."""
    where = (f' <a href="#{d.anchor}">{escape(words["line"].format(line=d.line))}</a>'
             if link and d.anchor else "")
    if d.place:
        where += f' <span class="place">({escape(d.place)})</span>'
    return (f'<span class="code">{escape(d.code)}</span> <span class="sev">'
            f"{escape(words[d.severity])}</span>{where}: {escape(d.message)}")


def hand_html(h: HandView, file: str, words: Mapping[str, str]) -> Markup:
    """The section of hand ``h`` of the file whose anchor is ``file``."""
    w, n = words, len(h.moves)
    opener = h.opener if h.opener else w["unknown"]
    chain = (str(svg.chain_svg(h, w["chain"])) if h.tiles
             else f"<p>{escape(w['no_chain'])}</p>")
    stops = (f'<p class="note">{escape(w["chain_stops"].format(line=h.stops_at))}</p>'
             if h.stops_at else "")
    out = [
        f'<section class="hand" id="{h.anchor}" data-moves="{n}" data-step="{n}" '
        f'data-file="{file}" data-lines="{" ".join(map(str, h.moves))}" tabindex="0" '
        f'aria-labelledby="{h.anchor}-t">\n'
        f'<h4 id="{h.anchor}-t">{escape(w["hand"].format(game=h.game, number=h.number))}'
        "</h4>\n"
        f'<p class="opener">{escape(w["opener"])}: {escape(opener)}</p>\n'
        f'<p class="now" aria-live="polite"></p>\n'
        f'<figure class="chain">\n<figcaption>{escape(w["chain"])}</figcaption>\n'
        f"{chain}{stops}</figure>\n<h5>{escape(w['hands'])}</h5>\n"
        f'<ul class="holders">\n',
    ]
    out += (_holder(p, w) for p in h.holders)
    out.append(f'</ul>\n<div class="outcome">\n<h5>{escape(w["outcome"])}</h5>\n')
    out += (f"<p>{escape(line)}</p>\n" for line in h.summary)
    out += (f'<p class="diag {d.severity}">{diagnostic(d, w)}</p>\n' for d in h.diagnostics)
    out.append("</div>\n</section>\n")
    return Markup("".join(out))


def _holder(p: Holder, w: Mapping[str, str]) -> str:
    """A player's line: name, whether the deal was recorded, tiles, tiles shown."""
    text = f'<li><span class="who">{escape(p.name)}</span>'
    if not p.known:
        text += f' <span class="nr">({escape(w["not_recorded"])})</span>'
    if p.tiles:
        text += str(svg.held_svg(p))
    if p.shown is not None:
        shown = "".join(f"[{a}|{b}] " for a, b in p.shown) or escape(w["nothing"])
        text += f'<span class="shown">{escape(w["shown"])}: {shown}</span>'
    return text + "</li>\n"
