"""What the HTML report reads of a game as written: its tags, and each hand's moves, deals
and shown tiles with their lines, from the game's plain form (``plain.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation import plain as p

Tile = tuple[int, int]


@dataclass(frozen=True, slots=True)
class HandFacts:
    """A hand: its line, its moves in order as (line, player, tile, or None for a pass), the
    first deal and the first show of each player, and the lines of all its statements."""

    line: int
    moves: tuple[tuple[int, str, Tile | None], ...]
    deals: dict[str, tuple[Tile, ...]]
    shows: dict[str, tuple[Tile, ...]]
    lines: frozenset[int]


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game: its tags as (key, value), in order, and its hands."""

    tags: tuple[tuple[str, str], ...]
    hands: tuple[HandFacts, ...]

    def tag(self, key: str) -> str | None:
        """The value of the first tag with this key, if any."""
        return next((value for k, value in self.tags if k == key), None)


def game_facts(game: p.PlainGame) -> GameFacts:
    return GameFacts(tuple((t.key, t.value) for t in game.tags),
                     tuple(_hand(h) for h in game.hands))


def _hand(hand: p.PlainHand) -> HandFacts:
    moves: list[tuple[int, str, Tile | None]] = []
    deals: dict[str, tuple[Tile, ...]] = {}
    shows: dict[str, tuple[Tile, ...]] = {}
    for s in hand.statements:
        if isinstance(s, p.PlainPlay):
            moves.append((s.line, s.player, s.tile))
        elif isinstance(s, p.PlainPass):
            moves.append((s.line, s.player, None))
        elif isinstance(s, p.PlainDeal):
            deals.setdefault(s.player, s.tiles)
        elif isinstance(s, p.PlainShow):
            shows.setdefault(s.player, s.tiles)
    return HandFacts(hand.line, tuple(moves), deals, shows,
                     frozenset(s.line for s in hand.statements))
