"""A record as the engine sees it: every name in NFC, the form names are compared in.

The reading keeps each name as written, so that conversions give back the text byte for
byte; the replay is given a copy whose ``player`` fields and ``Players`` tag are normalised
(``names.name_key``), so that ``Nicolò`` typed with a combining accent and typed precomposed
name the same seat.  A text already in NFC (almost every record) is given unchanged.
"""

from __future__ import annotations

from typing import Any

from ..basics.names import name_key
from . import plain as p


def for_engine(record: p.PlainRecordFile) -> p.PlainRecordFile:
    """``record`` with every name, and the ``Players`` tag, in NFC."""
    games = tuple(
        p.PlainGame(
            tuple(_tag(t) for t in game.tags),
            tuple(hand.replaced(statements=tuple(map(_statement, hand.statements)))
                  for hand in game.hands),
        )
        for game in record.games
    )
    return p.PlainRecordFile(games, record.comments)


def _tag(tag: p.PlainTag) -> p.PlainTag:
    return tag.replaced(value=name_key(tag.value)) if tag.key == "Players" else tag


def _statement(statement: Any) -> Any:
    if isinstance(statement, p.PlainScore):
        entries = tuple(p.PlainScoreEntry(name_key(e.player), e.total) for e in statement.entries)
        return statement.replaced(entries=entries)
    player = getattr(statement, "player", None)
    if player is None:
        return statement
    return statement.replaced(player=name_key(player))
