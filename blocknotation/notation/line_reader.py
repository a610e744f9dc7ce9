"""The line reader: well-formed lines read straight into the plain form, proven equal to Lark.

The grammar in ``grammar/block.lark`` defines the notation and is the source of every syntax
diagnostic.  Most lines of real records are plain and well formed, and reading them by table
look-ups and one regular expression is many times faster than running the LALR parser.  So
each line is first offered to ``read_line`` here; whatever it does not recognise exactly (odd
spacing, keywords used as names, long numbers, pips out of range, anything broken) it
declines with ``None`` and the line goes to Lark.  A move in canonical form (``NAME: 3-5``,
``NAME: 3-5 L``, ``NAME: pass``), most of any record, is recognised by splitting it and
looking its parts up.  ``tests/test_line_reader.py`` checks on generated and fuzzed records
that both ways give identical records and diagnostics.

Tiles, numbers and names are read here for the Lark side too (``read_tile``,
``MAX_NUMBER_DIGITS``, ``names.NAME_PATTERN``), so each is defined once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..basics.limits import MAX_NUMBER_DIGITS
from ..basics.names import KEYWORDS, NAME_PATTERN
from .plain import (
    Item,
    PlainBlocked,
    PlainDeal,
    PlainDomino,
    PlainHand,
    PlainOpener,
    PlainPass,
    PlainPlay,
    PlainPoints,
    PlainScore,
    PlainScoreEntry,
    PlainShow,
    PlainTag,
    Side,
    Tile,
)

#: Every tile as the canonical notation writes it: ``"3-5"`` is ``(3, 5)``.
DASHED: dict[str, Tile] = {f"{a}-{b}": (a, b) for a in range(7) for b in range(7)}
_PIPS = re.compile(r"[0-6]")


def read_tile(text: str) -> Tile:
    """A tile written ``a-b`` or ``[a|b]`` (spaces allowed inside the brackets), its pips
    0 to 6, as written: ``5-3`` is ``(5, 3)``."""
    tile = DASHED.get(text)
    if tile is not None:
        return tile
    a, b = _PIPS.findall(text)
    return int(a), int(b)


# A name as the grammar has it, but written so that the regular expression engine runs fast:
# it admits any character outside ASCII (other scripts' digits, marks, symbols), so a
# non-ASCII name is checked once more against the exact pattern (``names.NAME_PATTERN``).
# Each part is one class, never two that overlap: a run of n characters both match would be
# read 2**n ways before a line that is no statement is given up (tests/test_regex_linear.py).
#: A name's first character (an ASCII letter, or any non-ASCII one but a space), and its next.
_NAME_START = r"[^\s\x00-\x40\x5b-\x60\x7b-\x7f]"
_NAME_GOES_ON = r"[^\s\x00-\x26\x28-\x2c\x2e\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f]"
_NAME = rf"{_NAME_START}{_NAME_GOES_ON}*"
_TILE = r"(?:[0-6]-[0-6]|\[[ \t]*[0-6][ \t]*\|[ \t]*[0-6][ \t]*\])"
_TILES = rf"{_TILE}(?:[ \t]+{_TILE})*"
_NUMBER = rf"[0-9]{{1,{MAX_NUMBER_DIGITS}}}"
_ENTRY = rf"{_NAME}[ \t]+{_NUMBER}"

# One alternative per statement, each closed by an empty group naming it, so that
# `match.lastgroup` says which statement the line is.  Keywords come before moves.
_STATEMENT = (
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
    """
)
_SCORE_ITEM = rf"({_NAME})[ \t]+({_NUMBER})"


