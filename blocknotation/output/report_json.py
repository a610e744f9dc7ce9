"""Validation reports as one JSON document (NOTATION.md §7); the keys keep their names."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..i18n import translator
from ..report import FileReport, GameResult, HandResult


def file_object(report: FileReport, lang: str = "en") -> dict[str, Any]:
    """The JSON object of one file's report."""
    translate = translator(lang)
    return {
        "path": report.path,
        "valid": report.valid,
        "errors": report.errors,
        "warnings": report.warnings,
        "diagnostics": [
            {
                "code": d.code,
                "severity": d.severity,
                "message": d.message.render(translate),
                "line": d.line,
                "column": d.column,
                "game": d.game,
                "hand": d.hand,
            }
            for d in report.diagnostics
        ],
        "games": [_game(g) for g in report.games],
    }


def _game(game: GameResult) -> dict[str, Any]:
    return {
        "index": game.index,
        "line": game.line,
        "players": list(game.players),
        "target": game.target,
        "hands": [_hand(h) for h in game.hands],
        "score": None if game.score is None else dict(game.score),
        "status": game.status,
        "winner": game.winner,
    }


def _hand(hand: HandResult) -> dict[str, Any]:
    return {
        "number": hand.number,
        "line": hand.line,
        "opener": hand.opener,
        "outcome": hand.outcome,
        "winner": hand.winner,
        "remaining": dict(hand.remaining),
        "points": None if hand.points is None else dict(hand.points),
        "score": None if hand.score is None else dict(hand.score),
        "unverified": hand.unverified,
    }


def document(reports: Iterable[FileReport], lang: str = "en") -> str:
    """``{"files": [...]}`` for every report, as one JSON document with a final newline."""
    files = [file_object(r, lang) for r in reports]
    return json.dumps({"files": files}, ensure_ascii=False, indent=2) + "\n"
