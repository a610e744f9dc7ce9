"""The record JSON of ``blocknot convert``, written from a record's fields: its one writer.

A record is read here by the names of its fields, which the plain form (``notation/plain.py``)
and the records (``notation/records.py``) share.  So the same code writes the JSON of a text
record read in the plain form (``convert`` of text, without loading pydantic) and of records
(``record_json.to_json``, and ``convert`` of JSON back to JSON).

The layout: the arrays ``games``, ``tags``, ``hands`` and ``statements`` one element per line,
indented by two spaces a level; each tag and each statement on one line, as
``json.dumps(..., ensure_ascii=False)`` writes it, its keys in the order of the records'
fields.  Strings are written by ``json``'s own string encoder, and then any character a
terminal would act on or hide as a ``\\u`` escape (``visible_json``), so the document is safe
to print and still reads back to the same record.  ``tests/test_record_writer.py`` checks the
bytes against ``json.dumps`` of the records' ``model_dump``, kind by kind and record by record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring
from typing import Any, Protocol

from .visible import visible_json

#: Any value as ``json.dumps(value, ensure_ascii=False)`` writes it.
_value = json.JSONEncoder(ensure_ascii=False).encode
#: Every tile as JSON: ``(3, 5)`` is ``[3, 5]``.
_TILES = {(a, b): f"[{a}, {b}]" for a in range(7) for b in range(7)}
_SIDES = {None: "null", "L": '"L"', "R": '"R"'}


def _text(value: str) -> str:
    """A string as JSON: ``json``'s string encoder (the C one where there is one), then
    ``visible_json``, which leaves a printable string as it is."""
    written = encode_basestring(value)
    return written if written.isprintable() else visible_json(written)


#: Players' names as JSON, by name: a record names its few players again and again.
_NAMES: dict[str, str] = {}


def _name(name: str) -> str:
    """``_text`` of a player's name, kept for the next time (``_NAMES.get`` first)."""
    written = _text(name)
    if len(_NAMES) >= 1024:  # a record with ever new names: memory stays bounded
        _NAMES.clear()
    _NAMES[name] = written
    return written


def _optional(value: str | None) -> str:
    return "null" if value is None else _text(value)


def _texts(values: Iterable[str]) -> str:
    """Strings (comments) as a JSON array."""
    return "[" + ", ".join(map(_text, values)) + "]"


def _tiles(tiles: tuple[tuple[int, int], ...]) -> str:
    try:
        return "[" + ", ".join([_TILES[tile] for tile in tiles]) + "]"
    except (KeyError, TypeError):  # not pips 0-6: as json writes them
        return _value(tiles)


#: ``"comments"`` and ``"comment"`` of a statement that has none (most).
_NO_COMMENTS = '"comments": [], "comment": null'


def _comments(item: Any) -> str:
    """A statement's ``"comments"`` and ``"comment"``."""
    comments = item.comments
    comment = item.comment
    if not comments and comment is None:
        return _NO_COMMENTS
    return f'"comments": {_texts(comments)}, "comment": {_optional(comment)}'


# Each statement is one format string, its keys in the order of the records' fields: kind,
# line, column, comments, comment, then its own.
_START = '{"kind": "%s", "line": %%d, "column": %%d, %%s'


def _tag(item: Any) -> str:
    return (_START % "tag" + ', "key": %s, "value": %s}') % (
        item.line, item.column, _comments(item), _text(item.key), _text(item.value))


def _named(kind: str) -> Callable[[Any], str]:
    """``opener``, ``pass``, ``domino``: a player."""
    template = _START % kind + ', "player": %s}'
    return lambda item: template % (
        item.line, item.column, _comments(item), _NAMES.get(item.player) or _name(item.player))


def _with_tiles(kind: str) -> Callable[[Any], str]:
    """``deal``, ``show``: a player and tiles."""
    template = _START % kind + ', "player": %s, "tiles": %s}'
    return lambda item: template % (
        item.line, item.column, _comments(item), _NAMES.get(item.player) or _name(item.player),
        _tiles(item.tiles))


