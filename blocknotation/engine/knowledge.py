"""What is known, during one hand, about where each tile is (R2, R4).

A record may give all, some or none of the deals, so knowledge is kept per player and per
tile rather than as "the hands":

- a player's deal, when recorded (and usable: see ``deals.py``), minus the tiles they placed;
- how many tiles each player placed, which ends the hand by R3/R12 even with the deal unknown;
- for every tile, who it was dealt to, who played it and who showed it, so that a tile can be
  "certainly not theirs" (P401, P402, E502);
- the values a player cannot hold: a player who passed when an end showed ``v`` held no tile
  with ``v`` (R8), and nobody draws (R4), so a later play or show of such a tile proves the
  pass illegal (P407).

Everything here records facts; the checks that judge them live in ``moves.py`` and
``shows.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import MATCHING, Tile, index

NOBODY = -1


@dataclass(slots=True)
class Holder:
    """One player's tiles as far as the record tells."""

    deal: int | None = None
    """Mask of the recorded deal; None when the deal is unknown."""
    deal_line: int = 0
    written: dict[int, Tile] = field(default_factory=dict)
    """Tile index -> the tile as written in the deal, so messages quote it as written."""
    placed: int = 0
    """How many tiles this player placed on the chain (R3: all of them is a domino)."""
    spent: int = 0
    """Mask of this player's own tiles that left their hand by a legal placement."""
    passed_on: list[int] = field(default_factory=lambda: [0] * 7)
    """For each value, the line of the first pass made while an end showed it (0: none)."""
    proven: set[int] = field(default_factory=set)
    """Lines of this player's passes already reported as P407."""

    def held(self) -> int | None:
        """The tiles still held, when the deal is known."""
        return None if self.deal is None else self.deal & ~self.spent


@dataclass(slots=True)
class Table:
    """Where the 28 tiles are, as far as the record of one hand tells."""

    holders: list[Holder]
    dealt_to: list[int] = field(default_factory=lambda: [NOBODY] * 28)
    played_by: list[int] = field(default_factory=lambda: [NOBODY] * 28)
    played_at: list[int] = field(default_factory=lambda: [0] * 28)
    shown_by: list[int] = field(default_factory=lambda: [NOBODY] * 28)
    shown_at: list[int] = field(default_factory=lambda: [0] * 28)

    @classmethod
    def for_players(cls, count: int) -> Table:
        return cls([Holder() for _ in range(count)])

    @property
    def all_known(self) -> bool:
        """Every deal is known, so every tile not dealt was set aside (R4)."""
        return all(h.deal is not None for h in self.holders)

    def deal(self, seat: int, tiles: tuple[Tile, ...], line: int) -> None:
        holder = self.holders[seat]
        mask = 0
        for tile in tiles:
            i = index(tile)
            mask |= 1 << i
            holder.written[i] = tile
            self.dealt_to[i] = seat
        holder.deal, holder.deal_line = mask, line

    def play(self, seat: int, tile: Tile, line: int, own: bool) -> None:
        """``seat`` placed ``tile``; ``own`` is false for a tile they could not hold (P401),
        which is placed (the chain follows the record) but stays its owner's, so that the
        owner's own play of it is not reported again as a second play."""
        holder = self.holders[seat]
        holder.placed += 1
        if own:
            i = index(tile)
            holder.spent |= 1 << i
            self.played_by[i] = seat
            self.played_at[i] = line

    def passed(self, seat: int, ends: tuple[int | None, int | None], line: int) -> None:
        """``seat`` passed with these ends showing: they hold no tile with either value (R8).
        An end in doubt (None) proves nothing."""
        marks = self.holders[seat].passed_on
        for value in ends:
            if value is not None and not marks[value]:
                marks[value] = line

    def show(self, seat: int, tiles: tuple[Tile, ...], line: int) -> None:
        for tile in tiles:
            i = index(tile)
            if self.shown_by[i] == NOBODY:
                self.shown_by[i], self.shown_at[i] = seat, line

    def anyone_can_play(self, ends: int) -> bool:
        """With every deal known: whether some player holds a tile that may fit an end;
        ``ends`` is the mask of the values the two ends may show."""
        wanted = MATCHING[ends]
        return any((h.held() or 0) & wanted for h in self.holders)
