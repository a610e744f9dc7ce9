"""A reading of one hand: one way the hand may have gone that the record allows.

A record with no slip has one reading, the record as written.  After a move that cannot be
what happened as written, whoever wrote it saw *something* happen, and each thing it may
have been is a reading of its own: the tile laid on the other end, another tile the player
holds, a pass, the move made by the player whose turn it was (``slips.py`` says which).
Each reading keeps the whole state of the hand: the chain's two ends, where every tile is
(``knowledge.Whereabouts``), whose turn it is, who has passed since the last play, and how and
when the hand ended.  Later moves drop the readings in which they cannot be legal, and the
claims written at the end choose among those left (``choose.py``).

A reading also keeps what it would make of the record besides: the ends after each play
and how each tile lies (for the annotations and the drawings), the illegal passes it
implies that are not reported yet (reported only when every reading left implies them),
and the moves at which it was chosen among others (``choices``: where the readings left
disagree, the figures they disagree on are unknown, and those lines say why).
"""

from __future__ import annotations

from ..basics.diagnostics import Diagnostic
from ..notation import plain as r
from ..report.values import Outcome
from .chain import PAIR, Side
from .knowledge import Whereabouts
from .moves import disproved_pass
from .players import Seats
from .rules import all_passed, ending_play
from .tiles import Tile, bit


