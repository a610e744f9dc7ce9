"""The replay of one hand's moves: deals, opener, plays and passes, and when they end it.

The replay follows the record move by move, in every reading of the hand still possible
(``world.py``; a record with no slip has one).  Every check is a function elsewhere that
returns a diagnostic (``order``, ``deals``, ``turns``, ``moves``); this module applies what
the checks let through, in each reading, and decides when the moves end the hand (R12):

- domino: a player has placed as many tiles as were dealt (R3), counted from their plays,
  so it is known even when the deal is not recorded;
- blocked: every player has passed in succession, even if one of those passes was illegal
  (it is reported at the pass, P405/P407), unless the record goes on with a play: then a
  pass was illegal and play continued.  With every deal known the hand is also blocked as
  soon as nobody holds a tile that fits; each player may then still write one pass, and
  anything else after the end is P406, and only that (not also T302 or G107).  When the
  moves stop while nobody can play, the hand is blocked too: the record is read the way
  that makes it whole.

A move is reported only when it is wrong in every reading: the readings where it is wrong
are dropped, since the record says they were not what happened.  When it is wrong in every
reading, it is reported once, and each reading goes on with what the writer may have meant
(``slips.py``), so that one slip is one report:

- a move out of turn (T302) is the named player's, the turn order then taken up from them,
  or, when the player whose turn it was may hold the tile, theirs under the wrong name;
- a tile the player cannot hold (P401), or played before (P402), or that fits no end
  (P403): another tile the player may hold, laid where it fits, or a pass where one is
  legal (a tile tried and taken back); a P401 also as written, the one deal it belies
  having been miswritten;
- a tile that fits only the other end (P403): on that end, the same with left and right
  swapped from here on, or another tile;
- a tile that fits both ends with no side (P404): on either end;
- a pass while holding a tile that fits (P405): the pass as written, or each such tile laid.

A known hand's pass that is legal in some readings and not in others is not a reason to
drop any: the illegal passes a reading implies are reported only if every reading left at
the end implies them.  The opening play may carry a side; it is accepted silently, since
the opening tile is laid as written whatever side is named.

``ending.py`` judges the shows and claims in each reading, and ``choose.py`` lets them
choose among the readings.
"""

from __future__ import annotations

from collections.abc import Callable

from ..basics.diagnostics import Diagnostic
from ..notation import plain as r
from .chain import USUAL, Chain, chain_of, usual_play
from .judging import Judged, MoveJudge, marked
from .knowledge import Whereabouts
from .moves import illegal_pass, misfit
from .order import Move, Stages
from .players import Seats
from .rules import ending_play, fitting_both, may_pass, stuck
from .slips import laid_instead, openings, passed_instead
from .tiles import index
from .turns import opener
from .world import World, merged

#: At most this many readings of a hand are followed; beyond, the hand's figures that
#: depend on which reading is true are not stated (``Replay.lost``).
MAX_READINGS = 64


