"""The analysis of a hand in the JSON report: the ``analysis`` object of a hand
(``blocknot analyse --format json``, ``validate --analyse --format json``; its schema is in
``records/schema.py``, ``analysis_schema``).

A move is ``{"tile": [5, 5], "side": "L"}`` (``side`` null for the lead, or where the tile
fits one end only; ``tile`` null for a pass); an ending ``{"outcome": "domino", "winner":
"Bea", "points": 12}``.  Values are what the mover's best play is worth to them: with two
players their points minus the other's, with three or four their own points.
"""

from __future__ import annotations

from typing import Any

from ...basics.i18n import translator
from ...report.analysis import Ending, HandAnalysis, Move, MoveValue


def move_object(move: Move) -> dict[str, Any]:
    return {"tile": None if move.tile is None else list(move.tile), "side": move.side}


def ending_object(ending: Ending | None) -> dict[str, Any] | None:
    if ending is None:
        return None
    return {"outcome": ending.outcome, "winner": ending.winner, "points": ending.points}


def value_object(move: MoveValue, threshold: int) -> dict[str, Any]:
    return {
        "line": move.line, "player": move.player, "move": move_object(move.played),
        "before": move.before, "after": move.after, "given_away": move.given_away,
        "mistake": move.mistake(threshold), "ending": ending_object(move.ending),
        "best": [{**move_object(best), "ending": ending_object(ending)}
                 for best, ending in move.best],
    }


def analysis_object(analysis: HandAnalysis, lang: str = "en") -> dict[str, Any]:
    """The ``analysis`` object of a hand."""
    if not analysis.analysed:
        detail = analysis.detail
        return {"analysed": False, "reason": analysis.reason,
                "message": "" if detail is None else detail.render(translator(lang))}
    forced = analysis.forced
    return {
        "analysed": True,
        "search": "minimax" if len(analysis.players) == 2 else "maxn",
        "threshold": analysis.threshold, "nodes": analysis.nodes,
        "start": ending_object(analysis.start),
        "forced": None if forced is None else {"player": forced.player,
                                               "points": forced.points},
        "moves": [value_object(move, analysis.threshold) for move in analysis.moves],
    }