_PLAY = _START % "play" + ', "player": %s, "tile": %s, "side": %s}'


def _play(item: Any) -> str:
    side = item.side
    return _PLAY % (item.line, item.column, _comments(item),
                    _NAMES.get(item.player) or _name(item.player),
                    _TILES.get(item.tile) or _value(item.tile), _SIDES.get(side) or _text(side))


_BLOCKED = _START % "blocked" + "}"


def _blocked(item: Any) -> str:
    return _BLOCKED % (item.line, item.column, _comments(item))


_POINTS = _START % "points" + ', "player": %s, "points": %s}'


def _points(item: Any) -> str:
    points = "null" if item.points is None else f"{item.points:d}"
    return _POINTS % (item.line, item.column, _comments(item), _optional(item.player), points)


_SCORE = _START % "score" + ', "entries": [%s]}'


def _score(item: Any) -> str:
    entries = ", ".join([
        f'{{"player": {_NAMES.get(entry.player) or _name(entry.player)}, '
        f'"total": {entry.total:d}}}' for entry in item.entries])
    return _SCORE % (item.line, item.column, _comments(item), entries)


#: The writer of each kind of statement, by its ``kind``.
_STATEMENTS: dict[str, Callable[[Any], str]] = {
    "tag": _tag, "opener": _named("opener"), "deal": _with_tiles("deal"), "play": _play,
    "pass": _named("pass"), "show": _with_tiles("show"), "domino": _named("domino"),
    "blocked": _blocked, "points": _points, "score": _score,
}


def _rows(items: Iterable[Any], indent: str) -> str:
    """An array of statements or tags, one a line at ``indent`` (``[]`` when empty)."""
    rows = [_STATEMENTS[item.kind](item) for item in items]
    if not rows:
        return "[]"
    return f"[\n{indent}" + f",\n{indent}".join(rows) + f"\n{indent[:-2]}]"


_HAND = ('{\n          "number": %d,\n          "line": %d,\n          "column": %d,\n'
         '          "comments": %s,\n          "comment": %s,\n          "statements": %s\n'
         "        }")


def _hand(hand: Any) -> str:
    """A hand, as an element of its game's ``hands``."""
    return _HAND % (hand.number, hand.line, hand.column, _texts(hand.comments),
                    _optional(hand.comment), _rows(hand.statements, " " * 12))


def game_json(game: Any) -> str:
    """A game, as an element of the document's ``games`` (its first line not indented)."""
    hands = [_hand(hand) for hand in game.hands]
    written = "[\n        " + ",\n        ".join(hands) + "\n      ]" if hands else "[]"
    return '{\n      "tags": ' + _rows(game.tags, " " * 8) + ',\n      "hands": ' + written + (
        "\n    }")


class JsonWriter:
    """The record JSON of a file written a game at a time, as its games come (a file read a
    game at a time), then the file's closing comments and the end."""

    _HEAD = '{\n  "notation": "blocknot",\n  "version": 1,\n  "games": ['

    def __init__(self, out: TextSink) -> None:
        self.write = out.write
        self.games = 0

    def add(self, game: Any) -> None:
        """Write ``game`` (plain or records), the file's next."""
        self.write(",\n    " if self.games else self._HEAD + "\n    ")
        self.write(game_json(game))
        self.games += 1

    def close(self, comments: Iterable[str]) -> None:
        """Write the file's closing comments and the end of the document."""
        end = f'\n  ],\n  "comments": {_texts(comments)}\n}}\n'
        self.write(end if self.games else self._HEAD + end[3:])


class TextSink(Protocol):
    """Where ``JsonWriter`` writes: a text file, or anything with its ``write``."""

    def write(self, text: str, /) -> object: ...


class _Pieces(list[str]):
    """A sink that keeps what is written, to be joined."""

    def write(self, text: str, /) -> None:
        self.append(text)


def document_json(record: Any) -> str:
    """A record file (plain or records) as a JSON document, ending with a newline."""
    pieces = _Pieces()
    writer = JsonWriter(pieces)
    for game in record.games:
        writer.add(game)
    writer.close(record.comments)
    return "".join(pieces)
