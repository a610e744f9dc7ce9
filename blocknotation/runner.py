"""Running ``blocknot validate`` over files: pieces in, formatted report out.

The command line parses options and calls ``run_validate``; this module opens the files,
streams their pieces (in this process, or in workers with ``--jobs``), writes each piece in
the chosen format as soon as it is ready, shows progress on a terminal, and says whether
any file failed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO, BinaryIO

from .inputs import maybe_gunzip
from .output import report_json, report_text
from .output.report_json import JsonReport
from .output.report_text import summary_line
from .pipeline import EVERYTHING, Selection, validate_stream
from .progress import Progress
from .report import Piece, Rendered, Tally

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
    quiet: bool = False  # summaries only for files with diagnostics
    stdin_name: str = "<stdin>"  # --stdin-filename
    selections: tuple[Selection, ...] = ()  # per file (per-file-ignores); else ``selection``

    def selection_of(self, index: int) -> Selection:
        return self.selections[index] if index < len(self.selections) else self.selection
    progress: bool | None = None  # None: when standard error is a terminal


def display_name(path: str, stdin_name: str = "<stdin>") -> str:
    return stdin_name if path == STDIN else path


def check_readable(paths: Sequence[str]) -> str | None:
    """Why one of ``paths`` cannot be read, before any output is written; None if all can."""
    for path in paths:
        if path == STDIN:
            continue
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            return f"cannot read {path}: {error.strerror or error}"
    return None


def _opened(paths: Sequence[str], stdin: BinaryIO, stack: ExitStack) -> Iterator[BinaryIO]:
    for path in paths:
        raw = stdin if path == STDIN else stack.enter_context(open(path, "rb"))  # noqa: SIM115
        yield maybe_gunzip(raw)


@dataclass(frozen=True, slots=True)
class Render:
    """Formats a piece of file ``index``'s report; picklable, so workers can do it."""

    fmt: str
    names: tuple[str, ...]
    lang: str
    color: bool

    def __call__(self, index: int, piece: Piece) -> Rendered:
        if self.fmt == "json":
            return report_json.render_piece(piece, self.lang)
        return report_text.render_piece(piece, self.names[index], self.lang, self.color)

    def join(self, pieces: Sequence[Rendered]) -> Rendered:
        """Consecutive pieces of one file as one, written the same."""
        return Rendered.join(pieces, report_json.GAMES_SEPARATOR if self.fmt == "json" else "")


def _tagged_pieces(
    paths: Sequence[str], stdin: BinaryIO, options: Options, stack: ExitStack
) -> Iterator[tuple[int, Rendered, BinaryIO]]:
    streams = list(_opened(paths, stdin, stack))
    names = tuple(display_name(path, options.stdin_name) for path in paths)
    render = Render(options.fmt, names, options.lang, options.color)
    if options.jobs == 1:
        for index, stream in enumerate(streams):
            for piece in validate_stream(stream, options.selection_of(index)):
                yield index, render(index, piece), stream
        return
    from .parallel import validate_files

    selections = [options.selection_of(index) for index in range(len(streams))]
    for index, rendered in validate_files(streams, selections, options.jobs, render):
        yield index, rendered, streams[index]


def _position(stream: BinaryIO) -> int:
    try:
        return stream.tell()
    except (OSError, ValueError):
        return 0


class _Feed:
    """Hands out the tagged pieces one file at a time, keeping counts and progress."""

    def __init__(self, tagged: Iterator[tuple[int, Rendered, BinaryIO]], files: int,
                 progress: Progress) -> None:
        self.tagged = tagged
        self.upcoming = next(tagged, None)
        self.tallies = [Tally() for _ in range(files)]
        self.progress = progress

    def pieces(self, index: int, read_before: int) -> Iterator[Rendered]:
        while self.upcoming is not None and self.upcoming[0] == index:
            _, piece, stream = self.upcoming
            self.tallies[index] = self.tallies[index].plus(piece.tally)
            self.progress.read = read_before + _position(stream)
            self.progress.advance(0, piece.tally.games)
            yield piece
            self.upcoming = next(self.tagged, None)


def run_validate(paths: Sequence[str], options: Options, out: IO[str],
                 stdin: BinaryIO) -> bool:
    """Validate every file and write the report to ``out``; True when a file failed."""
    total = sum(os.path.getsize(p) for p in paths if p != STDIN) or None
    progress = Progress(total, enabled=options.progress)
    json_report = JsonReport(out, options.lang) if options.fmt == "json" else None
    read_before = 0
    with ExitStack() as stack:
        feed = _Feed(_tagged_pieces(paths, stdin, options, stack), len(paths), progress)
        for index, path in enumerate(paths):
            name = display_name(path, options.stdin_name)
            if json_report is not None:
                json_report.add_rendered(name, feed.pieces(index, read_before))
            else:
                for piece in feed.pieces(index, read_before):
                    for line in piece.lines:
                        out.write(line + "\n")
                progress.close()
                tally = feed.tallies[index]
                if not options.quiet or tally.errors or tally.warnings:
                    out.write(summary_line(name, tally, options.lang) + "\n")
            if path != STDIN:
                read_before += os.path.getsize(path)
    if json_report is not None:
        progress.close()
        json_report.close()
    out.flush()
    return any(t.errors or (options.strict and t.warnings) for t in feed.tallies)
