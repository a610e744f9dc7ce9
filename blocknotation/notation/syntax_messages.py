"""Plain words for syntax errors: what the parser expected, said as a player would say it."""

from __future__ import annotations

from collections.abc import Iterable

from lark import Token

from ..basics.diagnostics import Message, message_part

# What each terminal of grammar/block.lark is, in words: the keys of S001's words for it.
_WORDS: dict[str, str] = {
    "NAME": "a_player_name",
    "TILE": "a_tile",
    "INT": "a_number",
    "LEFT": "a_side",
    "RIGHT": "a_side",
    "COLON": "colon",
    "COMMA": "comma",
    "RSQB": "closing_bracket",
    "LBRACKET": "a_tag",
    "TAG_KEY": "a_tag_name",
    "STRING": "a_quoted_value",
    "PASS": "pass",
    "NO_TILES": "no_tiles",
    "NONE": "none",
    "HAND": "hand",
    "_NL": "end_of_line",
    "$END": "end_of_line",
}

# At the start of a line many keywords are possible: say "a statement" instead.
_STATEMENT_STARTS = {"HAND", "OPENER", "DEAL", "SHOW", "DOMINO", "BLOCKED", "POINTS", "SCORE"}


def describe_expected(expected: Iterable[str]) -> Message:
    """``expected`` (terminal names) as words: ``a tile such as 3-5 or [3|5], or a side``."""
    names = set(expected)
    if names & _STATEMENT_STARTS or {"NAME", "LBRACKET"} <= names:
        return message_part("S001", "a_statement")
    words: list[Message] = []
    for name in sorted(names):
        # A terminal with no words of its own (none is left, but the grammar may grow one)
        # is named as the grammar names it.
        word = message_part("S001", _WORDS[name]) if name in _WORDS else Message(name.lower())
        if word not in words:
            words.append(word)
    if not words:
        return message_part("S001", "nothing_more")
    if len(words) == 1:
        return words[0]
    return message_part("S001", "either", first=tuple(words[:-1]), last=words[-1])


def describe_token(token: Token) -> Message:
    """A token met where it does not belong, quoted and with invisible characters escaped."""
    text = str(token)
    if len(text) > 30:
        text = text[:30] + "…"
    return message_part("S001", "quoted", text=text)
