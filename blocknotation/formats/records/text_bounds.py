"""A record just read from text that surely writes back as text: the cheap proof that spares
``writable``'s exact checks on all but absurd records.

``convert`` refuses a record that it could not write as text so that it reads back the same
(``writable``): an empty game, a game without tags after another, a game without hands before
another, a line longer than a line may be, a game too large.  The exact checks write the
record's canonical text; for a record just read from text a bound says the same far sooner.

The bound: canonical text writes no line more than twice as long as the line it was read
from.  Each token is written as long as it was read or shorter (a tile ``[3|5]`` as ``3-5``,
``left`` as ``L``, ``007`` as ``7``, a tag's value with the escapes it was read with), at
most one space goes between two tokens and before a trailing comment, and a comment on its
own line is written as it was read after its ``#``.  So a statement's line takes at most
twice the characters of its source line, and with its line end and the blank line that may
go before it, at most twice its source line's with the line end; a game's text, and the
file's closing comments with the last game, at most twice the characters (line ends
included) of the source lines they come from.  ``tests/test_text_bounds.py`` checks the bound
and that whatever it passes, the exact checks pass.
"""

from __future__ import annotations

from ...basics.limits import MAX_GAME_TEXT, MAX_LINE_LENGTH
from ...notation import plain as p


def surely_writable(record: p.PlainRecordFile, text: str, first_line: int = 1, *,
                    first: bool = True) -> bool:
    """True when ``record``, read without a syntax error from ``text`` (lines joined by LF,
    the first of them line ``first_line``), surely has no ``writable`` problem; False when
    it may have one (then the exact checks tell).  ``first``: its first game is its file's."""
    # A short text has no long line: it is not split.
    longest = max(map(len, text.split("\n"))) if 2 * len(text) > MAX_LINE_LENGTH else len(text)
    if 2 * longest > MAX_LINE_LENGTH:
        return False
    small = 2 * (len(text) + 1) <= MAX_GAME_TEXT  # no game can be too large
    start = first_line  # the first line of the next game's source
    games = record.games
    last = len(games) - 1
    for index, game in enumerate(games):
        if not (game.tags or game.hands) or not (game.tags or (first and index == 0)):
            return False
        if not game.hands and index < last:
            return False
        if not small:  # each game's source: its lines times the longest, line ends included
            end = _last_line(game) if index < last else first_line + text.count("\n")
            if 2 * (end - start + 1) * (longest + 1) > MAX_GAME_TEXT:
                return False
            start = end + 1
    return small or bool(games)


def _last_line(game: p.PlainGame) -> int:
    """The line of the last statement of ``game``: the others of its source are before."""
    if not game.hands:
        return game.tags[-1].line
    hand = game.hands[-1]
    return hand.statements[-1].line if hand.statements else hand.line
