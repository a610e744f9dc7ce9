"""Records back to text, in the canonical form of docs/notation.md, "Canonical form".

One space between tokens; tiles as ``a-b`` in the order written; sides as ``L``/``R``; one
blank line before each ``hand`` and between games; tags first; every comment kept where it
was (own-line comments just before their statement, trailing comments after it).  The
engine's annotations (``#=``, ``#!``) that open the comments of a hand or of a game's first
tag stand above its blank line, next to the hand they describe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ...notation import plain as p
from ...notation import records as rec

Tile = tuple[int, int]


Line = rec.Statement | rec.Tag | p.Statement | p.PlainTag
"""A tag or a statement, as a record or in the plain form of the reader (the same fields)."""


def statement_text(statement: Line) -> str:
    """The canonical text of one statement, without its comments."""
    write = _WRITERS.get(type(statement))
    if write is None:
        raise TypeError(f"not a statement: {statement!r}")
    return write(statement)


# The text of each kind of statement from its values: the records here, and the record JSON
# that ``json_text`` writes without building records.
def tag_text(key: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{key} "{escaped}"]'


def named_text(kind: str, player: str) -> str:
    """``opener NAME`` or ``domino NAME``."""
    return f"{kind} {player}"


#: Each tile's text by its pips as written (``(3, 5)``: ``3-5``), looked up at every play.
_TILE_TEXT = {(a, b): rec.tile_text((a, b)) for a in range(7) for b in range(7)}


def tiles_text(kind: str, player: str, tiles: Iterable[Tile]) -> str:
    """``deal NAME: a-b …`` or ``show NAME: a-b …`` (``-`` for none)."""
    return f"{kind} {player}: {' '.join(map(_TILE_TEXT.__getitem__, tiles)) or '-'}"


def play_text(player: str, tile: Tile, side: str | None) -> str:
    return f"{player}: {_TILE_TEXT[tile]} {side}" if side else f"{player}: {_TILE_TEXT[tile]}"


def pass_text(player: str) -> str:
    return f"{player}: pass"


def points_text(player: str | None, points: int | None) -> str:
    return "points none" if player is None else f"points {player} {points}"


def score_text(entries: Iterable[tuple[str, int]]) -> str:
    return "score " + ", ".join(f"{player} {total}" for player, total in entries)


#: The text of a statement, by its class: the records' and the plain form's, one writer each.
_WRITERS: dict[type, Callable[[Any], str]] = {}
for _records, _plain in ((rec.Tag, p.PlainTag), (rec.Opener, p.PlainOpener),
                         (rec.Domino, p.PlainDomino), (rec.Deal, p.PlainDeal),
                         (rec.Show, p.PlainShow), (rec.Play, p.PlainPlay),
                         (rec.Pass, p.PlainPass), (rec.Blocked, p.PlainBlocked),
                         (rec.Points, p.PlainPoints), (rec.Score, p.PlainScore)):
    _WRITERS[_records] = _WRITERS[_plain] = {
        "tag": lambda s: tag_text(s.key, s.value),
        "opener": lambda s: named_text("opener", s.player),
        "domino": lambda s: named_text("domino", s.player),
        "deal": lambda s: tiles_text("deal", s.player, s.tiles),
        "show": lambda s: tiles_text("show", s.player, s.tiles),
        "play": lambda s: play_text(s.player, s.tile, s.side),
        "pass": lambda s: pass_text(s.player),
        "blocked": lambda s: "blocked",
        "points": lambda s: points_text(s.player, s.points),
        "score": lambda s: score_text([(e.player, e.total) for e in s.entries]),
    }[_plain.kind]


def hand_header(hand: rec.Hand | p.PlainHand) -> str:
    return f"hand {hand.number}"


def is_engine_comment(text: str) -> bool:
    """``#=``, ``#!`` and ``#?`` comments are blocknot's own annotations (``--format
    annotated``; ``#?``: the analysis, ``blocknot analyse``)."""
    return text[:1] in {"=", "!", "?"}


def commented(
    text: str, comments: Sequence[str], comment: str | None, *, blank: bool = False
) -> Iterator[str]:
    """The lines of a statement with its comments: its own-line comments, then its text
    with its trailing comment.

    ``blank``: a statement that canonical form sets off with a blank line (a hand, a game's
    tags).  Annotations at the head of its comments are about what came before it (the end
    of the previous hand), so they stay above the blank line; the writer's own comments
    introduce the statement and follow it.  Either way they belong to this statement when
    read back.
    """
    split = 0
    if blank:
        while split < len(comments) and is_engine_comment(comments[split]):
            split += 1
        for own in comments[:split]:
            yield f"#{own}"
        yield ""
    for own in comments[split:]:
        yield f"#{own}"
    yield f"{text} #{comment}" if comment is not None else text


def game_lines(game: rec.Game | p.PlainGame, *, first: bool) -> Iterator[str]:
    """The lines of one game, as records or as the reader's plain form; ``first`` is false
    for every game after the file's first."""
    tags: Sequence[rec.Tag | p.PlainTag] = game.tags
    hands: Sequence[rec.Hand | p.PlainHand] = game.hands
    for index, tag in enumerate(tags):
        blank = index == 0 and not first
        yield from commented(statement_text(tag), tag.comments, tag.comment, blank=blank)
    for index, hand in enumerate(hands):
        # Nothing comes before the file's first line.
        blank = not (first and index == 0 and not tags)
        yield from commented(hand_header(hand), hand.comments, hand.comment, blank=blank)
        statements: Sequence[Line] = hand.statements
        writers = _WRITERS
        for statement in statements:
            text = writers[type(statement)](statement)
            if statement.comments or statement.comment is not None:
                yield from commented(text, statement.comments, statement.comment)
            else:
                yield text  # the usual statement, without comments


def file_lines(record: rec.RecordFile, *, continued: bool = False) -> Iterator[str]:
    """Every line of the canonical text of a record file; ``continued``: the record is a part
    of a file whose earlier games are written already (its first game is not the file's)."""
    for index, game in enumerate(record.games):
        yield from game_lines(game, first=index == 0 and not continued)
    for comment in record.comments:
        yield f"#{comment}"


def to_text(record: rec.RecordFile, *, continued: bool = False) -> str:
    """The canonical text of a record file (each line ends with LF); see ``file_lines``."""
    return "".join(f"{line}\n" for line in file_lines(record, continued=continued))
