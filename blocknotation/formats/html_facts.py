"""What the HTML report reads of a game as written: its tags, and each hand's moves, deals
and shown tiles with their lines.

A game is read either from its records (``parsing``, the full way) or, for a clean game,
from the tuples of the quick reader (``quickread``), which is several times quicker on a
large file; both give the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..reading import records as r
from ..reading.quickread import QuickGame, QuickHand

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


def from_records(game: r.Game) -> GameFacts:
    return GameFacts(tuple((t.key, t.value) for t in game.tags),
                     tuple(_hand(h) for h in game.hands))


def _hand(hand: r.Hand) -> HandFacts:
    moves: list[tuple[int, str, Tile | None]] = []
    deals: dict[str, tuple[Tile, ...]] = {}
    shows: dict[str, tuple[Tile, ...]] = {}
    for s in hand.statements:
        if isinstance(s, r.Play):
            moves.append((s.line, s.player, (s.tile[0], s.tile[1])))
        elif isinstance(s, r.Pass):
            moves.append((s.line, s.player, None))
        elif isinstance(s, r.Deal):
            deals.setdefault(s.player, tuple((t[0], t[1]) for t in s.tiles))
        elif isinstance(s, r.Show):
            shows.setdefault(s.player, tuple((t[0], t[1]) for t in s.tiles))
    return HandFacts(hand.line, tuple(moves), deals, shows,
                     frozenset(s.line for s in hand.statements))


def from_quick(game: QuickGame) -> GameFacts:
    return GameFacts(tuple(game.tags), tuple(_quick_hand(h) for h in game.hands))


def _quick_hand(hand: QuickHand) -> HandFacts:
    moves = tuple((line, player, (move[0], move[1]) if move else None)
                  for line, player, move in hand.moves)
    deals: dict[str, tuple[Tile, ...]] = {}
    shows: dict[str, tuple[Tile, ...]] = {}
    for kind, _, player, data in hand.others:
        if kind == "deal" and player is not None:
            deals.setdefault(player, tuple((t[0], t[1]) for t in data))
        elif kind == "show" and player is not None:
            shows.setdefault(player, tuple((t[0], t[1]) for t in data))
    lines = frozenset(m[0] for m in hand.moves) | {s[1] for s in hand.others}
    return HandFacts(hand.line, moves, deals, shows, lines)
