"""The options of ``validate`` that fit it into linters' ecosystems, kept apart:
the format by default (GitHub annotations inside GitHub Actions), colour, the report's
destination, and the machine formats run game by game (``gamewise.py``)."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:  # the machine formats' modules load only when one is asked for
    from ..report.values import Tally
    from .gamewise import ReportInput, ReportSink
    from .validate import Options

#: Formats written game by game by ``gamewise.run``.
MACHINE_FORMATS = ("jsonl", "github", "sarif", "junit")


def default_format(fmt: str | None) -> str:
    """``--format`` as given; else ``github`` inside GitHub Actions, ``text`` elsewhere."""
    if fmt is not None:
        return fmt
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def use_color(color: str, no_color: bool, output_file: str | None) -> bool:
    """``--color always|never|auto``: auto means on a terminal that can show colours
    (``TERM`` is not ``dumb``), unless ``NO_COLOR`` is set to a non-empty value
    (no-color.org) or the report goes to a file."""
    if no_color or color == "never":
        return False
    if color == "always":
        return True
    if output_file not in (None, "-"):
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    from .output import stdout_is_terminal

    return stdout_is_terminal()


class CannotWrite(Exception):
    """The report's file cannot be opened for writing; the message says which and why."""


@contextmanager
def report_stream(path: str | None) -> Iterator[IO[str]]:
    """The report's text stream (UTF-8, LF): ``--output-file PATH`` or standard output.

    Both are guarded (``output.py``): a failed write is one line naming the output and
    exit 2, and a file is written whole or not at all (through a temporary file)."""
    from .output import output_file, text_stdout

    if path is None or path == "-":
        out = text_stdout()
        try:
            yield out
        finally:
            out.flush()
            out.detach()  # leave standard output open for whoever called us
        return
    with output_file(path) as binary:
        text = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")
        try:
            yield text
        finally:
            text.flush()
            text.detach()


def sink_for(fmt: str, out: IO[str], lang: str, statistics: bool, quiet: bool,
             help_uri: str | None = None) -> ReportSink:
    if statistics:
        from ..formats.reports.statistics import StatisticsSink

        return StatisticsSink(out, lang, as_json=fmt == "json", as_lines=fmt == "jsonl")
    if fmt == "jsonl":
        from ..formats.reports.jsonl import JsonLinesSink

        return JsonLinesSink(out, lang, quiet)
    if fmt == "github":
        from ..formats.reports.github import GithubSink

        return GithubSink(out, lang)
    if fmt == "sarif":
        from ..formats.reports.sarif import SarifSink

        return SarifSink(out, lang, help_uri)
    from ..formats.reports.junit import JunitSink

    return JunitSink(out, lang)


def run_gamewise(sources: Sequence[ReportInput], sink: ReportSink, stdin: BinaryIO, lang: str
                 ) -> tuple[list[Tally], bool]:
    from .gamewise import run

    return run(sources, sink, stdin, lang)


def run_machine(files: Sequence[str], options: Options, out: IO[str], statistics: bool,
                stdin: BinaryIO) -> int:
    """The machine formats and ``--statistics``: a game at a time (``gamewise.py``); the
    exit status (2 when a file could not be read whole)."""
    from .gamewise import ReportInput
    from .validate import display_name

    sink = sink_for(options.fmt, out, options.lang, statistics, options.quiet,
                    options.help_uri)
    sources = [ReportInput(display_name(path, options.stdin_name), path,
                           options.selection_of(index))
               for index, path in enumerate(files)]
    tallies, unreadable = run_gamewise(sources, sink, stdin, options.lang)
    if unreadable:
        return 2
    return int(any(t.errors or (options.strict and t.warnings) for t in tallies))
