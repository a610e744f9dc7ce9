"""The four tables of ``blocknot export``: their columns, and the rows of one game.

Every value is one the validation computed or one written in the record; names are in NFC,
as the engine compares them, so the tables join on them.  ``game_id`` (``FILE#GAME``: the
file as named, and the game's number in it) is the key of ``games`` and is in every other
table; ``(game_id, hand)`` joins ``hands`` and ``moves``, and ``(game_id, line)`` joins a
diagnostic to the move it is reported at.  docs/export.md gives each column's meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..basics.diagnostics import Diagnostic
from ..basics.names import name_key
from ..notation.plain import PlainPass, PlainPlay
from ..report.values import HandResult
from .read import Loose, Played


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its name and type (``string``, ``int32``, ``bool``, ``list<string>``,
    ``map<string, int32>``, ``list<struct<key: string, value: string>>``), and whether it
    may be null."""

    name: str
    type: str
    nullable: bool = False


def _columns(*spec: str) -> tuple[Column, ...]:
    """``"name type"`` or ``"name type?"`` (nullable) for each column."""
    out = []
    for item in spec:
        name, kind = item.split(" ", 1)
        out.append(Column(name, kind.rstrip("?"), kind.endswith("?")))
    return tuple(out)


TAGS = "list<struct<key: string, value: string>>"
TOTALS = "map<string, int32>"
TABLES: dict[str, tuple[Column, ...]] = {
    "games": _columns(
        "game_id string", "file string", "game int32", "line int32", "event string?",
        "date string?", f"tags {TAGS}", "players list<string>", "target int32?",
        "status string?", "winner string?", f"totals {TOTALS}?", "hands int32",
        "valid bool", "errors int32", "warnings int32"),
    "hands": _columns(
        "game_id string", "hand int32", "line int32", "seat int32", "player string",
        "opener string?", "outcome string?", "winner string?", "remaining int32?",
        "points int32?", "total int32?", "verified bool"),
    "moves": _columns(
        "game_id string", "hand int32", "move int32", "line int32", "player string",
        "kind string", "tile string?", "side string?", "left int32?", "right int32?",
        "legal bool", "code string?"),
    "diagnostics": _columns(
        "game_id string?", "file string", "hand int32?", "line int32", "column int32",
        "code string", "severity string", "message string"),
}

Rows = dict[str, list[tuple[Any, ...]]]
#: Each tile as written (``5-3``): one string for every row that holds it.
_TILES = {(a, b): f"{a}-{b}" for a in range(7) for b in range(7)}


def game_id(file: str, game: int) -> str:
    return f"{file}#{game}"


def rows_of(item: Played | Loose, render: Callable[[Diagnostic], str]) -> Rows:
    """The rows one game (or loose diagnostics) adds to each table; ``render`` writes a
    diagnostic's message."""
    if isinstance(item, Loose):
        return {"diagnostics": [_diagnostic(None, item.file, d, render)
                                for d in item.diagnostics]}
    result = item.result
    key = game_id(item.file, result.index)
    errors = item.errors
    written = item.written
    tags = [] if written is None else [{"key": t.key, "value": t.value} for t in written.tags]
    game = (key, item.file, result.index, result.line, item.tag("Event"), item.tag("Date"),
            tags, list(result.players), result.target, result.status, result.winner,
            None if result.score is None else list(result.score.items()),
            len(result.hands), errors == 0, errors, len(item.diagnostics) - errors)
    return {
        "games": [game],
        "hands": [row for hand in result.hands for row in _hand(key, hand, result.players)],
        "moves": list(_moves(key, item)),
        "diagnostics": [_diagnostic(key, item.file, d, render) for d in item.diagnostics],
    }


def _hand(key: str, hand: HandResult, players: tuple[str, ...]) -> Iterator[tuple[Any, ...]]:
    points, score = hand.points, hand.score
    for seat, player in enumerate(players, start=1):
        yield (key, hand.number, hand.line, seat, player, hand.opener, hand.outcome,
               hand.winner, hand.remaining.get(player),
               None if points is None else points.get(player),
               None if score is None else score.get(player), not hand.unverified)


def _moves(key: str, item: Played) -> Iterator[tuple[Any, ...]]:
    if item.written is None:
        return
    faults: dict[int, str] = {}
    for d in item.diagnostics:
        if d.is_error:
            faults.setdefault(d.line, d.code)
    results = {hand.line: hand for hand in item.result.hands}
    for hand in item.written.hands:
        result = results.get(hand.line)
        ends = {} if result is None else result.ends
        placed = {} if result is None else result.placed
        left = right = None
        move = 0
        for s in hand.statements:
            if isinstance(s, PlainPlay):
                move += 1
                line = s.line
                code = faults.get(line)
                side = placed[line][1] if line in placed else s.side
                left, right = ends.get(line, (None, None))
                yield (key, hand.number, move, line, name_key(s.player), "play",
                       _TILES.get(s.tile) or f"{s.tile[0]}-{s.tile[1]}", side, left, right,
                       code is None, code)
            elif isinstance(s, PlainPass):
                move += 1
                code = faults.get(s.line)
                yield (key, hand.number, move, s.line, name_key(s.player), "pass", None,
                       None, left, right, code is None, code)


def _diagnostic(key: str | None, file: str, d: Diagnostic,
                render: Callable[[Diagnostic], str]) -> tuple[Any, ...]:
    return (key, file, d.hand, d.line, d.column, d.code, d.severity, render(d))
