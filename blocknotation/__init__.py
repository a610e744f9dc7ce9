"""blocknot: notation, validator and score keeper for game records of Block, the domino game.

The public API::

    from blocknotation import parse, parse_bytes, validate, RecordFile

    result = parse(text)            # records and syntax diagnostics, never raises
    result.records.games[0].hands   # pydantic records with line and column

    report = validate(data, "club.txt")   # bytes in: every diagnostic and the recomputed games
    report.valid, report.diagnostics, report.games[0].score

Importing this package is cheap: the parser and the records load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .diagnostics import Diagnostic
    from .parse import ParseResult, parse_bytes
    from .parse import parse_text as parse
    from .records import RecordFile
    from .report import FileReport, GameResult, HandResult
    from .validate import validate_bytes as validate

__all__ = [
    "Diagnostic", "FileReport", "GameResult", "HandResult", "ParseResult", "RecordFile",
    "__version__", "parse", "parse_bytes", "validate",
]

_LAZY = {
    "parse": ("parse", "parse_text"),
    "parse_bytes": ("parse", "parse_bytes"),
    "ParseResult": ("parse", "ParseResult"),
    "RecordFile": ("records", "RecordFile"),
    "Diagnostic": ("diagnostics", "Diagnostic"),
    "validate": ("validate", "validate_bytes"),
    "FileReport": ("report", "FileReport"),
    "GameResult": ("report", "GameResult"),
    "HandResult": ("report", "HandResult"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f".{module}", __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
