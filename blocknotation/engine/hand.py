"""The replay of one hand's moves: deals, opener, plays and passes, and when they end it.

The replay follows the record move by move.  Every check is a function elsewhere that
returns a diagnostic (``order``, ``deals``, ``turns``, ``moves``); this module applies what
the checks let through and decides when the moves end the hand (R12):

- domino: a player has placed as many tiles as were dealt (R3), counted from their plays,
  so it is known even when the deal is not recorded;
- blocked: every player has passed in succession, even if one of those passes was illegal
  (it is reported at the pass, P405/P407), unless the record goes on with a play: then a
  pass was illegal and play continued.  With every deal known the hand is also blocked as
  soon as nobody holds a tile that fits (in every reading of the chain, see ``chain.py``);
  each player may then still write one pass, and anything else after the end is P406, and
  only that (not also T302 or G107).  When the moves stop while nobody can play in some
  reading, the hand is blocked too: the record is read the way that makes it whole.

After an error the replay goes on: a move out of turn is replayed and the turn order taken up
from its player (T302); a play that fails in every reading of the chain is reported once and
the chain keeps what the writer may have meant (``moves.judge_play``); a tile played a second
time is skipped like a tile that fits nowhere (P402); a tile the player cannot hold is placed
if it fits (P401).  Any tile of the player's own that the record has them play leaves their
hand, placed or not, as the writer believed.  The opening play may carry a side; it is
accepted silently, since the opening tile is laid as written whatever side is named.

``ending.py`` judges the claims against what this replay found, and scores the hand.
"""

from __future__ import annotations

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from ..report.values import Outcome
from .chain import USUAL, Chain, Side, Trace, laid_out, lay, mistyped, usual_play
from .claims import how_it_ended
from .knowledge import Table
from .moves import (
    check_holding,
    check_opening_pass,
    illegal_pass,
    judge_play,
    opening_turned_fits,
)
from .order import Move, Stages
from .players import Seats
from .slips import Slips
from .tiles import Tile, index
from .turns import Turns, opener, out_of_turn


