"""Plain words for syntax errors: what the parser expected, said as a player would say it."""

from __future__ import annotations

from collections.abc import Iterable

from lark import Token

from ..basics.diagnostics import N_, Message

# What each terminal of grammar/block.lark is, in words.
_WORDS: dict[str, str] = {
    "NAME": N_("a player name"),
    "TILE": N_("a tile (3-5 or [3|5])"),
    "INT": N_("a number"),
    "LEFT": N_("a side (L, R, left or right)"),
    "RIGHT": N_("a side (L, R, left or right)"),
    "COLON": N_("':'"),
    "COMMA": N_("','"),
    "RSQB": N_("']'"),
    "LBRACKET": N_("a tag such as [Players \"Ada Bea\"]"),
    "TAG_KEY": N_("a tag name such as Players"),
    "STRING": N_("a value in double quotes"),
    "PASS": N_("'pass'"),
    "NO_TILES": N_("'-'"),
    "NONE": N_("'none'"),
    "HAND": N_("'hand'"),
    "_NL": N_("the end of the line"),
    "$END": N_("the end of the line"),
}

# At the start of a line many keywords are possible: say "a statement" instead.
_STATEMENT_STARTS = {"HAND", "OPENER", "DEAL", "SHOW", "DOMINO", "BLOCKED", "POINTS", "SCORE"}


def describe_expected(expected: Iterable[str]) -> Message:
    """``expected`` (terminal names) as words: ``a tile such as 3-5 or [3|5], or a side``."""
    names = set(expected)
    if names & _STATEMENT_STARTS or {"NAME", "LBRACKET"} <= names:
        return Message(
            N_("a statement: a tag, 'hand N', a deal, a move such as 'Ada: 3-5' or 'Ada: pass',"
               " a show or a claim")
        )
    words: list[str] = []
    for name in sorted(names):
        word = _WORDS.get(name, name.lower())
        if word not in words:
            words.append(word)
    if not words:
        return Message(N_("nothing more"))
    if len(words) == 1:
        return Message(words[0])
    return Message(
        N_("{first} or {last}"),
        {"first": tuple(Message(w) for w in words[:-1]), "last": Message(words[-1])},
    )


def describe_token(token: Token) -> Message:
    """A token met where it does not belong, quoted and with invisible characters escaped."""
    text = str(token)
    if len(text) > 30:
        text = text[:30] + "…"
    return Message(N_("'{text}'"), {"text": text})
