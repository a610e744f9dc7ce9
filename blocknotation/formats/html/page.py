"""``validate --format html``: one self-contained page that shows every file's verdict,
diagnostics and numbered record, every game's score chart and every hand's chain, with a
step-by-step replay.

The page references nothing outside itself: its CSS, its small script and its drawings
(inline SVG) are written into it.  Without the script it shows each hand's final position,
and it prints one hand per page.  Everything taken from a record is escaped (by Jinja2's
autoescape, or ``markupsafe.escape`` where a part is written as a string: ``chart``,
``hand``, ``svg``); the script reads only numbers and the page's own text.

A hand's drawings and a game's chart are written inside ``<noscript>`` (``svg``,
``chart``): a browser without script shows them as they are, and the script draws them
when the hand or game comes near the screen, is stepped or printed, so that a page of
thousands of hands opens quickly.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...basics.i18n import translator
from ...reading.source import decode
from . import hand, svg
from .chart import number
from .facts import GameFacts
from .model import Context, DiagnosticView, GameView, game_view
from .safe import finalize
from .words import words

if TYPE_CHECKING:
    from jinja2 import Environment

    from ...report.values import FileReport

CHUNK = 200
TEMPLATES = Path(__file__).resolve().parent / "templates"

#: Players' colours on white (each passes WCAG AA for text, 4.5:1) and line styles, so that
#: players are told apart without colour too.
COLOURS = ("#1b5e9e", "#a13d00", "#2b6e2b", "#7b2d8e")
DASHES = ("", "8 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True, slots=True)
class FileView:
    anchor: str
    path: str
    errors: int
    warnings: int
    diagnostics: tuple[DiagnosticView, ...]
    lines: tuple[str, ...]
    notes: dict[int, list[DiagnosticView]]
    games: tuple[GameView, ...]

    @property
    def chunks(self) -> list[tuple[int, tuple[str, ...]]]:
        """The numbered lines in runs of ``CHUNK`` (first line number, lines): the browser
        lays out only the runs in view."""
        return [(start + 1, self.lines[start:start + CHUNK])
                for start in range(0, len(self.lines), CHUNK)]


def file_view(index: int, path: str, data: bytes, report: FileReport,
              games: Sequence[tuple[int, GameFacts]], lang: str) -> FileView:
    """What one file's part of the page shows: its ``report``, and its ``games`` as written
    (each with its first line)."""
    text = decode(data).text
    lines = tuple(text.split("\n")) if text is not None else ()
    if lines and lines[-1] == "":
        lines = lines[:-1]
    ctx = Context(f"f{index}", lines, lang, translator(lang), words(lang))
    views = tuple(ctx.view(d) for d in report.diagnostics)
    for view in views:
        ctx.views.setdefault(view.line, []).append(view)
    by_line = dict(games)
    shown = tuple(game_view(ctx, by_line.get(g.line), g) for g in report.games)
    return FileView(ctx.prefix, path, report.errors, report.warnings, views, lines, ctx.views,
                    shown)


def html_page(views: Sequence[FileView], lang: str = "en") -> str:
    """The page showing ``views`` (``file_view``), in language ``lang``."""
    from markupsafe import Markup

    template = _environment().get_template("report.html.j2")
    css, js = _style(views), _script()
    return template.render(
        files=views, w=words(lang), lang=lang, hands=hand, svg=svg, colours=COLOURS,
        dashes=DASHES, markers=MARKERS, css=Markup(css), js=Markup(js), csp=policy(css, js),
    )


def policy(css: str, js: str) -> str:
    """The page's Content-Security-Policy: nothing may load, and only its own style and
    script, by their hashes, may run (an element or attribute from a record that autoescape
    let through could do nothing)."""
    return (f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(js)}'; "
            "img-src data:; base-uri 'none'; form-action 'none'")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _style(views: Sequence[FileView]) -> str:
    """The page's CSS: the stylesheet, and the height each run of numbered lines takes
    before it is laid out (``content-visibility``), one rule for each length of run."""
    sizes = sorted({len(part) for view in views for _, part in view.chunks})
    rules = "".join(f"ol.lines.n{n} {{ contain-intrinsic-size: auto {n * 20}px; }}\n"
                    for n in sizes)
    return "\n" + _asset("report.css") + rules


def _script() -> str:
    return "\n" + _asset("report.js")


@cache
def _asset(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


@cache
def _environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      finalize=finalize)
    env.filters["num"] = number
    return env
