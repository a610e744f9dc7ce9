"""``export --jobs N``: the rows of the tables made in worker processes.

As for ``validate --jobs`` (``parallel.py``), the main process opens each file and cuts it
into game chunks (``pipeline.chunks_of``, cheap) and hands them, a batch at a time, to the
workers (``ordered.Ordered``), which read and replay them and turn their games into rows
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

from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import chain
from typing import Any

from ..basics.diagnostics import Diagnostic, Message
from ..basics.i18n import N_, translator
from ..notation.stream import Chunk
from ..pipeline import FileEnd, Selection, chunks_of
from ..report.values import Piece
from ..season.export import renderer
from ..season.read import Loose, Played, ended, judged
from ..season.sources import Opener, SeasonInput, Unreadable
from ..season.tables import TABLES, Rows, rows_of
from ..suppress import followed
from .ordered import Ordered
from .output import say
from .parallel import WINDOW, batches
from .workers import Lost

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




@dataclass(frozen=True, slots=True)
class _Closing:
    """The end of a file: the source, and whether it was read whole."""

    source: SeasonInput
    readable: bool


class _Rows:
    """The places in order as rows, each file's pieces followed to its end (``FileEnd``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.end = FileEnd()

    def __call__(self, out: Done | _Closing) -> Rows:
        if isinstance(out, _Closing):
            end, self.end = self.end, FileEnd()
            return _merged(ended(out.source.name, end, out.source.selection, out.readable),
                           self.lang)
        rows, facts = out
        for fact in facts:
            self.end.follow(*fact)
        return rows


def _plain(chunk: Chunk | Diagnostic) -> tuple[int, str] | Diagnostic:
    """A chunk as the plain values a worker reads it from (``parallel.batches``)."""
    if isinstance(chunk, Diagnostic):
        return chunk
    return chunk.first_line, chunk.text


def parallel_rows(sources: Iterable[SeasonInput], jobs: int, lang: str, unreadable: Unreadable,
                  opener: Opener) -> Iterator[Rows]:
    """The rows of every game of ``sources``, in order, made by ``jobs`` workers."""
    def lost(work: Work, how: Lost) -> None:
        words = Message(N_("a worker process ended ({reason}) while exporting {path}; "
                           "its games were done again in the main process"),
                        {"reason": how.reason, "path": work[0]})
        say(f"blocknot: {words.render(translator(lang))}\n")

    given = _Rows(lang)
    with Ordered[Work, Done | _Closing](jobs, _batch, lost, WINDOW) as line:
        for source in sources:
            for out in _file(source, line, lang, unreadable, opener):
                yield given(out)
        for out in line.rest():
            yield given(out)


def _file(source: SeasonInput, line: Ordered[Work, Done | _Closing], lang: str,
          unreadable: Unreadable, opener: Opener) -> Iterator[Done | _Closing]:
    """Cut one file into batches for the workers (its first chunk read here); the results
    that the window lets out meanwhile."""
    with ExitStack() as stack:
        try:
            stream = stack.enter_context(opener(source.path))
        except OSError as error:
            unreadable(source, error)
            return
        problem = None
        try:
            chunks = chunks_of(stream)
            first = next(chunks, None)
            second = next(chunks, None) if first is not None else None
            if first is not None and second is None:  # one chunk: a worker's, numbered 1
                line.add((source.name, [_plain(first)], 1, source.selection, lang))
                yield from _room(line)
            elif first is not None and second is not None:
                piece, items = judged(source.name, first, 1, source.selection)
                line.add_done((_merged(items, lang), [_facts(piece)]))
                yield from _room(line)
                games = 1 + len(piece.games)
                for batch in batches(chain([second], chunks)):
                    line.add((source.name, batch, games, source.selection, lang))
                    yield from _room(line)
                    games += sum(not isinstance(c, Diagnostic) for c in batch)
        except OSError as error:
            problem = error
        kept = getattr(stream, "error", None)
        problem = problem or (kept if isinstance(kept, OSError) else None)
        if problem is not None:
            unreadable(source, problem)
        line.add_done(_Closing(source, problem is None))
        yield from _room(line)


def _room(line: Ordered[Work, Done | _Closing]) -> Iterator[Done | _Closing]:
    """The first results, taken out while the window is full."""
    while line.full:
        yield line.next()
