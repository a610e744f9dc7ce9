"""What a change anywhere does to the whole of a document: the codes of its ``ignore-file``
comments, and whether a file of its bytes is text at all.

Both are found in the whole text as ``blocknot validate`` finds them in a file
(``settings.file_ignores``, ``chunks.unreadable``), which takes milliseconds for a text of a
few megabytes; after a change that cannot have changed them (no ``blocknot:`` written in a
text that held none, no NUL byte or lone surrogate put in a text that was read, the first
bytes still text), they are what they were.
"""

from __future__ import annotations

from ..basics.diagnostics import Diagnostic
from ..notation.unreadable import SNIFF_BYTES, not_text
from .chunks import encoded, unreadable
from .settings import file_ignores

_MARK = "blocknot:"


def file_codes(text: str, maybe_marked: bool, change: tuple[int, int, int] | None
               ) -> tuple[tuple[str, ...], bool]:
    """The codes of the text's ``ignore-file`` comments, and whether it holds
    ``blocknot:`` at all; ``maybe_marked``: whether the text before ``change`` might have
    (True when there was none)."""
    if not maybe_marked and change is not None:
        start, _, stop = change
        if _MARK not in text[max(start - len(_MARK), 0):stop + len(_MARK)]:
            return (), False
    marked = _MARK in text
    return (file_ignores(text) if marked else ()), marked


def unreadable_after(text: str, was_read: bool, change: tuple[int, int, int] | None
                     ) -> Diagnostic | None:
    """The S003 of a text a file of its bytes would be in whole, or None; ``was_read``:
    whether the text before ``change`` was read as text."""
    if was_read and change is not None:
        start, _, stop = change
        put = text[start:stop]
        if "\0" not in put and _encodes(put):
            return not_text(encoded(text[:SNIFF_BYTES])) if start < SNIFF_BYTES else None
    return unreadable(text)


def _encodes(text: str) -> bool:
    """Whether ``text`` holds no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