class Unread(Exception):
    """A hand that cannot be read with one of its lines read otherwise (``amend.py``)."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class Saved:
    """The readings of a hand just before one of its moves, and what was found before it:
    what a replay of the hand written otherwise from that move on starts from
    (``Replay.resume``)."""

    __slots__ = ("at", "hinted", "lost", "mirrors", "problems", "slipped", "worlds")

    def __init__(self, at: int, replay: Replay) -> None:
        self.at = at
        self.worlds = [world.copy() for world in replay.worlds]
        self.problems = list(replay.problems)
        self.slipped = list(replay.slipped)
        self.lost = replay.lost
        self.hinted = replay.judge.hinted
        self.mirrors = dict(replay.judge.mirrors)


class Replay:
    """The readings of one hand while its moves are replayed; ``saved``: where they stood
    before each play written without a side that was judged (``save``), or before the
    moves ``replay`` was asked to keep, by its line."""

    __slots__ = ("amend", "following", "judge", "late", "lost", "moves", "names", "opener",
                 "problems", "save", "saved", "seats", "slipped", "watch", "worlds")

    def __init__(self, seats: Seats, known: Whereabouts, moves: list[Move]) -> None:
        self.seats = seats
        self.names = seats.names
        self.moves = moves
        self.following = seats.following
        self.judge = MoveJudge(seats, moves)
        self.opener: int | None = None  # who opens, once ``open_with`` has said
        self.late: set[int] = set()
        self.worlds = [World(known)]
        self.problems: list[Diagnostic] = []
        self.lost = False
        """Whether readings were dropped to stay within ``MAX_READINGS``."""
        self.slipped: list[int] = []
        """The lines of the moves reported, in order."""
        self.save = False
        self.saved: dict[int, Saved] = {}
        self.watch: Callable[[Diagnostic], object] | None = None
        self.amend: dict[int, str] = {}
        """The move read otherwise (``amend.py``), by its line: ``played``, ``other_tile``
        or ``passed``."""

    # --- setup ----------------------------------------------------------------
    def open_with(self, order: Stages, number: int, expected: int | None) -> int | None:
        """Who opens (R5, R17, ``turns.opener``), followed from then on."""
        known = self.worlds[0].known
        seat, problem = opener(order, self.seats, number, expected,
                               lambda who, tile: known.may_hold(who, index(tile)))
        if problem is not None:
            self.problems.append(problem)
        self.worlds[0].expected = self.opener = seat
        return seat

    def resume(self, saved: Saved) -> int:
        """Start again from where ``saved`` stood (the moves before it as they were): the
        index of the move to replay next."""
        self.worlds = [world.copy() for world in saved.worlds]
        self.problems[:] = saved.problems
        self.slipped = list(saved.slipped)
        self.lost = saved.lost
        self.judge.hinted = saved.hinted
        self.judge.mirrors = dict(saved.mirrors)
        return saved.at

    # --- moves ----------------------------------------------------------------
    def replay(self, late: set[int], start: int = 0, keep: frozenset[int] = frozenset()
               ) -> None:
        """Replay the moves from the ``start``-th on, then ``finish``.  ``keep``: only keep
        where the readings stand just before the moves at these lines (``saved``), while no
        move has been reported, and stop once that can keep no more."""
        self.late = late
        self.judge.last = max((m.line for m in self.moves
                         if isinstance(m, r.PlainPlay) and m.line not in late), default=0)
        seat_of = self.seats.seat
        play_as_written = self.play_as_written
        pass_as_written = self.pass_as_written
        amend = self.amend
        reported = len(self.slipped)
        last_kept = max(keep) if keep else 0
        for at, move in enumerate(self.moves[start:], start):
            if keep:
                if move.line > last_kept or len(self.slipped) != reported:
                    return
                if move.line in keep:
                    self.saved[move.line] = Saved(at, self)
            seat = seat_of.get(move.player)
            if seat is None:  # a name nobody plays by: the move of whoever's turn it is
                self.step(None, move)
                continue
            if amend and move.line in amend:
                self.amended(seat, move, amend[move.line])
                continue
            if len(self.worlds) == 1 and not (late and move.line in late):
                world = self.worlds[0]
                if world.outcome is None:
                    if world.expected in (None, seat) and (
                            play_as_written(world, seat, move) if isinstance(move, r.PlainPlay)
                            else pass_as_written(world, seat, move)):
                        continue
                elif (seat in world.last_passes and world.expected == seat
                      and isinstance(move, r.PlainPass)):
                    world.last_pass(seat, self.following)  # in turn, after a block
                    continue
            if self.save and isinstance(move, r.PlainPlay) and move.side is None and any(
                    fitting_both(move.tile, world.chain) for world in self.worlds):
                self.saved[move.line] = Saved(at, self)
            self.step(seat, move)
        if not keep:
            self.finish()

    def amended(self, seat: int, move: Move, kind: str) -> None:
        """The move at this line read as a slip made there (``amend.py``): a pass as a play
        of any tile the player may hold, where it fits (``played``), a play as another
        such tile (``other_tile``) or as a pass (``passed``).  In a reading where it is not
        the player's turn, or the hand is over, it cannot be; with no reading left, the hand
        cannot be read so (``Unread``)."""
        worlds: list[World] = []
        for world in self.worlds:
            if world.outcome is not None or world.expected not in (None, seat):
                continue
            if kind == "passed":
                if isinstance(move, r.PlainPlay) and world.chain:
                    # A tile taken back, shown by its own report (``slip_at``): no repair.
                    worlds += passed_instead(world, seat, move, self.seats, self.judge.last,
                                             repaired=False)
            elif world.chain:
                worlds += laid_instead(world, seat, move, self.seats)
            elif kind == "other_tile":
                worlds += openings(world, seat, move, self.seats)
        if not worlds:
            raise Unread(move.line)
        self.slipped.append(move.line)
        self.worlds, lost = merged(marked(worlds, move), MAX_READINGS)
        self.lost = self.lost or lost

    def play_as_written(self, world: World, seat: int, play: r.PlainPlay) -> bool:
        """Apply a play of the player's own tile that is legal as written, in the only
        reading, in place: the usual move, which needs no judging.  False, with nothing
        changed, for any other play (``step`` judges it)."""
        before = world.chain
        tile = play.tile
        if not before:  # the lead: any tile of theirs, laid as written (R5)
            if not world.known.may_hold(seat, index(tile)):
                return False
            world.lay(seat, tile, chain_of(*tile), play.line, self.seats, (tile, None))
            return True
        side = play.side
        usual = USUAL.get((before, tile, side))
        if usual is None:
            usual = usual_play(before, tile, side)
        if not usual:
            return False
        after, ends, placed, bit, i = usual
        known = world.known
        if not known.holdable(seat) & bit:  # a tile they cannot hold (check_holding)
            return False
        holder = known.holders[seat]
        if holder.passes and holder.deal is None:  # it may disprove an earlier pass (P407)
            world.disprove(seat, tile, play.line, False, self.names)
        line = play.line
        world.passed = 0
        world.expected = self.following[seat]
        world.chain = after
        # ``known.play(seat, tile, line)``, written out: this runs at nearly every move
        # (tests/test_usual_moves.py holds the two ways equal).
        holder.placed += 1
        holder.laid |= bit
        known.played |= bit
        known.played_by[i] = seat
        known.played_at[i] = line
        world.ends_at[line] = ends
        world.placed_at[line] = placed
        in_hands = world.in_hands
        if in_hands is None:
            in_hands = known.held_by_anyone()
        world.in_hands = in_hands = in_hands & ~bit
        ended = ending_play(holder.placed, self.seats.each,
                            in_hands if known.known == len(known.holders) else None, after)
        if ended is not None:
            world.end(ended, seat if ended == "domino" else None, line, len(self.names),
                      stuck=ended == "blocked")
        return True

    def pass_as_written(self, world: World, seat: int, move: r.PlainPass) -> bool:
        """Apply a pass that is legal as far as the only reading knows, in place.  False,
        with nothing changed, before the lead, or when the player's deal is known and they
        hold a tile that fits."""
        if not may_pass(world.known.holders[seat].held(), world.chain):
            return False
        world.pass_(seat, move, self.seats, self.judge.last)
        return True

    def step(self, named: int | None, written: Move) -> None:
        """A move judged in every reading: kept where it is legal, else reported once and
        read as what the writer may have meant (see the module doc); ``named`` is None for
        a name nobody plays by (G104): a stray line, or the move of the player whose turn
        it is, whichever the later moves allow."""
        late = written.line in self.late
        judge = self.judge
        reported = len(self.problems)
        found: list[Judged] = []
        seat, move = (0, written) if named is None else (named, written)
        for world in self.worlds:
            if named is None:
                # A stray line, or the move of the player whose turn it is.
                found.append(Judged(world, before=world.chain))
                if world.expected is None:
                    continue
                seat = world.expected
                move = written.replaced(player=self.names[seat])
            if world.outcome is not None:
                found.append(judge.after_the_end(world, seat, move))
            elif isinstance(move, r.PlainPlay):
                found += judge.play(world, seat, move)
            else:
                found += judge.pass_(world, seat, move)
        fewest = min(c.cost for c in found)
        kept = [c for c in found if c.cost == fewest]
        if isinstance(move, r.PlainPass):
            key = ("P405", move.line)
            # The pass is wrong in every reading:
            if all(key in c.world.illegal_passes for c in kept):
                found_pass = illegal_pass(kept[0].world.known, Chain(self._union(kept)), seat,
                                          move)
                self.slipped.append(move.line)
                for c in kept:  # the illegal pass, a slip the reading takes as one
                    del c.world.illegal_passes[key]
                    c.world.repairs += 1
                kept += [Judged(w, c.problems, before=c.before)
                         for c in kept for w in marked([c.world, *c.instead], move)[1:]]
                for c in kept:  # reported with the hand's other problems (``choose``)
                    c.world.reported_passes = {**c.world.reported_passes, key: found_pass}
                if self.watch is not None:
                    self.watch(found_pass)
        if fewest:
            self.problems += self._reported(kept, move)
            if not self.slipped or self.slipped[-1] != move.line:
                self.slipped.append(move.line)
        worlds = [c.world for c in kept]
        if late:
            for c in kept:
                if c.belongs:
                    c.world.continued = move.line
        self.worlds, lost = merged(worlds, MAX_READINGS)
        self.lost = self.lost or lost
        if self.watch is not None:
            for problem in self.problems[reported:]:
                self.watch(problem)

    def _union(self, kept: list[Judged]) -> int:
        """The ends that the readings had before the move, together."""
        union = 0
        for c in kept:
            union |= c.before
        return union

    def _reported(self, kept: list[Judged], move: Move) -> list[Diagnostic]:
        """The problems of the move, as the first reading has them; a play that does not
        fit is named with the ends of every reading it fails in."""
        problems = list(kept[0].problems)
        if isinstance(move, r.PlainPlay) and len(kept) > 1:
            for k, problem in enumerate(problems):
                if problem.code in ("P403", "P404") and "opening" not in problem.message.args:
                    again = misfit(Chain(self._union(kept)), move)
                    if again is not None and again[0].code == problem.code:
                        problems[k] = again[0]
        return problems

    def finish(self) -> None:
        """The moves are over: with every deal known, a hand where nobody can play is
        blocked, though the record leaves the passes out."""
        line = self.moves[-1].line if self.moves else 0
        for world in self.worlds:
            known = world.known
            if world.outcome is None and world.chain and known.all_known and stuck(
                    known.held_by_anyone(), world.chain):
                world.end("blocked", None, line, len(self.names), stuck=True)

