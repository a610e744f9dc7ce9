"""``validate --format html``: one self-contained page that shows every file's verdict,
diagnostics and record, every game's score chart and every hand's chain, with a
step-by-step replay.

The page references nothing outside itself: its CSS, its script and the faces of the tiles
(SVG symbols) are written into it.  It is written a part at a time (``PageWriter``): a
file's games as they are validated, into a spool, then the file's verdict and diagnostics,
its games, and its record.  So memory stays flat however long the record, and the page
costs about what the record costs: each hand gives its words as HTML and its moves, deals
and shows as data (``hand.py``), a game its totals as a table, and the record is written
once, as text; the script (``templates/report.js``) draws the chains, the hands held, the
charts and the numbered lines from them when they come near the screen, are stepped or
printed.  Without the script the page shows each file's verdict, diagnostics and record,
and each game's facts, totals and hands' outcomes.  Everything taken from a record is
escaped (by Jinja2's autoescape, or ``safe.escape`` where a part is written as a string).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ...basics.i18n import translator
from ...notation.source import decode
from . import hand, svg
from .facts import GameFacts
from .model import Context, DiagnosticView, game_view
from .safe import escape, finalize
from .words import words

if TYPE_CHECKING:
    from jinja2 import Environment

    from ...report.values import Piece

#: Lines of the record in each block of text the script numbers as it comes into view.
CHUNK = 200
TEMPLATES = Path(__file__).resolve().parent / "templates"
_SPOOL_CHARS = 4 << 20

#: Players' colours on white (each passes WCAG AA for text, 4.5:1) and line styles, so that
#: players are told apart without colour too.
COLOURS = ("#1b5e9e", "#a13d00", "#2b6e2b", "#7b2d8e")
DASHES = ("", "8 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")

#: A game chunk as the page is given it: its games as written (each with its first line),
#: and its piece of the file's report.
Chunk = tuple[Sequence[tuple[int, GameFacts]], "Piece"]


@dataclass(frozen=True, slots=True)
class FileShown:
    """What the page said of one file: its path and counts (they give the exit status)."""

    anchor: str
    path: str
    errors: int
    warnings: int
    diagnostics: tuple[DiagnosticView, ...]
    games: int


class PageWriter:
    """Writes the page to ``out``: ``file`` for each file, then ``close``."""

    def __init__(self, out: IO[str], lang: str = "en") -> None:
        self.out, self.lang, self.words = out, lang, words(lang)
        self.files: list[FileShown] = []
        css, js = _style(), _script()
        out.write(str(_macros("report.html.j2").head(
            self.words, lang, policy(css, js), _markup(css), _markup(js), svg.symbols())))

    def file(self, path: str, data: bytes, chunks: Iterable[Chunk]) -> FileShown:
        """Write one file's part: its ``chunks`` validated, then its record."""
        macros = _macros("macros.html.j2")
        text = decode(data).text
        lines = text.split("\n") if text is not None else []
        if lines and lines[-1] == "":
            lines.pop()
        ctx = Context(f"f{len(self.files) + 1}", lines, self.lang, translator(self.lang),
                      self.words)
        views: list[DiagnosticView] = []
        errors = warnings = games = 0
        with tempfile.SpooledTemporaryFile(_SPOOL_CHARS, mode="w+", encoding="utf-8",
                                           newline="") as spool:
            for facts, piece in chunks:
                for d in piece.diagnostics:
                    view = ctx.view(d)
                    views.append(view)
                    ctx.views.setdefault(view.line, []).append(view)
                    errors, warnings = errors + d.is_error, warnings + (not d.is_error)
                by_line = dict(facts)
                for result in piece.games:
                    spool.write(str(macros.game(
                        game_view(ctx, by_line.get(result.line), result), self.words, hand)))
                    games += 1
            shown = FileShown(ctx.prefix, path, errors, warnings, tuple(views), games)
            page = _macros("report.html.j2")
            self.out.write(str(page.file_head(shown, self.words)))
            spool.seek(0)
            shutil.copyfileobj(spool, self.out)
        self.out.write(str(page.record_head(shown, self.words, CHUNK)))
        for start in range(0, len(lines), CHUNK):
            # A newline first: the one the parser drops after <pre> (the first line may be
            # empty).
            text = "\n".join(escape(line) for line in lines[start:start + CHUNK])
            self.out.write(f'<pre class="src" id="{ctx.prefix}-c{start // CHUNK}" '
                           f'data-start="{start + 1}">\n{text}</pre>\n')
        self.out.write(str(page.file_tail()))
        self.files.append(shown)
        return shown

    def close(self) -> None:
        """Write the end of the page."""
        self.out.write(str(_macros("report.html.j2").tail(self.words, len(COLOURS))))


def policy(css: str, js: str) -> str:
    """The page's Content-Security-Policy: nothing may load, and only its own style and
    script, by their hashes, may run (an element or attribute from a record that autoescape
    let through could do nothing)."""
    return (f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(js)}'; "
            "img-src data:; base-uri 'none'; form-action 'none'")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


@cache
def _style() -> str:
    """The page's CSS: the stylesheet, and each player's colour and line style in the
    charts (from ``COLOURS`` and ``DASHES``, the one list of them)."""
    players = "".join(
        f".series.p{i} {{ stroke: {colour};"
        + (f" stroke-dasharray: {dash};" if dash else "")
        + f" }}\n.mark.p{i} {{ fill: {colour}; }}\n"
        for i, (colour, dash) in enumerate(zip(COLOURS, DASHES, strict=True)))
    return "\n" + _asset("report.css") + players


@cache
def _script() -> str:
    return "\n" + _asset("report.js")


def _markup(text: str) -> Any:
    from markupsafe import Markup

    return Markup(text)


@cache
def _asset(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def _macros(name: str) -> Any:
    """The macros of template ``name``, as callables that return markup."""
    return _environment().get_template(name).module


@cache
def _environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      finalize=finalize)
    return env
