"""``--jobs N``: validate the games of one or more files in worker processes.

The main process reads and cuts the files into game chunks (cheap) and hands batches of
chunks to a pool of workers, which parse, replay and format them (``runner.Render``); the
formatted pieces come back as text in the order they were sent, so the output is identical
to ``--jobs 1`` and the main process has little more to do than write it.  At most a few
batches per worker are in flight at once, which keeps memory bounded however large the
input.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from ..basics.diagnostics import Diagnostic
from ..basics.interrupts import ignore_in_worker
from ..pipeline import Selection, chunks_of, validate_chunk
from ..reading.stream import Chunk
from ..report.values import Rendered
from ..suppress import FileMarks

if TYPE_CHECKING:
    from .runner import Render

#: Characters per batch sent to a worker (some 10,000 lines): large enough to amortise the
#: hand-over.
BATCH_CHARS = 200_000
#: Batches in flight per worker.
WINDOW = 3

#: A batch: its chunks as (first line, text, S003s), as they pickle fastest; the number of its
#: first game; what to report; the file's index; how to format.
Work = tuple[list[tuple[int, str, tuple[Diagnostic, ...]] | Diagnostic], int, Selection, int,
             "Render"]


def workers(jobs: int) -> int:
    """``--jobs`` as a number of processes: 0 means one per core."""
    return (os.cpu_count() or 1) if jobs == 0 else jobs


def _validate_batch(work: Work) -> list[Rendered]:
    chunks, first_game, selection, index, render = work
    pieces = []
    for item in chunks:
        chunk = item if isinstance(item, Diagnostic) else Chunk(*item)
        piece = validate_chunk(chunk, first_game, selection)
        first_game += len(piece.games)
        pieces.append(render(index, piece))
    return [render.join(pieces)]  # one piece to send back: less to pickle


def _batches(
    chunks: Iterator[Chunk | Diagnostic], first_game: int, selection: Selection, index: int,
    render: Render,
) -> Iterator[Work]:
    """Group chunks into batches; every chunk after a file's first holds exactly one game."""
    batch: list[tuple[int, str, tuple[Diagnostic, ...]] | Diagnostic] = []
    size = 0
    for chunk in chunks:
        if isinstance(chunk, Diagnostic):
            batch.append(chunk)
        else:
            batch.append((chunk.first_line, chunk.text, chunk.undecodable))
            size += len(chunk.text)
        if size >= BATCH_CHARS:
            yield batch, first_game, selection, index, render
            first_game += sum(not isinstance(c, Diagnostic) for c in batch)
            batch, size = [], 0
    if batch:
        yield batch, first_game, selection, index, render


def validate_files(
    streams: Iterable[BinaryIO], selection: Selection | Sequence[Selection], jobs: int,
    render: Render,
) -> Iterator[tuple[int, Rendered]]:
    """Validate each stream in turn; yields (stream index, formatted piece) in input order.

    ``selection`` is one for every stream, or one per stream."""
    pool = ProcessPoolExecutor(max_workers=workers(jobs), initializer=ignore_in_worker)
    pending: deque[tuple[int, Future[list[Rendered]] | _FileEnd]] = deque()
    marks: dict[int, FileMarks] = {}
    limit = workers(jobs) * WINDOW
    try:
        for index, stream in enumerate(streams):
            chosen = selection if isinstance(selection, Selection) else selection[index]
            chunks = chunks_of(stream)
            first = next(chunks, None)
            if first is None:
                continue
            # A file's first chunk may hold no game (only comments), so it is numbered here.
            head = validate_chunk(first, 1, chosen)
            pending.append((index, _done([render(index, head)])))
            for work in _batches(chunks, 1 + len(head.games), chosen, index, render):
                pending.append((index, pool.submit(_validate_batch, work)))
                while len(pending) >= limit:
                    yield from _drain(pending.popleft(), marks)
            pending.append((index, _FileEnd(chosen, render)))
        while pending:
            yield from _drain(pending.popleft(), marks)
    finally:
        pool.shutdown(cancel_futures=True)


@dataclass(frozen=True, slots=True)
class _FileEnd:
    """Where a file's pieces end in the queue: its unused ``ignore-file`` codes come here."""

    selection: Selection
    render: Render


def _done(pieces: list[Rendered]) -> Future[list[Rendered]]:
    future: Future[list[Rendered]] = Future()
    future.set_result(pieces)
    return future


def _drain(item: tuple[int, Future[list[Rendered]] | _FileEnd], marks: dict[int, FileMarks]
           ) -> Iterator[tuple[int, Rendered]]:
    index, future = item
    followed = marks.setdefault(index, FileMarks())
    if isinstance(future, _FileEnd):
        del marks[index]
        last = followed.last_piece(future.selection.keeps, future.selection.suppress)
        if last is not None:
            yield index, future.render(index, last)
        return
    for piece in future.result():
        followed.follow(piece.file_marks, piece.file_used)
        yield index, piece
