"""Records back to text, in the canonical form of docs/notation.md, "Canonical form".

One space between tokens; tiles as ``a-b`` in the order written; sides as ``L``/``R``; one
blank line before each ``hand`` and between games; tags first; every comment kept where it
was (own-line comments just before their statement, trailing comments after it).  The
engine's annotations (``#=``, ``#!``) that open the comments of a hand or of a game's first
tag stand above its blank line, next to the hand they describe.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading import records as r


def statement_text(statement: r.Statement | r.Tag) -> str:
    """The canonical text of one statement, without its comments."""
    match statement:
        case r.Tag(key=key, value=value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            return f'[{key} "{escaped}"]'
        case r.Opener(player=player):
            return f"opener {player}"
        case r.Deal(player=player, tiles=tiles):
            return f"deal {player}: {_tiles(tiles)}"
        case r.Play(player=player, tile=tile, side=side):
            text = f"{player}: {r.tile_text(tile)}"
            return f"{text} {side}" if side else text
        case r.Pass(player=player):
            return f"{player}: pass"
        case r.Show(player=player, tiles=tiles):
            return f"show {player}: {_tiles(tiles) if tiles else '-'}"
        case r.Domino(player=player):
            return f"domino {player}"
        case r.Blocked():
            return "blocked"
        case r.Points(player=None):
            return "points none"
        case r.Points(player=player, points=points):
            return f"points {player} {points}"
        case r.Score(entries=entries):
            return "score " + ", ".join(f"{e.player} {e.total}" for e in entries)
    raise TypeError(f"not a statement: {statement!r}")


def _tiles(tiles: tuple[tuple[int, int], ...]) -> str:
    return " ".join(r.tile_text(t) for t in tiles)


def hand_header(hand: r.Hand) -> str:
    return f"hand {hand.number}"


def _with_comments(
    text: str, comments: tuple[str, ...], comment: str | None
) -> Iterator[str]:
    for own in comments:
        yield f"#{own}"
    yield f"{text} #{comment}" if comment is not None else text


def is_engine_comment(text: str) -> bool:
    """``#=`` and ``#!`` comments are blocknot's own annotations (``--format annotated``)."""
    return text[:1] in {"=", "!"}


def _after_blank_line(
    text: str, comments: tuple[str, ...], comment: str | None
) -> Iterator[str]:
    """A statement that canonical form sets off with a blank line (a hand, a game's tags).

    Annotations at the head of its comments are about what came before it (the end of the
    previous hand), so they stay above the blank line; the writer's own comments introduce
    the statement and follow it.  Either way they belong to this statement when read back.
    """
    split = 0
    while split < len(comments) and is_engine_comment(comments[split]):
        split += 1
    for own in comments[:split]:
        yield f"#{own}"
    yield ""
    yield from _with_comments(text, comments[split:], comment)


def game_lines(game: r.Game, *, first: bool) -> Iterator[str]:
    """The lines of one game; ``first`` is false for every game after the file's first."""
    for index, tag in enumerate(game.tags):
        if index == 0 and not first:
            yield from _after_blank_line(statement_text(tag), tag.comments, tag.comment)
        else:
            yield from _with_comments(statement_text(tag), tag.comments, tag.comment)
    for index, hand in enumerate(game.hands):
        if first and index == 0 and not game.tags:
            # Nothing comes before the file's first line.
            yield from _with_comments(hand_header(hand), hand.comments, hand.comment)
        else:
            yield from _after_blank_line(hand_header(hand), hand.comments, hand.comment)
        for statement in hand.statements:
            yield from _with_comments(
                statement_text(statement), statement.comments, statement.comment
            )


def file_lines(record: r.RecordFile, *, continued: bool = False) -> Iterator[str]:
    """Every line of the canonical text of a record file; ``continued``: the record is a part
    of a file whose earlier games are written already (its first game is not the file's)."""
    for index, game in enumerate(record.games):
        yield from game_lines(game, first=index == 0 and not continued)
    for comment in record.comments:
        yield f"#{comment}"


def to_text(record: r.RecordFile, *, continued: bool = False) -> str:
    """The canonical text of a record file (each line ends with LF); see ``file_lines``."""
    return "".join(f"{line}\n" for line in file_lines(record, continued=continued))
