"""blocknot: notation, validator and score keeper for game records of Block, the domino game.

The public API (every name below is importable from ``blocknotation``)::

    from blocknotation import parse, parse_bytes, validate, validate_stream

    result = parse(text)             # ParseResult: records and syntax diagnostics, never raises
    result.records.games[0].hands    # frozen pydantic records with line and column

    report = validate(data, "club.block")   # bytes in: FileReport, every diagnostic and the games
    report.valid, report.diagnostics, report.games[0].score

    with open("club.block", "rb") as f:     # a file of any size, one game at a time
        for piece in validate_stream(f):
            piece.games, piece.diagnostics

    with open("club.block", "rb") as f:     # games to check elsewhere: a plain dict per game
        results = [validate_game(game, "club.block") for game in iter_games(f)]

    report = validate(data, jobs=0)          # the games checked by a worker per CPU
    report = analyse(data)                  # each hand's moves valued under best play
    format_text(text).text                  # canonical text (None, with why, if unreadable)
    convert(data, to="json").text           # text to record JSON and back, losing nothing
    fix(["club.block"])                     # what the engine proved, written in place

    table = standings("season/")            # a season's standings: Standings, by player
    export("season/", to="csv", out="tables")   # games, hands, moves, diagnostics tables

    hand = Table(["Ada", "Bea"], "Ada")     # one hand in play: what the rules allow now
    hand.legal_moves(), hand.play("3-5"), hand.pass_(), hand.outcome()

The functions are defined in ``api.py`` and ``runs.py``, with their contracts.  Importing
this package is cheap: the parser, the engine and the records load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .api import (
    export,
    iter_games,
    parse,
    parse_bytes,
    standings,
    validate,
    validate_game,
    validate_stream,
)
from .runs import analyse, convert, fix, format_text

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .basics.diagnostics import Diagnostic
    from .engine.table import IllegalMove, Outcome, Table, TablePass, TablePlay
    from .formats.records.formatting import FormatResult
    from .games import GameText
    from .notation.parsing import ParseResult
    from .notation.records import RecordFile
    from .report.analysis import HandAnalysis, MoveValue
    from .report.values import FileReport, GameResult, HandResult, Piece
    from .run.convert import Converted
    from .run.fix_paths import FileFixed
    from .season.export import Exported
    from .season.standings import Standings

__all__ = [
    "Converted", "Diagnostic", "Exported", "FileFixed", "FileReport", "FormatResult",
    "GameResult", "GameText", "HandAnalysis", "HandResult", "IllegalMove", "MoveValue",
    "Outcome", "ParseResult", "Piece", "RecordFile", "Standings", "Table", "TablePass",
    "TablePlay",
    "__version__", "analyse", "convert", "export", "fix", "format_text", "iter_games",
    "parse", "parse_bytes", "standings", "validate", "validate_game", "validate_stream",
]

#: The public types, each loaded from its module on first use.
_LAZY = {
    "ParseResult": "notation.parsing",
    "RecordFile": "notation.records",
    "Diagnostic": "basics.diagnostics",
    "FileReport": "report.values",
    "GameResult": "report.values",
    "HandResult": "report.values",
    "Piece": "report.values",
    "GameText": "games",
    "Standings": "season.standings",
    "Exported": "season.export",
    "Table": "engine.table",
    "TablePlay": "engine.table",
    "TablePass": "engine.table",
    "Outcome": "engine.table",
    "IllegalMove": "engine.table",
    "FormatResult": "formats.records.formatting",
    "HandAnalysis": "report.analysis",
    "MoveValue": "report.analysis",
    "Converted": "run.convert",
    "FileFixed": "run.fix_paths",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
