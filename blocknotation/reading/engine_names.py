"""Records as the engine sees them: every name in NFC, the form names are compared in.

The records keep each name as written, so that conversions give back the text byte for byte;
the replay is given a copy whose ``player`` fields and ``Players`` tag are normalised
(``names.name_key``), so that ``Nicolò`` typed with a combining accent and typed precomposed
name the same seat.  A text already in NFC (almost every record) is given unchanged.
"""

from __future__ import annotations

from typing import Any

from ..basics.names import name_key
from . import records as r


def for_engine(record: r.RecordFile) -> r.RecordFile:
    """``record`` with every name, and the ``Players`` tag, in NFC."""
    games = tuple(
        game.model_copy(update={
            "tags": tuple(_tag(t) for t in game.tags),
            "hands": tuple(
                hand.model_copy(update={"statements": tuple(map(_statement, hand.statements))})
                for hand in game.hands
            ),
        })
        for game in record.games
    )
    return record.model_copy(update={"games": games})


def _tag(tag: r.Tag) -> r.Tag:
    return tag.model_copy(update={"value": name_key(tag.value)}) if tag.key == "Players" else tag


def _statement(statement: Any) -> Any:
    if isinstance(statement, r.Score):
        entries = tuple(e.model_copy(update={"player": name_key(e.player)})
                        for e in statement.entries)
        return statement.model_copy(update={"entries": entries})
    player = getattr(statement, "player", None)
    if player is None:
        return statement
    return statement.model_copy(update={"player": name_key(player)})
