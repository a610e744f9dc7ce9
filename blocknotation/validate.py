"""The whole pipeline for one file: decode, parse, replay, and collect the report."""

from __future__ import annotations

from collections.abc import Collection

from .diagnostics import Diagnostic
from .engine import replay
from .parse import parse_bytes
from .report import FileReport
from .source import context_lines


def validate_bytes(data: bytes, path: str) -> FileReport:
    """Check a record file's bytes: every diagnostic, and the recomputed games."""
    result = parse_bytes(data)
    engine_diagnostics, games = replay(result)
    diagnostics = sorted(
        (*result.diagnostics, *engine_diagnostics), key=lambda d: (d.line, d.column, d.code)
    )
    context = context_lines(data, {d.line for d in result.diagnostics})
    return FileReport(path, tuple(diagnostics), games, context)


def matches(code: str, patterns: Collection[str]) -> bool:
    """True when ``code`` is one of ``patterns`` or starts with one (``P4`` matches P405)."""
    return any(code.startswith(p) for p in patterns)


def select(
    report: FileReport, select: Collection[str] = (), ignore: Collection[str] = ()
) -> FileReport:
    """The report with only the selected and not ignored codes (as ``--select``/``--ignore``)."""
    kept: list[Diagnostic] = [
        d
        for d in report.diagnostics
        if (not select or matches(d.code, select)) and not matches(d.code, ignore)
    ]
    if len(kept) == len(report.diagnostics):
        return report
    return FileReport(report.path, tuple(kept), report.games, report.context)
