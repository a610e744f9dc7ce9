"""Running ``blocknot analyse`` (and ``validate --analyse``) over files.

Each file is read and replayed a game at a time by the pipeline, its hands analysed
(``analyse_jobs.py``: here or in worker processes), and written at once: as text, the
analysis's lines (``formats/reports/analysis_text.py``), after validate's own when
``validate`` asks; as the JSON report, with each hand's ``analysis``; or as the annotated
record, with its ``#?`` lines (one file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from time import monotonic
from typing import IO, TYPE_CHECKING, BinaryIO, cast

from ..basics.diagnostics import printable
from ..formats.reports.analysis_text import Counts, analysis_lines, counts, counts_line
from ..formats.reports.report_text import piece_lines, result_line, summary_line
from ..notation.reader import ParsedRecord
from ..pipeline import EVERYTHING, Selection, file_end, read_and_validate
from ..report.values import Piece, Tally
from .analyse_jobs import analysed_pieces
from .inputs import Input, open_input, unzipped
from .output import say
from .problems import Refused, cannot_read_line

if TYPE_CHECKING:
    from ..formats.reports.report_json import JsonReport


@dataclass(frozen=True, slots=True)
class Analyse:
    """What the user asked: the format, the threshold of a mistake, the worker processes,
    the language; ``validate``: validate's report comes first (``validate --analyse``)."""

    fmt: str = "text"
    threshold: int = 1
    jobs: int = 1
    lang: str = "en"
    validate: bool = False
    strict: bool = False
    selection: Selection = EVERYTHING
    stdin_name: str = "<stdin>"
    selections: tuple[Selection, ...] = ()
    """Per file, what to report (per-file-ignores); else ``selection``."""
    max_seconds: float | None = None
    """``--max-seconds``: the time the run's analysis may take."""
    deadline: float | None = None
    """When that time is spent (``time.monotonic``), set as the run starts."""

    def selection_of(self, index: int) -> Selection:
        return self.selections[index] if index < len(self.selections) else self.selection


def pairs_of(source: BinaryIO, options: Analyse, index: int = 0
             ) -> Iterator[tuple[ParsedRecord | None, Piece]]:
    """File ``index``'s pieces, read, replayed and analysed, in order."""
    return analysed_pieces(read_and_validate(source, options.selection_of(index)),
                           options.threshold, options.jobs, options.lang, options.deadline)


def run_analyse(paths: Sequence[str], options: Analyse, out: IO[str], stdin: BinaryIO) -> int:
    """Analyse every file, writing the report to ``out``; the exit status: 2 when a file
    could not be read, else 1 when a file has an error (with ``strict``, a warning), else
    0.  Mistakes are what the analysis reports, not errors of the record."""
    json_report = None
    if options.fmt == "json":
        from ..formats.reports.report_json import JsonReport

        json_report = JsonReport(out, options.lang, options.strict)
    unreadable = failed = False
    for index, path in enumerate(paths):
        name = options.stdin_name if path == "-" else path
        with _opened(path, stdin) as source:
            pieces = file_end((piece for _, piece in pairs_of(cast(BinaryIO, source), options,
                                                              index)),
                              options.selection_of(index), lambda: source.problem is None)
            tally, found = _write(pieces, name, options, out, json_report,
                                  lambda: source.problem)
        if source.error is not None:
            out.flush()
            say(cannot_read_line(printable(name), source.error, options.lang))
            unreadable = True
            continue
        if json_report is None:
            if options.validate:
                out.write(summary_line(name, tally, options.lang) + "\n")
            out.write(counts_line(name, found, options.threshold, options.lang) + "\n")
        failed = failed or bool(tally.errors or (options.strict and tally.warnings))
    if json_report is not None:
        json_report.close()
    out.flush()
    return 2 if unreadable else int(failed)


def _write(pieces: Iterator[Piece], name: str, options: Analyse, out: IO[str],
           json_report: JsonReport | None, problem: Callable[[], str | None]
           ) -> tuple[Tally, Counts]:
    """One file's pieces written; its counts."""
    tally, found = Tally(), Counts()
    if json_report is None:
        for piece in pieces:
            tally, found = tally.add(piece), found.plus(counts(piece))
            for line in _text(piece, name, options):
                out.write(line + "\n")
        return tally, found
    from ..formats.reports.report_json import render_piece

    tally = json_report.add_rendered(
        name, (render_piece(piece, options.lang) for piece in pieces), problem)
    return tally, found


def _text(piece: Piece, name: str, options: Analyse) -> Iterator[str]:
    if options.validate:
        yield from piece_lines(piece, name, options.lang)
        yield from (result_line(game, name, options.lang) for game in piece.games
                    if game.hands)
    else:  # an error outside any game (UTF-16, JSON too large to read): why nothing is
        outside = tuple(d for d in piece.diagnostics if d.game is None and d.is_error)
        if outside:
            yield from piece_lines(replace(piece, diagnostics=outside), name, options.lang)
    yield from analysis_lines(piece, name, options.lang)


@contextmanager
def _opened(path: str, stdin: BinaryIO) -> Iterator[Input]:
    """The file as an ``Input`` (gzip read decompressed), whose ``error`` says why it could
    not be read whole."""
    if path == "-":
        yield unzipped(stdin)
        return
    try:
        handle = open_input(path)
    except OSError as error:
        yield Input(None, error)
        return
    with handle:
        yield unzipped(handle)


def run_analysis(files: Sequence[str], options: Analyse, output_file: str | None) -> int:
    """``analyse``, or ``validate --analyse``: the report to ``output_file`` (None: standard
    output); the exit status."""
    import io

    from .files import stdin_binary
    from .lint import CannotWrite, report_stream

    if options.max_seconds is not None:
        options = replace(options, deadline=monotonic() + options.max_seconds)
    if options.fmt == "annotated":
        return annotated(files, options)
    if options.jobs != 1:
        from .ordered import warn_of_jobs

        warn_of_jobs(options.jobs, options.lang)
    stdin = stdin_binary() if "-" in files else io.BytesIO()
    try:
        with report_stream(output_file) as out:
            return run_analyse(files, options, out, stdin)
    except CannotWrite as error:
        raise Refused(str(error)) from None


def annotated(files: Sequence[str], options: Analyse) -> int:
    """The record annotated with the analysis (``annotated.run_annotated``), one file."""
    from .annotated import run_annotated
    from .files import input_stream

    if len(files) != 1:
        raise Refused("--format annotated writes one record: give one FILE")
    path = files[0]
    with input_stream(path) as stream:
        return run_annotated(stream, "<stdin>" if path == "-" else path, options.selection,
                             options.strict, options.lang, False,
                             pairs=lambda source: pairs_of(source, options))
