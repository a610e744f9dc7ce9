"""Validation reports as compiler-style text: one line per diagnostic, then a summary."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from ..basics.diagnostics import N_, printable
from ..basics.i18n import plural, translator
from ..report.values import FileReport, Piece, Rendered, Tally


def piece_lines(piece: Piece, path: str, lang: str = "en", color: bool = False) -> Iterator[str]:
    """``path:line:col: severity CODE message`` lines, source and caret for syntax errors."""
    translate = translator(lang)
    shown_path = printable(path)
    for d in piece.diagnostics:
        severity = translate(d.severity)
        if color:
            shade = "\x1b[1;31m" if d.is_error else "\x1b[1;33m"
            severity = f"{shade}{severity}\x1b[0m"
        yield f"{shown_path}:{d.line}:{d.column}: {severity} {d.code} {d.message.render(translate)}"
        source = piece.context.get(d.line)
        if source is not None and d.code.startswith("S"):
            yield from _caret(source, d.column)


def render_piece(piece: Piece, path: str, lang: str = "en", color: bool = False) -> Rendered:
    """A piece's lines (``piece_lines``) and counts, for the runner to write."""
    return Rendered(Tally().add(piece), tuple(piece_lines(piece, path, lang, color)))


def _caret(source: str, column: int) -> Iterator[str]:
    # Keep the caret under the right character: escape invisible characters one by one, and
    # count the columns a terminal gives each character (two for a wide one, as in CJK).
    before = printable(source[: column - 1].expandtabs(1))
    shown = before + printable(source[column - 1 :].expandtabs(1))
    caret_at = len(before)
    if len(shown) > 120:
        start = max(0, caret_at - 60)
        shown, caret_at = shown[start : start + 120], caret_at - start
    yield f"  {shown}"
    yield "  " + " " * _width(shown[:caret_at]) + "^"


def _width(text: str) -> int:
    """Terminal columns of ``text``: wide and fullwidth characters take two, combining marks
    none."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def report_lines(report: FileReport, lang: str = "en", color: bool = False) -> Iterator[str]:
    """Every line of a whole file's report, its summary last."""
    piece = Piece(report.games, report.diagnostics, report.context)
    yield from piece_lines(piece, report.path, lang, color)
    yield summary_line(report.path, Tally().add(piece), lang)


def summary_line(path: str, tally: Tally, lang: str = "en") -> str:
    """``club.txt: 1 game, 4 hands, 1 error, 0 warnings``."""
    parts = [
        plural(lang, "{n} game", "{n} games", tally.games).format(n=tally.games),
        plural(lang, "{n} hand", "{n} hands", tally.hands).format(n=tally.hands),
        plural(lang, "{n} error", "{n} errors", tally.errors).format(n=tally.errors),
        plural(lang, "{n} warning", "{n} warnings", tally.warnings).format(n=tally.warnings),
    ]
    if tally.suppressed:
        parts.append(translator(lang)(N_("{n} suppressed")).format(n=tally.suppressed))
    return f"{printable(path)}: " + ", ".join(parts)
