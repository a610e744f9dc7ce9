"""The records of a Block game record file: what a parse produces and what the JSON holds.

Records describe what was written, not whether it is legal: a record may hold a play of a
tile nobody was dealt, or a claim that does not add up.  Judging is the engine's work.

Every statement carries its position in the text (1-based line and column), the comments
written on their own lines just before it (``comments``) and the comment at the end of its
own line (``comment``).  Comment texts are kept as written after the ``#``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..basics.limits import MAX_LINE_LENGTH, MAX_NUMBER_DIGITS, MAX_STATEMENTS_PER_HAND

# Re-exported: callers know them as records.NAME_PATTERN and records.KEYWORDS.
from ..basics.names import KEYWORDS as KEYWORDS
from ..basics.names import NAME_PATTERN as NAME_PATTERN
from . import plain


def _check_name(value: str) -> str:
    if NAME_PATTERN.fullmatch(value) is None:
        raise PydanticCustomError("player_name", "not a player name: {found}", {"found": value})
    if value in KEYWORDS:
        raise PydanticCustomError("keyword_name", "a keyword: {found}", {"found": value})
    return value


def _check_one_line(value: str) -> str:
    for char in "\n\r\0":
        if char in value:
            raise PydanticCustomError(
                "one_line", "holds {char}", {"char": f"<U+{ord(char):04X}>"}
            )
    return value


def _check_version(value: Any) -> Any:
    if type(value) is not int:  # ``true`` equals 1 to Python: refused here
        raise PydanticCustomError("version", "not version 1: {found}", {"found": value})
    return value


#: A tag key.  ``$(?!\n)``: Python's ``$`` also matches before a final line feed.
TAG_KEY_PATTERN = r"^[A-Za-z][A-Za-z0-9_]*$(?!\n)"

#: The largest number a record holds: nine digits (``limits.MAX_NUMBER_DIGITS``).
MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1

Pip = Annotated[int, Field(ge=0, le=6)]
#: A tile as written: ``3-5`` is ``(3, 5)`` and ``5-3`` is ``(5, 3)``; both are the same tile.
Tile = tuple[Pip, Pip]
#: A player's name, kept as written (the engine compares names in NFC: ``engine_names``).
Player = Annotated[str, Field(max_length=MAX_LINE_LENGTH), AfterValidator(_check_name)]
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Position = Annotated[int, Field(ge=1, le=MAX_NUMBER)]
#: A comment or a tag value: text that fits on one line.
OneLine = Annotated[str, Field(max_length=MAX_LINE_LENGTH), AfterValidator(_check_one_line)]
Side = Literal["L", "R"]


class _Record(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", strict=True, regex_engine="python-re", defer_build=True
    )


class _Statement(_Record):
    """What every line of a record has: its kind, position and comments."""

    kind: str
    line: Position
    column: Position
    comments: tuple[OneLine, ...] = ()
    comment: OneLine | None = None


class Tag(_Statement):
    """``[Key "value"]``; the value is stored unescaped."""

    kind: Literal["tag"] = "tag"
    key: Annotated[str, Field(max_length=MAX_LINE_LENGTH, pattern=TAG_KEY_PATTERN)]
    value: OneLine


class Opener(_Statement):
    """``opener NAME``: who leads the hand."""

    kind: Literal["opener"] = "opener"
    player: Player


class Deal(_Statement):
    """``deal NAME: TILE …``: the tiles dealt to a player."""

    kind: Literal["deal"] = "deal"
    player: Player
    tiles: Annotated[tuple[Tile, ...], Field(min_length=1)]


class Play(_Statement):
    """``NAME: TILE [SIDE]``: a tile placed at the left or right end.

    Without a side, the tile goes to the only end it fits.
    """

    kind: Literal["play"] = "play"
    player: Player
    tile: Tile
    side: Side | None = None


class Pass(_Statement):
    """``NAME: pass``."""

    kind: Literal["pass"] = "pass"
    player: Player


class Show(_Statement):
    """``show NAME: TILE …`` or ``show NAME: -``: the tiles a player holds when the hand ends."""

    kind: Literal["show"] = "show"
    player: Player
    tiles: tuple[Tile, ...]


class Domino(_Statement):
    """``domino NAME``: a claim that NAME went out."""

    kind: Literal["domino"] = "domino"
    player: Player


class Blocked(_Statement):
    """``blocked``: a claim that the hand was blocked."""

    kind: Literal["blocked"] = "blocked"


class Points(_Statement):
    """``points NAME N``, or ``points none`` (both fields null): who scored how much."""

    kind: Literal["points"] = "points"
    player: Player | None
    points: Count | None

    @model_validator(mode="after")
    def _both_or_neither(self) -> Points:
        if (self.player is None) != (self.points is None):
            raise PydanticCustomError(
                "points_pair", "player and points are both given, or both null"
            )
        return self


class ScoreEntry(_Record):
    player: Player
    total: Count


class Score(_Statement):
    """``score NAME N, NAME N, …``: a claim of the running totals after the hand."""

    kind: Literal["score"] = "score"
    entries: Annotated[tuple[ScoreEntry, ...], Field(min_length=1)]


Statement = Annotated[
    Opener | Deal | Play | Pass | Show | Domino | Blocked | Points | Score,
    Field(discriminator="kind"),
]


class Hand(_Record):
    """``hand N`` and the statements under it, in the order written."""

    number: Count
    line: Position
    column: Position
    comments: tuple[OneLine, ...] = ()
    comment: OneLine | None = None
    statements: Annotated[tuple[Statement, ...], Field(max_length=MAX_STATEMENTS_PER_HAND)] = ()


class Game(_Record):
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


class RecordFile(_Record):
    """A whole file: its games, and the comments after its last statement."""

    notation: Literal["blocknot"] = "blocknot"
    version: Annotated[Literal[1], BeforeValidator(_check_version)] = 1
    games: tuple[Game, ...] = ()
    comments: tuple[OneLine, ...] = ()


_M = TypeVar("_M", bound=BaseModel)


def trusted(model: type[_M], **values: Any) -> _M:
    """A record built from values that are valid by construction, without validating them.

    The parser's own output is checked token by token as it is read (names, pips, numbers),
    so validating it again would only cost time; ``tests/test_records.py`` checks that
    records built this way equal validated ones.  Everything else (JSON input, library
    callers) goes through normal validation.
    """
    defaults = _DEFAULTS.get(model)
    if defaults is None:
        defaults = _DEFAULTS[model] = {
            name: info.default for name, info in model.model_fields.items()
        }
    record = model.__new__(model)
    data = {name: values.get(name, default) for name, default in defaults.items()}
    object.__setattr__(record, "__dict__", data)
    object.__setattr__(record, "__pydantic_fields_set__", set(data))
    object.__setattr__(record, "__pydantic_extra__", None)
    object.__setattr__(record, "__pydantic_private__", None)
    return record


_DEFAULTS: dict[type[BaseModel], dict[str, Any]] = {}

_MODELS: dict[str, type[Any]] = {
    "tag": Tag, "opener": Opener, "deal": Deal, "play": Play, "pass": Pass, "show": Show,
    "domino": Domino, "blocked": Blocked, "points": Points, "score": Score,
}


def _from_plain(item: Any) -> Any:
    """The record of a plain statement (``plain.py``), built without validating: the line
    reader and Lark checked every token as they read it."""
    kind = item.kind
    fields = item.values()
    if kind == "score":
        fields["entries"] = tuple(
            trusted(ScoreEntry, player=e.player, total=e.total) for e in item.entries
        )
    return trusted(_MODELS[kind], kind=kind, **fields)


def from_plain(record: plain.PlainRecordFile) -> RecordFile:
    """The records of a file read in the plain form."""
    games = tuple(
        trusted(Game, tags=tuple(map(_from_plain, game.tags)), hands=tuple(
            trusted(Hand, number=h.number, line=h.line, column=h.column,
                    comments=h.comments, comment=h.comment,
                    statements=tuple(map(_from_plain, h.statements)))
            for h in game.hands
        ))
        for game in record.games
    )
    return trusted(RecordFile, games=games, comments=record.comments)


def tile_text(tile: tuple[int, int]) -> str:
    """A tile as the canonical notation writes it: ``3-5``."""
    return f"{tile[0]}-{tile[1]}"