class World:
    """One reading of a hand, as far as the moves so far go."""

    __slots__ = (
        "chain",
        "choices",
        "continued",
        "end_line",
        "ends_at",
        "expected",
        "illegal_passes",
        "in_hands",
        "known",
        "last_passes",
        "leader",
        "outcome",
        "passed",
        "placed_at",
        "repairs",
        "reported_passes",
        "stuck",
        "unread",
        "winner",
    )

    def __init__(self, known: Whereabouts) -> None:
        self.known = known
        self.chain = 0
        """The chain's ends as a one-bit mask (``chain.chain_of``); 0 before the lead."""
        self.expected: int | None = None
        """The seat expected to move next (None: anyone, before the first move of hand
        1)."""
        self.leader: int | None = None
        """Who laid the opening tile: the opener the rotation goes on from (R17)."""
        self.passed = 0
        """The seats that have passed since the last play, one bit each (R12)."""
        self.outcome: Outcome | None = None
        self.winner: int | None = None
        self.end_line = 0
        self.stuck = False
        self.last_passes: set[int] = set()
        """After a block where nobody can play: the seats that may still write one pass."""
        self.in_hands: int | None = None
        """The tiles the known deals still hold (None: to be worked out)."""
        self.ends_at: dict[int, tuple[int, int]] = {}
        self.placed_at: dict[int, tuple[Tile, Side | None]] = {}
        self.illegal_passes: dict[tuple[str, int], Diagnostic] = {}
        """Illegal passes this reading implies, not reported yet (P405, P407), by code and
        line."""
        self.reported_passes: dict[tuple[str, int], Diagnostic] = {}
        """Illegal passes every reading had at the pass (P405), taken there as a slip
        (``hand.py``): reported with the hand's other problems (``choose.py``)."""
        self.continued = 0
        """The line of the last move written after a show or claim line that still belongs
        to the hand (G107 for the end lines before it)."""
        self.choices: tuple[tuple[int, int], ...] = ()
        """(line, choice) for each move at which this reading was one of several."""
        self.repairs = 0
        """How many moves this reading takes for another than the one written (a slip's
        reading, ``slips.py``), rather than as written, rule breaking included."""
        self.unread = False
        """Whether this reading passed over a hidden player's move left out that may have
        been a play, not read (two moves or more left out in a row): the readings of the
        hand are then not all followed, and agree on nothing (``choose``)."""

    def copy(self) -> World:
        copied = World.__new__(World)
        copied.known = self.known.copy()
        copied.chain, copied.expected, copied.passed = self.chain, self.expected, self.passed
        copied.leader = self.leader
        copied.outcome, copied.winner = self.outcome, self.winner
        copied.end_line, copied.stuck = self.end_line, self.stuck
        copied.last_passes = set(self.last_passes)
        copied.in_hands = self.in_hands
        copied.ends_at, copied.placed_at = dict(self.ends_at), dict(self.placed_at)
        copied.illegal_passes = dict(self.illegal_passes)
        copied.reported_passes = self.reported_passes  # only ever replaced, never changed
        copied.continued, copied.choices = self.continued, self.choices
        copied.repairs = self.repairs
        copied.unread = self.unread
        return copied

    def key(self) -> tuple[object, ...]:
        """What tells this reading apart from another for everything still to come."""
        return (self.chain, self.expected, self.passed, self.outcome, self.winner,
                self.end_line, self.stuck, tuple(sorted(self.last_passes)),
                self.continued, self.known.key())

    def end(self, outcome: Outcome, winner: int | None, line: int, seats: int,
            stuck: bool = False) -> None:
        """The hand ends here in this reading (R12); after a block where nobody can play
        (``stuck``) each of the ``seats`` may still write one pass."""
        self.outcome, self.winner, self.end_line, self.stuck = outcome, winner, line, stuck
        if stuck:
            self.last_passes = set(range(seats))

    def lay(self, seat: int, tile: Tile, after: int, line: int, seats: Seats,
            layout: tuple[Tile, Side | None] | None, instead: Tile | None = None) -> None:
        """``seat`` lays ``tile``, one of theirs, and the ends become ``after``; ``layout``:
        how it lies, when that is worth keeping; ``instead``: the tile written, when this
        reading has another laid in its place.  A domino (R3, R12), or with every deal known
        nobody able to play (nobody can play on), ends the hand."""
        known = self.known
        holder = known.holders[seat]
        if not self.chain:
            self.leader = seat
        if holder.deal is None and holder.passes:
            self.disprove(seat, tile, line, False, seats.names, instead)
        known.play(seat, tile, line)
        self.chain = after
        self.passed = 0
        self.expected = seats.following[seat]
        self.in_hands = None
        self.ends_at[line] = PAIR[after.bit_length() - 1]
        if layout is not None:
            self.placed_at[line] = layout
        ended = ending_play(holder.placed, seats.each,
                            known.held_by_anyone() if known.all_known else None, after)
        if ended is not None:
            self.end(ended, seat if ended == "domino" else None, line, len(seats.names),
                     stuck=ended == "blocked")

    def last_pass(self, seat: int, following: tuple[int, ...]) -> None:
        """``seat`` writes the one pass each player may still write after a block where
        nobody can play (``end``): the turn goes on from them (R5)."""
        self.last_passes.discard(seat)
        self.expected = following[seat]

    def pass_(self, seat: int, move: r.PlainPass | r.PlainPlay, seats: Seats, last_play: int
              ) -> None:
        """``seat`` passes at ``move``'s line (a pass written, or a tile tried and taken
        back).  Every player passing in succession, with no play written after, blocks the
        hand (R12): a tile taken back, read as a pass, may be the last play written."""
        if self.known.holders[seat].deal is None:
            self.known.passed(seat, self.chain, move.line, move.column)
        self.passed |= 1 << seat
        self.expected = seats.following[seat]
        if all_passed(self.passed.bit_count(), len(seats.names)) and move.line >= last_play:
            self.end("blocked", None, move.line, len(seats.names))

    def disprove(self, seat: int, tile: Tile, line: int, shown: bool,
                 names: tuple[str, ...], instead: Tile | None = None) -> None:
        """``seat``, whose deal is unknown, lays or shows ``tile`` at ``line`` (laid in
        place of ``instead``, the tile written, in this reading): each earlier pass of
        theirs while an end showed one of its values was illegal (R4, R8), P407 in this
        reading unless already found."""
        laid = bit(tile)
        for passed in self.known.holders[seat].passes:
            if not passed.lacks & laid or (passed.line >= line and not shown):
                continue
            key = ("P407", passed.line)
            if key not in self.illegal_passes:
                value = tile[0] if passed.proves(tile[0]) else tile[1]
                self.illegal_passes[key] = disproved_pass(names[seat], (passed.line, passed.column),
                                                          value, tile, line, shown, instead)


def merged(worlds: list[World], cap: int) -> tuple[list[World], bool]:
    """``worlds`` with readings that have come to the same state made one (the illegal
    passes not yet reported kept only where both imply them, the ends and lays where both
    agree), at most ``cap`` of them; and whether some had to be dropped to stay within it."""
    if len(worlds) < 2:
        return worlds, False
    found: dict[tuple[object, ...], World] = {}
    for world in worlds:
        key = world.key()
        same = found.get(key)
        if same is None:
            found[key] = world
            continue
        same.illegal_passes = {k: d for k, d in same.illegal_passes.items()
                               if k in world.illegal_passes}
        same.repairs = min(same.repairs, world.repairs)
        same.unread = same.unread or world.unread
        same.ends_at = {k: v for k, v in same.ends_at.items() if world.ends_at.get(k) == v}
        same.placed_at = {k: v for k, v in same.placed_at.items()
                          if world.placed_at.get(k) == v}
    kept = list(found.values())
    return kept[:cap], len(kept) > cap
