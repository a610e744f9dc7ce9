"""Reading a game chunk straight into plain tuples, for the quick replay (``engine/quick.py``).

Validating needs no records: the replay wants names, tiles and line numbers.  Building a
``ParsedLine`` and a pydantic record for every line costs more than the replay itself, so
``validate`` first offers each game chunk to ``read_game``.  A line in canonical form
(docs/notation.md, "Canonical form": one space between tokens, tiles as ``a-b``, sides as
``L``/``R``) is recognised by splitting it and looking its parts up in tables; any other line
is read by ``fastpath.read_line``.  A line that the fast reader declines (it needs Lark:
perhaps a syntax error) makes ``read_game`` decline the whole chunk, which then goes the full
way (``parse_lines``, records, ``engine.replay``).  ``read_game`` also declines what it has no
tuple for: a statement before the first hand, a chunk without hands, an absurdly long hand or
line.  ``tests/test_quick.py`` checks that every line read here is read the same by
``read_line``, and that both ways give the same reports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..basics.limits import MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from .fastpath import ParsedLine, is_name, read_line

#: A play as ``(a, b, side)`` (side None, ``"L"`` or ``"R"``), or ``()`` for a pass.
Move = tuple[int, int, str | None] | tuple[()]
#: A statement other than a move: ``(kind, line, player, data)``.  By kind, ``data`` is:
#: ``deal`` and ``show``, the tiles; ``points``, the points (None for ``points none``, whose
#: player is None too); ``score``, the ``(name, total)`` entries (player None); ``opener``,
#: ``domino``, ``blocked``: None (``blocked`` has no player).
Statement = tuple[str, int, str | None, Any]


@dataclass(slots=True)
class QuickHand:
    """A hand as read: its moves as ``(line, player, move)``, and its other statements, each
    list in the order written."""

    number: int
    line: int
    moves: list[tuple[int, str, Move]]
    others: list[Statement]


@dataclass(slots=True)
class QuickGame:
    """A game as read: its first line, its tags as (key, value) in order, and its hands."""

    line: int
    tags: list[tuple[str, str]]
    hands: list[QuickHand]


_TILES: dict[str, tuple[int, int]] = {f"{a}-{b}": (a, b) for a in range(7) for b in range(7)}
#: The text after ``NAME: `` of every canonical move.
_MOVES: dict[str, Move] = {"pass": ()}
for _text, (_a, _b) in _TILES.items():
    _MOVES[_text] = (_a, _b, None)
    _MOVES[f"{_text} L"] = (_a, _b, "L")
    _MOVES[f"{_text} R"] = (_a, _b, "R")
#: Small numbers, looked up rather than checked and converted.
_SMALL = {str(i): i for i in range(1000)}


def _number(text: str) -> int | None:
    """A number as the grammar has it and short enough not to be S001: ASCII digits only
    (``int()`` would also take ``+1``, ``1_0`` or other scripts' digits)."""
    small = _SMALL.get(text)
    if small is not None:
        return small
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def _tiles(text: str) -> tuple[tuple[int, int], ...] | None:
    tiles = tuple(map(_TILES.get, text.split(" ")))
    return None if None in tiles else tiles  # type: ignore[return-value]


class _Names(dict[str, bool]):
    """``is_name`` of each name met in a chunk: the same few names come on every line."""

    def __missing__(self, name: str) -> bool:
        known = self[name] = is_name(name)
        return known


# --- canonical lines other than moves, by their first word ---------------------------------


def _deal(rest: str, number: int, names: _Names) -> Statement | None:
    name, colon, text = rest.partition(": ")
    tiles = _tiles(text) if colon else None
    return None if tiles is None or not names[name] else ("deal", number, name, tiles)


def _opener(rest: str, number: int, names: _Names) -> Statement | None:
    return ("opener", number, rest, None) if names[rest] else None


def _domino(rest: str, number: int, names: _Names) -> Statement | None:
    return ("domino", number, rest, None) if names[rest] else None


def _points(rest: str, number: int, names: _Names) -> Statement | None:
    if rest == "none":
        return "points", number, None, None
    name, _, value = rest.partition(" ")
    points = _number(value)
    return None if points is None or not names[name] else ("points", number, name, points)


def _blocked(rest: str, number: int, names: _Names) -> Statement | None:
    return ("blocked", number, None, None) if not rest else None


def _score(rest: str, number: int, names: _Names) -> Statement | None:
    entries = []
    for entry in rest.split(", "):
        name, _, value = entry.partition(" ")
        total = _number(value)
        if total is None or not names[name]:
            return None
        entries.append((name, total))
    return "score", number, None, tuple(entries)


_CANONICAL: dict[str, Callable[[str, int, _Names], Statement | None]] = {
    "deal": _deal, "opener": _opener, "domino": _domino, "blocked": _blocked, "points": _points,
    "score": _score,
}


def _move(item: ParsedLine) -> tuple[int, str, Move]:
    """A play or pass read by ``read_line``, as in ``QuickHand.moves``."""
    fields = item.fields
    if item.kind == "pass":
        return item.line, fields["player"], ()
    a, b = fields["tile"]
    return item.line, fields["player"], (a, b, fields["side"])


def _statement(item: ParsedLine) -> Statement:
    """Any other statement read by ``read_line``, as in ``QuickHand.others``."""
    fields = item.fields
    kind = item.kind
    if kind in ("deal", "show"):
        return kind, item.line, fields["player"], fields["tiles"]
    if kind == "points":
        return kind, item.line, fields["player"], fields["points"]
    if kind == "score":
        return kind, item.line, None, fields["entries"]
    return kind, item.line, fields.get("player"), None


def read_game(text: str, first_line: int, *, canonical: bool = True) -> QuickGame | None:
    """Read the game in ``text`` (its lines joined by LF; the first is line ``first_line``),
    or None when it has to take the full way (see the module's docstring).

    ``canonical=False`` reads every line with ``read_line``: the reference that the look-ups
    of canonical lines are tested against."""
    lines = text.split("\n")
    if len(text) > MAX_LINE_LENGTH and max(map(len, lines)) > MAX_LINE_LENGTH:
        return None
    names = _Names()
    tags: list[tuple[str, str]] = []
    hands: list[QuickHand] = []
    hand: QuickHand | None = None
    add_move: Callable[[tuple[int, str, Move]], None] | None = None  # the hand's moves.append
    game_line = 0
    for number, line in enumerate(lines, first_line):
        # Most lines are moves: ``NAME: 3-5``, ``NAME: 3-5 L`` or ``NAME: pass``.
        name, _, rest = line.partition(": ")
        move = _MOVES.get(rest) if canonical else None
        if move is not None and names[name] and add_move is not None:
            add_move((number, name, move))
            continue
        if canonical and (not line or (line[0] == "#" and "\r" not in line)):
            continue  # blank, or a comment, as read_line reads them
        head, _, rest = line.partition(" ")
        if head == "hand" and canonical:
            hand_number = _number(rest)
            if hand_number is not None:
                hand = QuickHand(hand_number, number, [], [])
                add_move = hand.moves.append
                hands.append(hand)
                game_line = game_line or number
                continue
        read = _CANONICAL.get(head) if canonical else None
        statement = None if read is None else read(rest, number, names)
        if statement is None:
            item = read_line(line, number)
            if item is None:
                return None
            if isinstance(item, str):  # blank, or a comment
                continue
            if item.kind == "tag":
                if hands:
                    return None
                tags.append((item.fields["key"], item.fields["value"]))
                game_line = game_line or number
                continue
            if item.kind == "hand":
                hand = QuickHand(item.fields["number"], number, [], [])
                add_move = hand.moves.append
                hands.append(hand)
                game_line = game_line or number
                continue
            if hand is None:
                return None
            if item.kind in ("play", "pass"):
                hand.moves.append(_move(item))
                continue
            statement = _statement(item)
        elif hand is None:
            return None
        hand.others.append(statement)
    if not hands or any(
        len(h.moves) + len(h.others) > MAX_STATEMENTS_PER_HAND for h in hands
    ):
        return None
    return QuickGame(game_line, tags, hands)
