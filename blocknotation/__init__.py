"""blocknot: notation, validator and score keeper for game records of Block, the domino game.

The public API::

    from blocknotation import parse, parse_bytes, RecordFile

    result = parse(text)            # records and syntax diagnostics, never raises
    result.records.games[0].hands   # pydantic records with line and column

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

__all__ = ["Diagnostic", "ParseResult", "RecordFile", "__version__", "parse", "parse_bytes"]

_LAZY = {
    "parse": ("parse", "parse_text"),
    "parse_bytes": ("parse", "parse_bytes"),
    "ParseResult": ("parse", "ParseResult"),
    "RecordFile": ("records", "RecordFile"),
    "Diagnostic": ("diagnostics", "Diagnostic"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f".{module}", __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
