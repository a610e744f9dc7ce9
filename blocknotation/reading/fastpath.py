"""A fast reader for well-formed lines, proven equal to the Lark parse.

The grammar in ``grammar/block.lark`` defines the notation and is the source of every syntax
diagnostic.  Most lines of real records are plain and well formed, and reading them one
regular expression at a time is many times faster than running the LALR parser.  So each line
is first offered to ``read_line`` here; whatever it does not recognise exactly (odd spacing,
keywords used as names, long numbers, pips out of range, anything broken) it declines with
``None`` and the line goes to Lark.  ``tests/test_fastpath.py`` checks on generated and fuzzed
records that both ways give identical records and diagnostics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..basics.names import KEYWORDS, NAME_PATTERN


@dataclass(slots=True)
class ParsedLine:
    """A statement as read from its line, before comments are attached and records built."""

    kind: str
    line: int
    column: int
    fields: dict[str, Any]
    comments: list[str] = field(default_factory=list)
    comment: str | None = None


# A name as the grammar has it, but written so that the regular expression engine runs fast:
# it admits any character outside ASCII (other scripts' digits, marks, symbols), so a
# non-ASCII name is checked once more against the exact pattern (``names.NAME_PATTERN``).
_NAME = r"(?:[A-Za-z]|[^\x00-\x7f\s])(?:[\w'\-]|[^\x00-\x7f\s])*"
_TILE = r"(?:[0-6]-[0-6]|\[[ \t]*[0-6][ \t]*\|[ \t]*[0-6][ \t]*\])"
_TILES = rf"{_TILE}(?:[ \t]+{_TILE})*"
_NUMBER = r"[0-9]{1,9}"
_ENTRY = rf"{_NAME}[ \t]+{_NUMBER}"

# One alternative per statement, each closed by an empty group naming it, so that
# `match.lastgroup` says which statement the line is.  Keywords come before moves.
_STATEMENT = re.compile(
    rf"""
      hand[ \t]+(?P<number>{_NUMBER})(?P<hand>)
    | opener[ \t]+(?P<opener_name>{_NAME})(?P<opener>)
    | deal[ \t]+(?P<deal_name>{_NAME})[ \t]*:[ \t]*(?P<deal_tiles>{_TILES})(?P<deal>)
    | show[ \t]+(?P<show_name>{_NAME})[ \t]*:[ \t]*(?:-|(?P<show_tiles>{_TILES}))(?P<show>)
    | domino[ \t]+(?P<domino_name>{_NAME})(?P<domino>)
    | blocked(?P<blocked>)
    | points[ \t]+(?:none|(?P<points_name>{_NAME})[ \t]+(?P<points_value>{_NUMBER}))(?P<points>)
    | score[ \t]+(?P<entries>{_ENTRY}(?:[ \t]*,[ \t]*{_ENTRY})*)(?P<score>)
    | (?P<player>{_NAME})[ \t]*:[ \t]*
      (?:pass(?P<pass>)
        |(?P<tile>{_TILE})(?:[ \t]+(?P<side>L|R|left|right))?(?P<play>))
    """,
    re.VERBOSE,
)
_SCORE_ITEM = re.compile(rf"({_NAME})[ \t]+({_NUMBER})")
_TAG = re.compile(
    r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n\r]|\\["\\])*)"[ \t]*\][ \t]*(#[^\r]*)?'
)
_PIPS = re.compile(r"[0-6]")
_SIDES = {"L": "L", "left": "L", "R": "R", "right": "R"}
_DASHED = {f"{a}-{b}": (a, b) for a in range(7) for b in range(7)}


def _tile(text: str) -> tuple[int, int]:
    tile = _DASHED.get(text)
    if tile is not None:
        return tile
    a, b = _PIPS.findall(text)
    return int(a), int(b)


def _tiles(text: str) -> tuple[tuple[int, int], ...]:
    if "[" not in text:
        return tuple(_DASHED[t] for t in text.split())
    pips = [int(p) for p in _PIPS.findall(text)]
    return tuple(zip(pips[::2], pips[1::2], strict=True))


def _name(text: str) -> bool:
    """A name the grammar would read as a name (not a keyword, no foreign digits)."""
    if text in KEYWORDS:
        return False
    return text.isascii() or NAME_PATTERN.fullmatch(text) is not None


_NAME_TOKEN = re.compile(_NAME)


def is_name(text: str) -> bool:
    """Whether ``read_line`` reads ``text``, standing where a name goes, as a player name."""
    return _NAME_TOKEN.fullmatch(text) is not None and _name(text)


def read_line(line: str, number: int) -> ParsedLine | str | None:
    """Read one line the quick way.

    Returns the statement, or ``""`` for a blank line, or the comment text (starting with
    ``#``) of a comment-only line, or None when the line must go to the Lark parser.
    """
    body = line.lstrip(" \t")
    if not body:
        return ""
    column = len(line) - len(body) + 1
    first = body[0]
    if first == "#":
        return body if "\r" not in body else None
    if first == "[":
        return _tag(body, number, column)
    code, hash_sign, comment = body.partition("#")
    if "\r" in comment:
        return None
    item = _statement(code.rstrip(" \t"), number, column)
    if item is not None and hash_sign:
        item.comment = comment  # kept exactly, trailing space and all
    return item


def _tag(body: str, number: int, column: int) -> ParsedLine | None:
    match = _TAG.fullmatch(body)
    if match is None:
        return None
    key, raw, comment = match.groups()
    value = raw.replace("\\\\", "\0").replace('\\"', '"').replace("\0", "\\")
    item = ParsedLine("tag", number, column, {"key": key, "value": value})
    if comment is not None:
        item.comment = comment[1:]
    return item


def _statement(code: str, number: int, column: int) -> ParsedLine | None:
    m = _STATEMENT.fullmatch(code)
    if m is None:
        return None
    kind = m.lastgroup
    fields: dict[str, Any]
    if kind == "play":
        fields = {"player": m["player"], "tile": _tile(m["tile"]),
                  "side": _SIDES.get(m["side"]) if m["side"] else None}
    elif kind == "pass":
        fields = {"player": m["player"]}
    elif kind == "deal":
        fields = {"player": m["deal_name"], "tiles": _tiles(m["deal_tiles"])}
    elif kind == "hand":
        return ParsedLine("hand", number, column, {"number": int(m["number"])})
    elif kind == "show":
        tiles = m["show_tiles"]
        fields = {"player": m["show_name"], "tiles": _tiles(tiles) if tiles else ()}
    elif kind == "opener":
        fields = {"player": m["opener_name"]}
    elif kind == "domino":
        fields = {"player": m["domino_name"]}
    elif kind == "blocked":
        return ParsedLine("blocked", number, column, {})
    elif kind == "points":
        value = m["points_value"]
        fields = {"player": m["points_name"], "points": int(value) if value else None}
        if value is None:
            return ParsedLine("points", number, column, fields)
    else:  # score
        entries = tuple((n, int(v)) for n, v in _SCORE_ITEM.findall(m["entries"]))
        if not all(_name(n) for n, _ in entries):
            return None
        return ParsedLine("score", number, column, {"entries": entries})
    if not _name(fields["player"]):
        return None
    return ParsedLine(kind, number, column, fields)