class Replay:
    """The state of one hand while its moves are replayed."""

    __slots__ = ("all_known", "chain", "continued", "dead", "end_line", "ends", "everybody",
                 "following", "grace", "hinted", "in_hands", "late", "later", "moves", "names",
                 "opener", "outcome", "pending", "placed", "problems", "seats", "slips", "table",
                 "turns", "winner")

    def __init__(self, seats: Seats, table: Table, moves: list[Move]) -> None:
        self.seats = seats
        self.names = seats.names
        self.table = table
        self.all_known = table.all_known
        self.moves = moves
        self.opener: int | None = None  # who opens, once ``open_with`` has said
        self.late: set[int] = set()
        # The line of the last move written after a show or claim line that still belongs
        # to the hand (the end lines before it were written too early: G107, ``order.py``).
        self.continued = 0
        self.chain = Chain()
        self.turns = Turns()
        self.following = seats.following
        self.everybody = (1 << len(seats.names)) - 1  # every seat, one bit each
        self.problems: list[Diagnostic] = []
        self.ends: dict[int, tuple[int, int]] = {}
        self.placed: dict[int, tuple[Tile, Side | None]] = {}
        # How the moves ended the hand, once they have.
        self.outcome: Outcome | None = None
        self.winner: int | None = None
        self.end_line = 0
        self.dead = False
        self.grace: set[int] = set()
        self.hinted = False
        # Passes judged once later moves tell which readings were true: a known hand's pass
        # legal in some readings only (P405), and the tiles that players of unknown hands
        # played or showed after one of their passes, so held then (P407): (line, tile,
        # shown) by seat.
        self.pending: list[tuple[Trace, Diagnostic]] = []
        self.later: dict[int, list[tuple[int, Tile, bool]]] = {}
        self.slips = Slips()
        # The tiles the known deals still hold, while only legal plays change them.
        self.in_hands: int | None = None

    # --- setup ----------------------------------------------------------------
    def open_with(self, order: Stages, number: int, expected: int | None) -> int | None:
        """Who opens (R5, R17, ``turns.opener``), followed from then on."""
        seat, problem = opener(order, self.seats, number, expected)
        if problem is not None:
            self.problems.append(problem)
        self.turns.expected = self.opener = seat
        return seat

    # --- moves ----------------------------------------------------------------
    def replay(self, late: set[int]) -> None:
        self.late = late
        seat_of = self.seats.seat
        turns = self.turns
        following = self.following
        problems = self.problems
        play_as_written = self.play_as_written
        for move in self.moves:
            seat = seat_of[move.player]
            if self.outcome is not None:
                self.after_the_end(seat, move)
                continue
            if late and move.line in late:  # it continues the hand: an end line was early
                self.continued = move.line
            expected = turns.expected
            if expected is not None and expected != seat:
                problems.append(out_of_turn(expected, move, self.names))
            turns.expected = following[seat]
            if isinstance(move, r.Play):
                if not play_as_written(seat, move):
                    self.play(seat, move)
            else:
                self.pass_(seat, move)
        self.finish()

    def play_as_written(self, seat: int, play: r.Play) -> bool:
        """Apply a play of the player's own tile that is legal as written, on a chain with
        one reading and nothing to follow: the usual move, which needs no judging.  False,
        with nothing changed, for any other play (``play`` judges it)."""
        chain = self.chain
        before = chain.readings
        if not before or before & (before - 1) or chain.traces:
            return False
        tile = play.tile
        side = play.side
        usual = USUAL.get((before, tile, side))
        if usual is None:
            usual = usual_play(before, tile, side)
        if not usual:
            return False
        after, ends, placed, fitting, bit, i = usual
        table = self.table
        holder = table.holders[seat]
        deal = holder.deal
        if deal is None:  # a tile nobody placed and nobody else was dealt (check_holding)
            if (table.played | table.dealt) & bit:
                return False
        elif not deal & ~holder.spent & bit:  # a tile of their own, still held
            return False
        line = play.line
        if deal is None and holder.passes:  # it may disprove an earlier pass (P407)
            self.later.setdefault(seat, []).append((line, tile, False))
        self.turns.passed = 0
        chain.readings = after
        # ``table.play(seat, tile, line, True)``, written out: this runs at nearly every move
        # (tests/test_usual_moves.py holds the two ways equal).
        holder.placed += 1
        holder.spent |= bit
        table.played |= bit
        table.played_by[i] = seat
        table.played_at[i] = line
        self.ends[line] = ends
        self.placed[line] = placed
        in_hands = self.in_hands
        if in_hands is None:
            in_hands = table.held_by_anyone()
        self.in_hands = in_hands = in_hands & ~bit
        if holder.placed >= self.seats.each:
            self.end("domino", seat, line)
        elif self.all_known and not in_hands & fitting:
            self.end("blocked", None, line, dead=True)
        return True

    def after_the_end(self, seat: int, move: Move) -> None:
        """P406, except for the one pass each player may still write after a dead block
        (which must still come before the end is written down: G107 after a claim line)."""
        if isinstance(move, r.Pass) and seat in self.grace:
            self.grace.discard(seat)
            if move.line in self.late:
                self.continued = move.line
            return
        winner = None if self.winner is None else self.names[self.winner]
        self.problems.append(
            diagnostic(
                "P406", move.line, move.column,
                N_("{player}'s move comes after the end of the hand: {ended}"),
                player=move.player, ended=how_it_ended(winner, self.end_line, self.dead),
            )
        )

    def play(self, seat: int, play: r.Play) -> None:
        """Check and apply a play (see ``moves.judge_play``).  A tile played a second time
        (P402) is not placed: the writer laid some tile there, one the player may hold.
        After a tile the player cannot hold (P401), the writer may also have meant one of the
        player's own tiles."""
        self.turns.passed = 0
        self.in_hands = None
        chain = self.chain
        problem, own = check_holding(self.table, seat, play, self.names)
        holder = self.table.holders[seat]
        # A tile laid instead of one the player cannot have laid as written fits the end
        # named, or either end with no side written or a known deal (``slips.py``).
        anywhere = holder.deal is not None
        sides: tuple[Side, ...] = ("L", "R") if play.side is None or anywhere else (play.side,)
        before = chain.ends

        def candidates() -> int:
            return self.table.candidates(seat)

        def mistaken(mask: int) -> int:
            return mask | mistyped(mask, sides, candidates())

        bit = 1 << index(play.tile)
        if own and self.table.skipped & bit:
            self.table.skipped &= ~bit
            self.slips.replayed(seat, bit)
        old = chain.readings
        if chain.empty:
            chain.open(play.tile)
        elif problem is not None and problem.code == "P402":
            chain.step(mistaken(old), mistaken)
            self.slipped(seat, old, old, sides, 0)
        else:
            misfit, readings, as_written = judge_play(chain, play, candidates, self.hint,
                                                      anywhere)

            def either(mask: int) -> int:
                return as_written(mask) | mistyped(mask, sides, candidates())

            if problem is not None:
                chain.step(readings | mistyped(old, sides, candidates()), either)
                self.slipped(seat, old, readings, sides, 0)
            else:
                chain.step(readings, as_written)
                if misfit is not None and not (lay(old, play.tile, "L") | lay(
                        old, play.tile, "R")):
                    self.table.skipped |= bit
                    self.slipped(seat, old, old, sides, bit)
            problem = problem or misfit
        if problem is not None:
            self.problems.append(problem)
        if own and holder.deal is None and holder.passes:  # it may disprove a pass (P407)
            self.later.setdefault(seat, []).append((play.line, play.tile, False))
        self.table.play(seat, play.tile, play.line, own)
        ends = chain.ends
        if ends is not None:
            self.ends[play.line] = ends
            if problem is None:
                self.lay_out(play, before, ends)
        if holder.placed >= self.seats.each:
            self.end("domino", seat, play.line)
        elif self.all_known and self.table.dead_readings(chain.readings) == chain.readings:
            self.end("blocked", None, play.line, dead=True)

    def slipped(
        self, seat: int, before: int, default: int, sides: tuple[Side, ...], written: int
    ) -> None:
        """Follow which of their own tiles the player may have laid instead (``slips.py``)."""
        held = self.table.holders[seat].held()
        if held is not None:
            self.slips.record(self.chain, seat, before, default, sides, held, written)

    def lay_out(self, play: r.Play, before: tuple[int, int] | None, after: tuple[int, int]
                ) -> None:
        """Where a legal play lies: the tile as it lies in the chain, read from left to right,
        and the end it went to (None for the opening tile, laid as written)."""
        if before is None:
            self.placed[play.line] = (play.tile, None)
        else:
            self.placed[play.line] = laid_out(before, after, play.tile, play.side)

    def hint(self) -> str | None:
        """The opening turned round, when that makes every side fit (once per hand)."""
        if self.hinted:
            return None
        self.hinted = True
        return opening_turned_fits([m for m in self.moves if isinstance(m, r.Play)])

    def pass_(self, seat: int, move: r.Pass) -> None:
        """A pass: R8 is judged at once where the readings agree, else once later moves
        tell which readings were true (``judge_passes``).  Every player passing in
        succession, with no play after, blocks the hand (R12)."""
        chain = self.chain
        if not chain.readings:
            self.problems.append(check_opening_pass(move))
            return
        held = self.table.holders[seat].held()
        if held is None:
            self.table.passed(seat, chain, move.line, move.column)
        else:
            legal = self.slips.legal_passes(seat, held, chain.readings)
            if not legal:
                self.problems.append(illegal_pass(self.table, chain, seat, move))
            elif legal != chain.readings:
                self.pending.append(
                    (chain.trace(legal), illegal_pass(self.table, chain, seat, move))
                )
        self.turns.passed |= 1 << seat
        if self.turns.passed == self.everybody and move.line > self.last_play():
            self.end("blocked", None, move.line)

    def last_play(self) -> int:
        """The line of the last play, leaving out plays written after the claims: they do
        not continue the hand (P406, or G107)."""
        return max((m.line for m in self.moves
                    if isinstance(m, r.Play) and m.line not in self.late), default=0)

    def finish(self) -> None:
        """The moves are over: with every deal known, a hand where nobody can play in some
        reading of the chain is blocked, though the record leaves the passes out."""
        self.slips.resolve(self.chain.readings, self.table.holders)
        if self.outcome is not None or not self.all_known or self.chain.empty:
            return
        dead = self.table.dead_readings(self.chain.readings)
        if dead:

            def kept(mask: int) -> int:
                return mask & dead

            self.chain.step(dead, kept)
            self.end("blocked", None, self.moves[-1].line, dead=True)

    def end(self, outcome: Outcome, winner: int | None, line: int, dead: bool = False) -> None:
        self.outcome, self.winner, self.end_line, self.dead = outcome, winner, line, dead
        if dead:
            self.grace = set(range(len(self.names)))
