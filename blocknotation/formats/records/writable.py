"""What a record must be for ``convert`` to write it so that it reads back the same.

JSON can hold records that no text says (an empty game, a game without tags after another,
a line longer than a line may be), and any record can be too large for blocknot to read back
as one game.  ``game_problems`` names each such problem with the JSON path of the value at
fault; ``convert`` refuses the record rather than write something that reads back
differently, or not at all.  A game is bounded by what it holds (``MAX_GAME_TEXT``
characters of canonical text), never by the size of its JSON.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...basics.diagnostics import Message, message_part
from ...basics.limits import MAX_GAME_TEXT as MAX_GAME_TEXT
from ...basics.limits import MAX_LINE_LENGTH
from ...notation import records as rec
from .canonical import game_lines, hand_header, statement_text
from .json_positions import Path


def game_problems(game: rec.Game, index: int, *, first: bool) -> Iterator[tuple[Path, Message]]:
    """Why game ``index`` cannot be written as text; ``first``: it is the file's first."""
    path: Path = ("games", index)
    if not game.tags and not game.hands:
        yield path, message_part("S001", "empty_game")
    elif not first and not game.tags:
        yield path, message_part("S001", "game_without_tags")
    for tag_index, tag in enumerate(game.tags):
        yield from _line_problems((*path, "tags", tag_index), statement_text(tag), tag)
    for hand_index, hand in enumerate(game.hands):
        hand_path = (*path, "hands", hand_index)
        yield from _line_problems(hand_path, hand_header(hand), hand)
        for number, statement in enumerate(hand.statements):
            yield from _line_problems((*hand_path, "statements", number),
                                      statement_text(statement), statement)


def _line_problems(path: Path, text: str, owner: rec.Hand | rec.Tag | rec.Statement) -> Iterator[
    tuple[Path, Message]
]:
    for number, comment in enumerate(owner.comments):
        if len(comment) + 1 > MAX_LINE_LENGTH:
            yield (*path, "comments", number), _too_long(len(comment) + 1)
    length = len(text) + (0 if owner.comment is None else len(owner.comment) + 2)
    if length > MAX_LINE_LENGTH:
        yield path, _too_long(length)


def _too_long(length: int) -> Message:
    return message_part("S001", "long_written_line", length=length, limit=MAX_LINE_LENGTH)


def not_last_problem(game: rec.Game, index: int) -> tuple[Path, Message] | None:
    """Why game ``index``, followed by another game, cannot be written as text."""
    if game.hands:
        return None
    return ("games", index), message_part("S001", "last_game_without_hands")


def game_size(game: rec.Game) -> int:
    """Characters of the game's canonical text, line ends and its opening blank line and
    comments included: what reading it back a game at a time holds of it."""
    return sum(len(line) + 1 for line in game_lines(game, first=False))


def comments_size(comments: tuple[str, ...]) -> int:
    """Characters of the file's closing comments as text: read back with its last game."""
    return sum(len(comment) + 2 for comment in comments)


def size_problem(size: int, path: Path) -> tuple[Path, Message] | None:
    """Why a game of ``size`` characters of canonical text cannot be converted."""
    if size <= MAX_GAME_TEXT:
        return None
    return path, message_part("S001", "game_too_large", size=size, limit=MAX_GAME_TEXT)
