"""``validate`` for the machine formats (jsonl, github, sarif, junit) and ``--statistics``.

Each file is read a game at a time (``pipeline.chunks_of``); each game's piece of the report
goes to a ``ReportSink`` as soon as it is validated, with the digest of the game's canonical text
when the sink wants it.  JSON Lines and GitHub annotations are written at once, so their
first lines come out while the input is still being read; SARIF, JUnit and the statistics
are written once every file is done, from what they kept (diagnostics and counts, never the
games' text).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, Protocol, cast

from ..basics.diagnostics import printable
from ..basics.interrupts import Terminated
from ..pipeline import EVERYTHING, Selection, validate_chunk
from ..report.values import Piece, Tally
from ..suppress import FileMarks, followed
from .inputs import open_input, unzipped
from .output import say
from .problems import cannot_read_line, cannot_read_words


class ReportSink(Protocol):
    """Where the pieces of the report go, in the order of the files and of their games."""

    wants_digest: bool

    def add(self, path: str, piece: Piece, digest: str | None) -> None: ...

    def unreadable(self, path: str, reason: str, message: str) -> None:
        """``path`` could not be read whole: ``reason`` as the system says it, ``message``
        the line ``cannot read PATH: REASON`` in the user's language."""

    def end_file(self, path: str, tally: Tally) -> None: ...

    def close(self, interrupted: bool = False) -> None: ...


@dataclass(frozen=True, slots=True)
class ReportInput:
    """One input: the name reports give it, and how to open it."""

    name: str
    path: str  # "-" for standard input
    selection: Selection = EVERYTHING


def pieces(stream: BinaryIO, selection: Selection, digests: bool
           ) -> Iterator[tuple[Piece, str | None]]:
    """The pieces of one file, a game at a time, each with its game's digest if wanted."""
    from ..games import check, iter_games

    marks = FileMarks()
    for game in iter_games(stream):
        if digests:
            piece, digest = check(game, selection)
        else:
            problem = game.problem
            chunk = problem if problem is not None else game.chunk
            piece, digest = validate_chunk(chunk, game.index, selection), None
        marks.follow(piece.file_marks, followed(piece))
        yield piece, digest
    last = marks.last_piece(selection.keeps, selection.suppress)
    if last is not None:
        yield last, None


def run(sources: Sequence[ReportInput], sink: ReportSink, stdin: BinaryIO, lang: str = "en"
        ) -> tuple[list[Tally], bool]:
    """Validate every source into ``sink``: the counts of each file, in order, and whether a
    file could not be read whole.  Such a file is told on standard error and to the sink,
    and the others are still checked; interrupted (Ctrl-C, SIGTERM), the sink's document is
    closed, marked so, before the interruption goes on."""
    tallies, unreadable = [], False
    try:
        for source in sources:
            tally, error = _one(source, sink, stdin)
            if error is not None:
                unreadable = True
                name = None if source.path == "-" else printable(source.name)
                say(cannot_read_line(name, error, lang))
                reason = error.strerror or str(error) or type(error).__name__
                sink.unreadable(source.name, reason, cannot_read_words(name, error, lang))
            sink.end_file(source.name, tally)
            tallies.append(tally)
    except (KeyboardInterrupt, Terminated):
        sink.close(interrupted=True)
        raise
    sink.close()
    return tallies, unreadable


def _one(source: ReportInput, sink: ReportSink, stdin: BinaryIO) -> tuple[Tally, OSError | None]:
    """Validate one source into ``sink``: its counts, and why it could not be read whole."""
    try:
        raw = stdin if source.path == "-" else open_input(source.path)
    except OSError as error:
        return Tally(), error
    try:
        stream = unzipped(raw)
        tally = Tally()
        for piece, digest in pieces(cast(BinaryIO, stream), source.selection,
                                    sink.wants_digest):
            tally = tally.add(piece)
            sink.add(source.name, piece, digest)
        return tally, stream.error
    finally:
        if raw is not stdin:
            raw.close()
