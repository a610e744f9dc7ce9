"""How one move is judged in one reading of a hand: legal as written, or reported with the
readings of what the writer may have meant (``slips.py``).

``hand.py`` asks this of every reading still possible, keeps the readings in which the move
is legal, and reports a move that is legal in none.  Each answer is a list of
``Judged``: a reading after the move, with the problems the move has in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from .chain import Chain, Side, chain_of, laid_out, lay, pairs
from .claims import how_it_ended
from .moves import (
    check_holding,
    check_opening_pass,
    illegal_pass,
    misfit,
    opening_turned_fits,
)
from .order import Move
from .players import Seats
from .rules import may_pass
from .slips import (
    either_end,
    laid_instead,
    miswritten_deal,
    openings,
    passed_instead,
    turned,
)
from .tiles import index
from .turns import out_of_turn, under_the_wrong_name
from .world import World


@dataclass(slots=True)
class Judged:
    """A reading after one move, with the problems the move has in it; ``instead``: for a
    pass illegal in this reading, the readings in which the player laid a tile instead,
    followed only when the pass is illegal in every reading."""

    world: World
    problems: tuple[Diagnostic, ...] = ()
    instead: list[World] = field(default_factory=list)
    before: int = 0
    """The reading's ends before the move, for the messages."""
    belongs: bool = True
    """Whether the move still belongs to the hand in this reading (not P406)."""
    implied: int = 0
    """The slips this reading takes the move to imply beyond its problems: the illegal
    passes (P405) among its ``World.illegal_passes``, and each move left out beyond the
    first."""

    @property
    def cost(self) -> int:
        """The slips the move is read with in this reading, to keep the readings with
        fewest."""
        return len(self.problems) + self.implied


