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

from .. import records as r
from ..diagnostics import N_, Diagnostic, diagnostic
from ..report import Outcome
from .chain import Chain, Side, unknown_end
from .claims import how_it_ended
from .knowledge import Table
from .moves import (
    check_holding,
    check_opening_pass,
    check_pass,
    disproved_pass,
    judge_play,
    opening_turned_fits,
    proven_passes,
)
from .order import Move, Sorted
from .players import Seats
from .turns import Turns, check_turn


class Replay:
    """The state of one hand while its moves are replayed."""

    def __init__(self, seats: Seats, table: Table, moves: list[Move]) -> None:
        self.seats = seats
        self.names = seats.names
        self.table = table
        self.all_known = table.all_known
        self.moves = moves
        self.plays = [m for m in moves if isinstance(m, r.Play)]
        self.last_play = max((m.line for m in self.plays), default=0)
        self.chain = Chain()
        self.turns = Turns(len(seats))
        self.problems: list[Diagnostic] = []
        self.ends: dict[int, tuple[int, int]] = {}
        # How the moves ended the hand, once they have.
        self.outcome: Outcome | None = None
        self.winner: int | None = None
        self.end_line = 0
        self.dead = False
        self.grace: set[int] = set()
        self.hinted = False

    # --- setup ----------------------------------------------------------------
    def open_with(self, order: Sorted, number: int, expected: int | None) -> int | None:
        """Who opens (R5, R17): the ``opener`` line, else the first mover, else the rotation.
        One that differs from the rotation is T301 and is then followed, so that the turns
        are not all reported again."""
        first: r.Opener | Move | None = order.opener or (order.moves[0] if order.moves else None)
        if first is None:
            self.turns.expected = expected
            return expected
        seat = self.seats.seat[first.player]
        if expected is not None and seat != expected:
            previous = self.names[(expected - 1) % len(self.names)]
            self.problems.append(
                diagnostic(
                    "T301", first.line, first.column,
                    N_("{player} opens hand {number}, but the opening moves one seat clockwise "
                       "from {previous}, who opened the hand before, to {expected} (R17)"),
                    player=first.player, number=number, previous=previous,
                    expected=self.names[expected],
                )
            )
        self.turns.expected = seat
        return seat

    # --- moves ----------------------------------------------------------------
    def replay(self, late: set[int]) -> None:
        for move in self.moves:
            self.move(move, move.line in late)
        self.finish()

    def move(self, move: Move, late: bool) -> None:
        seat = self.seats.seat[move.player]
        if self.outcome is not None:
            self.after_the_end(seat, move)
            return
        if late:
            self.problems.append(
                diagnostic(
                    "G107", move.line, move.column,
                    N_("{player}'s move comes after a show or claim line: moves go before "
                       "the end of the hand is written down"),
                    player=move.player,
                )
            )
        problem = check_turn(self.turns, seat, move, self.names)
        if problem is not None:
            self.problems.append(problem)
        self.turns.moved(seat)
        if isinstance(move, r.Play):
            self.play(seat, move)
        else:
            self.pass_(seat, move)

    def after_the_end(self, seat: int, move: Move) -> None:
        """P406, except for the one pass each player may still write after a dead block."""
        if isinstance(move, r.Pass) and seat in self.grace:
            self.grace.discard(seat)
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
        """Check and apply a play.  A tile played a second time (P402) is not placed: the
        writer saw some tile there, so the end named may show anything."""
        self.turns.passes = 0
        chain = self.chain
        problem, own = check_holding(self.table, seat, play, self.names)
        if problem is not None and problem.code == "P402":
            sides: tuple[Side, ...] = ("L", "R") if play.side is None else (play.side,)
            after = chain.readings
            for side in sides:
                after |= unknown_end(chain.readings, side)
            if not chain.empty:
                chain.readings = after
        elif chain.empty:
            chain.open(play.tile)
        else:
            misfit, chain.readings = judge_play(chain, play, self.hint)
            problem = problem or misfit
        if problem is not None:
            self.problems.append(problem)
        holder = self.table.holders[seat]
        if own and holder.deal is None:
            self.prove_passes(seat, play.tile, play.line, shown=False)
        self.table.play(seat, play.tile, play.line, own)
        ends = chain.ends
        if ends is not None:
            self.ends[play.line] = ends
        if holder.placed >= self.seats.each:
            self.end("domino", seat, play.line)
        elif self.all_known and self.table.dead_readings(chain.readings) == chain.readings:
            self.end("blocked", None, play.line, dead=True)

    def hint(self) -> str | None:
        """The opening turned round, when that makes every side fit (once per hand)."""
        if self.hinted:
            return None
        self.hinted = True
        return opening_turned_fits(self.plays)

    def pass_(self, seat: int, move: r.Pass) -> None:
        chain = self.chain
        if chain.empty:
            self.problems.append(check_opening_pass(move))
            return
        if self.table.holders[seat].deal is None:
            self.table.passed(seat, chain.showing(), move.line, move.column)
        else:
            problem, chain.readings = check_pass(self.table, chain, seat, move)
            if problem is not None:
                self.problems.append(problem)
        self.turns.passes += 1
        if self.turns.passes >= len(self.seats) and move.line > self.last_play:
            self.end("blocked", None, move.line)

    def finish(self) -> None:
        """The moves are over: with every deal known, a hand where nobody can play in some
        reading of the chain is blocked, though the record leaves the passes out."""
        if self.outcome is not None or not self.all_known or self.chain.empty:
            return
        dead = self.table.dead_readings(self.chain.readings)
        if dead:
            self.chain.readings = dead
            self.end("blocked", None, self.moves[-1].line, dead=True)

    def end(self, outcome: Outcome, winner: int | None, line: int, dead: bool = False) -> None:
        self.outcome, self.winner, self.end_line, self.dead = outcome, winner, line, dead
        if dead:
            self.grace = set(range(len(self.seats)))

    def prove_passes(self, seat: int, tile: tuple[int, int], line: int, shown: bool) -> None:
        """P407: a tile this player held all along shows that earlier passes were illegal;
        each is reported at its own line."""
        for passed, value in proven_passes(self.table, seat, tile):
            passed.proven = True
            self.problems.append(
                disproved_pass(
                    self.names[seat], (passed.line, passed.column), value, tile, line, shown,
                )
            )
