"""JSON text that is safe to show on a terminal, and means the same.

Kept apart from the record and report writers so that either can use it without loading the
other (the report writer must not load the records, and with them pydantic, for a clean file).
"""

from __future__ import annotations


def visible_json(text: str) -> str:
    """A JSON document with every invisible character in its strings as a ``\\u`` escape.

    Controls, bidi controls, zero-width characters and lone surrogates (from a file name
    that is not UTF-8) are written escaped; the document means the same and is safe on a
    terminal.  Line feeds between values are kept.
    """
    if text.replace("\n", "").isprintable():
        return text
    # Outside strings a document holds only ASCII, so every such character is in a string.
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:  # a surrogate pair, as JSON writes characters beyond the BMP
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"
