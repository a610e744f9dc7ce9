"""What is known, during one hand, about where each tile is (R2, R4).

A record may give all, some or none of the deals, so knowledge is kept per player and per
tile rather than as "the hands":

- a player's deal, when recorded (and usable: see ``deals.py``), minus the tiles they placed;
- how many tiles each player placed, which ends the hand by R3/R12 even with the deal unknown;
- for every tile, who it was dealt to, who played it and who showed it, so that a tile can be
  "certainly not theirs" (P401, P402, E502);
- the passes of players whose deal is unknown, each with the values the ends showed: a player
  who passed when an end showed ``v`` held no tile with ``v`` (R8), and nobody draws (R4), so a
  later play or show of such a tile proves that pass illegal (P407).  Every such pass is kept,
  so that each illegal one is reported at its own line; those the record does not disprove
  also narrow the tiles the player may still hold (``Whereabouts.ruled_out``, used by
  ``bounds.py``).

Everything here records facts, and answers one rule from them: who may hold a tile (R2,
R4: ``Whereabouts.may_hold``); the checks that judge them live in ``moves.py`` and
``shows.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .chain import PAIR
from .rules import barring_a_pass
from .tiles import Tile, bits, index

NOBODY = -1

#: Every tile of the set, as a mask.
ALL = (1 << 28) - 1


def fillable(hands: Iterable[tuple[int, int]]) -> bool:
    """Whether hands that may hold the tiles of their mask can each hold their count of
    them, no tile twice (R2: Hall's condition, over every group of hands)."""
    found = list(hands)
    for group in range(1, 1 << len(found)):
        tiles = needed = 0
        for k, (mask, count) in enumerate(found):
            if group >> k & 1:
                tiles |= mask
                needed += count
        if tiles.bit_count() < needed:
            return False
    return True


class Passed:
    """A pass by a player whose deal is unknown: where it is and the values the two ends
    showed (a mask of values), in the reading it belongs to (``world.py``: each reading has
    one pair of ends)."""

    __slots__ = ("column", "lacks", "line", "shown")

    def __init__(self, line: int, column: int, one: int) -> None:
        left, right = PAIR[one.bit_length() - 1]
        self.line = line
        self.column = column
        self.shown = 1 << left | 1 << right
        self.lacks = barring_a_pass(one)
        """The tiles this pass proves the player did not hold: those that bar a pass (R8),
        the tiles that fit an end then."""

    def proves(self, value: int) -> bool:
        """Whether an end showed ``value`` at this pass."""
        return bool(self.shown >> value & 1)


class Holder:
    """One player's tiles as far as the record tells, in one reading of the hand.

    ``deal``: the mask of the recorded deal, None when the deal is unknown; ``tiles``: the
    deal as written, so messages quote a tile as written (``written``); ``placed``: how
    many tiles this player placed on the chain (R3: all of them is a domino); ``laid``: the
    mask of the tiles that left their hand by a placement; ``passes``: this player's passes,
    while their deal is unknown, with the values the ends showed."""

    __slots__ = ("deal", "deal_line", "laid", "passes", "placed", "tiles")

    def __init__(self) -> None:
        self.deal: int | None = None
        self.deal_line = 0
        self.tiles: tuple[Tile, ...] = ()
        self.placed = 0
        self.laid = 0
        self.passes: list[Passed] = []

    def copy(self) -> Holder:
        copied = Holder.__new__(Holder)
        copied.deal, copied.deal_line, copied.tiles = self.deal, self.deal_line, self.tiles
        copied.placed, copied.laid, copied.passes = self.placed, self.laid, self.passes[:]
        return copied

    @property
    def written(self) -> dict[int, Tile]:
        """Tile index -> the tile as written in the deal."""
        return {index(tile): tile for tile in self.tiles}

    def held(self) -> int | None:
        """The tiles still held, when the deal is known."""
        return None if self.deal is None else self.deal & ~self.laid


_NOBODY_EACH = [NOBODY] * 28

Hidden = dict[int, tuple[int, int]]
"""The hidden hands: for each seat whose deal is unknown, the tiles she may still hold and
how many she holds (``Whereabouts.hidden_hands``)."""


class Whereabouts:
    """Where the 28 tiles are, as far as one reading of the record of one hand tells.

    Per tile: who it was dealt to, who played it (and at which line).  The same facts are
    kept as masks too (``dealt``, ``played``), and the shows only as masks (``shown``, by
    seat, with ``shows`` for where each was written), so that the usual questions cost a few
    integer operations.  A reading made from another (``world.py``) takes a copy."""

    __slots__ = ("dealt", "holders", "known", "played", "played_at", "played_by", "shown",
                 "shows")

    def __init__(self, count: int) -> None:
        """What is known of the tiles with ``count`` players: nothing yet."""
        self.holders = [Holder() for _ in range(count)]
        self.played_by = _NOBODY_EACH[:]
        self.played_at = [0] * 28
        self.dealt = 0
        """The tiles of every usable deal."""
        self.played = 0
        """The tiles some player placed."""
        self.shown = [0] * count
        """By seat, the tiles that seat showed first."""
        self.shows: list[tuple[int, int, int]] = []
        """(tiles first shown there, seat, line) for each show."""
        self.known = 0
        """How many deals are known."""

    @classmethod
    def for_players(cls, count: int) -> Whereabouts:
        return cls(count)

    def copy(self) -> Whereabouts:
        copied = Whereabouts.__new__(Whereabouts)
        copied.holders = [holder.copy() for holder in self.holders]
        copied.played_by, copied.played_at = self.played_by[:], self.played_at[:]
        copied.dealt, copied.played, copied.known = self.dealt, self.played, self.known
        copied.shown, copied.shows = self.shown[:], self.shows[:]
        return copied

    def key(self) -> tuple[object, ...]:
        """What tells two readings of the hand apart, as far as the tiles go."""
        return (self.played, self.dealt, tuple(
            (h.deal, h.laid, h.placed, tuple((p.line, p.shown) for p in h.passes))
            for h in self.holders))

    @property
    def all_known(self) -> bool:
        """Every deal is known, so every tile not dealt was set aside (R4)."""
        return self.known == len(self.holders)

    def deal(self, seat: int, tiles: tuple[Tile, ...], mask: int, line: int) -> None:
        """``seat`` was dealt ``tiles`` (``mask``, disjoint from every other deal)."""
        holder = self.holders[seat]
        if holder.deal is None:
            self.known += 1
        holder.deal, holder.deal_line, holder.tiles = mask, line, tiles
        self.dealt |= mask

    def undeal(self, seat: int) -> None:
        """``seat``'s deal is set aside after all (``deals.py``, or a reading in which the
        deal was miswritten): it is not known."""
        holder = self.holders[seat]
        if holder.deal is not None:
            self.known -= 1
            self.dealt &= ~holder.deal
            holder.deal, holder.deal_line, holder.tiles = None, 0, ()

    def dealt_to(self, i: int) -> int:
        """The seat tile ``i`` was dealt to, or NOBODY."""
        for seat, holder in enumerate(self.holders):
            if holder.deal is not None and holder.deal >> i & 1:
                return seat
        return NOBODY

    def play(self, seat: int, tile: Tile, line: int) -> None:
        """``seat`` placed ``tile``, one of their own."""
        holder = self.holders[seat]
        holder.placed += 1
        i = index(tile)
        mask = 1 << i
        holder.laid |= mask
        self.played |= mask
        self.played_by[i] = seat
        self.played_at[i] = line

    def passed(self, seat: int, one: int, line: int, column: int) -> None:
        """``seat``, whose deal is unknown, passed on the chain ``one`` (one pair of ends):
        they held no tile that fits it (R8)."""
        self.holders[seat].passes.append(Passed(line, column, one))

    def holdable(self, seat: int) -> int:
        """The tiles ``seat`` may still hold (R2, R4): their deal minus what they placed
        when it is known; else every tile nobody placed and nobody else was dealt (the
        deals are disjoint, and nobody draws)."""
        holder = self.holders[seat]
        if holder.deal is not None:
            return holder.deal & ~holder.laid
        # The seat's own deal is unknown, so no dealt tile is theirs.
        return ALL & ~self.played & ~self.dealt

    def may_hold(self, seat: int, i: int) -> bool:
        """Whether ``seat`` may still hold tile ``i`` (R2, R4): one of ``holdable``."""
        return bool(self.holdable(seat) >> i & 1)

    def ruled_out(self, seat: int) -> int:
        """The tiles ``seat``, whose deal is unknown, cannot hold any more by its passes: a
        player who passed while an end showed ``v`` held no tile with ``v`` (R8), and nobody
        draws (R4).  A pass is taken as legal unless the record proves it illegal: one
        followed by a tile of the player's with a value an end showed then (played after it,
        or shown: P407) proves nothing."""
        holder = self.holders[seat]
        if holder.deal is not None or not holder.passes:
            return 0
        laid = holder.laid
        played_at = self.played_at
        kept = [(played_at[i], 1 << i) for i in bits(laid)]
        out = 0
        for passed in holder.passes:
            lacked = passed.lacks
            if not lacked & ~out:
                continue
            later = self.shown[seat]
            for line, tile in kept:
                if line > passed.line:
                    later |= tile
            if not later & lacked:
                out |= lacked
        return out

    def may_still_hold(self, seat: int) -> int:
        """The tiles ``seat`` may still hold, her passes believed (R2, R4, R8): ``holdable``
        less those ``ruled_out``."""
        return self.holdable(seat) & ~self.ruled_out(seat)

    def hidden_hands(self, each: int) -> Hidden:
        """For each seat whose deal is unknown, the tiles she may still hold
        (``may_still_hold``) and how many she holds, of the ``each`` dealt (R3)."""
        return {seat: (self.may_still_hold(seat), each - holder.placed)
                for seat, holder in enumerate(self.holders) if holder.deal is None}

    def may_have_kept(self, seat: int, passes: bool = True) -> int:
        """The tiles ``seat`` may hold at the end of the hand (R2, R4): ``holdable`` less
        what another seat showed, and, with ``passes``, less those her passes rule out
        (R8)."""
        kept = self.holdable(seat) & ~self.others_shown(seat)
        return kept & ~self.ruled_out(seat) if passes else kept

    def others_shown(self, seat: int) -> int:
        """The tiles another seat showed first."""
        shown = self.shown
        return sum(shown) & ~shown[seat]  # the masks are disjoint: a sum is their union

    def show(self, seat: int, mask: int, line: int) -> None:
        """``seat`` showed the tiles of ``mask`` at ``line``."""
        first = mask & ~sum(self.shown)  # the masks are disjoint: a sum is their union
        self.shown[seat] |= first
        self.shows.append((first, seat, line))

    def shown_by(self, i: int) -> tuple[int, int] | None:
        """Who showed tile ``i`` first, and at which line."""
        for tiles, seat, line in self.shows:
            if tiles >> i & 1:
                return seat, line
        return None

    def held_by_anyone(self) -> int:
        """The tiles the known deals still hold."""
        held = 0
        for holder in self.holders:
            if holder.deal is not None:
                held |= holder.deal & ~holder.laid
        return held
