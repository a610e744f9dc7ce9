"""Player names and the keywords no player may be called by (docs/notation.md, "Lexical rules").

A name starts with a letter of any script (Unicode category L) and goes on with letters,
combining marks (category M: the vowel signs of Devanagari or Arabic, the accent of an ``ò``
typed as ``o`` + U+0300), ASCII digits, ``_``, ``'`` or ``-``.  Names are compared after
NFC normalisation (``name_key``), so ``Nicolò`` typed either way is the same player.

Kept apart from ``records`` so that the fast reader and the quick replay, which need only
these facts, do not import pydantic.  The full pattern is compiled on its first non-ASCII
name: most records never need it.
"""

from __future__ import annotations

import re
import unicodedata

from .unicode_names import LETTERS, MARKS

#: The pattern of a name, as a regular expression (also in the grammar and the JSON Schema).
NAME_REGEX = f"[{LETTERS}](?:[{LETTERS}{MARKS}]|[0-9_'\\-])*"

_ASCII_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_'\-]*")


class _NamePattern:
    """``NAME_REGEX`` compiled on first need; ``fullmatch`` as a compiled pattern has it."""

    def __init__(self) -> None:
        self._full: re.Pattern[str] | None = None

    @property
    def full(self) -> re.Pattern[str]:
        if self._full is None:
            self._full = re.compile(NAME_REGEX)
        return self._full

    def fullmatch(self, text: str) -> re.Match[str] | None:
        if text.isascii():
            return _ASCII_NAME.fullmatch(text)
        return self.full.fullmatch(text)


#: A player name; ``NAME_PATTERN.fullmatch(text)`` says whether ``text`` is one.
NAME_PATTERN = _NamePattern()

#: The keywords of the notation: no player may be called by one of them.
KEYWORDS = frozenset(
    {"hand", "opener", "deal", "pass", "show", "domino", "blocked", "points", "score", "none",
     "L", "R", "left", "right"}
)


def name_key(name: str) -> str:
    """The form under which names are compared: NFC, so that a name typed with combining
    marks (``o`` + U+0300) and one typed precomposed (``ò``) are the same player."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)
