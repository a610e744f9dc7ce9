"""A hand's section of the HTML report, written as a string (a page may hold thousands of
hands; a template call for each costs more than the rest of the hand).

The section holds its words as HTML (the header, the opener, the outcome, the hand's own
diagnostics) and its moves, deals and shows as data (``data-l``, ``data-m``, ``data-d``,
``data-s``: ``model.HandView``), from which the script draws the chain, what each player
held and the replay's controls when the hand comes near the screen (``templates/report.js``).
So a hand costs the page about what it costs the record.  Every text is escaped here
(``markupsafe.escape``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from .model import DiagnosticView, HandView
from .safe import escape


def diagnostic(d: DiagnosticView, words: Mapping[str, str], link: bool = True) -> str:
    """A diagnostic's code, severity, link to its line (if it has one) and message."""
    where = (f' <a href="#{d.anchor}">{escape(words["line"].format(line=d.line))}</a>'
             if link and d.anchor else "")
    if d.place:
        where += f' <span class="place">({escape(d.place)})</span>'
    return (f'<span class="code">{escape(d.code)}</span> <span class="sev">'
            f'{escape(words[d.severity])}</span>{where}: <span class="msg">'
            f"{escape(d.message)}</span>")


def hand_html(h: HandView, words: Mapping[str, str]) -> Markup:
    """The section of hand ``h``."""
    w = words
    opener = h.opener if h.opener else w["unknown"]
    stops = (f'<p class="note">{escape(w["chain_stops"].format(line=h.stops_at))}</p>\n'
             if h.stops_at else "")
    extra = f' data-n="{escape(" ".join(h.extra))}"' if h.extra else ""
    replayed = "" if h.replayed else ' data-r="0"'
    replayed += f' data-a="{h.mistakes}"' if h.mistakes else ""
    out = [
        f'<section class="hand" id="{h.anchor}" data-l="{_runs(h.moves)}" '
        f'data-m="{h.tokens}" data-d="{h.deals}" data-s="{h.shows}"{extra}{replayed} '
        f'data-span="{h.span[0]} {h.span[1]}">\n'
        f'<h4>{escape(w["hand"].format(game=h.game, number=h.number))}</h4>\n'
        f'<p class="opener">{escape(w["opener"])}: {escape(opener)}</p>\n{stops}'
        f'<div class="outcome">\n<p class="sum">'
        + "\n".join(str(escape(line)) for line in h.summary) + "</p>\n",
    ]
    out += (f'<p class="diag {d.severity}">{diagnostic(d, w)}</p>\n' for d in h.diagnostics)
    out.append("</div>\n</section>\n")
    return Markup("".join(out))


def _runs(lines: Sequence[int]) -> str:
    """Line numbers in runs: ``9-24 26`` for lines 9 to 24 and 26."""
    runs: list[list[int]] = []
    for line in lines:
        if runs and line == runs[-1][1] + 1:
            runs[-1][1] = line
        else:
            runs.append([line, line])
    return " ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
