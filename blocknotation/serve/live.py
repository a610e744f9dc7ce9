"""Where a game stands, read from its record: what ``validate`` finds in the file so far, and
the hand in play as a ``Table`` that says what the rules allow now.

The file is the truth: after every entry, undo or correction the state is read from it
again, never kept beside it.  The last hand is followed move by move by a ``Table`` built
from its opener and its deals.  A move the table refuses was kept because the scorer
insisted (the record is what happened at the table, its diagnostic beside it); the table
then tries it with that player's deal set aside, when the deal is what the move belies (a
tile not in it, P401, or a pass while it held a tile that fits, P405).  A move it still
cannot follow stops it there (``lost``): what follows is judged by ``validate`` alone, and
the page offers the count, an undo or a correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..basics.game_sizes import TILES_EACH
from ..engine.table import IllegalMove, Table
from ..notation import plain as r
from ..notation.parsing import read_text
from ..pipeline import EVERYTHING, Selection, validate_bytes
from ..report.values import FileReport, GameResult, HandResult

Phase = Literal["moves", "lost", "count", "next", "over", "unreadable"]
Tile = tuple[int, int]

#: The statements that close a hand: the count after play.
ENDING = ("show", "domino", "blocked", "points", "score")


@dataclass(frozen=True, slots=True)
class HandInPlay:
    """The last hand of a game as the live table follows it."""

    number: int
    line: int
    opener: str
    deals: Mapping[str, tuple[Tile, ...]]
    moves: int
    counted: bool
    """The hand has lines of its count (``show``, claims)."""
    table: Table
    lost: int | None
    """The line of the first move the table could not follow, if any."""
    set_aside: frozenset[str]
    """The players whose recorded deal a kept move belied: followed as hidden."""


@dataclass(frozen=True, slots=True)
class Live:
    """A game's record as read now: the report, the players, the hand in play and what may
    be entered next (``phase``)."""

    text: str
    report: FileReport
    game: GameResult | None
    players: tuple[str, ...]
    tags: Mapping[str, str]
    hand: HandInPlay | None
    phase: Phase
    next_opener: str | None

    @property
    def each(self) -> int:
        """The tiles each player is dealt (R3)."""
        return TILES_EACH.get(len(self.players), 0)

    @property
    def last_hand(self) -> HandResult | None:
        if self.game is None or not self.game.hands or self.hand is None:
            return None
        found = self.game.hands[-1]
        return found if found.number == self.hand.number else None


def read_live(text: str, path: str, selection: Selection = EVERYTHING) -> Live:
    """The state of the game whose record is ``text`` (one game per file)."""
    report = validate_bytes(text.encode("utf-8"), path, selection)
    games = read_text(text).records.games
    game = report.games[0] if len(report.games) == 1 else None
    if len(games) != 1 or game is None or len(game.players) not in TILES_EACH:
        return Live(text, report, game, (), {}, None, "unreadable", None)
    tags = {tag.key: tag.value for tag in reversed(games[0].tags)}
    players = game.players
    hands = games[0].hands
    if not hands:
        return Live(text, report, game, players, tags, None, "next", players[0])
    openers = _openers(hands, players)
    hand = _hand_in_play(hands[-1], players, openers[-1])
    following = players[(players.index(openers[-1]) + 1) % len(players)]
    live = Live(text, report, game, players, tags, hand, "moves", following)
    return Live(text, report, game, players, tags, hand, _phase(live), following)


def _openers(hands: tuple[r.PlainHand, ...], players: tuple[str, ...]) -> list[str]:
    """Who opened each hand: the ``opener`` line, else the first to move, else the seat after
    the previous hand's opener (R17)."""
    found: list[str] = []
    for hand in hands:
        named = next((s.player for s in hand.statements
                      if isinstance(s, r.PlainOpener | r.PlainPlay | r.PlainPass)
                      and s.player in players),
                     None)
        if named is None:
            named = players[(players.index(found[-1]) + 1) % len(players)] if found else (
                players[0])
        found.append(named)
    return found


def _hand_in_play(hand: r.PlainHand, players: tuple[str, ...], opener: str) -> HandInPlay:
    each = TILES_EACH[len(players)]
    deals: dict[str, tuple[Tile, ...]] = {}
    for s in hand.statements:
        if isinstance(s, r.PlainDeal) and s.player in players and s.player not in deals:
            deals[s.player] = tuple(s.tiles)
    usable = _usable(deals, each)
    moves = [s for s in hand.statements if isinstance(s, r.PlainPlay | r.PlainPass)]
    counted = any(s.kind in ENDING for s in hand.statements)
    set_aside: set[str] = set()
    while True:
        table = Table(players, opener, {p: t for p, t in usable.items() if p not in set_aside})
        lost, belied = _follow(table, moves)
        if belied is None or belied in set_aside:
            break
        set_aside.add(belied)
    return HandInPlay(hand.number, hand.line, opener, deals, len(moves), counted, table, lost,
                      frozenset(set_aside))


def _usable(deals: dict[str, tuple[Tile, ...]], each: int) -> dict[str, tuple[Tile, ...]]:
    """The deals a table can be built with: the right number of tiles, none dealt twice (the
    others are reported by ``validate``, D201 and D202, and followed as hidden)."""
    seen: set[Tile] = set()
    usable = {}
    for player, tiles in deals.items():
        plain = {(min(t), max(t)) for t in tiles}
        if len(tiles) == each and len(plain) == each and not plain & seen:
            usable[player] = tiles
            seen |= plain
    return usable


def _follow(table: Table, moves: list[r.PlainPlay | r.PlainPass]) -> tuple[int | None, str | None]:
    """Apply ``moves`` to ``table``: the line of the first it cannot follow (None: all), and
    the player whose known deal that move belies (P401, P405), if that is why."""
    for move in moves:
        if table.turn != move.player:
            return move.line, None
        try:
            if isinstance(move, r.PlainPass):
                table.pass_()
            else:
                table.play(move.tile, move.side)
        except IllegalMove as refused:
            belied = move.player if refused.code in ("P401", "P405") and table.held(
                move.player) is not None else None
            return move.line, belied
    return None, None


def _phase(live: Live) -> Phase:
    """What may be entered next: moves (or the deals, or the count only, before the first
    move); moves as written, unjudged, once the table lost the hand; the count of a hand its
    moves ended with tiles unknown; the next hand; nothing once the game is won or drawn."""
    hand = live.hand
    assert hand is not None
    result = live.last_hand
    ended = hand.counted or hand.table.is_over()
    if not ended:
        return "lost" if hand.lost is not None else "moves"
    if not hand.counted and (result is None or result.points is None):
        return "count"
    if live.game is not None and live.game.status in ("won", "drawn"):
        return "over"
    return "next"
