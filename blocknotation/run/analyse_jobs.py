"""The analysis of a file's pieces, hand by hand, here or in worker processes (``--jobs``).

Each piece (a game, read and replayed by the pipeline in this process) gives its hands as
problems (``analysis.pieces.problems_of``); with ``--jobs``, each problem goes to a worker
(``ordered.Ordered``) as one comes free, and the pieces come out in the order they were read,
each once all its hands are back, so the output is the same as with one process.  At most a
few problems per worker wait at once, which keeps memory bounded however long the file.  A
worker that dies loses nothing: its hand is analysed again here, and a line says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..analysis.hand import analyse
from ..analysis.pieces import Place, problems_of, with_analyses
from ..analysis.setup import HandToAnalyse
from ..basics.diagnostics import Message
from ..basics.i18n import N_, translator
from ..notation.reader import ParsedRecord
from ..report.analysis import HandAnalysis
from ..report.values import Piece
from .ordered import Ordered
from .output import say
from .workers import Lost

#: Hands waiting to be analysed or written, per worker.
WINDOW = 32


@dataclass(frozen=True, slots=True)
class _PieceEnd:
    """After the hands of a piece: the piece, and the place of each of its hands."""

    parsed: ParsedRecord | None
    piece: Piece
    places: tuple[Place, ...]


def analysed_pieces(pairs: Iterable[tuple[ParsedRecord | None, Piece]], threshold: int, jobs: int,
                    lang: str = "en", deadline: float | None = None
                    ) -> Iterator[tuple[ParsedRecord | None, Piece]]:
    """Each (parsed, piece) with its hands analysed, in order (``jobs``: worker processes,
    0 for one per CPU; 1 analyses here; ``deadline``: when the run's time is spent, the
    hands not analysed by then are not)."""
    if jobs == 1:
        for parsed, piece in pairs:
            items = problems_of(parsed, piece, threshold, deadline=deadline)
            yield parsed, with_analyses(piece, {
                place: analyse(item) if isinstance(item, HandToAnalyse) else item
                for place, item in items})
        return

    def lost(problem: HandToAnalyse, how: Lost) -> None:
        words = Message(N_("a worker process ended ({reason}) while analysing hand "
                           "{number}; it was analysed again in the main process"),
                        {"reason": how.reason, "number": problem.number})
        say(f"blocknot: {words.render(translator(lang))}\n")

    hands: list[HandAnalysis] = []

    def given(out: HandAnalysis | _PieceEnd) -> Iterator[tuple[ParsedRecord | None, Piece]]:
        if not isinstance(out, _PieceEnd):
            hands.append(out)
            return
        analyses = dict(zip(out.places, hands, strict=True))
        hands.clear()
        yield out.parsed, with_analyses(out.piece, analyses)

    with Ordered[HandToAnalyse, HandAnalysis | _PieceEnd](jobs, analyse, lost, WINDOW) as line:
        for parsed, piece in pairs:
            places = []
            for place, item in problems_of(parsed, piece, threshold, deadline=deadline):
                places.append(place)
                if isinstance(item, HandToAnalyse):
                    line.add(item)
                else:
                    line.add_done(item)
                while line.full:
                    yield from given(line.next())
            line.add_done(_PieceEnd(parsed, piece, tuple(places)))
            for out in line.ready():
                yield from given(out)
        for out in line.rest():
            yield from given(out)
