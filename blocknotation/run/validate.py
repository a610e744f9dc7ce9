"""Running ``blocknot validate`` over files: pieces in, formatted report out.

The command line parses options and calls ``run_validate``; this module opens the files,
streams their pieces (in this process, or in workers with ``--jobs``), writes each piece in
the chosen format as soon as it is ready, shows progress on a terminal, and says whether
any file failed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import IO, TYPE_CHECKING, BinaryIO, cast

from ..basics.diagnostics import printable
from ..basics.interrupts import Terminated
from ..formats.reports.report_text import summary_line, total_line
from ..pipeline import EVERYTHING, Selection, validate_stream
from ..report.values import Rendered, Tally
from .inputs import Input, open_input, unzipped
from .output import say, scratch
from .problems import cannot_read_line
from .progress import Progress
from .render import Render

if TYPE_CHECKING:
    from ..formats.reports.report_json import JsonReport

STDIN = "-"


@dataclass(frozen=True, slots=True)
class Options:
    """What the user asked of ``validate``."""

    fmt: str = "text"
    selection: Selection = EVERYTHING
    strict: bool = False
    lang: str = "en"
    color: bool = False
    jobs: int = 1
    progress: bool | None = None  # None: when standard error is a terminal
    quiet: bool = False  # summaries only for files with diagnostics
    stdin_name: str = "<stdin>"  # --stdin-filename
    selections: tuple[Selection, ...] = ()  # per file (per-file-ignores); else ``selection``
    help_uri: str | None = None  # SARIF's helpUri template (configuration ``help-uri``)
    encoding: str | None = None  # the files are read in it, not in UTF-8 (``--encoding``)

    def selection_of(self, index: int) -> Selection:
        return self.selections[index] if index < len(self.selections) else self.selection


def display_name(path: str, stdin_name: str = "<stdin>") -> str:
    return stdin_name if path == STDIN else path


def _inputs(paths: Sequence[str], stdin: BinaryIO, opened: list[Input]) -> Iterator[Input]:
    """Each file in turn, opened when its turn comes and closed when the next one's does;
    gzip-compressed input is read decompressed (recognised by its magic bytes)."""
    for path in paths:
        if path == STDIN:
            opened.append(unzipped(stdin))
            yield opened[-1]
            continue
        try:
            handle = open_input(path)
        except OSError as error:
            opened.append(Input(None, error))
            yield opened[-1]
            continue
        with handle:
            opened.append(unzipped(handle))
            yield opened[-1]


#: A piece of file ``index``'s report (None: the file ends there), and the file.
Tagged = tuple[int, Rendered | None, Input]


def _tagged_pieces(
    paths: Sequence[str], stdin: BinaryIO, options: Options, opened: list[Input]
) -> Iterator[Tagged]:
    inputs = _inputs(paths, stdin, opened)
    names = tuple(display_name(path, options.stdin_name) for path in paths)
    render = Render(options.fmt, names, options.lang, options.color, not options.quiet)
    if options.jobs == 1:
        for index, source in enumerate(inputs):
            for piece in validate_stream(cast(BinaryIO, source), options.selection_of(index)):
                yield index, render(index, piece), source
            yield index, None, source
        return
    from .parallel import validate_files

    streams = cast(Iterator[BinaryIO], inputs)
    selections = [options.selection_of(index) for index in range(len(paths))]
    for index, rendered in validate_files(streams, selections, options.jobs, render):
        yield index, rendered, opened[index]


class _Feed:
    """Hands out the tagged pieces one file at a time, keeping counts and progress.  A file's
    pieces end at its end, before the next file is read: its report is written whole first
    (an interruption while the next file is read keeps it)."""

    def __init__(self, tagged: Iterator[Tagged], files: int, progress: Progress) -> None:
        self.tagged = tagged
        self.upcoming = next(tagged, None)
        self.tallies = [Tally() for _ in range(files)]
        self.progress = progress

    def pieces(self, index: int, read_before: int) -> Iterator[Rendered]:
        if self.upcoming is not None and self.upcoming[0] < index:  # an earlier file's end
            self.upcoming = next(self.tagged, None)
        while self.upcoming is not None and self.upcoming[0] == index:
            _, piece, source = self.upcoming
            if piece is None:
                return
            self.tallies[index] = self.tallies[index].plus(piece.tally)
            self.progress.read = read_before + source.position
            self.progress.advance(0, piece.tally.games)
            yield piece
            self.upcoming = next(self.tagged, None)


def _size(path: str) -> int:
    try:
        return 0 if path == STDIN else os.path.getsize(path)
    except OSError:
        return 0


def run_validate(paths: Sequence[str], options: Options, out: IO[str],
                 stdin: BinaryIO) -> int:
    """Validate every file and write the report to ``out``; returns the exit status: 2 when
    a file could not be read, else 1 when a file failed, else 0.

    Interrupted (``KeyboardInterrupt``, or ``Terminated`` by SIGTERM), a JSON report is
    closed as a whole document, marked ``"interrupted": true``, before the interruption goes
    on."""
    progress = Progress(sum(map(_size, paths)) or None, enabled=options.progress,
                        lang=options.lang)
    json_report = _json_report(out, options)
    opened: list[Input] = []
    unreadable = False
    try:
        feed = _Feed(_tagged_pieces(paths, stdin, options, opened), len(paths), progress)
        read_before = 0
        for index, path in enumerate(paths):
            name = display_name(path, options.stdin_name)
            pieces = feed.pieces(index, read_before)
            problem = partial(_problem, opened, index)
            if json_report is not None:
                with scratch():  # the report's spool of games
                    json_report.add_rendered(name, pieces, problem)
            else:
                _write_text(out, pieces, progress)
            if problem() is not None:
                unreadable = True
                progress.close()
                out.flush()
                error = opened[index].error
                assert error is not None
                say(cannot_read_line(printable(name), error, options.lang))
            elif json_report is None:
                tally = feed.tallies[index]
                if not options.quiet or tally.errors or tally.warnings:
                    out.write(summary_line(name, tally, options.lang, options.encoding)
                              + "\n")
            read_before += _size(path)
    except (KeyboardInterrupt, Terminated):
        progress.close()
        if json_report is not None:
            json_report.close(interrupted=True)
        raise
    progress.close()
    if json_report is not None:
        json_report.close()
    elif len(paths) > 1 and not options.quiet:
        out.write(total_line(feed.tallies, sum(o.problem is not None for o in opened),
                             options.lang) + "\n")
    out.flush()
    if unreadable:
        return 2
    return int(any(t.errors or (options.strict and t.warnings) for t in feed.tallies))


def _json_report(out: IO[str], options: Options) -> JsonReport | None:
    """The JSON document being written (its module loaded only then), or None for text."""
    if options.fmt != "json":
        return None
    from ..formats.reports.report_json import JsonReport

    return JsonReport(out, options.lang, options.strict, options.encoding)


def _problem(opened: list[Input], index: int) -> str | None:
    return opened[index].problem


def _write_text(out: IO[str], pieces: Iterator[Rendered], progress: Progress) -> None:
    for piece in pieces:
        for line in piece.lines:
            out.write(line + "\n")
    progress.close()
