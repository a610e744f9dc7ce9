"""Lines met before: a statement the line reader has read once is made again by copying.

Records repeat their lines: the same player plays the same tile on the same side again and
again, and ``opener``, ``domino``, ``blocked``, ``points`` and short ``show`` lines come
back game after game.  What the line reader (``line_reader.read_line``) makes of a line
depends on its text alone, but for the line number, so a statement it has read is
remembered under its line's text, and the same text on any later line is made by copying
the fields (``make(number, text)``), with no splitting, look-up or name check.  Only
statements without a comment are remembered, and not deals, scores, shows of several tiles,
hands or tags, which seldom come twice (a hand starts a run of statements, which the reader
must note).

The statements are built without their classes' ``__init__`` (calling a class through a
Python ``__init__`` costs more than setting its slots): the makers here set every field that
``plain.py`` gives the class, so that a made statement equals the one read.
``tests/test_known_lines.py`` checks this for every class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .plain import (
    Item,
    PlainBlocked,
    PlainDomino,
    PlainOpener,
    PlainPass,
    PlainPlay,
    PlainPoints,
    PlainShow,
)

#: Makes the statement again at a line (its number, and its text, which it does not need).
Maker = Callable[[int, str], Item | None]

#: The makers of the lines met so far, by the text of the line.
KNOWN: dict[str, Maker] = {}
#: At most this many lines are remembered: a file of ever new lines empties the table.
LIMIT = 8192
#: Only lines of at most this many characters are remembered (a move in canonical form has
#: a few dozen), so that the table holds at most ``LIMIT * LONGEST`` characters whatever
#: the input: long lines are read each time.
LONGEST = 100

_new = object.__new__


def remember(text: str, item: Item) -> None:
    """Remember the statement read from the line ``text``, if it is worth it."""
    factory = _FACTORIES.get(type(item))
    if factory is None or item.comment is not None or item.comments or len(text) > LONGEST:
        return
    make = factory(item)
    if make is not None:
        if len(KNOWN) >= LIMIT:
            KNOWN.clear()
        KNOWN[text] = make


def _play(read: PlainPlay) -> Maker:
    column, player, tile, side = read.column, read.player, read.tile, read.side

    def make(line: int, _text: str) -> PlainPlay:
        item: PlainPlay = _new(PlainPlay)
        item.line = line
        item.column = column
        item.player = player
        item.tile = tile
        item.side = side
        item.comments = ()
        item.comment = None
        return item

    return make


def _named(read: PlainPass | PlainOpener | PlainDomino) -> Maker:
    kind, column, player = type(read), read.column, read.player

    def make(line: int, _text: str) -> PlainPass | PlainOpener | PlainDomino:
        item: PlainPass | PlainOpener | PlainDomino = _new(kind)
        item.line = line
        item.column = column
        item.player = player
        item.comments = ()
        item.comment = None
        return item

    return make


def _points(read: PlainPoints) -> Maker:
    column, player, points = read.column, read.player, read.points

    def make(line: int, _text: str) -> PlainPoints:
        item: PlainPoints = _new(PlainPoints)
        item.line = line
        item.column = column
        item.player = player
        item.points = points
        item.comments = ()
        item.comment = None
        return item

    return make


def _show(read: PlainShow) -> Maker | None:
    """Shows of one tile or none only: the tiles left in a hand seldom repeat."""
    column, player, tiles = read.column, read.player, read.tiles
    if len(tiles) > 1:
        return None

    def make(line: int, _text: str) -> PlainShow:
        item: PlainShow = _new(PlainShow)
        item.line = line
        item.column = column
        item.player = player
        item.tiles = tiles
        item.comments = ()
        item.comment = None
        return item

    return make


def _blocked(read: PlainBlocked) -> Maker:
    column = read.column

    def make(line: int, _text: str) -> PlainBlocked:
        item: PlainBlocked = _new(PlainBlocked)
        item.line = line
        item.column = column
        item.comments = ()
        item.comment = None
        return item

    return make


#: How to make again each kind of statement worth remembering.
_FACTORIES: dict[type[Any], Callable[[Any], Maker | None]] = {
    PlainPlay: _play, PlainPass: _named, PlainOpener: _named, PlainDomino: _named,
    PlainPoints: _points, PlainShow: _show, PlainBlocked: _blocked,
}
