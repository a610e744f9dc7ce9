"""Validation reports as one JSON document (NOTATION.md §7); the keys keep their names.

The document is written as the pieces of each file stream past: the games go to a spooled
temporary file (in memory while small) so that each file's ``valid``, counts and diagnostics
can come first, in the order the contract shows, without holding a large file's games.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterable
from typing import IO, Any

from ..diagnostics import Diagnostic
from ..i18n import translator
from ..report import FileReport, GameResult, HandResult, Piece, Tally

_SPOOL_BYTES = 8 * 1024 * 1024


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def diagnostic_object(d: Diagnostic, lang: str = "en") -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity,
        "message": d.message.render(translator(lang)),
        "line": d.line,
        "column": d.column,
        "game": d.game,
        "hand": d.hand,
    }


def hand_object(hand: HandResult) -> dict[str, Any]:
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


def game_text(game: GameResult, indent: str = "    ") -> str:
    """One game as JSON text: its header on the first line, one hand per line."""
    head = _dumps({
        "index": game.index, "line": game.line, "players": list(game.players),
        "target": game.target,
    })[:-1]
    tail = _dumps({
        "score": None if game.score is None else dict(game.score),
        "status": game.status, "winner": game.winner,
    })[1:]
    if not game.hands:
        return f'{head}, "hands": [], {tail}'
    hands = f",\n{indent}  ".join(_dumps(hand_object(h)) for h in game.hands)
    return f'{head}, "hands": [\n{indent}  {hands}\n{indent}], {tail}'


class JsonReport:
    """Writes ``{"files": [...]}`` to a text stream, one file at a time."""

    def __init__(self, out: IO[str], lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self.files = 0
        out.write('{"files": [')

    def add_file(self, path: str, pieces: Iterable[Piece]) -> Tally:
        """Write one file's report from its pieces; returns its counts."""
        tally = Tally()
        diagnostics: list[Diagnostic] = []
        with tempfile.SpooledTemporaryFile(_SPOOL_BYTES, mode="w+", encoding="utf-8") as games:
            count = 0
            for piece in pieces:
                tally = tally.add(piece)
                diagnostics += piece.diagnostics
                for game in piece.games:
                    games.write(("" if count == 0 else ",\n    ") + game_text(game))
                    count += 1
            head = _dumps({"path": path, "valid": tally.errors == 0, "errors": tally.errors,
                           "warnings": tally.warnings})[:-1]
            self.out.write(("\n  " if self.files == 0 else ",\n  ") + head)
            self.out.write(', "diagnostics": [')
            self.out.write(",".join(
                "\n    " + _dumps(diagnostic_object(d, self.lang)) for d in diagnostics
            ))
            self.out.write("\n  ]" if diagnostics else "]")
            self.out.write(', "games": [')
            if count:
                self.out.write("\n    ")
                games.seek(0)
                shutil.copyfileobj(games, self.out)
                self.out.write("\n  ]}")
            else:
                self.out.write("]}")
        self.files += 1
        return tally

    def close(self) -> None:
        self.out.write("\n]}\n" if self.files else "]}\n")
        self.out.flush()


def document(reports: Iterable[FileReport], lang: str = "en") -> str:
    """The JSON document for whole file reports (the library's convenience form)."""
    import io

    buffer = io.StringIO()
    writer = JsonReport(buffer, lang)
    for report in reports:
        writer.add_file(report.path, [Piece(report.games, report.diagnostics, report.context)])
    writer.close()
    return buffer.getvalue()
