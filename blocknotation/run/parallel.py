"""``--jobs N``: validate the games of one or more files in worker processes.

The main process reads and cuts the files into game chunks (cheap) and hands batches of
chunks to the workers (``ordered.Ordered``), which parse, replay and format them
(``render.Render``); the formatted pieces come back as text and are given out in the order
they were read, so the output is identical to ``--jobs 1`` and the main process has little
more to do than write it.  At most a few batches per worker are in flight at once, which
keeps memory bounded however large the input.

A worker that dies (killed by a signal, say) loses nothing: its batch is checked again in the
main process, a line on standard error names the file it was checking, and the run goes on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from ..basics.diagnostics import Diagnostic, Message
from ..basics.i18n import N_, translator
from ..notation.stream import Chunk
from ..pipeline import FileEnd, Selection, chunks_of, validate_chunk
from ..report.values import Rendered
from .ordered import Ordered
from .output import say
from .render import Render
from .workers import Lost

#: Characters per batch sent to a worker (some 10,000 lines): large enough to amortise the
#: hand-over.
BATCH_CHARS = 200_000
#: Batches in flight per worker.
WINDOW = 3

#: A batch: its chunks as (first line, text), as they pickle fastest; the number of its first
#: game; what to report; the file's index; how to format.
Work = tuple[list[tuple[int, str] | Diagnostic], int, Selection, int, Render]


@dataclass(frozen=True, slots=True)
class _End:
    """The end of file ``index``: where its unused ``ignore-file`` codes come (``selection``
    its codes; ``readable``: whether it was read whole, as S005 is only for one that was)."""

    index: int
    selection: Selection
    readable: bool


#: A place of the output: file ``index``'s pieces, or the end of a file.
Out = tuple[int, list[Rendered]] | _End


def _validate_batch(work: Work) -> Out:
    chunks, first_game, selection, index, render = work
    pieces = []
    for item in chunks:
        chunk = item if isinstance(item, Diagnostic) else Chunk(*item)
        piece = validate_chunk(chunk, first_game, selection)
        first_game += len(piece.games)
        pieces.append(render(index, piece))
    return index, [render.join(pieces)]  # one piece to send back: less to pickle


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


def validate_files(
    streams: Iterator[BinaryIO], selections: Sequence[Selection], jobs: int, render: Render,
) -> Iterator[tuple[int, Rendered | None]]:
    """Validate each stream in turn (``selections``: one per stream); yields (stream index,
    formatted piece) in input order, and (index, None) where each stream's pieces end."""
    given = _Output(render)

    def lost(work: Work, how: Lost) -> None:
        words = Message(N_("a worker process ended ({reason}) while checking {path}; its "
                           "games were checked again in the main process"),
                        {"reason": how.reason, "path": render.names[work[3]]})
        say(f"blocknot: {words.render(translator(render.lang))}\n")

    with Ordered(jobs, _validate_batch, lost, WINDOW) as line:
        for index, stream in enumerate(streams):
            chosen = selections[index]
            chunks = chunks_of(stream)
            first = next(chunks, None)
            if first is not None:
                # A file's first chunk may hold no game (only comments): numbered here.
                head = validate_chunk(first, 1, chosen)
                line.add_done((index, [render(index, head)]))
                for work in _batches(chunks, 1 + len(head.games), chosen, index, render):
                    line.add(work)
                    while line.full:
                        yield from given(line.next())
            line.add_done(_End(index, chosen, _readable(stream)))
            for out in line.ready():  # the files done are written before the next is read
                yield from given(out)
        for out in line.rest():
            yield from given(out)


class _Output:
    """The places of the output as pieces, each file's end followed by what it adds (its
    unused ``ignore-file`` codes)."""

    def __init__(self, render: Render) -> None:
        self.render = render
        self.marks: dict[int, FileEnd] = {}

    def __call__(self, out: Out) -> Iterator[tuple[int, Rendered | None]]:
        if isinstance(out, _End):
            followed = self.marks.pop(out.index, FileEnd())
            for last in followed.pieces(out.selection, out.readable):
                yield out.index, self.render(out.index, last)
            yield out.index, None
            return
        index, pieces = out
        followed = self.marks.setdefault(index, FileEnd())
        for piece in pieces:
            tally = piece.tally
            followed.follow(piece.file_marks, piece.file_used, tally.hands, tally.errors > 0)
            yield index, piece


def _readable(stream: BinaryIO) -> bool:
    """Whether ``stream`` was read whole (an ``inputs.Input`` keeps why not)."""
    return getattr(stream, "problem", None) is None
