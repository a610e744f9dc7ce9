"""The analysis in the hover: the value of the move under the cursor, under best play
(``blocknotation.analysis``), and on a ``hand`` line who wins the hand by force.

A hand is analysed when a hover first asks about it, from its records and the engine's
report; the last few analyses are kept by what they were made from, so hovering up and down
a hand, or in a hand that a change elsewhere left as it was, costs one search.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from ..analysis.hand import analyse
from ..analysis.setup import HandToAnalyse, problem
from ..report.analysis import HandAnalysis
from ..report.analysis_words import hand_words, start_words, value_words
from ..report.values import GameResult, HandResult
from .analysis import Analysis

#: Analyses kept, by the problem they answer.
_KEPT: OrderedDict[HandToAnalyse, HandAnalysis] = OrderedDict()
_SIZE = 16


def hand_analysis(analysis: Analysis, game: GameResult, result: HandResult
                  ) -> HandAnalysis | None:
    """The analysis of the hand whose ``hand`` line is ``result.line`` (None: no records)."""
    hand = analysis.record_hand(result.line)
    if hand is None or hand.line != result.line:
        return None
    lines = [h.line for h in game.hands]
    at = lines.index(result.line)
    end = lines[at + 1] if at + 1 < len(lines) else 1 << 62
    found = problem(hand, result, game.players,
                    [d for d in analysis.diagnostics if result.line <= d.line < end])
    if isinstance(found, HandAnalysis):
        return found
    kept = _KEPT.get(found)
    if kept is None:
        kept = _KEPT[found] = analyse(found)
        while len(_KEPT) > _SIZE:
            _KEPT.popitem(last=False)
    _KEPT.move_to_end(found)
    return kept


def value_text(analysis: Analysis, game: GameResult, result: HandResult, line: int,
               translate: Callable[[str], str]) -> str | None:
    """What the analysis says at ``line``: on the ``hand`` line, who wins the hand by force
    (else how it ends under best play, or why it is not analysed); on a move, its value."""
    found = hand_analysis(analysis, game, result)
    if found is None:
        return None
    if line == result.line:
        words = hand_words(found) or start_words(found)
        return None if words is None else words.render(translate)
    move = found.at(line)
    return None if move is None else value_words(move, found.threshold).render(translate)
