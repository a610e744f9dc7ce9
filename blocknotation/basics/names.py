"""Player names and the keywords no player may be called by (docs/notation.md, "Lexical rules").

A name starts with a letter of any script (Unicode category L) and goes on with letters,
combining marks (category M: the vowel signs of Devanagari or Arabic, the accent of an ``ò``
typed as ``o`` + U+0300), ASCII digits, ``_``, ``'`` or ``-``.  Names are compared after
NFC normalisation (``name_key``), so ``Nicolò`` typed either way is the same player.

Kept apart from ``records`` so that the fast reader and the quick replay, which need only
these facts, do not import pydantic.  A non-ASCII name is checked by the general categories
of its characters when this Python's Unicode database is the one the tables were made from
(``unicode_names.UNICODE_VERSION``): the tables list exactly those categories, and compiling
the full pattern costs more than starting blocknot.  Otherwise the full pattern is compiled
on its first non-ASCII name.
"""

from __future__ import annotations

import re
import unicodedata

from .unicode_names import LETTERS, MARKS, UNICODE_VERSION

#: The pattern of a name, as a regular expression (also in the grammar and the JSON Schema).
NAME_REGEX = f"[{LETTERS}](?:[{LETTERS}{MARKS}]|[0-9_'\\-])*"

_ASCII_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_'\-]*")
#: The whole of a text, as a match: what ``NAME_REGEX`` gives a name it accepts.
_WHOLE = re.compile(r".+", re.DOTALL)
_ASCII_TAIL = frozenset("0123456789_'-")
#: Whether ``unicodedata`` knows the very categories that ``LETTERS`` and ``MARKS`` list.
SAME_UNICODE = unicodedata.unidata_version == UNICODE_VERSION


def by_category(text: str) -> bool:
    """Whether ``text`` (not empty) is a name by the categories of its characters: a letter
    (L), then letters, combining marks (M), ASCII digits, ``_``, ``'`` or ``-``; the meaning
    of ``NAME_REGEX`` for the Unicode version of the tables."""
    category = unicodedata.category
    if category(text[0])[0] != "L":
        return False
    return all(c in _ASCII_TAIL or category(c)[0] in "LM" for c in text[1:])


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
        if SAME_UNICODE:
            return _WHOLE.fullmatch(text) if by_category(text) else None
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
