"""Records back to text, in the canonical form of docs/notation.md, "Canonical form".

One space between tokens; tiles as ``a-b`` in the order written; sides as ``L``/``R``; one
blank line before each ``hand`` and between games; tags first; every comment kept where it
was (own-line comments just before their statement, trailing comments after it).  The
engine's annotations (``#=``, ``#!``) that open the comments of a hand or of a game's first
tag stand above its blank line, next to the hand they describe.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..reading import records as r

Tile = tuple[int, int]


def statement_text(statement: r.Statement | r.Tag) -> str:
    """The canonical text of one statement, without its comments."""
    match statement:
        case r.Tag(key=key, value=value):
            return tag_text(key, value)
        case r.Opener(player=player) | r.Domino(player=player):
            return named_text(statement.kind, player)
        case r.Deal(player=player, tiles=tiles) | r.Show(player=player, tiles=tiles):
            return tiles_text(statement.kind, player, tiles)
        case r.Play(player=player, tile=tile, side=side):
            return play_text(player, tile, side)
        case r.Pass(player=player):
            return pass_text(player)
        case r.Blocked():
            return "blocked"
        case r.Points(player=player, points=points):
            return points_text(player, points)
        case r.Score(entries=entries):
            return score_text([(e.player, e.total) for e in entries])
    raise TypeError(f"not a statement: {statement!r}")


# The text of each kind of statement from its values: the records here, and the record JSON
# that ``json_text`` writes without building records.
def tag_text(key: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{key} "{escaped}"]'


def named_text(kind: str, player: str) -> str:
    """``opener NAME`` or ``domino NAME``."""
    return f"{kind} {player}"


def tiles_text(kind: str, player: str, tiles: Iterable[Tile]) -> str:
    """``deal NAME: a-b …`` or ``show NAME: a-b …`` (``-`` for none)."""
    return f"{kind} {player}: {' '.join(map(r.tile_text, tiles)) or '-'}"


#: Each tile's text by its pips as written (``(3, 5)``: ``3-5``), looked up at every play.
_TILE_TEXT = {(a, b): r.tile_text((a, b)) for a in range(7) for b in range(7)}


def play_text(player: str, tile: Tile, side: str | None) -> str:
    return f"{player}: {_TILE_TEXT[tile]} {side}" if side else f"{player}: {_TILE_TEXT[tile]}"


def pass_text(player: str) -> str:
    return f"{player}: pass"


def points_text(player: str | None, points: int | None) -> str:
    return "points none" if player is None else f"points {player} {points}"


def score_text(entries: Iterable[tuple[str, int]]) -> str:
    return "score " + ", ".join(f"{player} {total}" for player, total in entries)


def hand_header(hand: r.Hand) -> str:
    return f"hand {hand.number}"


def is_engine_comment(text: str) -> bool:
    """``#=`` and ``#!`` comments are blocknot's own annotations (``--format annotated``)."""
    return text[:1] in {"=", "!"}


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


def game_lines(game: r.Game, *, first: bool) -> Iterator[str]:
    """The lines of one game; ``first`` is false for every game after the file's first."""
    for index, tag in enumerate(game.tags):
        blank = index == 0 and not first
        yield from commented(statement_text(tag), tag.comments, tag.comment, blank=blank)
    for index, hand in enumerate(game.hands):
        # Nothing comes before the file's first line.
        blank = not (first and index == 0 and not game.tags)
        yield from commented(hand_header(hand), hand.comments, hand.comment, blank=blank)
        for statement in hand.statements:
            yield from commented(statement_text(statement), statement.comments,
                                 statement.comment)


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
