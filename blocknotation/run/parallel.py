"""``--jobs N``: validate the games of one or more files in worker processes.

The main process reads and cuts the files into game chunks (cheap) and hands batches of
chunks to the workers (``workers.Pool``), which parse, replay and format them
(``render.Render``); the formatted pieces come back as text and are given out in the order
they were read, so the output is identical to ``--jobs 1`` and the main process has little
more to do than write it.  At most a few batches per worker are in flight at once, which
keeps memory bounded however large the input.

A worker that dies (killed by a signal, say) loses nothing: its batch is checked again in the
main process, a line on standard error names the file it was checking, and the run goes on.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from ..basics.diagnostics import Diagnostic, Message
from ..basics.i18n import N_, translator
from ..basics.limits import MAX_JOBS
from ..pipeline import FileEnd, Selection, chunks_of, validate_chunk
from ..reading.stream import Chunk
from ..report.values import Rendered
from .output import say
from .render import Render
from .workers import Lost, Pool

#: Characters per batch sent to a worker (some 10,000 lines): large enough to amortise the
#: hand-over.
BATCH_CHARS = 200_000
#: Batches in flight per worker.
WINDOW = 3

#: A batch: its chunks as (first line, text), as they pickle fastest; the number of its first
#: game; what to report; the file's index; how to format.
Work = tuple[list[tuple[int, str] | Diagnostic], int, Selection, int, Render]


def cpus() -> int:
    """The CPUs this process may run on."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def workers(jobs: int) -> int:
    """``--jobs`` as a number of processes: 0 means one per CPU; never more than
    ``MAX_JOBS``."""
    return min(cpus() if jobs == 0 else jobs, MAX_JOBS)


def warn_of_jobs(jobs: int, lang: str) -> None:
    """A line on standard error when ``--jobs`` asks for more workers than there are CPUs."""
    available = cpus()
    if workers(jobs) > available:
        words = Message(N_("warning: {jobs} worker processes for {cpus} CPUs; more than one "
                           "per CPU makes the run no faster"),
                        {"jobs": workers(jobs), "cpus": available})
        say(f"blocknot: {words.render(translator(lang))}\n")


def _validate_batch(work: Work) -> list[Rendered]:
    chunks, first_game, selection, index, render = work
    pieces = []
    for item in chunks:
        chunk = item if isinstance(item, Diagnostic) else Chunk(*item)
        piece = validate_chunk(chunk, first_game, selection)
        first_game += len(piece.games)
        pieces.append(render(index, piece))
    return [render.join(pieces)]  # one piece to send back: less to pickle


def batches(chunks: Iterator[Chunk | Diagnostic]
            ) -> Iterator[list[tuple[int, str] | Diagnostic]]:
    """The chunks in batches of about ``BATCH_CHARS`` characters, each chunk as the plain
    values a worker reads it from (``validate --jobs`` and ``export --jobs``)."""
    batch: list[tuple[int, str] | Diagnostic] = []
    size = 0
    for chunk in chunks:
        if isinstance(chunk, Diagnostic):
            batch.append(chunk)
        else:
            batch.append((chunk.first_line, chunk.text))
            size += len(chunk.text)
        if size >= BATCH_CHARS:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _batches(
    chunks: Iterator[Chunk | Diagnostic], first_game: int, selection: Selection, index: int,
    render: Render,
) -> Iterator[Work]:
    """Group chunks into batches; every chunk after a file's first holds exactly one game."""
    for batch in batches(chunks):
        yield batch, first_game, selection, index, render
        first_game += sum(not isinstance(c, Diagnostic) for c in batch)


@dataclass(slots=True, eq=False)
class _Slot:
    """A place in the output: pieces ready, a batch on its way, or the end of a file (where
    its unused ``ignore-file`` codes come, ``end`` its selection; ``last``: the file ends)."""

    index: int
    work: Work | None = None
    pieces: list[Rendered] | None = None
    end: Selection | None = None
    last: bool = False
    readable: bool = True
    """At the end of a file: whether it was read whole (S005 is only for one that was)."""


