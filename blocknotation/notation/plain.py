"""The plain form of a record: what the line reader builds and the engine replays.

The same statements as the records of ``records.py``, with the same fields, each class
named for its model (``PlainPlay`` for ``records.Play``), but plain slots classes that cost
little to build and need no import of pydantic: a file of
clean games is read and replayed in this form only.  The public ``parse()`` turns it into
records (``records.from_plain``); the engine turns records it is given into this form
(``from_records``).  Like the records, the plain form says what was written, never whether
it is legal.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, NamedTuple

Tile = tuple[int, int]
Side = Literal["L", "R"]


class _Plain:
    """Slots, equality by value and a readable repr.  The classes are written out rather than
    made by ``dataclasses``, which would build their methods at every start-up."""

    __slots__: tuple[str, ...] = ()

    def values(self) -> dict[str, Any]:
        """The fields by name, in order."""
        return {name: getattr(self, name) for name in _fields(type(self))}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Plain) and type(other) is type(self) and (
            self.values() == other.values())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.values().items())
        return f"{type(self).__name__}({fields})"

    def replaced(self, **changes: Any) -> Any:
        """A copy with some fields changed."""
        return type(self)(**{**self.values(), **changes})


def _fields(kind: type[_Plain]) -> tuple[str, ...]:
    """The fields of a plain class: the slots of the class in its line that names them."""
    return next(c.__dict__["__slots__"] for c in kind.__mro__ if c.__dict__.get("__slots__"))


class _Line(_Plain):
    """What every statement has: its position and its comments (own-line ones before it,
    and the one at the end of its line), as in ``records``."""

    __slots__ = ("line", "column", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str]

    def __init__(self, line: int, column: int, comments: tuple[str, ...] = (),
                 comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.comments = comments
        self.comment = comment


class PlainTag(_Plain):
    """``[Key "value"]``, its value unescaped."""

    __slots__ = ("line", "column", "key", "value", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str] = "tag"

    def __init__(self, line: int, column: int, key: str, value: str,
                 comments: tuple[str, ...] = (), comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.key = key
        self.value = value
        self.comments = comments
        self.comment = comment


class _Named(_Plain):
    """A statement naming one player: ``opener``, ``pass``, ``domino``."""

    __slots__ = ("line", "column", "player", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str]

    def __init__(self, line: int, column: int, player: str, comments: tuple[str, ...] = (),
                 comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.comments = comments
        self.comment = comment


class PlainOpener(_Named):
    __slots__ = ()
    kind: ClassVar[str] = "opener"


class PlainPass(_Named):
    __slots__ = ()
    kind: ClassVar[str] = "pass"


class PlainDomino(_Named):
    __slots__ = ()
    kind: ClassVar[str] = "domino"


class _Tiles(_Plain):
    """A player and tiles: ``deal`` and ``show``."""

    __slots__ = ("line", "column", "player", "tiles", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str]

    def __init__(self, line: int, column: int, player: str, tiles: tuple[Tile, ...],
                 comments: tuple[str, ...] = (), comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.tiles = tiles
        self.comments = comments
        self.comment = comment


class PlainDeal(_Tiles):
    __slots__ = ()
    kind: ClassVar[str] = "deal"


class PlainShow(_Tiles):
    __slots__ = ()
    kind: ClassVar[str] = "show"


class PlainPlay(_Plain):
    """A tile as written (``5-3`` is ``(5, 3)``) and its side, None when none is written."""

    __slots__ = ("line", "column", "player", "tile", "side", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str] = "play"

    def __init__(self, line: int, column: int, player: str, tile: Tile,
                 side: Side | None = None, comments: tuple[str, ...] = (),
                 comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.tile = tile
        self.side = side
        self.comments = comments
        self.comment = comment


class PlainBlocked(_Line):
    __slots__ = ()
    kind: ClassVar[str] = "blocked"


class PlainPoints(_Plain):
    """``points NAME N``, or ``points none`` (player and points None)."""

    __slots__ = ("line", "column", "player", "points", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str] = "points"

    def __init__(self, line: int, column: int, player: str | None, points: int | None,
                 comments: tuple[str, ...] = (), comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.points = points
        self.comments = comments
        self.comment = comment


class PlainScoreEntry(NamedTuple):
    player: str
    total: int


class PlainScore(_Plain):
    __slots__ = ("line", "column", "entries", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str] = "score"

    def __init__(self, line: int, column: int, entries: tuple[PlainScoreEntry, ...],
                 comments: tuple[str, ...] = (), comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.entries = entries
        self.comments = comments
        self.comment = comment


Statement = (PlainOpener | PlainDeal | PlainPlay | PlainPass | PlainShow | PlainDomino
             | PlainBlocked | PlainPoints | PlainScore)
Move = PlainPlay | PlainPass


class PlainHand(_Plain):
    """``hand N`` and the statements under it, in the order written."""

    __slots__ = ("line", "column", "number", "statements", "comments", "comment")  # noqa: RUF023 - the fields in order
    kind: ClassVar[str] = "hand"

    def __init__(self, line: int, column: int, number: int,
                 statements: tuple[Statement, ...] = (), comments: tuple[str, ...] = (),
                 comment: str | None = None) -> None:
        self.line = line
        self.column = column
        self.number = number
        self.statements = statements
        self.comments = comments
        self.comment = comment


#: What one line of a record holds.
Item = PlainTag | PlainHand | Statement


class PlainGame(_Plain):
    """A block of tags and the hands that follow it."""

    __slots__ = ("tags", "hands")  # noqa: RUF023 - the fields in order

    def __init__(self, tags: tuple[PlainTag, ...] = (), hands: tuple[PlainHand, ...] = ()) -> None:
        self.tags = tags
        self.hands = hands

    @property
    def line(self) -> int:
        """The line where the game starts: its first tag, or its first hand."""
        if self.tags:
            return self.tags[0].line
        return self.hands[0].line if self.hands else 1

    def tag(self, key: str) -> PlainTag | None:
        """The first tag with this key, if any."""
        return next((t for t in self.tags if t.key == key), None)


class PlainRecordFile(_Plain):
    """A whole file: its games, and the comments after its last statement."""

    __slots__ = ("games", "comments")  # noqa: RUF023 - the fields in order

    def __init__(self, games: tuple[PlainGame, ...] = (), comments: tuple[str, ...] = ()) -> None:
        self.games = games
        self.comments = comments


_KINDS: dict[str, type[Any]] = {
    "tag": PlainTag, "opener": PlainOpener, "deal": PlainDeal, "play": PlainPlay,
    "pass": PlainPass, "show": PlainShow, "domino": PlainDomino, "blocked": PlainBlocked,
    "points": PlainPoints, "score": PlainScore,
}


def _statement(record: Any) -> Any:
    """The plain form of a statement record (anything with the records' fields)."""
    kind = record.kind
    common = (record.line, record.column)
    tail = (tuple(record.comments), record.comment)
    if kind == "tag":
        return PlainTag(*common, record.key, record.value, *tail)
    if kind == "play":
        return PlainPlay(*common, record.player, tuple(record.tile), record.side, *tail)
    if kind in ("deal", "show"):
        tiles = tuple(tuple(t) for t in record.tiles)
        return _KINDS[kind](*common, record.player, tiles, *tail)
    if kind == "points":
        return PlainPoints(*common, record.player, record.points, *tail)
    if kind == "score":
        entries = tuple(PlainScoreEntry(e.player, e.total) for e in record.entries)
        return PlainScore(*common, entries, *tail)
    if kind == "blocked":
        return PlainBlocked(*common, *tail)
    return _KINDS[kind](*common, record.player, *tail)


def from_records(record: Any) -> PlainRecordFile:
    """The plain form of a ``records.RecordFile`` (read by its fields: no pydantic import)."""
    if isinstance(record, PlainRecordFile):
        return record
    games = tuple(
        PlainGame(
            tuple(map(_statement, game.tags)),
            tuple(
                PlainHand(h.line, h.column, h.number, tuple(map(_statement, h.statements)),
                     tuple(h.comments), h.comment)
                for h in game.hands
            ),
        )
        for game in record.games
    )
    return PlainRecordFile(games, tuple(record.comments))
