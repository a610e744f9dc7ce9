"""What a writer most likely meant by a line that cannot be read: a character that looks like
one of the notation's but is not, or a word a letter or two away from a keyword or a side.

``look_alike`` finds the first character of a line that a keyboard or a word processor puts
where the notation wants an ASCII one: an en dash for the hyphen of ``3-5``, a full-width
digit, a full-width bar in ``[3|5]``.  ``nearest`` is the one word of a list closest to a
misspelled one, by edit distance (a letter added, dropped, changed, or two swapped), or None
when none is close or two are equally close.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..basics.diagnostics import Diagnostic, diagnostic, printable

#: Characters that look like the notation's own, and the ASCII character meant.
LOOK_ALIKES: dict[str, str] = {
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
    "\u2015": "-", "\u2212": "-", "\ufe58": "-", "\ufe63": "-", "\uff0d": "-",
    "\u00a6": "|", "\u01c0": "|", "\u2223": "|", "\u2502": "|", "\uff5c": "|",
    "\uff3b": "[", "\uff3d": "]", "\uff1a": ":", "\uff0c": ",", "\u201c": '"',
    "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
    **{chr(0xFF10 + d): str(d) for d in range(10)},
    **{chr(0x0660 + d): str(d) for d in range(10)},
    **{chr(0x06F0 + d): str(d) for d in range(10)},
}  # fmt: skip

#: The words of the notation a misspelled word is compared with (not L and R: a one-letter
#: word is a letter from too many others).
WORDS = ("hand", "opener", "deal", "pass", "show", "domino", "blocked", "points", "score",
            "none", "left", "right")

#: The sides a play may name.
SIDES = ("L", "R", "left", "right")

_WORD = re.compile(r"[^\W\d_][\w']*")


def look_alike(line: str) -> tuple[int, str, str] | None:
    """The first look-alike character of ``line`` outside a comment and a quoted tag value:
    its column (from 1), the character, and the ASCII one meant."""
    quoted = False
    for at, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return None
        elif not quoted and char in LOOK_ALIKES:
            return at + 1, char, LOOK_ALIKES[char]
    return None


def char_name(char: str) -> str:
    """``U+2013 EN DASH``."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'UNNAMED')}"


def distance(a: str, b: str) -> int:
    """The edit distance of two words, with two letters swapped counted as one edit
    (optimal string alignment)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def nearest(word: str, words: Iterable[str]) -> str | None:
    """The one word of ``words`` closest to ``word``, when it is close enough to be a slip
    (one edit in a word of up to four letters, two in a longer one, letter case aside) and
    no other is as close; None otherwise, and for ``word`` itself."""
    folded = word.casefold()
    allowed = 1 if len(word) <= 4 else 2
    best: list[tuple[int, str]] = []
    for candidate in dict.fromkeys(words):
        if candidate == word:
            return None
        if abs(len(candidate.casefold()) - len(folded)) > allowed:  # so many edits at least
            continue
        edits = 0 if candidate.casefold() == folded else distance(folded, candidate.casefold())
        if edits <= allowed:
            best.append((edits, candidate))
    if not best:
        return None
    best.sort()
    if len(best) > 1 and best[1][0] == best[0][0]:
        return None
    return best[0][1]


def first_word(line: str) -> tuple[int, str] | None:
    """The first word of a line (its column from 1, and the word), when the line starts with
    one: where a keyword or a player's name goes."""
    stripped = line.lstrip(" \t")
    match = _WORD.match(stripped)
    if match is None:
        return None
    return len(line) - len(stripped) + 1, match.group()


def look_alike_problem(line: str, number: int) -> Diagnostic | None:
    """S001 at the first look-alike character of line ``number``, naming it and the
    character meant."""
    found = look_alike(line)
    if found is None:
        return None
    at, char, meant = found
    return diagnostic(
        "S001", number, at,
        "lookalike",
        char=char, codepoint=char_name(char), meant=meant,
    )


def not_a_side(word: str, column: int, number: int, side: str | None = None) -> Diagnostic:
    """S001 for a word after a tile that is not a side, with the side it most likely is
    (``side``: the side the replay allows, written as that side is)."""
    side = side or nearest(word, SIDES)
    if side is not None:
        return diagnostic("S001", number, column, "side_meant", word=printable(word), side=side)
    return diagnostic(
        "S001", number, column,
        "not_a_side",
        word=printable(word),
    )


def misspelled_keyword(line: str, number: int, token: tuple[int, str] | None
                       ) -> Diagnostic | None:
    """S001 for a word of line ``number`` a letter or two away from a keyword (``pas``,
    ``Points``): the ``token`` where reading stopped (its column and text), or the first
    word of a line that is not a move (no ``:`` after it)."""
    words: list[tuple[int, str]] = []
    if token is not None and token[1].isalpha():
        words.append(token)
    first = first_word(line)
    if first is not None and not line[first[0] - 1 + len(first[1]):].lstrip(" \t").startswith(
            ":"):
        words.append(first)
    for at, word in words:
        bare = word.rstrip("0123456789")
        if bare != word and bare in WORDS:  # `hand1`
            return diagnostic(
                "S001", number, at,
                "keyword_space",
                word=printable(word), keyword=bare, number=word[len(bare):],
            )
        keyword = nearest(word, WORDS)
        if keyword is None:
            continue
        if keyword.casefold() == word.casefold():
            return diagnostic(
                "S001", number, at,
                "keyword_case",
                word=printable(word), keyword=keyword,
            )
        return diagnostic("S001", number, at,
                          "keyword_meant",
                          word=printable(word), keyword=keyword)
    return None
