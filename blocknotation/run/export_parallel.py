"""``export --jobs N``: the rows of the tables made in worker processes.

As for ``validate --jobs`` (``parallel.py``), the main process opens each file and cuts it
into game chunks (``pipeline.chunks_of``, cheap) and hands them, a batch at a time, to the
workers (``workers.Pool``), which read and replay them and turn their games into rows
(``season.read.judged``, ``season.tables.rows_of``).  Of a file of more than one chunk, the
main process reads the first chunk itself (it may hold no game, so the games after it are
numbered from it); a file of one chunk (a file of one game, or a record JSON document,
whose games are all in its one chunk) goes to a worker whole, so that a season of one-game
files is read and replayed by the workers too.  The rows come back in the order the
chunks were read, so the tables are exactly those of ``--jobs 1``; at most a few batches per
worker are in flight, so memory stays bounded.  A worker that dies loses nothing: its batch
is done again in the main process, and a line on standard error says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import chain
from typing import Any

from ..basics.diagnostics import Diagnostic, Message
from ..basics.i18n import N_, translator
from ..pipeline import FileEnd, Selection, chunks_of
from ..reading.stream import Chunk
from ..report.values import Piece
from ..season.export import renderer
from ..season.read import Loose, Played, ended, judged
from ..season.sources import Opener, Source, Unreadable
from ..season.tables import TABLES, Rows, rows_of
from ..suppress import followed
from .output import say
from .parallel import WINDOW, batches, workers
from .workers import Lost, Pool

#: A batch: the file's name, its chunks as (first line, text) or a diagnostic, the
#: number of its first game, the codes to report, and the language of the messages.
Work = tuple[str, list[tuple[int, str] | Diagnostic], int, Selection, str]
#: What the end of a file needs to know of a piece (``FileEnd.follow``'s arguments).
Facts = tuple[Any, frozenset[str], int, bool]
#: A batch's rows, and the facts of each of its pieces.
Done = tuple[Rows, list[Facts]]


def _facts(piece: Piece) -> Facts:
    return (piece.file_marks, followed(piece), sum(len(g.hands) for g in piece.games),
            any(d.is_error for d in piece.diagnostics))


def _merged(items: Iterable[Played | Loose], lang: str, into: Rows | None = None) -> Rows:
    into = {table: [] for table in TABLES} if into is None else into
    render = renderer(lang)
    for item in items:
        for table, found in rows_of(item, render).items():
            into[table] += found
    return into


def _batch(work: Work) -> Done:
    """A worker's work: the rows of a batch of chunks, and the facts of their pieces."""
    name, chunks, first, selection, lang = work
    into: Rows = {table: [] for table in TABLES}
    facts = []
    for item in chunks:
        chunk = item if isinstance(item, Diagnostic) else Chunk(*item)
        piece, items = judged(name, chunk, first, selection)
        first += len(piece.games)
        _merged(items, lang, into)
        facts.append(_facts(piece))
    return into, facts




@dataclass(slots=True, eq=False)
class _Slot:
    """A place in the order of the rows: a batch (on its way, or done), or the end of a
    file (``closing``: the source, and whether it was read whole); ``end`` follows the
    pieces of the file."""

    end: FileEnd
    work: Work | None = None
    done: Done | None = None
    closing: tuple[Source, bool] | None = None


class _Line:
    """The slots in order, and the batches not yet given to a worker."""

    def __init__(self, pool: Pool[Work, Done], lang: str) -> None:
        self.pool, self.lang = pool, lang
        self.slots: deque[_Slot] = deque()
        self.unsent: deque[_Slot] = deque()
        self.limit = pool.size * WINDOW

    def add(self, slot: _Slot) -> Iterator[Rows]:
        self.slots.append(slot)
        if slot.work is not None:
            self.unsent.append(slot)
        self._send()
        while len(self.slots) > self.limit:
            yield from self.pop()

    def _send(self) -> None:
        if self.pool.busy:
            for ticket, answer in self.pool.wait(timeout=0):
                self._answered(ticket, answer)
        while self.unsent:
            head = self.unsent[0]
            if head.work is None or not self.pool.give(head, head.work):
                return
            self.unsent.popleft()

    def _answered(self, ticket: object, answer: Done | Lost) -> None:
        assert isinstance(ticket, _Slot) and ticket.work is not None
        if isinstance(answer, Lost):
            words = Message(N_("a worker process ended ({reason}) while exporting {path}; "
                               "its games were done again in the main process"),
                            {"reason": answer.reason, "path": ticket.work[0]})
            say(f"blocknot: {words.render(translator(self.lang))}\n")
            answer = _batch(ticket.work)
        ticket.done = answer

    def pop(self) -> Iterator[Rows]:
        """The first slot's rows, once they are ready."""
        head = self.slots[0]
        while head.work is not None and head.done is None:
            self._send()
            if self.unsent and self.unsent[0] is head and not self.pool.busy:
                self.unsent.popleft()  # no worker left to take it
                head.done = _batch(head.work)
                break
            for ticket, answer in self.pool.wait():
                self._answered(ticket, answer)
        self.slots.popleft()
        if head.closing is not None:
            source, readable = head.closing
            loose = ended(source.name, head.end, source.selection, readable)
            yield _merged(loose, self.lang)
            return
        assert head.done is not None
        rows, facts = head.done
        for fact in facts:
            head.end.follow(*fact)
        yield rows


def _plain(chunk: Chunk | Diagnostic) -> tuple[int, str] | Diagnostic:
    """A chunk as the plain values a worker reads it from (``parallel.batches``)."""
    if isinstance(chunk, Diagnostic):
        return chunk
    return chunk.first_line, chunk.text


def parallel_rows(sources: Iterable[Source], jobs: int, lang: str, unreadable: Unreadable,
                  opener: Opener) -> Iterator[Rows]:
    """The rows of every game of ``sources``, in order, made by ``jobs`` workers."""
    line = _Line(Pool(workers(jobs), _batch), lang)
    try:
        for source in sources:
            yield from _file(source, line, unreadable, opener)
        while line.slots:
            yield from line.pop()
    except BaseException:
        line.pool.close(kindly=False)
        raise
    line.pool.close()


def _file(source: Source, line: _Line, unreadable: Unreadable,
          opener: Opener) -> Iterator[Rows]:
    """Cut one file into batches for the workers (its first chunk read here)."""
    with ExitStack() as stack:
        try:
            stream = stack.enter_context(opener(source.path))
        except OSError as error:
            unreadable(source, error)
            return
        end, problem = FileEnd(), None
        try:
            chunks = chunks_of(stream)
            first = next(chunks, None)
            second = next(chunks, None) if first is not None else None
            if first is not None and second is None:  # one chunk: a worker's, numbered 1
                work = (source.name, [_plain(first)], 1, source.selection, line.lang)
                yield from line.add(_Slot(end, work=work))
            elif first is not None and second is not None:
                piece, items = judged(source.name, first, 1, source.selection)
                head = _Slot(end, done=(_merged(items, line.lang), [_facts(piece)]))
                yield from line.add(head)
                games = 1 + len(piece.games)
                for batch in batches(chain([second], chunks)):
                    work = (source.name, batch, games, source.selection, line.lang)
                    yield from line.add(_Slot(end, work=work))
                    games += sum(not isinstance(c, Diagnostic) for c in batch)
        except OSError as error:
            problem = error
        kept = getattr(stream, "error", None)
        problem = problem or (kept if isinstance(kept, OSError) else None)
        if problem is not None:
            unreadable(source, problem)
        yield from line.add(_Slot(end, closing=(source, problem is None)))