@cache
def _compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A regular expression compiled on first need: a record of lines in canonical form,
    which table look-ups read, never needs the large ones (and start-up stays short)."""
    return re.compile(pattern, flags)
_TAG = re.compile(
    r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n\r]|\\["\\])*)"[ \t]*\][ \t]*(#[^\r]*)?'
)
_SIDES: dict[str, Side] = {"L": "L", "left": "L", "R": "R", "right": "R"}

#: The text after ``NAME: `` of every canonical move: the tile and side of a play, or None
#: for a pass.
_MOVES: dict[str, tuple[Tile, Side | None] | None] = {"pass": None}
for _text, _tile in DASHED.items():
    _MOVES[_text] = (_tile, None)
    _MOVES[f"{_text} L"] = (_tile, "L")
    _MOVES[f"{_text} R"] = (_tile, "R")


_NO_MOVE = ((-1, -1), None)


def _tiles(text: str) -> tuple[Tile, ...]:
    if "[" not in text:
        return tuple(DASHED[t] for t in text.split())
    pips = [int(p) for p in _PIPS.findall(text)]
    return tuple(zip(pips[::2], pips[1::2], strict=True))


def _name(text: str) -> bool:
    """A name the grammar would read as a name (not a keyword, no foreign digits)."""
    if text in KEYWORDS:
        return False
    return text.isascii() or NAME_PATTERN.fullmatch(text) is not None


_NAME_TOKEN = re.compile(_NAME)
#: The longest name, or ``score`` line, whose reading is remembered (real names are short).
_CACHED_LENGTH = 100


def is_name(text: str) -> bool:
    """Whether ``read_line`` reads ``text``, standing where a name goes, as a player name."""
    known = _KNOWN.get(text)
    if known is None:
        known = _NAME_TOKEN.fullmatch(text) is not None and _name(text)
        if len(text) <= _CACHED_LENGTH:  # a hostile file of ever new or long names: the
            if len(_KNOWN) > 4096:       # cache stays small
                _KNOWN.clear()
            _KNOWN[text] = known
    return known


#: ``is_name`` of the names met so far: the same few names come on every line.
_KNOWN: dict[str, bool] = {}


def _known(name: str) -> bool:
    """``is_name`` of a text that has the shape of a name (``_NAME``), as cached."""
    return _KNOWN.get(name) or is_name(name)


def read_line(line: str, number: int) -> Item | str | None:
    """Read one line the quick way.

    Returns the statement, or ``""`` for a blank line, or the comment text (starting with
    ``#``) of a comment-only line, or None when the line must go to the Lark parser.
    """
    head, _, rest = line.partition(" ")
    read = _CANONICAL.get(head)
    if read is not None:  # a keyword, then a space (a name is never a keyword)
        item = read(rest, number)
        if item is not None:
            return item
    else:
        name, _, rest = line.partition(": ")
        move = _MOVES.get(rest, _NO_MOVE)
        if move is not _NO_MOVE and (_KNOWN.get(name) or is_name(name)):  # a move
            if move is None:
                return PlainPass(number, 1, name)
            return PlainPlay(number, 1, name, move[0], move[1])
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


def _tag(body: str, number: int, column: int) -> PlainTag | None:
    match = _TAG.fullmatch(body)
    if match is None:
        return None
    key, raw, comment = match.groups()
    value = raw.replace("\\\\", "\0").replace('\\"', '"').replace("\0", "\\")
    return PlainTag(number, column, key, value, (), None if comment is None else comment[1:])


def _statement(code: str, number: int, column: int) -> Item | None:
    m = _compiled(_STATEMENT, re.VERBOSE).fullmatch(code)
    if m is None:
        return None
    kind = m.lastgroup
    item: PlainPlay | PlainPass | PlainDeal | PlainShow | PlainOpener | PlainDomino | PlainPoints
    if kind == "play":
        side = m["side"]
        item = PlainPlay(number, column, m["player"], read_tile(m["tile"]),
                    _SIDES[side] if side else None)
    elif kind == "pass":
        item = PlainPass(number, column, m["player"])
    elif kind == "deal":
        item = PlainDeal(number, column, m["deal_name"], _tiles(m["deal_tiles"]))
    elif kind == "hand":
        return PlainHand(number, column, int(m["number"]))
    elif kind == "show":
        tiles = m["show_tiles"]
        item = PlainShow(number, column, m["show_name"], _tiles(tiles) if tiles else ())
    elif kind == "opener":
        item = PlainOpener(number, column, m["opener_name"])
    elif kind == "domino":
        item = PlainDomino(number, column, m["domino_name"])
    elif kind == "blocked":
        return PlainBlocked(number, column)
    elif kind == "points":
        value = m["points_value"]
        if value is None:
            return PlainPoints(number, column, None, None)
        item = PlainPoints(number, column, m["points_name"], int(value))
    else:  # score
        found = _compiled(_SCORE_ITEM).findall(m["entries"])
        entries = tuple(PlainScoreEntry(n, int(v)) for n, v in found)
        known = all(_known(e.player) for e in entries)
        return PlainScore(number, column, entries) if known else None
    return item if item.player is not None and _known(item.player) else None


# --- other lines in canonical form, read by their first word -------------------------------
# One space between tokens, tiles as ``a-b``, no comment: anything else is None here, and
# ``read_line`` reads the line with the regular expression.

#: Small numbers, looked up rather than checked and converted.
_SMALL = {str(i): i for i in range(1000)}


def _number(text: str) -> int | None:
    """A number as the grammar has it, short enough not to be S001: ASCII digits only
    (``int()`` would also take ``+1``, ``1_0`` or other scripts' digits)."""
    small = _SMALL.get(text)
    if small is not None:
        return small
    if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS:
        return int(text)
    return None


def _dashed(text: str) -> tuple[Tile, ...] | None:
    try:
        return tuple(map(_DASHED_TILE, text.split(" ")))
    except KeyError:
        return None


_DASHED_TILE = DASHED.__getitem__


def _hand(rest: str, number: int) -> PlainHand | None:
    value = _number(rest)
    return None if value is None else PlainHand(number, 1, value)


def _opener(rest: str, number: int) -> PlainOpener | None:
    return PlainOpener(number, 1, rest) if _known(rest) else None


def _domino(rest: str, number: int) -> PlainDomino | None:
    return PlainDomino(number, 1, rest) if _known(rest) else None


def _blocked(rest: str, number: int) -> PlainBlocked | None:
    return None if rest else PlainBlocked(number, 1)


def _deal(rest: str, number: int) -> PlainDeal | None:
    name, colon, text = rest.partition(": ")
    tiles = _dashed(text) if colon and (_KNOWN.get(name) or is_name(name)) else None
    return None if tiles is None else PlainDeal(number, 1, name, tiles)


def _show(rest: str, number: int) -> PlainShow | None:
    name, colon, text = rest.partition(": ")
    tiles = () if text == "-" else _dashed(text) if colon else None
    return None if tiles is None or not _known(name) else PlainShow(number, 1, name, tiles)


def _points(rest: str, number: int) -> PlainPoints | None:
    if rest == "none":
        return PlainPoints(number, 1, None, None)
    name, _, text = rest.partition(" ")
    value = _number(text)
    return None if value is None or not _known(name) else PlainPoints(number, 1, name, value)


def _score(rest: str, number: int) -> PlainScore | None:
    try:
        return PlainScore(number, 1, tuple(map(_SCORE_ENTRY, rest.split(", "))))
    except KeyError:  # an entry not met before
        pass
    entries = []
    for entry in rest.split(", "):
        name, _, text = entry.partition(" ")
        total = _number(text)
        if total is None or not _known(name):
            return None
        entries.append(PlainScoreEntry(name, total))
    if len(rest) <= _CACHED_LENGTH:
        if len(_ENTRIES) > 4096:
            _ENTRIES.clear()
        _ENTRIES.update(zip(rest.split(", "), entries, strict=True))
    return PlainScore(number, 1, tuple(entries))


#: The entries of ``score`` lines met so far (``NAME N``), read: the same ones come back.
_ENTRIES: dict[str, PlainScoreEntry] = {}
_SCORE_ENTRY = _ENTRIES.__getitem__


_CANONICAL: dict[str, Callable[[str, int], Item | None]] = {
    "hand": _hand, "opener": _opener, "domino": _domino, "blocked": _blocked, "deal": _deal,
    "show": _show, "points": _points, "score": _score,
}
