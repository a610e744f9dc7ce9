"""What a page sends, checked as data before anything is judged: a new game's setup, and the
entries of a game (a hand begun, a deal, a play, a pass, a count, an undo, a correction).

Each is read from the JSON body into a frozen value, or refused with ``BadEntry`` (HTTP 400)
naming what is wrong, in words of its own: nothing here knows the rules; ``judge.py`` does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..basics.diagnostics import N_, Message
from ..basics.names import KEYWORDS, NAME_PATTERN
from ..engine.table import as_tile
from .limits import MAX_CORRECTION, MAX_EVENT

Tile = tuple[int, int]
Side = Literal["L", "R"]

#: An idempotency key, made by the page: letters, digits, ``_`` and ``-``.
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: A table's number at the club.
TABLE = re.compile(r"[1-9][0-9]{0,2}")


class BadEntry(ValueError):
    """A body that is not an entry; ``words``: why, to tell in the page's language."""

    def __init__(self, words: Message) -> None:
        super().__init__(words.render())
        self.words = words


@dataclass(frozen=True, slots=True)
class Setup:
    """A new game: the table's number, the players in seating order, who leads the first
    hand, the target when it is not the rules' (R3), and the event."""

    table: str
    players: tuple[str, ...]
    opener: str
    target: int | None
    event: str | None


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game: ``kind`` and its values (the others None)."""

    kind: Literal["hand", "deal", "play", "pass", "count", "undo", "correct"]
    player: str | None = None
    tile: Tile | None = None
    side: Side | None = None
    tiles: tuple[Tile, ...] = ()
    shows: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    ending: str | None = None
    """A count's claim of how the hand ended: ``blocked``, a player's name (a domino), or
    None (no claim: the moves tell)."""
    points: tuple[str, int] | Literal["none"] | None = None
    line: int | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Sent:
    """An entry as a page sends it: its idempotency key, the version of the record the page
    saw (``base``), and whether the scorer insists on a move the engine refuses."""

    key: str
    base: int
    entry: Entry
    insist: bool


def _bad(template: str, **args: object) -> BadEntry:
    return BadEntry(Message(template, args))


def name(value: Any) -> str:
    """A player's name as the notation allows it (docs/notation.md, "Lexical rules")."""
    if (not isinstance(value, str) or len(value) > 40 or value in KEYWORDS
            or not NAME_PATTERN.fullmatch(value)):
        raise _bad(N_("not a player's name: {value}"), value=str(value)[:40])
    return value


def tile(value: Any) -> Tile:
    try:
        return as_tile(tuple(value) if isinstance(value, list) else value)
    except (ValueError, TypeError):
        raise _bad(N_("not a tile: {value}"), value=str(value)[:20]) from None


def tiles(value: Any) -> tuple[Tile, ...]:
    if not isinstance(value, list) or len(value) > 7:
        raise _bad(N_("a list of at most 7 tiles is expected"))
    return tuple(tile(t) for t in value)


def setup(body: Any) -> tuple[str, Setup]:
    """A new game's setup, and its idempotency key."""
    body = _object(body)
    players = body.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise _bad(N_("a game has 2, 3 or 4 players (R1)"))
    named = tuple(name(p) for p in players)
    if len(set(named)) != len(named):
        raise _bad(N_("a player is named twice"))
    opener = name(body.get("opener"))
    if opener not in named:
        raise _bad(N_("the opener is not one of the players"))
    table = body.get("table")
    if not isinstance(table, str) or not TABLE.fullmatch(table):
        raise _bad(N_("a table is numbered from 1 to 999"))
    target = body.get("target")
    if target is not None and (type(target) is not int or not 1 <= target <= 9999):
        raise _bad(N_("the target is a whole number from 1 to 9999"))
    event = body.get("event")
    if event is not None and (not isinstance(event, str) or len(event) > MAX_EVENT
                              or not event.isprintable()):
        raise _bad(N_("the event is one line of at most {count} characters"), count=MAX_EVENT)
    return _key(body), Setup(table, named, opener, target,
                             (event.strip() or None) if event else None)


def sent(body: Any) -> Sent:
    """An entry of a game as a page sends it."""
    body = _object(body)
    base = body.get("base")
    if type(base) is not int or base < 0:
        raise _bad(N_("the version the page saw (base) is missing"))
    insist = body.get("insist", False)
    if not isinstance(insist, bool):
        raise _bad(N_("insist is true or false"))
    return Sent(_key(body), base, entry(_object(body.get("entry"))), insist)


def entry(body: Mapping[str, Any]) -> Entry:
    kind = body.get("kind")
    if kind in ("hand", "undo"):
        return Entry(kind)
    if kind == "pass":
        return Entry("pass", player=name(body.get("player")))
    if kind == "play":
        side = body.get("side")
        if side not in (None, "L", "R"):
            raise _bad(N_("a side is L or R"))
        return Entry("play", player=name(body.get("player")), tile=tile(body.get("tile")),
                     side=side)
    if kind == "deal":
        return Entry("deal", player=name(body.get("player")), tiles=tiles(body.get("tiles")))
    if kind == "count":
        return _count(body)
    if kind == "correct":
        return _correction(body)
    raise _bad(N_("not an entry: {kind}"), kind=str(kind)[:20])


def _count(body: Mapping[str, Any]) -> Entry:
    shows = body.get("shows")
    if not isinstance(shows, dict) or len(shows) > 4:
        raise _bad(N_("a count gives the tiles left to each player"))
    found = tuple((name(p), tiles(t)) for p, t in shows.items())
    ending = body.get("ending")
    if ending is not None and ending != "blocked":
        ending = name(ending)
    points = body.get("points")
    if points not in (None, "none"):
        if (not isinstance(points, dict) or type(points.get("points")) is not int
                or not 0 <= points["points"] <= 999):
            raise _bad(N_("points are a player and a whole number from 0 to 999"))
        points = (name(points.get("player")), points["points"])
    return Entry("count", shows=found, ending=ending, points=points)


def _correction(body: Mapping[str, Any]) -> Entry:
    line, text = body.get("line"), body.get("text")
    if type(line) is not int or line < 1:
        raise _bad(N_("a correction names the line it corrects"))
    if (not isinstance(text, str) or not text.strip() or len(text) > MAX_CORRECTION
            or not text.isprintable()):
        raise _bad(N_("a correction is one line of at most {count} characters"),
                   count=MAX_CORRECTION)
    return Entry("correct", line=line, text=text.strip())


def _object(body: Any) -> Mapping[str, Any]:
    if not isinstance(body, dict):
        raise _bad(N_("a JSON object is expected"))
    return body


def _key(body: Mapping[str, Any]) -> str:
    key = body.get("key")
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise _bad(N_("the entry's key is missing or malformed"))
    return key

