"""A record file's report a game at a time, with its games checked by worker processes
(``jobs``), for the library's ``validate(jobs=...)``: the pieces come out in the order of
the file, exactly those of ``pipeline.validate_stream``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from ..basics.diagnostics import Diagnostic
from ..notation.stream import Chunk
from ..pipeline import Selection, chunks_of, file_end, validate_chunk, validate_stream
from ..report.values import Piece
from .ordered import Ordered
from .parallel import WINDOW, batches
from .workers import Lost

#: A batch of chunks as plain values, the number of its first game, and what to report.
Work = tuple[list[tuple[int, str] | Diagnostic], int, Selection]


def _batch(work: Work) -> list[Piece]:
    chunks, first_game, selection = work
    pieces = []
    for item in chunks:
        piece = validate_chunk(item if isinstance(item, Diagnostic) else Chunk(*item),
                               first_game, selection)
        first_game += len(piece.games)
        pieces.append(piece)
    return pieces


def _quietly(_work: Work, _lost: Lost) -> None:
    """The library says nothing of a worker that died: its batch is checked again."""


def validated_pieces(stream: BinaryIO, selection: Selection, jobs: int) -> Iterator[Piece]:
    """``pipeline.validate_stream`` of ``stream``, its games checked by ``jobs`` worker
    processes (0: one per CPU; 1: in this process)."""
    if jobs == 1:
        yield from validate_stream(stream, selection)
        return
    yield from file_end(_pieces(stream, selection, jobs), selection,
                        lambda: getattr(stream, "problem", None) is None)


def _pieces(stream: BinaryIO, selection: Selection, jobs: int) -> Iterator[Piece]:
    chunks = chunks_of(stream)
    first = next(chunks, None)
    if first is None:
        return
    # The first chunk may hold no game (only comments): it is checked here, and the games
    # after it numbered from it.
    head = validate_chunk(first, 1, selection)
    yield head
    games = 1 + len(head.games)
    with Ordered(jobs, _batch, _quietly, WINDOW) as line:
        for batch in batches(chunks):
            line.add((batch, games, selection))
            games += sum(not isinstance(c, Diagnostic) for c in batch)
            while line.full:
                yield from line.next()
            for done in line.ready():
                yield from done
        for done in line.rest():
            yield from done
