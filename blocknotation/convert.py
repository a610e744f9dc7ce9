"""``blocknot convert``: text records to JSON and JSON back to canonical text.

Converting never judges legality; it refuses only input it cannot read (syntax diagnostics
S001–S003, or a JSON document that is not a valid record).
"""

from __future__ import annotations

from .diagnostics import Diagnostic
from .output.canonical import to_text
from .output.record_json import from_json, to_json
from .parse import parse_bytes
from .source import decode


def looks_like_json(data: bytes) -> bool:
    """A record JSON document starts with ``{`` (after white space and a BOM)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def convert_bytes(data: bytes, target: str | None) -> tuple[str | None, tuple[Diagnostic, ...]]:
    """Convert ``data`` to ``target`` ("json" or "text"; None: the other form).

    Returns the converted text, or None and the diagnostics that say why it cannot be read.
    """
    if looks_like_json(data):
        source = decode(data)
        if source.text is None:
            return None, source.diagnostics
        record, problems = from_json(source.text)
        if record is None:
            return None, problems
        return (to_json(record) if target == "json" else to_text(record)), ()
    parsed = parse_bytes(data)
    if parsed.diagnostics:
        return None, parsed.diagnostics
    return (to_text(parsed.records) if target == "text" else to_json(parsed.records)), ()
