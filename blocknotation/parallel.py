"""``--jobs N``: validate the games of one or more files in worker processes.

The main process reads and cuts the files into game chunks (cheap) and hands batches of
chunks to a pool of workers, which parse and replay them; the pieces come back in the order
they were sent, so the output is identical to ``--jobs 1``.  At most a few batches per worker
are in flight at once, which keeps memory bounded however large the input.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import BinaryIO

from .diagnostics import Diagnostic
from .report import Piece
from .stream import Chunk
from .validate import Selection, chunks_of, validate_chunk

#: Lines per batch sent to a worker: large enough to amortise the hand-over.
BATCH_LINES = 20_000
#: Batches in flight per worker.
WINDOW = 3

Work = tuple[list[Chunk | Diagnostic], int, Selection]


def workers(jobs: int) -> int:
    """``--jobs`` as a number of processes: 0 means one per core."""
    return (os.cpu_count() or 1) if jobs == 0 else jobs


def _validate_batch(work: Work) -> list[Piece]:
    chunks, first_game, selection = work
    pieces = []
    for chunk in chunks:
        piece = validate_chunk(chunk, first_game, selection)
        first_game += len(piece.games)
        pieces.append(piece)
    return pieces


def _batches(
    chunks: Iterator[Chunk | Diagnostic], first_game: int, selection: Selection
) -> Iterator[Work]:
    """Group chunks into batches; every chunk after a file's first holds exactly one game."""
    batch: list[Chunk | Diagnostic] = []
    lines = 0
    for chunk in chunks:
        batch.append(chunk)
        lines += len(chunk.lines) if isinstance(chunk, Chunk) else 1
        if lines >= BATCH_LINES:
            yield batch, first_game, selection
            first_game += sum(isinstance(c, Chunk) for c in batch)
            batch, lines = [], 0
    if batch:
        yield batch, first_game, selection


def validate_files(
    streams: Iterable[BinaryIO], selection: Selection, jobs: int
) -> Iterator[tuple[int, Piece]]:
    """Validate each stream in turn; yields (stream index, piece) in input order."""
    pool = ProcessPoolExecutor(max_workers=workers(jobs))
    pending: deque[tuple[int, Future[list[Piece]]]] = deque()
    limit = workers(jobs) * WINDOW
    try:
        for index, stream in enumerate(streams):
            chunks = chunks_of(stream)
            first = next(chunks, None)
            if first is None:
                continue
            # A file's first chunk may hold no game (only comments), so it is numbered here.
            head = validate_chunk(first, 1, selection)
            pending.append((index, _done(pool, [head])))
            for work in _batches(chunks, 1 + len(head.games), selection):
                pending.append((index, pool.submit(_validate_batch, work)))
                while len(pending) >= limit:
                    yield from _drain(pending.popleft())
        while pending:
            yield from _drain(pending.popleft())
    finally:
        pool.shutdown(cancel_futures=True)


def _done(pool: ProcessPoolExecutor, pieces: list[Piece]) -> Future[list[Piece]]:
    future: Future[list[Piece]] = Future()
    future.set_result(pieces)
    return future


def _drain(item: tuple[int, Future[list[Piece]]]) -> Iterator[tuple[int, Piece]]:
    index, future = item
    for piece in future.result():
        yield index, piece
