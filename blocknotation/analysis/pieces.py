"""The analysis joined to the engine's report: each hand of a piece (one game chunk, read and
replayed by ``pipeline.read_and_validate``) analysed, its ``HandResult.analysis`` set, so
that every output that writes the report can write the values too.

``problems_of`` and ``with_analyses`` are the two halves, for ``--jobs``: the problems go to
worker processes and their analyses come back by hand; ``analysed`` does both here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..notation.reader import ParsedRecord
from ..report.analysis import HandAnalysis
from ..report.values import GameResult, Piece
from .hand import analyse
from .setup import HandToAnalyse, problems

#: A hand of a piece: its game's index in the piece and the line of its ``hand`` line.
Place = tuple[int, int]


def problems_of(parsed: ParsedRecord | None, piece: Piece, threshold: int = 1,
                bound: int | None = None, deadline: float | None = None
                ) -> list[tuple[Place, HandToAnalyse | HandAnalysis]]:
    """Each hand of the piece's games, as a problem or as why it is not analysed
    (``deadline``: ``HandToAnalyse.deadline``)."""
    if parsed is None:
        return []
    found: list[tuple[Place, HandToAnalyse | HandAnalysis]] = []
    for at, (game, result) in enumerate(zip(parsed.records.games, piece.games,
                                            strict=False)):
        for item in problems(game, result, piece.diagnostics, threshold, bound,
                             deadline=deadline):
            found.append(((at, item.line), item))
    return found


def with_analyses(piece: Piece, analyses: dict[Place, HandAnalysis]) -> Piece:
    """``piece`` with each hand's analysis set (those without one keep None)."""
    if not analyses:
        return piece
    games: list[GameResult] = []
    for at, game in enumerate(piece.games):
        hands = tuple(replace(hand, analysis=analyses[(at, hand.line)])
                      if (at, hand.line) in analyses else hand for hand in game.hands)
        games.append(replace(game, hands=hands))
    return replace(piece, games=tuple(games))


def analysed(parsed: ParsedRecord | None, piece: Piece, threshold: int = 1,
             bound: int | None = None,
             solve: Callable[[Iterable[HandToAnalyse]], Iterable[HandAnalysis]] | None = None
             ) -> Piece:
    """``piece`` with every hand analysed (``solve``: how a list of problems is solved, in
    order; here, one after another, unless told)."""
    items = problems_of(parsed, piece, threshold, bound)
    asked = [item for _, item in items if isinstance(item, HandToAnalyse)]
    solved = iter((solve or _here)(asked))
    analyses = {place: item if isinstance(item, HandAnalysis) else next(solved)
                for place, item in items}
    return with_analyses(piece, analyses)


def _here(asked: Iterable[HandToAnalyse]) -> Iterable[HandAnalysis]:
    return (analyse(problem) for problem in asked)
