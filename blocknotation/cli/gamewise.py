"""``validate`` for the machine formats (jsonl, github, sarif, junit) and ``--statistics``.

Each file is read a game at a time (``pipeline.chunks_of``); each game's piece of the report
goes to a ``Sink`` as soon as it is validated, with the digest of the game's canonical text
when the sink wants it.  JSON Lines and GitHub annotations are written at once, so their
first lines come out while the input is still being read; SARIF, JUnit and the statistics
are written once every file is done, from what they kept (diagnostics and counts, never the
games' text).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import BinaryIO, Protocol

from ..pipeline import EVERYTHING, Selection, validate_chunk
from ..reading.gunzip import maybe_gunzip
from ..report.values import Piece, Tally
from ..suppress import FileMarks, followed
from .common import cannot_read


class Sink(Protocol):
    """Where the pieces of the report go, in the order of the files and of their games."""

    wants_digest: bool

    def add(self, path: str, piece: Piece, digest: str | None) -> None: ...

    def end_file(self, path: str, tally: Tally) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Source:
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


def run(sources: Sequence[Source], sink: Sink, stdin: BinaryIO) -> list[Tally]:
    """Validate every source into ``sink``; the counts of each file, in order."""
    tallies = []
    with ExitStack() as stack:
        for source in sources:
            raw = stdin if source.path == "-" else stack.enter_context(open(source.path, "rb"))
            stream = maybe_gunzip(raw)
            tally = Tally()
            try:
                for piece, digest in pieces(stream, source.selection, sink.wants_digest):
                    tally = tally.add(piece)
                    sink.add(source.name, piece, digest)
            except OSError as error:  # damaged compressed data, or a failing disk: exit 2
                raise cannot_read(None if source.path == "-" else source.name, error) from None
            sink.end_file(source.name, tally)
            tallies.append(tally)
    sink.close()
    return tallies
