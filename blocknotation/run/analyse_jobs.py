"""The analysis of a file's pieces, hand by hand, here or in worker processes (``--jobs``).

Each piece (a game, read and replayed by the pipeline in this process) gives its hands as
problems (``analysis.pieces.problems_of``); with ``--jobs``, each problem goes to a worker of
``workers.Pool`` as one comes free, and the pieces come out in the order they were read,
each once all its hands are back, so the output is the same as with one process.  At most a
few problems per worker wait at once, which keeps memory bounded however long the file.  A
worker that dies loses nothing: its hand is analysed again here, and a line says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..analysis.hand import analyse
from ..analysis.pieces import Place, problems_of, with_analyses
from ..analysis.setup import Problem
from ..basics.diagnostics import Message
from ..basics.i18n import N_, translator
from ..reading.reader import Reading
from ..report.analysis import HandAnalysis
from ..report.values import Piece
from .output import say
from .parallel import workers
from .workers import Lost, Pool

#: Pieces waiting for their hands, per worker.
WINDOW = 4


@dataclass(eq=False, slots=True)
class _Ticket:
    problem: Problem
    answer: HandAnalysis | None = None


@dataclass(eq=False, slots=True)
class _Waiting:
    piece: Piece
    places: list[tuple[Place, HandAnalysis | _Ticket]] = field(default_factory=list)

    def ready(self) -> bool:
        return all(not isinstance(item, _Ticket) or item.answer is not None
                   for _, item in self.places)

    def finished(self) -> Piece:
        analyses: dict[Place, HandAnalysis] = {}
        for place, item in self.places:
            found = item.answer if isinstance(item, _Ticket) else item
            assert found is not None
            analyses[place] = found
        return with_analyses(self.piece, analyses)


def analysed_pieces(pairs: Iterable[tuple[Reading | None, Piece]], threshold: int, jobs: int,
                    lang: str = "en", deadline: float | None = None
                    ) -> Iterator[tuple[Reading | None, Piece]]:
    """Each (reading, piece) with its hands analysed, in order (``jobs``: worker processes,
    0 for one per CPU; 1 analyses here; ``deadline``: when the run's time is spent, the
    hands not analysed by then are not)."""
    if jobs == 1:
        for reading, piece in pairs:
            items = problems_of(reading, piece, threshold, deadline=deadline)
            yield reading, with_analyses(piece, {
                place: analyse(item) if isinstance(item, Problem) else item
                for place, item in items})
        return
    line = _Line(Pool(workers(jobs), analyse), lang)
    try:
        for reading, piece in pairs:
            waiting = _Waiting(piece)
            for place, item in problems_of(reading, piece, threshold, deadline=deadline):
                ticket = _Ticket(item) if isinstance(item, Problem) else item
                waiting.places.append((place, ticket))
                if isinstance(ticket, _Ticket):
                    line.unsent.append(ticket)
            line.waiting.append((reading, waiting))
            line.send()
            yield from line.ready(block=len(line.waiting) > line.limit)
        while line.waiting:
            yield from line.ready(block=True)
    except BaseException:
        line.pool.close(kindly=False)
        raise
    line.pool.close()


class _Line:
    def __init__(self, pool: Pool[Problem, HandAnalysis], lang: str) -> None:
        self.pool = pool
        self.lang = lang
        self.limit = pool.size * WINDOW
        self.unsent: deque[_Ticket] = deque()
        self.waiting: deque[tuple[Reading | None, _Waiting]] = deque()

    def send(self) -> None:
        while self.unsent and self.pool.give(self.unsent[0], self.unsent[0].problem):
            self.unsent.popleft()

    def ready(self, block: bool) -> Iterator[tuple[Reading | None, Piece]]:
        """The pieces at the head that are complete; with ``block``, waiting for the head
        one first."""
        while self.waiting:
            reading, head = self.waiting[0]
            while block and not head.ready():
                self.send()
                if self.pool.busy:
                    self._take(self.pool.wait())
                else:  # no worker left to take them: done here
                    ticket = self.unsent.popleft()
                    ticket.answer = analyse(ticket.problem)
            self._take(self.pool.wait(timeout=0))
            if not head.ready():
                return
            self.waiting.popleft()
            yield reading, head.finished()
            self.send()

    def _take(self, answers: Iterable[tuple[object, HandAnalysis | Lost]]) -> None:
        for ticket, answer in answers:
            assert isinstance(ticket, _Ticket)
            if isinstance(answer, Lost):
                words = Message(N_("a worker process ended ({reason}) while analysing hand "
                                   "{number}; it was analysed again in the main process"),
                                {"reason": answer.reason, "number": ticket.problem.number})
                say(f"blocknot: {words.render(translator(self.lang))}\n")
                answer = analyse(ticket.problem)
            ticket.answer = answer
        self.send()