def validate_files(
    streams: Iterator[BinaryIO], selections: Sequence[Selection], jobs: int, render: Render,
) -> Iterator[tuple[int, Rendered | None]]:
    """Validate each stream in turn (``selections``: one per stream); yields (stream index,
    formatted piece) in input order, and (index, None) where each stream's pieces end."""
    line = _Line(Pool(workers(jobs), _validate_batch), render)
    try:
        for index, stream in enumerate(streams):
            chosen = selections[index]
            chunks = chunks_of(stream)
            first = next(chunks, None)
            if first is None:
                line.add(_Slot(index, end=chosen, last=True, readable=_readable(stream)))
                yield from line.ready()
                continue
            # A file's first chunk may hold no game (only comments), so it is numbered here.
            head = validate_chunk(first, 1, chosen)
            line.add(_Slot(index, pieces=[render(index, head)]))
            for work in _batches(chunks, 1 + len(head.games), chosen, index, render):
                line.add(_Slot(index, work=work))
                while len(line.slots) >= line.limit:
                    yield from line.pop()
            line.add(_Slot(index, end=chosen, last=True, readable=_readable(stream)))
            yield from line.ready()  # the files done are written before the next is read
        while line.slots:
            yield from line.pop()
    except BaseException:
        line.pool.close(kindly=False)
        raise
    line.pool.close()


class _Line:
    """The slots of the output in order, and the batches not yet sent to a worker."""

    def __init__(self, pool: Pool[Work, list[Rendered]], render: Render) -> None:
        self.pool = pool
        self.render = render
        self.slots: deque[_Slot] = deque()
        self.unsent: deque[_Slot] = deque()
        self.limit = pool.size * WINDOW
        self.marks: dict[int, FileEnd] = {}

    def add(self, slot: _Slot) -> None:
        self.slots.append(slot)
        if slot.work is not None:
            self.unsent.append(slot)
            self._send()

    def _send(self) -> None:
        if self.unsent and self.pool.busy:  # take the answers that came: their workers are free
            for ticket, answer in self.pool.wait(timeout=0):
                self._answered(ticket, answer)
        while self.unsent:
            work = self.unsent[0].work
            if work is None or not self.pool.give(self.unsent[0], work):
                return
            self.unsent.popleft()

    def ready(self) -> Iterator[tuple[int, Rendered | None]]:
        """The pieces of the first slots that are ready now, without waiting."""
        for ticket, answer in self.pool.wait(timeout=0):
            self._answered(ticket, answer)
        while self.slots and (self.slots[0].pieces is not None or self.slots[0].end is not None):
            yield from self.pop()

    def _answered(self, ticket: object, answer: list[Rendered] | Lost) -> None:
        assert isinstance(ticket, _Slot)
        if isinstance(answer, Lost):
            self._lost(ticket, answer)
        else:
            ticket.pieces, ticket.work = answer, None

    def pop(self) -> Iterator[tuple[int, Rendered | None]]:
        """The first slot's pieces, once they are ready."""
        head = self.slots[0]
        while head.pieces is None and head.end is None:
            self._send()
            if self.unsent and self.unsent[0] is head and not self.pool.busy:
                self.unsent.popleft()  # no worker left to take it
                self._here(head)
                break
            for ticket, answer in self.pool.wait():
                self._answered(ticket, answer)
        self.slots.popleft()
        followed = self.marks.setdefault(head.index, FileEnd())
        if head.end is not None:
            for last in followed.pieces(head.end, head.readable):
                yield head.index, self.render(head.index, last)
        for piece in head.pieces or ():
            tally = piece.tally
            followed.follow(piece.file_marks, piece.file_used, tally.hands, tally.errors > 0)
            yield head.index, piece
        if head.last:
            del self.marks[head.index]
            yield head.index, None

    def _here(self, slot: _Slot) -> None:
        assert slot.work is not None
        slot.pieces, slot.work = _validate_batch(slot.work), None

    def _lost(self, slot: _Slot, lost: Lost) -> None:
        """A worker died with ``slot``'s batch: said, and the batch checked here."""
        name = self.render.names[slot.index]
        words = Message(N_("a worker process ended ({reason}) while checking {path}; its "
                           "games were checked again in the main process"),
                        {"reason": lost.reason, "path": name})
        say(f"blocknot: {words.render(translator(self.render.lang))}\n")
        self._here(slot)


def _readable(stream: BinaryIO) -> bool:
    """Whether ``stream`` was read whole (an ``inputs.Input`` keeps why not)."""
    return getattr(stream, "problem", None) is None
