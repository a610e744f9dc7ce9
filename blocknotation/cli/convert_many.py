"""``blocknot convert DIR|GLOB -o OUTDIR``: convert every record of a directory tree or glob.

Text records (``*.block``, ``*.block.gz``) become ``.block.json`` files, which a directory
search finds again (``inputs.DEFAULT_INCLUDE``), and JSON records (``*.block.json``, and any
other ``*.json``) become ``.block`` files, under OUTDIR at the same relative path.  A record that
cannot be read (a dangling link, a FIFO, damaged gzip data) is reported on standard error and
skipped, and the others are still converted.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..basics.diagnostics import N_, Message, printable
from .common import cannot_read_line
from .inputs import DEFAULT_INCLUDE, Filters, InputProblem, as_text, expand, open_input
from .output import say

if TYPE_CHECKING:
    from ..basics.diagnostics import Diagnostic

GLOB_CHARACTERS = frozenset("*?[")


def is_many(argument: str) -> bool:
    """Whether ``convert``'s argument names several records: a directory or a glob."""
    return os.path.isdir(argument) or (not os.path.exists(argument)
                                       and bool(GLOB_CHARACTERS & set(argument)))


def output_name(path: str, root: str, data_is_json: bool) -> str:
    """Where the conversion of ``path`` goes, relative to the output directory."""
    relative = os.path.relpath(path, root)
    if relative.startswith(os.pardir):
        relative = os.path.basename(path)
    for suffix in (".gz", ".json", ".block", ".txt"):
        relative = relative.removesuffix(suffix)
    return relative + (".block" if data_is_json else ".block.json")


def convert_many(argument: str, target: str | None, output: str | None, lang: str) -> int:
    """Convert every record found; the exit status: 2 when a file could not be read, else 1
    when one could not be converted."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.convert import convert_bytes, looks_like_json

    if output is None:
        raise InputProblem(Message(N_("converting a directory or a glob needs -o OUTDIR")))
    include: Sequence[str] = (*DEFAULT_INCLUDE, "*.json")
    root = argument if os.path.isdir(argument) else os.curdir
    status = 0
    for path in expand([argument], Filters(tuple(include))):
        try:
            with open_input(path) as raw:
                data = as_text(raw).read(MAX_INPUT_BYTES + 1)
        except OSError as error:  # a dangling link, a FIFO, damaged gzip data: skipped
            say(cannot_read_line(printable(path), error, lang))
            status = 2
            continue
        if len(data) > MAX_INPUT_BYTES:
            sys.stderr.write(f"blocknot: {path} is too large to convert with others; "
                             "convert it alone\n")
            status = max(status, 1)
            continue
        text, diagnostics = convert_bytes(data, target)
        if text is None:
            _report(path, data, diagnostics, lang)
            status = max(status, 1)
            continue
        destination = os.path.join(output, output_name(path, root, looks_like_json(data)))
        os.makedirs(os.path.dirname(destination) or ".", exist_ok=True)
        with open(destination, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    return status


def _report(path: str, data: bytes, diagnostics: Sequence[Diagnostic], lang: str) -> None:
    from ..formats.reports.report_text import report_lines
    from ..reading.source import context_lines
    from ..report.values import FileReport

    found = tuple(diagnostics)
    report = FileReport(path, found, (), context_lines(data, {d.line for d in found}))
    lines = list(report_lines(report, lang))[:-1]
    sys.stderr.write("".join(f"{line}\n" for line in lines))
