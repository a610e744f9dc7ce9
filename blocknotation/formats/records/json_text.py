"""A game of record JSON straight to canonical text, the quick way.

``convert`` of record JSON reads each game strictly (``record_json.from_json``: pydantic
records, every check, exact diagnostics), checks that it can be written (``writable``) and
that its text reads back as the same record.  Most games are plain: every key present,
names, tiles and numbers in range, comments of printable characters.  ``game_text`` writes
such a game from the JSON decoded by the C decoder, with ``canonical``'s texts and layout, as
``canonical.game_lines`` would, and
declines (None) every game it does not recognise in full, or that anything could be wrong
with; ``convert`` then reads that game the strict way, so every refusal and its diagnostic
come from one place.  What is recognised is a part of what ``records.py`` accepts: the keys
are ``records.py``'s fields (``tests/test_json_text.py`` checks both ways, and that every
game written here is written the same the strict way).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ...basics.limits import MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from ...basics.names import KEYWORDS, NAME_PATTERN
from ...notation.records import MAX_NUMBER, TAG_KEY_PATTERN
from . import writable
from .canonical import (
    commented,
    named_text,
    pass_text,
    play_text,
    points_text,
    score_text,
    tag_text,
    tiles_text,
)

_COMMON = ("kind", "line", "column", "comments", "comment")
#: Every key of each kind of statement, as ``records.py`` has them (``tests`` compare).
STATEMENT_KEYS = {
    "tag": (*_COMMON, "key", "value"),
    "opener": (*_COMMON, "player"),
    "deal": (*_COMMON, "player", "tiles"),
    "play": (*_COMMON, "player", "tile", "side"),
    "pass": (*_COMMON, "player"),
    "show": (*_COMMON, "player", "tiles"),
    "domino": (*_COMMON, "player"),
    "blocked": _COMMON,
    "points": (*_COMMON, "player", "points"),
    "score": (*_COMMON, "entries"),
}
HAND_KEYS = ("number", "line", "column", "comments", "comment", "statements")
GAME_KEYS = ("tags", "hands")
ENTRY_KEYS = ("player", "total")
# An object holds exactly these keys when it has as many keys and each is looked up.
_SIZES = {kind: len(keys) for kind, keys in STATEMENT_KEYS.items() if kind != "tag"}
_TAG, _PLAY = len(STATEMENT_KEYS["tag"]), len(STATEMENT_KEYS["play"])
_HAND, _GAME, _ENTRY = len(HAND_KEYS), len(GAME_KEYS), len(ENTRY_KEYS)

_SIDES = (None, "L", "R")


class Written(NamedTuple):
    """A game written by ``GameWriter``: its text, and its size as ``writable.game_size``
    counts it (as if a blank line came before it)."""

    text: str
    size: int


class _Decline(Exception):
    """The game is not one ``game_text`` writes: ``convert`` reads it the strict way."""


class FloatSeen:
    """What the decoder gives ``game_text`` for a number with a fraction or an exponent, or
    for ``NaN`` and ``Infinity``: a value no check here lets through."""


FLOAT_SEEN = FloatSeen()


def seen_float(_text: str) -> FloatSeen:
    """``parse_float`` and ``parse_constant`` of the decoder whose values ``game_text``
    takes: called only for such numbers, so plain ones cost nothing."""
    return FLOAT_SEEN


class GameWriter:
    """Writes the games of one document; remembers the names it has checked."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.keys = 0  # keys of the objects read, to be matched with the text's ':'
        self.colons = 0  # ':' inside the strings read

    def game_text(self, game: Any, text: str, first: bool) -> Written | None:
        """The canonical text of ``game``, decoded from the JSON ``text`` with
        ``seen_float``, as ``game_lines(game, first=first)`` writes it; None to have it
        read the strict way."""
        self.keys = self.colons = 0
        try:
            lines = self._game(game, first)
        except (_Decline, LookupError, TypeError, ValueError, AttributeError):
            return None
        if text.count(":") != self.keys + self.colons:
            return None  # a key written twice: the strict way says where
        if self.colons and ("\\u003a" in text or "\\u003A" in text):
            return None  # a ':' written as an escape could make up for a key written twice
        written = "\n".join(lines) + "\n"
        size = len(written) + first  # the first game has no blank line before it
        if size > writable.MAX_GAME_TEXT:
            return None
        if len(written) > MAX_LINE_LENGTH and any(len(x) > MAX_LINE_LENGTH for x in lines):
            return None
        return Written(written, size)

    # --- the parts of a game -------------------------------------------------------------
    def _game(self, game: Any, first: bool) -> list[str]:
        tags, hands = game["tags"], game["hands"]
        self.keys += len(game)
        if len(game) != _GAME or type(tags) is not list or type(hands) is not list:
            raise _Decline
        if not hands or not (tags or first):
            raise _Decline  # maybe an empty game, or one that cannot be written as text
        out: list[str] = []
        for index, tag in enumerate(tags):
            self._line(out, tag, self._tag(tag), index == 0 and not first)
        for index, hand in enumerate(hands):
            self._hand(out, hand, not (first and index == 0 and not tags))
        return out

    def _tag(self, tag: Any) -> str:
        key, value = tag["key"], tag["value"]
        self.keys += len(tag)
        if len(tag) != _TAG or tag["kind"] != "tag" or type(key) is not str:
            raise _Decline
        if _TAG_KEY.match(key) is None:
            raise _Decline
        self._free(value)
        return tag_text(key, value)

    def _hand(self, out: list[str], hand: Any, blank: bool) -> None:
        number, statements = hand["number"], hand["statements"]
        if len(hand) != _HAND or not _count(number):
            raise _Decline
        if type(statements) is not list or len(statements) > MAX_STATEMENTS_PER_HAND:
            raise _Decline
        self._line(out, hand, f"hand {number}", blank)
        names, keys, append = self.names, len(hand), out.append
        for statement in statements:
            kind, size = statement["kind"], len(statement)
            keys += size
            if kind == "play" and size == _PLAY:  # most statements: written here
                player = statement["player"]
                if player not in names:
                    self._name(player)
                first, second = statement["tile"]
                side = statement["side"]
                if type(first) is not int or type(second) is not int or side not in _SIDES:
                    raise _Decline
                text = play_text(player, (first, second), side)  # pips out of range: KeyError
            elif size == _SIZES[kind]:
                text = self._statement(kind, statement)
            else:
                raise _Decline
            line, column = statement["line"], statement["column"]
            if type(line) is not int or type(column) is not int:
                raise _Decline
            if not 0 < line <= MAX_NUMBER >= column > 0:
                raise _Decline
            comments, comment = statement["comments"], statement["comment"]
            if comments.__class__ is list and not comments and comment is None:
                append(text)
            else:
                self._line(out, statement, text, False)
        self.keys += keys

    def _statement(self, kind: str, statement: Any) -> str:
        if kind == "blocked":
            return "blocked"
        if kind == "score":
            entries = statement["entries"]
            if type(entries) is not list or not entries:
                raise _Decline
            return score_text(map(self._entry, entries))
        player = statement["player"]
        if kind == "points":
            points = statement["points"]
            if player is None and points is None:
                return "points none"
            if not _count(points):
                raise _Decline
        if player not in self.names:
            self._name(player)
        if kind == "points":
            return points_text(player, statement["points"])
        if kind == "pass":
            return pass_text(player)
        if kind == "opener" or kind == "domino":
            return named_text(kind, player)
        tiles = statement["tiles"]  # a deal or a show
        if type(tiles) is not list or (kind == "deal" and not tiles):
            raise _Decline
        return tiles_text(kind, player, [_tile(tile) for tile in tiles])

    def _entry(self, entry: Any) -> tuple[str, int]:
        player, total = entry["player"], entry["total"]
        self.keys += len(entry)
        if len(entry) != _ENTRY or not _count(total):
            raise _Decline
        if player not in self.names:
            self._name(player)
        return player, total

    # --- what every line has -------------------------------------------------------------
    def _line(self, out: list[str], owner: Any, text: str, blank: bool) -> None:
        """``text`` with its owner's comments, as ``canonical`` writes a statement (with
        ``blank``: set off by a blank line, annotations above it)."""
        if not _position(owner["line"]) or not _position(owner["column"]):
            raise _Decline
        comments, comment = owner["comments"], owner["comment"]
        if type(comments) is not list:
            raise _Decline
        for own in comments:
            self._free(own)
        if comment is not None:
            self._free(comment)
        out.extend(commented(text, comments, comment, blank=blank))

    def _free(self, text: Any) -> None:
        """A comment or a tag value: printable characters only, its ':' counted."""
        if type(text) is not str or not text.isprintable():
            raise _Decline
        self.colons += text.count(":")

    def _name(self, name: Any) -> None:
        if type(name) is not str or name in KEYWORDS or NAME_PATTERN.fullmatch(name) is None:
            raise _Decline
        if len(self.names) < 4096:
            self.names.add(name)


_TAG_KEY = re.compile(TAG_KEY_PATTERN)


def _count(value: Any) -> bool:
    """Whether ``value`` is a number a record holds (``records.Count``)."""
    return type(value) is int and 0 <= value <= MAX_NUMBER


def _position(value: Any) -> bool:
    """Whether ``value`` is a line or column number (``records.Position``)."""
    return type(value) is int and 0 < value <= MAX_NUMBER


def _tile(tile: Any) -> tuple[int, int]:
    """A tile of two pips 0 to 6 (``true`` is not one: pips are checked to be ``int``)."""
    first, second = tile
    if type(first) is not int or type(second) is not int or not (
            0 <= first <= 6 and 0 <= second <= 6):
        raise _Decline
    return first, second
