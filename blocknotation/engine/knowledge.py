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
  also narrow the tiles the player may still hold (``Table.ruled_out``, used by
  ``bounds.py``).

Everything here records facts; the checks that judge them live in ``moves.py`` and
``shows.py``.
"""

from __future__ import annotations

from .chain import Chain, Trace, pairs, reading
from .tiles import MATCHING, Tile, bits, index

NOBODY = -1


class Passed:
    """A pass by a player whose deal is unknown: where it is and what the ends showed.

    ``showing``: the values an end showed in every reading of the chain (what the pass
    proves); ``doubtful``: values shown in some readings only, each with the readings where it
    was not shown, followed through later moves: once no reading left descends from those,
    it was shown."""

    __slots__ = ("_shown", "column", "doubtful", "line", "showing")

    def __init__(self, line: int, column: int, showing: tuple[int, ...]) -> None:
        self.line = line
        self.column = column
        self.showing = showing
        self._shown = sum(1 << value for value in showing)
        self.doubtful: dict[int, Trace] = {}

    def lacked(self) -> int:
        """The tiles this pass proves the player did not hold: those with a value an end
        showed in every reading of the chain (R8)."""
        return MATCHING[self._shown]

    def doubted(self) -> int:
        """The tiles with a value an end may have shown at this pass, in some reading."""
        return MATCHING[self._shown | sum(1 << value for value in self.doubtful)]

    def proves(self, value: int, readings: int) -> bool:
        """Whether an end certainly showed ``value`` at this pass, as far as ``readings``
        (the chain's readings now) tell."""
        if self._shown >> value & 1:
            return True
        trace = self.doubtful.get(value)
        return trace is not None and not trace.mask & readings


class Holder:
    """One player's tiles as far as the record tells.

    ``deal``: the mask of the recorded deal, None when the deal is unknown; ``tiles``: the
    deal as written, so messages quote a tile as written (``written``); ``placed``: how
    many tiles this player placed on the chain (R3: all of them is a domino); ``spent``: the
    mask of this player's own tiles that left their hand by a legal placement; ``passes``:
    this player's passes, while their deal is unknown, with the values the ends showed."""

    __slots__ = ("deal", "deal_line", "passes", "placed", "spent", "tiles")

    def __init__(self) -> None:
        self.deal: int | None = None
        self.deal_line = 0
        self.tiles: tuple[Tile, ...] = ()
        self.placed = 0
        self.spent = 0
        self.passes: list[Passed] = []

    @property
    def written(self) -> dict[int, Tile]:
        """Tile index -> the tile as written in the deal."""
        return {index(tile): tile for tile in self.tiles}

    def held(self) -> int | None:
        """The tiles still held, when the deal is known."""
        return None if self.deal is None else self.deal & ~self.spent


#: Every tile of the set, as a mask.
ALL = (1 << 28) - 1

_NOBODY_EACH = [NOBODY] * 28

#: For each reading of the chain (``left * 7 + right``), the tiles that fit one of its ends.
_FITTING: tuple[int, ...] = tuple(
    MATCHING[1 << left | 1 << right] for left in range(7) for right in range(7)
)


class Table:
    """Where the 28 tiles are, as far as the record of one hand tells.

    Per tile: who it was dealt to, who played it (and at which line).  The same facts are
    kept as masks too (``dealt``, ``played``), and the shows only as masks (``shown``, by
    seat, with ``shows`` for where each was written), so that the usual questions cost a few
    integer operations.  ``skipped``: tiles counted as
    played by their owner though they fit nowhere (P403); laid again later, they are the tile
    the owner really played then, not a second play (P402)."""

    __slots__ = ("dealt", "holders", "known", "played", "played_at", "played_by", "shown",
                 "shows", "skipped")

    def __init__(self, count: int) -> None:
        """A table for ``count`` players, nothing known yet."""
        self.holders = [Holder() for _ in range(count)]
        self.played_by = _NOBODY_EACH[:]
        self.played_at = [0] * 28
        self.skipped = 0
        self.dealt = 0
        """The tiles of every usable deal."""
        self.played = 0
        """The tiles some player placed as their own."""
        self.shown = [0] * count
        """By seat, the tiles that seat showed first."""
        self.shows: list[tuple[int, int, int]] = []
        """(tiles first shown there, seat, line) for each show."""
        self.known = 0
        """How many deals are known."""

    @classmethod
    def for_players(cls, count: int) -> Table:
        return cls(count)

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
        """``seat``'s deal is set aside after all (``deals.py``): it is not known."""
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

    def play(self, seat: int, tile: Tile, line: int, own: bool) -> None:
        """``seat`` placed ``tile``; ``own`` is false for a tile they could not hold (P401),
        which is placed (the chain follows the record) but stays its owner's, so that the
        owner's own play of it is not reported again as a second play."""
        holder = self.holders[seat]
        holder.placed += 1
        if own:
            i = index(tile)
            mask = 1 << i
            holder.spent |= mask
            self.played |= mask
            self.played_by[i] = seat
            self.played_at[i] = line

    def passed(self, seat: int, chain: Chain, line: int, column: int) -> None:
        """``seat`` passed: they held no tile with a value the ends showed (R8).  A value
        shown in some readings only is followed until later moves tell."""
        shown = chain.showing()
        passed = Passed(line, column, shown)
        if not chain.certain:
            for value in range(7):
                if value not in shown:
                    hidden = sum(reading(left, right) for left, right in pairs(chain.readings)
                                 if value not in (left, right))
                    if hidden != chain.readings:
                        passed.doubtful[value] = chain.trace(hidden)
        self.holders[seat].passes.append(passed)

    def candidates(self, seat: int) -> int:
        """The tiles ``seat`` may still hold: their deal minus what they placed when it is
        known; else every tile nobody placed and nobody else was dealt."""
        holder = self.holders[seat]
        if holder.deal is not None:
            return holder.deal & ~holder.spent
        # The seat's own deal is unknown, so no dealt tile is theirs.
        return ALL & ~self.played & ~self.dealt

    def ruled_out(self, seat: int) -> int:
        """The tiles ``seat``, whose deal is unknown, cannot hold any more by its passes: a
        player who passed while an end showed ``v`` in every reading held no tile with ``v``
        (R8), and nobody draws (R4).  A pass is taken as legal unless the record proves it
        illegal: one followed by a tile of the player's with a value an end may have shown
        then (played after it, or shown: P407) proves nothing.  Neither does any pass of a
        player who laid a tile that cannot be the one written (P401-P403): which tile they
        laid is not known, and in some reading it fitted an end they had passed on."""
        holder = self.holders[seat]
        if holder.deal is not None or not holder.passes:
            return 0
        spent = holder.spent
        if holder.placed != spent.bit_count() or spent & self.skipped:
            return 0
        played_at = self.played_at
        kept = [(played_at[i], 1 << i) for i in bits(spent)]
        out = 0
        for passed in holder.passes:
            lacked = passed.lacked()
            if not lacked & ~out:
                continue
            later = self.shown[seat]
            for line, tile in kept:
                if line > passed.line:
                    later |= tile
            if not later & passed.doubted():
                out |= lacked
        return out

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
                held |= holder.deal & ~holder.spent
        return held

    def dead_readings(self, readings: int) -> int:
        """The readings of the chain in which no known hand holds a tile that fits (with
        every deal known: nobody can play, R12)."""
        held = self.held_by_anyone()
        if readings and not readings & (readings - 1):  # one reading: the usual case
            return 0 if held & _FITTING[readings.bit_length() - 1] else readings
        dead = 0
        while readings:
            low = readings & -readings
            if not held & _FITTING[low.bit_length() - 1]:
                dead |= low
            readings ^= low
        return dead
