"""A Pygments lexer for Block records: ``pygmentize -l block club.block``.

Installed with the extra ``blocknot[highlight]``, which brings Pygments; the entry point
``pygments.lexers`` in pyproject.toml makes Pygments find it by its name (``block``) and by
the notation's extension (``*.block``).  It colours what the grammar (``grammar/block.lark``)
reads: keywords, sides, player names, tiles, numbers, tags, punctuation and comments, with
``# blocknot: ignore[...]`` marks picked out in their comments.  Whether a line is a
well-formed statement, or a move legal, is ``blocknot validate``'s work: the lexer marks as
``Error`` only a character no token of the notation can start with.

The patterns below are the grammar's terminals written for Python's ``re``; the keywords and
the pattern of names come from ``names.py``.  ``tests/test_highlight.py`` checks them against
the grammar, and ``tools/textmate_grammar.py`` writes the TextMate grammar of
``editors/block.tmLanguage.json`` from the same constants.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

from pygments.lexer import RegexLexer, default
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from ...basics.names import KEYWORDS, NAME_REGEX

#: The words that say on which end a tile is played.
SIDES = frozenset({"L", "R", "left", "right"})
#: The word that says nobody scored (``points none``).
NONE_WORD = "none"
#: The words that begin a statement or stand for one (``pass``, ``blocked``).
STATEMENT_KEYWORDS = KEYWORDS - SIDES - {NONE_WORD}

#: A tile, ``3-5`` or ``[3|5]``: the grammar's TILE.  Pips are any run of digits, as there;
#: ``3-9`` is a tile whose pip blocknot reports (S002), not something it cannot read.
TILE_DASHED = r"[0-9]+-[0-9]+"
TILE_BRACKETED = r"\[[ \t]*[0-9]+[ \t]*\|[ \t]*[0-9]+[ \t]*\]"
#: A number: a hand's number, points, a total.
INT = r"[0-9]+"
#: The key of a tag, ``Players`` in ``[Players "Ada Bea"]``.
TAG_KEY = r"[A-Za-z][A-Za-z0-9_]*"
#: The characters of a tag's value between its escapes (``\"`` and ``\\``).
STRING_TEXT = r'[^"\\\n\r]+'
STRING_ESCAPE = r'\\["\\]'
#: A comment, from ``#`` to the end of the line.
COMMENT = r"#[^\n\r]*"
#: A ``# blocknot: ignore[CODES]`` or ``ignore-file[CODES]`` mark inside a comment, as
#: ``basics.marks.marks`` reads it: a mark that names no code, or ``ignore-file`` without
#: brackets, suppresses nothing and is left plain.
#: The character that is neither a space nor a comma is looked for ahead: written between two
#: runs of the characters around it, a failed match would try every split of the line.
_CODES = r"\[(?=[^\]\n]*[^\]\s,])[^\]\n]*\]"
SUPPRESSION = (rf"\bblocknot:[ \t]*(?:ignore-file{_CODES}"
               rf"|ignore(?!-file)(?:{_CODES}|(?!\[[^\]\n]*\])))")
#: Separators: the colon after a name, the comma between scores, ``-`` for no tiles.
PUNCTUATION = r"[:,\-]"

#: A mark and what follows it up to the next ``#``: as for ``basics.marks.marks``, each ``#``
#: of a comment introduces at most one mark.
SUPPRESSION_RUN = rf"({SUPPRESSION})[^#\n\r]*"

_SUPPRESSION_RUN = re.compile(SUPPRESSION_RUN)


def word_token(word: str) -> _TokenType:
    """The token of a word the grammar reads as a NAME or a keyword spelled like one."""
    if word in SIDES:
        return Keyword.Pseudo
    if word == NONE_WORD:
        return Keyword.Constant
    if word in STATEMENT_KEYWORDS:
        return Keyword
    return Name.Variable


def _word(lexer: RegexLexer, match: re.Match[str]) -> Iterator[tuple[int, _TokenType, str]]:
    yield match.start(), word_token(match.group()), match.group()


def _comment(lexer: RegexLexer, match: re.Match[str]) -> Iterator[tuple[int, _TokenType, str]]:
    """A comment, with its suppression marks as ``Comment.Special``."""
    text, start, at = match.group(), match.start(), 0
    for run in _SUPPRESSION_RUN.finditer(text):
        if run.start() > at:
            yield start + at, Comment.Single, text[at : run.start()]
        yield start + run.start(), Comment.Special, run.group(1)
        at = run.end(1)
    if at < len(text):
        yield start + at, Comment.Single, text[at:]


class BlockLexer(RegexLexer):
    """Game records of Block, the domino game, in blocknot's notation."""

    name = "Block"
    aliases: ClassVar[list[str]] = ["block", "blocknot"]
    filenames: ClassVar[list[str]] = ["*.block"]
    mimetypes: ClassVar[list[str]] = ["text/x-block"]

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\r?\n", Whitespace),
            (COMMENT, _comment),
            (TILE_BRACKETED, Number),
            (r"\[", Punctuation, "tag"),
            (TILE_DASHED, Number),
            (INT, Number.Integer),
            (NAME_REGEX, _word),
            (PUNCTUATION, Punctuation),
        ],
        "tag": [
            (r"[ \t]+", Whitespace),
            (TAG_KEY, Name.Attribute),
            ('"', String.Double, "string"),
            (r"\]", Punctuation, "#pop"),
            default("#pop"),
        ],
        "string": [
            (STRING_TEXT, String.Double),
            (STRING_ESCAPE, String.Escape),
            ('"', String.Double, "#pop"),
            default("#pop"),
        ],
    }
