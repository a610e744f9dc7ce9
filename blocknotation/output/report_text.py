"""Validation reports as compiler-style text: one line per diagnostic, then a summary."""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import printable
from ..i18n import plural, translator
from ..report import FileReport


def report_lines(report: FileReport, lang: str = "en", color: bool = False) -> Iterator[str]:
    """``path:line:col: severity CODE message`` lines, source and caret for syntax errors."""
    translate = translator(lang)
    path = printable(report.path)
    for d in report.diagnostics:
        severity = translate(d.severity)
        if color:
            shade = "\x1b[1;31m" if d.is_error else "\x1b[1;33m"
            severity = f"{shade}{severity}\x1b[0m"
        yield f"{path}:{d.line}:{d.column}: {severity} {d.code} {d.message.render(translate)}"
        source = report.context.get(d.line)
        if source is not None and d.code.startswith("S"):
            shown = printable(source.expandtabs(1))
            if len(shown) > 120:
                start = max(0, d.column - 60)
                shown, column = shown[start : start + 120], d.column - start
            else:
                column = d.column
            yield f"  {shown}"
            yield "  " + " " * (column - 1) + "^"
    yield summary_line(report, lang)


def summary_line(report: FileReport, lang: str = "en") -> str:
    """``club.txt: 1 game, 4 hands, 1 error, 0 warnings``."""
    games = len(report.games)
    hands = sum(len(g.hands) for g in report.games)
    parts = [
        plural(lang, "{n} game", "{n} games", games).format(n=games),
        plural(lang, "{n} hand", "{n} hands", hands).format(n=hands),
        plural(lang, "{n} error", "{n} errors", report.errors).format(n=report.errors),
        plural(lang, "{n} warning", "{n} warnings", report.warnings).format(n=report.warnings),
    ]
    return f"{printable(report.path)}: " + ", ".join(parts)
