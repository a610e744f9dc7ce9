"""The plain form of a record: what the line reader builds and the engine replays.

The same statements as the records of ``records.py``, with the same names and fields, but
plain slots classes that cost little to build and need no import of pydantic: a file of
clean games is read and replayed in this form only.  The public ``parse()`` turns it into
records (``records.from_plain``); the engine turns records it is given into this form
(``from_records``).  Like the records, the plain form says what was written, never whether
it is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

Tile = tuple[int, int]
Side = Literal["L", "R"]


@dataclass(slots=True)
class Tag:
    """``[Key "value"]``, its value unescaped."""

    kind: ClassVar[str] = "tag"
    line: int
    column: int
    key: str
    value: str
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Opener:
    kind: ClassVar[str] = "opener"
    line: int
    column: int
    player: str
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Deal:
    kind: ClassVar[str] = "deal"
    line: int
    column: int
    player: str
    tiles: tuple[Tile, ...]
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Play:
    """A tile as written (``5-3`` is ``(5, 3)``) and its side, None when none is written."""

    kind: ClassVar[str] = "play"
    line: int
    column: int
    player: str
    tile: Tile
    side: Side | None = None
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Pass:
    kind: ClassVar[str] = "pass"
    line: int
    column: int
    player: str
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Show:
    kind: ClassVar[str] = "show"
    line: int
    column: int
    player: str
    tiles: tuple[Tile, ...]
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Domino:
    kind: ClassVar[str] = "domino"
    line: int
    column: int
    player: str
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Blocked:
    kind: ClassVar[str] = "blocked"
    line: int
    column: int
    comments: tuple[str, ...] = ()
    comment: str | None = None


@dataclass(slots=True)
class Points:
    """``points NAME N``, or ``points none`` (player and points None)."""

    kind: ClassVar[str] = "points"
    line: int
    column: int
    player: str | None
    points: int | None
    comments: tuple[str, ...] = ()
    comment: str | None = None


class ScoreEntry(NamedTuple):
    player: str
    total: int


@dataclass(slots=True)
class Score:
    kind: ClassVar[str] = "score"
    line: int
    column: int
    entries: tuple[ScoreEntry, ...]
    comments: tuple[str, ...] = ()
    comment: str | None = None


Statement = Opener | Deal | Play | Pass | Show | Domino | Blocked | Points | Score
Move = Play | Pass


@dataclass(slots=True)
class Hand:
    """``hand N`` and the statements under it, in the order written."""

    kind: ClassVar[str] = "hand"
    line: int
    column: int
    number: int
    statements: tuple[Statement, ...] = ()
    comments: tuple[str, ...] = ()
    comment: str | None = None


#: What one line of a record holds.
Item = Tag | Hand | Statement


@dataclass(slots=True)
class Game:
    """A block of tags and the hands that follow it."""

    tags: tuple[Tag, ...] = ()
    hands: tuple[Hand, ...] = ()

    @property
    def line(self) -> int:
        """The line where the game starts: its first tag, or its first hand."""
        if self.tags:
            return self.tags[0].line
        return self.hands[0].line if self.hands else 1

    def tag(self, key: str) -> Tag | None:
        """The first tag with this key, if any."""
        return next((t for t in self.tags if t.key == key), None)


@dataclass(slots=True)
class RecordFile:
    """A whole file: its games, and the comments after its last statement."""

    games: tuple[Game, ...] = ()
    comments: tuple[str, ...] = ()


_KINDS: dict[str, type[Any]] = {
    "tag": Tag, "opener": Opener, "deal": Deal, "play": Play, "pass": Pass, "show": Show,
    "domino": Domino, "blocked": Blocked, "points": Points, "score": Score,
}


def _statement(record: Any) -> Any:
    """The plain form of a statement record (anything with the records' fields)."""
    kind = record.kind
    common = (record.line, record.column)
    tail = (tuple(record.comments), record.comment)
    if kind == "tag":
        return Tag(*common, record.key, record.value, *tail)
    if kind == "play":
        return Play(*common, record.player, tuple(record.tile), record.side, *tail)
    if kind in ("deal", "show"):
        tiles = tuple(tuple(t) for t in record.tiles)
        return _KINDS[kind](*common, record.player, tiles, *tail)
    if kind == "points":
        return Points(*common, record.player, record.points, *tail)
    if kind == "score":
        entries = tuple(ScoreEntry(e.player, e.total) for e in record.entries)
        return Score(*common, entries, *tail)
    if kind == "blocked":
        return Blocked(*common, *tail)
    return _KINDS[kind](*common, record.player, *tail)


def from_records(record: Any) -> RecordFile:
    """The plain form of a ``records.RecordFile`` (read by its fields: no pydantic import)."""
    if isinstance(record, RecordFile):
        return record
    games = tuple(
        Game(
            tuple(map(_statement, game.tags)),
            tuple(
                Hand(h.line, h.column, h.number, tuple(map(_statement, h.statements)),
                     tuple(h.comments), h.comment)
                for h in game.hands
            ),
        )
        for game in record.games
    )
    return RecordFile(games, tuple(record.comments))