class MoveJudge:
    """Judges the moves of one hand in one reading at a time."""

    __slots__ = ("following", "hinted", "last", "mirrors", "moves", "names", "seats")

    def __init__(self, seats: Seats, moves: list[Move]) -> None:
        self.seats = seats
        self.names = seats.names
        self.following = seats.following
        self.moves = moves
        self.last = 0
        """The line of the last play that continues the hand (a block by passes needs none
        after it, R12)."""
        self.hinted = False
        self.mirrors: dict[int, Diagnostic] = {}
        """The plays without a side on two ends of one value (mirror readings, no slip):
        their P404, reported only where the readings then give different figures."""

    def after_the_end(self, world: World, seat: int, move: Move) -> Judged:
        """P406, except for the one pass each player may still write after a block where
        nobody can play (which must still come before the end is written down: G107 after a
        claim line), in turn: out of turn it is T302, and the turns go on from the player
        named (the passes of those skipped may be left out).  A play there in turn is P406,
        a tile tried and taken back: the turn goes on."""
        expected = world.expected
        if isinstance(move, r.PlainPass) and seat in world.last_passes:
            copied = world.copy()
            copied.last_pass(seat, self.following)
            if expected is None or expected == seat:
                return Judged(copied, before=world.chain)
            return Judged(copied, (out_of_turn(expected, move, self.names),),
                          before=world.chain)
        if world.last_passes and expected == seat:
            world.expected = self.following[seat]
        winner = None if world.winner is None else self.names[world.winner]
        # A move the reading has after its end is one it takes otherwise than written (as
        # no move): after a slip, a sign that the reading ended the hand too soon.
        world.repairs += 1
        return Judged(world, (
            diagnostic(
                "P406", move.line, move.column,
                "after_end",
                player=move.player,
                ended=how_it_ended(winner, world.end_line, world.stuck),
            ),
        ), before=world.chain, belongs=False)

    def play(self, world: World, seat: int, play: r.PlainPlay) -> list[Judged]:
        """A play in one reading, with the turn order (T302): the named player's, after
        the moves of the players skipped, left out (``left_out``); where no play left out
        lets it fit, after passes left out, those R8 forbids reported (P405); or, when it
        is somebody else's turn and they may hold the tile, theirs."""
        expected = world.expected
        if expected is None or expected == seat:
            return self.play_in(world, seat, play)
        turn = out_of_turn(expected, play, self.names)
        more = len(self.skipped(expected, seat)) - 1
        judged = [c for left in self.left_out(world, expected, seat, play)
                  if left.outcome is None for c in self.play_in(left, seat, play)]
        barred = self._barred(world, expected, seat, play) if world.chain and all(
            c.problems for c in judged) else ()
        if barred:
            judged += [Judged(c.world, c.problems, implied=len(barred)) for c in self.play_in(
                self._passed_over(world, expected, seat, barred), seat, play)]
        found = [Judged(c.world, (turn, *c.problems), before=world.chain,
                        implied=c.implied + more) for c in judged]
        if world.known.may_hold(expected, index(play.tile)):
            theirs = [c for c in self.play_in(world, expected, play) if not c.problems]
            if theirs:
                named = under_the_wrong_name(expected, play, self.names)
                for c in theirs:
                    c.world.repairs += 1
                found += [Judged(c.world, (named,), before=world.chain) for c in theirs]
        return found

    def skipped(self, first: int, seat: int) -> list[int]:
        """The players from ``first`` up to ``seat``, in turn: those a move by ``seat``
        skips when it is ``first``'s turn (each line left out is a slip)."""
        seats = [first]
        while self.following[seats[-1]] != seat:
            seats.append(self.following[seats[-1]])
        return seats

    def _barred(self, world: World, first: int, seat: int, move: Move
                ) -> tuple[Diagnostic, ...]:
        """P405 for each player from ``first`` up to ``seat`` who may not pass (R8): the
        illegal passes a reading in which they passed implies (``_passed_over``)."""
        holders = world.known.holders
        return tuple(illegal_pass(world.known, Chain(world.chain), s,
                                  r.PlainPass(move.line, move.column, self.names[s]))
                     for s in self.skipped(first, seat)
                     if not may_pass(holders[s].held(), world.chain))

    def _passed_over(self, world: World, first: int, seat: int,
                     barred: tuple[Diagnostic, ...]) -> World:
        """``world`` with the moves from ``first`` up to ``seat`` passed over, as passes
        left out: those R8 forbids (``barred``) illegal passes it implies, and a hidden
        player's, which may have been a play, unread."""
        holders = world.known.holders
        copied = world.copy()
        copied.unread = any(holders[s].deal is None for s in self.skipped(first, seat))
        for problem in barred:
            copied.illegal_passes[(problem.code, problem.line)] = problem
        return copied

    def left_out(self, world: World, first: int, seat: int, move: Move) -> list[World]:
        """The readings of the moves left out before a move out of turn (T302): each player
        from ``first`` up to ``seat`` passed, where the pass is legal (R8; the turn is then
        taken up from the player named, as the reading stands), or laid a tile they may hold
        that fits (a play left out, a slip of its own) where it is not; a play left out may
        end the hand.  The lead left out is any tile the opener may hold, either way round,
        hidden or not (one move: the readings stay few).  A hidden player's move after it is
        read as a pass only: her play may have been any of many tiles, more readings than a
        hand follows, so the reading is marked as not all followed (``World.unread``)."""
        worlds = [world]
        for skipped in self.skipped(first, seat):
            worlds = [w for each in worlds for w in self._left_out_by(each, skipped, move)]
        return worlds

    def _left_out_by(self, world: World, seat: int, move: Move) -> list[World]:
        """The readings of ``seat``'s move left out (``left_out``): a pass where R8 lets
        her, else each tile she may have laid; a hidden player's, a pass only, unread."""
        if world.outcome is not None:
            return [world]
        left = r.PlainPass(move.line, move.column, self.names[seat])
        if not world.chain:  # the lead left out: any tile she may hold, either way (R5)
            return openings(world, seat, left, self.seats)
        holders = world.known.holders
        if holders[seat].deal is None:
            world = world.copy()
            world.unread = True  # her play, if it was one, is not read
        if may_pass(holders[seat].held(), world.chain):
            return [world]
        return laid_instead(world, seat, left, self.seats)

    def play_in(self, world: World, seat: int, play: r.PlainPlay) -> list[Judged]:
        """``seat`` plays in ``world``: legal as written, or reported with the readings of
        what the writer may have meant (``slips.py``)."""
        seats = self.seats
        problem = check_holding(world.known, seat, play, self.names, self.moves)
        before = world.chain
        if not before:  # the lead: any tile the player holds, laid as written (R5)
            if problem is None:
                copied = world.copy()
                copied.lay(seat, play.tile, chain_of(*play.tile), play.line, seats,
                           (play.tile, None))
                return [Judged(copied, before=before)]
            worlds = openings(world, seat, play, seats) + miswritten_deal(
                world, seat, play, seats)
            return self._forked(world, worlds, problem, play)
        if problem is None:
            after = lay(before, play.tile, play.side)
            if after:
                copied = world.copy()
                copied.lay(seat, play.tile, after, play.line, seats,
                           laid_out(_ends(before), _ends(after), play.tile, play.side))
                return [Judged(copied, before=before)]
            found = misfit(Chain(before), play, self.hint)
            assert found is not None
            problem, kind = found
            if kind == "both" and all(left == right for left, right in pairs(before)):
                return self._mirrored(world, seat, play, problem)
            if kind == "both":
                worlds = either_end(world, seat, play, seats)
            elif kind == "other":
                other: Side = "R" if play.side == "L" else "L"
                worlds = turned(world, seat, play, other, seats) + laid_instead(
                    world, seat, play, seats)
            else:
                worlds = laid_instead(world, seat, play, seats) + passed_instead(
                    world, seat, play, seats, self.last)
            return self._forked(world, worlds, problem, play)
        worlds = laid_instead(world, seat, play, seats) + passed_instead(
            world, seat, play, seats, self.last)
        if problem.code == "P401":
            worlds += miswritten_deal(world, seat, play, seats)
        return self._forked(world, worlds, problem, play)

    def _mirrored(self, world: World, seat: int, play: r.PlainPlay, problem: Diagnostic
                  ) -> list[Judged]:
        """A tile without a side on two ends of one value: the two readings are mirror
        images, no slip, and a later side chooses between them (its P404 is kept in
        ``mirrors``)."""
        worlds = either_end(world, seat, play, self.seats, repaired=False)
        self.mirrors[play.line] = problem
        return [Judged(copied, before=world.chain) for copied in marked(worlds, play)]

    def _forked(self, world: World, worlds: list[World], problem: Diagnostic, move: Move
                ) -> list[Judged]:
        """The readings of one slip, each marked with the choice it is at this move."""
        if not worlds:  # nothing the writer may have meant: the move is left out
            return [Judged(self._skipped(world, move), (problem,), before=world.chain)]
        return [Judged(other, (problem,), before=world.chain)
                for other in marked(worlds, move)]

    def _skipped(self, world: World, move: Move) -> World:
        """The reading as it was, with the turn passed on: what is left when no reading of
        a move is possible."""
        copied = world.copy()
        copied.expected = self.following[self.seats.seat[move.player]]
        copied.repairs += 1
        return copied

    def pass_(self, world: World, seat: int, move: r.PlainPass) -> list[Judged]:
        """A pass in one reading: before the lead T303; a known hand holding a tile that
        fits, an illegal pass in this reading (P405 when it is illegal in every reading);
        out of turn T302, after the moves of the players skipped, left out (``left_out``),
        and then also the pass of the player whose turn it was, under the wrong name, where
        it is legal."""
        before = world.chain
        expected = world.expected
        problems: tuple[Diagnostic, ...] = ()
        if expected is not None and expected != seat:
            problems = (out_of_turn(expected, move, self.names),)
        if not before:  # the lead written as a pass: a pass as written, or any tile led
            copied = world.copy()
            copied.expected = self.following[seat]
            found = [Judged(w, (*problems, check_opening_pass(move)), before=before)
                     for w in marked([copied, *openings(world, seat, move, self.seats)], move)]
            if problems and expected is not None:  # or the lead left out, then the pass
                more = len(self.skipped(expected, seat)) - 1
                found += [self._passed(left, seat, move, problems, more)
                          for left in self.left_out(world, expected, seat, move)
                          if left.outcome is None]
            return found
        lefts, more = [world], 0
        if problems and expected is not None:
            lefts = self.left_out(world, expected, seat, move) or lefts
            more = len(self.skipped(expected, seat)) - 1
        found = [self._passed(left, seat, move, problems, more) if left.outcome is None else
                 _with(self.after_the_end(left, seat, move), problems, more) for left in lefts]
        if problems and expected is not None:
            # The pass under the wrong name: the player whose turn it was passed, legally.
            holders = world.known.holders
            if may_pass(holders[expected].held(), before):
                named = world.copy()
                named.repairs += 1
                named.pass_(expected, move, self.seats, self.last)
                found.append(Judged(named, problems, before=before))
            # Or the passes of the players skipped were left out, each of them legal: then
            # the pass written may complete a round of passes that blocks the hand (R12).
            skipped = self.skipped(expected, seat)
            if all(may_pass(holders[s].held(), before) for s in skipped):
                left = world.copy()
                left.repairs += len(skipped)
                for s in skipped:
                    left.pass_(s, move, self.seats, self.last)
                left.pass_(seat, move, self.seats, self.last)
                found.append(Judged(left, problems, before=before, implied=more))
        return found

    def _passed(self, world: World, seat: int, move: r.PlainPass, problems: tuple[Diagnostic, ...],
                more: int) -> Judged:
        """``seat`` passes in ``world``: a known hand holding a tile that fits passes
        illegally in this reading, and may have laid one of those tiles instead."""
        before = world.chain
        copied = world.copy()
        instead: list[World] = []
        if not may_pass(world.known.holders[seat].held(), before):
            copied.illegal_passes[("P405", move.line)] = illegal_pass(
                world.known, Chain(before), seat, move)
            instead = laid_instead(world, seat, move, self.seats)
        copied.pass_(seat, move, self.seats, self.last)
        return Judged(copied, problems, instead, before, implied=more)

    def hint(self) -> str | None:
        """The opening turned round, when that makes every side fit (once per hand)."""
        if self.hinted:
            return None
        self.hinted = True
        return opening_turned_fits([m for m in self.moves if isinstance(m, r.PlainPlay)])


def marked(worlds: list[World], move: Move) -> list[World]:
    """``worlds``, each marked with the choice it is at ``move`` when it is one of
    several."""
    if len(worlds) > 1:
        for k, other in enumerate(worlds):
            other.choices += ((move.line, k),)
    return worlds


def _with(judged: Judged, problems: tuple[Diagnostic, ...], more: int) -> Judged:
    """``judged`` with ``problems`` reported before its own, and ``more`` moves left out."""
    return Judged(judged.world, (*problems, *judged.problems), judged.instead, judged.before,
                  judged.belongs, judged.implied + more)


def _ends(one: int) -> tuple[int, int]:
    return divmod(one.bit_length() - 1, 7)
