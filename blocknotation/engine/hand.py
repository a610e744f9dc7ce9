"""The replay of one hand: deals, opener, moves, the end of the hand, shows and the count.

The replay follows the record move by move.  Every check is a function elsewhere that
returns a diagnostic (``order``, ``deals``, ``turns``, ``moves``, ``shows``, ``claims``);
this module applies what the checks let through and decides when the hand is over (R12):

- domino: a player has placed as many tiles as were dealt (R3), counted from their plays,
  so it is known even when the deal is not recorded;
- blocked: every player has passed in succession (a pass reported as P405 is not one: the
  player could play), or, with every deal known, nobody holds a tile that fits.  In the
  second case each player may still write one pass (the record may spell the block out);
  anything else after the end is P406, and only that (not also T302 or G107).

After an error the replay goes on: a move out of turn is replayed and the turn order taken up
from its player (T302); a tile that fits nowhere or was already played is skipped (P403,
P402) but counts as played, and leaves the ends in doubt (``Chain.blur``); a tile that fits
both ends without a side keeps both possibilities (P404); a tile the player cannot hold is
placed if it fits (P401).  Checks that need an end's value skip an end in doubt, so one slip
is reported once and later plays written against the record's own chain are not reported.
The opening play may carry a side; it is accepted silently, since the opening tile is laid
as written whatever side is named.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import records as r
from ..diagnostics import N_, Diagnostic, diagnostic
from ..report import Outcome
from .chain import Chain
from .claims import (
    check_outcome,
    check_points,
    check_points_winner,
    check_settled_domino,
    claimed_points,
    how_it_ended,
)
from .deals import check_deals
from .knowledge import Table
from .moves import (
    check_fit,
    check_holding,
    check_opening_pass,
    check_pass,
    disproved_pass,
    proven_pass,
)
from .order import Move, Sorted, sort_hand
from .players import Seats
from .scoring import Count, blocked, domino
from .shows import check_show
from .tiles import index, pips
from .turns import Turns, check_turn


@dataclass(slots=True)
class HandReplay:
    """What the replay of one hand found; ``game.py`` adds the running totals."""

    opener: int | None
    outcome: Outcome | None
    """None when only a ``points`` claim settles a hand whose end is not recorded."""
    winner: int | None
    remaining: tuple[int | None, ...]
    points: tuple[int, ...] | None
    unverified: bool = False
    settled: bool = False
    ends: dict[int, tuple[int, int]] = field(default_factory=dict)
    score: r.Score | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


class _Replay:
    """The state of one hand while its moves are replayed."""

    def __init__(self, seats: Seats, expected_opener: int | None) -> None:
        self.seats = seats
        self.names = seats.names
        self.expected_opener = expected_opener
        self.table = Table.for_players(len(seats))
        self.all_known = False
        self.chain = Chain()
        self.turns = Turns(len(seats))
        self.problems: list[Diagnostic] = []
        self.ends: dict[int, tuple[int, int]] = {}
        self.pass_columns: dict[int, int] = {}
        # How the moves ended the hand, once they have.
        self.outcome: Outcome | None = None
        self.winner: int | None = None
        self.end_line = 0
        self.dead = False
        self.grace: set[int] = set()

    # --- setup ----------------------------------------------------------------
    def opener(self, order: Sorted, number: int) -> int | None:
        """Who opens (R5, R17): the ``opener`` line, else the first mover, else the rotation.
        One that differs from the rotation is T301 and is then followed, so that the turns
        are not all reported again."""
        expected = self.expected_opener
        first: r.Opener | Move | None = order.opener or (order.moves[0] if order.moves else None)
        if first is None:
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
        return seat

    # --- moves ----------------------------------------------------------------
    def move(self, move: Move, late: bool) -> None:
        seat = self.seats.seat[move.player]
        if self.outcome is not None:
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

    def play(self, seat: int, play: r.Play) -> None:
        """Check and apply a play.  A tile that fits nowhere, or was already played, is
        skipped: the chain does not get it, but the player is taken to have played it as the
        record says (it leaves their hand and counts toward their domino), and the ends it
        may have changed are left in doubt (``Chain.blur``), so later plays are not reported
        because of it."""
        self.turns.passes = 0
        chain = self.chain
        problem, own = check_holding(self.table, seat, play, self.names)
        fits, side = True, None
        if problem is not None and problem.code == "P402":
            fits = False
        elif not chain.empty:
            misfit, side = check_fit(chain, play)
            problem = problem or misfit
            fits = side is not None
        if problem is not None:
            self.problems.append(problem)
        holder = self.table.holders[seat]
        if own and holder.deal is None:
            self.prove_passes(seat, play.tile, play.line, shown=False)
        self.table.play(seat, play.tile, play.line, own)
        if side == "either":
            chain.place_either(play.tile)
        elif fits:
            chain.place(play.tile, side)
            ends = chain.ends
            if ends is not None:
                self.ends[play.line] = ends
        else:
            chain.blur(play.tile, play.side)
        if holder.placed >= self.seats.each:
            self.end("domino", seat, play.line)
        elif self.all_known and not self.table.anyone_can_play(chain.left | chain.right):
            self.end("blocked", None, play.line, dead=True)

    def pass_(self, seat: int, move: r.Pass) -> None:
        if self.chain.empty:
            self.problems.append(check_opening_pass(move))
            return
        if self.table.holders[seat].deal is None:
            self.table.passed(seat, (self.chain.value("L"), self.chain.value("R")), move.line)
            self.pass_columns[move.line] = move.column
        else:
            problem = check_pass(self.table, self.chain, seat, move)
            if problem is not None:
                # A player who could play did not pass in the sense of R12: it breaks the
                # succession of passes, so that the hand is not taken as blocked.
                self.problems.append(problem)
                self.turns.passes = 0
                return
        self.turns.passes += 1
        if self.turns.passes >= len(self.seats):
            self.end("blocked", None, move.line)

    def end(self, outcome: Outcome, winner: int | None, line: int, dead: bool = False) -> None:
        self.outcome, self.winner, self.end_line, self.dead = outcome, winner, line, dead
        if dead:
            self.grace = set(range(len(self.seats)))

    def prove_passes(self, seat: int, tile: tuple[int, int], line: int, shown: bool) -> None:
        """P407: a tile this player held all along shows that an earlier pass was illegal."""
        passed, value = proven_pass(self.table, seat, tile)
        if passed:
            self.table.holders[seat].proven.add(passed)
            self.problems.append(
                disproved_pass(
                    self.names[seat], (passed, self.pass_columns[passed]), value, tile, line,
                    shown,
                )
            )


def replay_hand(
    hand: r.Hand, seats: Seats, expected_opener: int | None
) -> HandReplay:
    """Replay ``hand`` for ``seats``; ``expected_opener`` is the seat the rotation requires
    (R17), None for a first hand, where anyone may open."""
    names = seats.names
    state = _Replay(seats, expected_opener)
    order, problems = sort_hand(hand, seats)
    state.problems = problems
    problems.extend(check_deals(order.deals, seats, state.table))
    state.all_known = state.table.all_known
    opener = state.opener(order, hand.number)
    state.turns.expected = opener
    for move in order.moves:
        state.move(move, move.line in order.late)

    # --- how the hand ended: by its moves, by its claims, or not at all (E501) ----------
    complete = state.outcome is not None
    outcome: Outcome | None = state.outcome
    winner = state.winner
    settled = False
    claim = order.outcome
    if complete:
        if claim is not None:
            who = None if winner is None else names[winner]
            problem = check_outcome(claim, who, state.end_line, state.dead)
            if problem is not None:
                problems.append(problem)
    elif claim is not None or order.points is not None:
        settled = True
        if isinstance(claim, r.Domino):
            outcome, winner = "domino", seats.seat[claim.player]
        elif isinstance(claim, r.Blocked):
            outcome = "blocked"
    else:
        outcome = "unfinished"
        problems.append(
            diagnostic(
                "E501", order.last_line, 1,
                N_("hand {number} stops here before it is over: nobody has gone out and it "
                   "is not blocked; write the remaining moves, or the claims that settle it "
                   "(domino/blocked, points)"),
                number=hand.number,
            )
        )

    # --- shows (E502, P407) and what each player still holds (R13) -----------------------
    n = len(seats)
    shown: list[int | None] = [None] * n
    show_of: list[r.Show | None] = [None] * n
    bad_show: set[int] = set()
    for show in order.shows:
        seat = seats.seat[show.player]
        problem = check_show(show, seat, state.table, seats.each, complete, names)
        if problem is not None:
            problems.append(problem)
            bad_show.add(seat)
            continue
        state.table.show(seat, show.tiles, show.line)
        shown[seat] = sum(1 << index(tile) for tile in show.tiles)
        show_of[seat] = show
        if state.table.holders[seat].deal is None:
            for tile in show.tiles:
                state.prove_passes(seat, tile, show.line, shown=True)
    if isinstance(claim, r.Domino) and settled:
        problem = check_settled_domino(claim, show_of[seats.seat[claim.player]])
        if problem is not None:
            problems.append(problem)

    remaining: list[int | None] = []
    for seat, holder in enumerate(state.table.holders):
        held = None if settled else holder.held()
        mask = shown[seat]
        if outcome == "domino" and seat == winner:
            remaining.append(0)
        elif held is not None:
            remaining.append(pips(held))
        elif mask is not None:
            remaining.append(pips(mask))
        else:
            remaining.append(None)

    # --- the count (R13–R16) and the points claim (E504, E507) ---------------------------
    result = HandReplay(
        opener, outcome, winner, tuple(remaining), None, settled=settled, ends=state.ends,
        score=order.score, diagnostics=problems,
    )
    count: Count | None = None
    known = [p for p in remaining if p is not None]
    if outcome == "domino" and winner is not None and len(known) == n:
        count = domino(winner, known)
    elif outcome == "blocked" and len(known) == n:
        count = blocked(known)
    points_claim = order.points
    if count is not None:
        result.points, result.winner = count.points, count.winner
        if points_claim is not None:
            problem = check_points(points_claim, count, seats.seat, names, known)
            if problem is not None:
                problems.append(problem)
    elif outcome == "unfinished":
        pass
    elif points_claim is not None:
        # The claim stands in for what cannot be recomputed (NOTATION §6).
        if winner is not None:
            problem = check_points_winner(points_claim, names[winner])
            if problem is not None:
                problems.append(problem)
        result.points = claimed_points(points_claim, seats.seat, n)
        result.unverified = True
        if winner is None and points_claim.player is not None:
            result.winner = seats.seat[points_claim.player]
    else:
        unknown = tuple(
            names[seat] for seat, pips_left in enumerate(remaining)
            if pips_left is None and seat not in bad_show
        )
        if unknown:
            problems.append(
                diagnostic(
                    "E507", hand.line, hand.column,
                    N_("the points of hand {number} cannot be recomputed: the tiles left to "
                       "{players} are not known; add their show lines or a points claim"),
                    number=hand.number, players=unknown,
                )
            )
    return result
