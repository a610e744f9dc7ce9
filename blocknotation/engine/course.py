"""The course of a game, hand by hand: where it stands between two hands (``GameState``), and
one hand replayed after it (``step``): the rotation of the opener (R17), the running totals
with the hand's ``score`` line (E505), the status after it (R18), and a hand recorded after
the game was decided (E506).  ``game.py`` steps through every hand in turn; ``retry.py``
steps through one hand again, written another way, from where the game stood before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Protocol

from ..basics.diagnostics import Diagnostic, Message, diagnostic, message_part, phrase, template
from ..notation import plain as r
from ..report.values import HandResult, Status
from .amend import OF_A_MOVE, Amendment, amendments, described, hedged, hidden_shows
from .bounds import unbounded
from .candidates import candidates
from .choose import HandReplay, joined
from .claims import claimed_points, implied_points
from .earlier import MAX_BACK, Ways, explaining, hidden_seats, slips, wanted
from .ending import out_of_play
from .hand import Saved, Unread
from .hand_replay import SetUp, kept_before, replay_hand
from .hands import GameToReplay
from .later import Given, agrees, allowed, exactly, later_points
from .order import Stages
from .players import Seats
from .totals import MAX_BELIEFS, Totals
from .unfit import JudgedReading

if TYPE_CHECKING:
    from .hand import Saved
    from .world import World


@dataclass(slots=True)
class GameState:
    """Where a game stands between two hands: the totals, the status and winner after the
    hands so far, the number of the hand after which that status was reached, and the seat
    that opened the last hand replayed (the next one opens after it, R17).  ``also``: the
    seat the rotation asked to open the last hand, where no tile of it says who led and
    its opener line named another (T301): the line may be the slip, so the next hand may
    open after either.  ``early``: the players who may have reached the target after an
    earlier hand, where it was not known whether anyone had (the game may have ended
    there, won by one of them, R18)."""

    totals: Totals
    status: Status | None = "in_progress"
    winner: int | None = None
    decided_after: int = 0
    previous: int | None = None
    also: int | None = None
    early: frozenset[int] = frozenset()

    def copy(self) -> GameState:
        return GameState(self.totals.copy(), self.status, self.winner, self.decided_after,
                         self.previous, self.also, self.early)

    def same(self, other: GameState) -> bool:
        """Whether the game stands the same in both: the rest of it goes the same way."""
        return (self.status, self.winner, self.decided_after, self.previous, self.also,
                self.early) == (other.status, other.winner, other.decided_after,
                                other.previous, other.also, other.early) and (
            self.totals.key() == other.totals.key())

    def stand(self, target: int, number: int) -> None:
        """The status and winner after hand ``number`` (R18): as the totals give them,
        but no winner named where the game may have ended earlier, won by another
        (``early``): it is then decided, by whom is not known."""
        status, winner = self.totals.status(target)
        if status is None:
            self.early |= frozenset(self.totals.reachers(target))
        elif status == "won" and self.early - {winner}:
            status, winner = "decided", None
        self.status, self.winner, self.decided_after = status, winner, number


def expected_opener(hand: r.PlainHand, seats: Seats, course: GameState) -> int | None:
    """The seat the rotation asks to open ``hand`` (R17; None: anyone, a game's first): one
    after the last hand's opener, or, where that hand's opener line may be the slip
    (``GameState.also``) and ``hand`` opens one after the seat the rotation asked, that;
    None there when ``hand`` has neither an opener line nor a move to tell which."""
    if course.previous is None:
        return None
    usual = (course.previous + 1) % len(seats.names)
    if course.also is None:
        return usual
    other = (course.also + 1) % len(seats.names)
    first = _first_mover(hand, seats)
    if first is None:
        return None  # nothing written tells which: anyone, as in a first hand
    return other if first == other else usual


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """A hand as one replay of its game left it, kept to be tried written another way
    (``retry.py``) or taken as it is by the next replay (``ReplayCache.again``): its game, its
    place in it, where the game stood before it, its diagnostics and result; ``saved``:
    where its readings stood before each play written without a side (``hand.Saved``);
    ``readings``: the ways of reading it the replay kept, as they stood after its last line;
    ``leans``: whether what the replay made of it rests on a later hand's ``score`` line (one
    that may settle it, ``_settled_later``, or that put a line of it in doubt), so that it
    is replayed again rather than taken as it is.  The one after the last hand (``k`` past
    them) holds where the game stood at its end."""

    game: GameToReplay
    k: int
    course: GameState
    found: tuple[Diagnostic, ...] = ()
    result: HandResult | None = None
    saved: Mapping[int, Saved] = field(default_factory=dict)
    readings: tuple[World, ...] = ()
    leans: bool = False


class ReplayCache(Protocol):
    """What the replay of a game keeps (``kept``: every hand, and the game's end), and what
    it may take from the last replay of the same game (``again``): hand ``k`` as that
    replay left it.  A hand taken again is one written the same, after the game stood the
    same.  ``saves``: whether each hand keeps where its readings stood before each play
    without a side (``ReplayedHand.saved``, to try the play with a side written)."""

    saves: bool

    def kept(self, at: ReplayedHand) -> None: ...

    def again(self, k: int) -> ReplayedHand | None: ...


def step(game: GameToReplay, course: GameState, k: int, hand: r.PlainHand,
         keep: ReplayCache | None = None, resume: Saved | None = None,
         doubt: Ways = (),
         ) -> tuple[list[Diagnostic], HandResult, HandReplay | None]:
    """Hand ``k`` of ``game`` (``hand``: as written, or written another way, its moves
    replayed from ``resume`` on), after where
    the game stands (``course``, moved on past it): replayed, or not (a syntax error in it,
    or after the game was decided, E506); the rotation (R17), the totals and the status
    after it (R18).  ``doubt``: the ways of reading the hand a later ``score`` line says it
    may have been read (``earlier.py``), kept beside the one taken.  Its diagnostics, its
    result, and its replay."""
    seats = game.seats
    expected = expected_opener(hand, seats, course)
    before = course.copy() if keep is not None else None
    saves = keep is not None and keep.saves
    totals_before = course.totals  # replaced by the totals after the hand, never changed
    rep, leans = None, False
    found: list[Diagnostic] = []
    if course.status not in ("in_progress", None):
        late = _after_the_end(hand, seats, course.totals, game.target, course.decided_after)
        found = placed([late], game.number, hand.number)
        result = unreplayed(hand, None, None)
    else:
        if game.bad and game.bad.any_in(hand.line, game.ends[k]):
            result, course.previous = _damaged(hand, seats, expected, course.totals)
            course.also = None
        else:
            last = k == len(game.hands) - 1 and not _said_over(hand)
            rep, found, after = _taken(hand, seats, expected, course.totals, last, saves,
                                       resume, None, doubt)
            leans = bool(doubt) or _open_to_later(rep, course.totals)
            rep, found, course.totals = _settled_later(
                game, k, (rep, found, after), course.totals, expected, saves, resume)
            rep = _unless_stopped(rep, seats, last, totals_before.exact)
            course.previous = rep.opener
            course.also = expected if (expected is not None and rep.opener != expected
                                       and rep.stages is not None and not rep.stages.moves
                                       ) else None
            result = _hand_result(hand, rep, seats, course.totals)
            if found:
                found = placed(found, game.number, hand.number)
        course.stand(game.target, hand.number)
    if keep is not None and before is not None:
        keep.kept(ReplayedHand(game, k, before, tuple(found), result,
                               {} if rep is None else rep.saved,
                               () if rep is None else tuple(x.world for x in rep.readings),
                               leans))
    return found, result, rep


def _settled_later(game: GameToReplay, k: int, done: Replayed, totals: Totals, expected: int | None,
                   save: bool, resume: Saved | None) -> Replayed:
    """Hand ``k`` replayed (``done``) again with the points the next ``score`` line gives
    it (``later.py``), when its readings disagree on them, it has no ``score`` line of its
    own, the totals before it (``totals``) are known, some candidate gives those points
    (several may, that end the hand otherwise) and each candidate that ends the hand gives
    known points (one whose points the tiles do not settle may give those too, and end it
    otherwise; one that stops before the end is the record's, which the score line
    settles), and no ``score`` line after that one gives the hand other points that a
    candidate gives (one of the lines is then wrong, and which is not known): that replay,
    when it gives the hand those points; else ``done``."""
    rep = done[0]
    before = totals.exact
    if before is not None and rep.score is not None and rep.points is not None and (
            _slipped(done[1])) and not any(d.code == "E505" and d.line == rep.score.line
                                           for d in done[1]):
        return _unchosen(game, k, done, totals, expected, save, resume)
    if before is None or not _open_to_later(rep, totals):
        return done
    lines = later_points(game, k, rep.opener, before, partial(_ahead, game))
    names = game.seats.names
    given = _candidate_points(rep, names)
    later = exactly(lines[0]) if lines else None
    if later is None or any(c.points is None and c.outcome != "unfinished"
                            for c in rep.candidates) or later not in given:
        return done  # a hand that ends with points not known may end with those
    if any(not agrees(later, other) and any(agrees(c, other) for c in given)
           for other in lines[1:]):
        return done  # a line after it gives the hand other points a reading gives
    if _carried_otherwise(rep, game.seats, totals, later, given, lines[0].slips):
        return done
    hand = game.hands[k]
    # A later hand's score line settles it, so it is not the game's last hand.
    again = _taken(hand, game.seats, expected, totals, False, save, resume, later)
    return again if again[0].points is not None and tuple(again[0].points) == later else done


def _carried_otherwise(rep: HandReplay, seats: Seats, totals: Totals, later: tuple[int, ...],
                       given: set[tuple[int, ...]], since: tuple[tuple[int, ...], ...]
                       ) -> bool:
    """Whether the ``score`` line that gives a hand (``rep``) the points ``later`` may instead
    carry slips the scorer believes, reported already, and so give it other points that a
    reading gives (``given``): the line is then right in one reading and carries the slips
    in the other, and which is not known.  The slips are the hand's own ``points`` claim
    (``_own_claim``), those believed before the hand
    (``totals.beliefs``), and the wrong ``points`` claims of the hands after it up to the
    line (``since``: the line's ``later.Given.slips``, of at most ``later.MAX_AHEAD``
    hands), any of them together.  Where as many totals are believed as are followed, some
    may have been dropped, and the line may carry any; so too where a belief's totals are
    not known (none is, while the true totals are known, as here)."""
    exact = totals.exact
    assert exact is not None  # ``_settled_later`` settles only after known totals
    if len(totals.beliefs) >= MAX_BELIEFS or any(
            believed.exact is None for believed in totals.beliefs):
        return True  # more than is followed: the line may carry what is not
    before = [tuple(b - t for b, t in zip(believed.known, exact, strict=True))
              for believed in totals.beliefs]
    own = _own_claim(rep, seats)
    for carried in _sums([tuple(0 for _ in exact), *before], since):
        other = tuple(p - c for p, c in zip(later, carried, strict=True))
        if other != later and (other in given or other == own):
            return True
    return False


def _own_claim(rep: HandReplay, seats: Seats) -> tuple[int, ...] | None:
    """The points the hand's own ``points`` claim gives, if it has one: a line that carries
    them, where no reading gives them, says nothing of which reading is right."""
    assert rep.stages is not None  # a replay's, or the first of those joined
    claim = rep.stages.points
    if claim is None or (claim.player is not None and claim.player not in seats.seat):
        return None
    return claimed_points(claim, seats.seat, len(seats.names))


def _sums(before: list[tuple[int, ...]], after: tuple[tuple[int, ...], ...]
          ) -> list[tuple[int, ...]]:
    """What a line may carry: one of ``before`` (the slips believed before a hand, none
    first), and any of ``after`` (those made since) besides."""
    sums = list(before)
    for slip in after:
        sums += [tuple(a + b for a, b in zip(one, slip, strict=True)) for one in sums]
    return sums


def _unchosen(game: GameToReplay, k: int, done: Replayed, totals: Totals,
              expected: int | None, save: bool, resume: Saved | None) -> Replayed:
    """Hand ``k`` replayed (``done``) again with no ``score`` line choosing among its
    readings, where its own chose (``done`` gives the hand known points, it has a slip, the
    totals before it are known and its own line is not wrong whatever the readings) but a
    later ``score`` line gives the hand other points, which a reading gives too: each line
    agrees with one reading, and the record cannot tell which is right (the second is then
    E505 against the first: ``totals.Totals.stated``).  In that replay each way of reading
    the hand that gives none of the later lines' points costs a slip more (``_gainsaid``),
    as one that its own line finds wrong does.  That replay, when its points are so left
    unknown; else ``done``."""
    rep = done[0]
    before = totals.exact
    assert before is not None and rep.points is not None
    chosen = tuple(rep.points)
    lines = [other for other in later_points(game, k, rep.opener, before, partial(_ahead, game))
             if not agrees(chosen, other)]
    if not lines:
        return done
    again = _taken(game.hands[k], game.seats, expected, totals, False, save, resume, None,
                   against=tuple(lines))
    readings = [x.bounded() for x in again[0].readings]
    return again if again[0].points is None and any(
        allowed(bounds, other) for bounds in readings for other in lines) else done


def _candidate_points(rep: HandReplay, names: Sequence[str]) -> set[tuple[int, ...]]:
    """The points, in seat order, that the candidates of a hand's replay give, where
    known."""
    return {tuple(c.points[name] for name in names) for c in rep.candidates
            if c.points is not None}


def _ahead(game: GameToReplay, j: int, expected: int | None) -> HandReplay:
    """Hand ``j`` of ``game`` replayed as ``step`` replays it, after ``expected`` opener
    and totals not known: a hand between a hand and a later ``score`` line (``later.py``),
    its points known where the ways of reading it that cost fewest slips agree on them."""
    done = game.ahead.get((j, expected))
    if done is not None:
        return done
    seats, hand = game.seats, game.hands[j]
    count = len(seats.names)
    unknown = Totals(count)
    for _ in range(count):  # nothing known before it: its score line judges nothing here
        unknown.add_unknown(0, unbounded(count))
    # Never the game's last hand as ``step`` takes it: one with a score line is over, and
    # the points of a last hand without one are those of no line.
    rep = _taken(hand, seats, expected, unknown, False, False, None, None)[0]
    game.ahead[j, expected] = rep = _unless_stopped(rep, seats, False, None)
    return rep


def _unless_stopped(rep: HandReplay, seats: Seats, last: bool, before: Sequence[int] | None
                    ) -> HandReplay:
    """A hand's replay, its points left unknown where some reading of it stops before its
    end and another hand follows (not ``last``); ``before``: the totals before it, when
    known (``_claimed_scorers``)."""
    assert rep.stages is not None  # a replay's, or the first of those joined
    stopped = [] if last else _stopped_early(rep, rep.stages)
    if not stopped:
        return rep
    return _unfinished_unknown(rep, rep.stages, seats, stopped,
                               _claimed_scorers(rep.stages, seats, before))


def _open_to_later(rep: HandReplay, totals: Totals) -> bool:
    """Whether a later ``score`` line may settle a hand replayed as ``rep`` after
    ``totals`` (``_settled_later``): its readings disagree on its points, with at most as
    many candidates as are named, it has no ``score`` line of its own, and the totals before
    it are known."""
    return rep.points is None and rep.score is None and totals.exact is not None and (
        len(rep.candidates) > 1 and not rep.more_candidates)


Replayed = tuple[HandReplay, list[Diagnostic], Totals]
"""A hand replayed: its replay, its diagnostics, and the totals after it."""


def _taken(hand: r.PlainHand, seats: Seats, expected: int | None, totals: Totals, last: bool,
           save: bool, resume: Saved | None, later: tuple[int, ...] | None,
           doubt: Ways = (), against: tuple[Given, ...] = ()) -> Replayed:
    """Hand ``hand`` replayed after ``totals``, and the totals after it: as written, or,
    when that finds errors, with the lines read otherwise (``amend.py``) that cost the
    fewest slips, each way of reading it that costs as few kept (``choose.joined``).  Its
    replay, its diagnostics (its ``score`` line's among them) and the totals after it.
    ``resume``: where the record as written is replayed from (``hand.Saved``); ``later``:
    the points a later ``score`` line gives the hand (``_settled_later``), which choose
    among its readings and its ways of reading as its own ``score`` line would; ``doubt``:
    ways of reading it (the lines each reads otherwise) kept beside the one taken;
    ``against``: later ``score`` lines that give the hand other points than its own, which
    then chooses none of its readings, each line as good a claim as it (``_unchosen``)."""
    rep = replay_hand(hand, seats, expected, totals.exact, save=save, resume=resume,
                      later=later, own_line=not against)
    after = totals.copy()
    rep, counted = _count_in(rep, hand, seats, after, last=last)
    found = [*rep.diagnostics, *counted]
    order = rep.stages
    if order is None:
        return rep, found, after
    if not doubt and not _slipped(found):
        return _with_candidates(rep, [((), rep.readings)], order, seats), found, after
    tried = _Tried(hand, seats, expected, totals, last, later, (rep, found, after, ()),
                   against)
    takes = tried.takes
    if _slipped(found):
        hidden = hidden_seats(rep)
        # A known player's tile written as another further back than the window explains
        # the hand as well, or alone: each of her plays before the last error is tried.
        ways = amendments(order, seats, hidden, found, rep.ends, wide=True)
        if _scorer_disputed(order, totals, rep, seats):
            ways += [way for way in hidden_shows(order, seats, hidden) if way not in ways]
        tried.read_each(ways, _first_error(found))
        for first in read_twice(tried.takes):
            for second in second_ways(first, order, seats, hidden):
                tried.read((*first[3], second))
        takes = _chosen(tried.takes, later, against)
        if len(takes) > 1 and _alike(takes):  # no figure depends on which: the one that
            takes = [min(takes, key=_foremost(takes))]  # says most
    takes += [way for way in map(tried.beside, doubt) if way is not None]
    return _finished(takes, hand, seats, totals, last, order)


def _finished(takes: list[Take], hand: r.PlainHand, seats: Seats, totals: Totals, last: bool,
              order: Stages) -> Replayed:
    """The ways of reading a hand kept, as one: the one, or those joined (``choose.joined``),
    the figures they disagree on unknown, each error said with the others."""
    if len(takes) == 1:
        rep, found, after, chosen = takes[0]
        guessed = _deal_guessed(rep, found, chosen, order, seats)
        if guessed is not None:  # counted again, with less known
            after = totals.copy()
            rep = _count_in(guessed, hand, seats, after, last=last)[0]
        return _with_candidates(rep, [(chosen, rep.readings)], order, seats), found, after
    lines = sorted({line for take in takes for line in _error_lines(take[1])})
    both = joined([take[0] for take in takes], len(seats.names), lines)
    found = _hedged(takes, order, seats)
    after = totals.copy()
    both = _count_in(both, hand, seats, after, last=last)[0]
    after.follow([take[2] for take in takes if _told(take[1], found)])
    both = _with_candidates(both, [(take[3], take[0].readings) for take in takes], order,
                            seats)
    return both, found, after


def _told(problems: list[Diagnostic], found: list[Diagnostic]) -> bool:
    """Whether each wrong ``score`` line of a way of reading a hand (its ``problems``) is
    reported (``found``): a way whose slip goes unsaid is not one the report describes."""
    said = {d.line for d in found if d.code == "E505"}
    return all(d.line in said for d in problems if d.code == "E505")


def _deal_guessed(rep: HandReplay, found: list[Diagnostic], chosen: tuple[Amendment, ...],
                  order: Stages, seats: Seats) -> HandReplay | None:
    """``rep`` with less stated, where the way of reading the hand reads a ``deal`` line
    with a tile written wrong, as a tile no reading lays, and still finds errors of its own
    besides the reports of the lines it reads otherwise: the tile meant is then a guess
    among several slips, so what rests on it is not stated: what the player held at the
    end, the hand's points, and a block (who could still play).  None: nothing rests on a
    guess."""
    lines = {one.line for one in chosen}
    if not any(d.is_error and d.line not in lines for d in found):
        return None
    laid = 0
    for x in rep.readings:
        laid |= x.world.known.played
    guessed = {seats.seat[deal.player] for one in chosen
               if one.kind == "misdealt" and one.swap is not None and not laid >> one.swap[1] & 1
               for deal in order.deals if deal.line == one.line and deal.player in seats.seat}
    if not guessed:
        return None
    blocked = rep.outcome == "blocked"
    return rep._replace(
        remaining=tuple(None if seat in guessed else pips
                        for seat, pips in enumerate(rep.remaining)),
        points=None, bounds=unbounded(len(seats.names)), unverified=False,
        outcome=None if blocked else rep.outcome, winner=None if blocked else rep.winner,
        doubt=tuple(sorted({*rep.doubt, *lines})))


#: Of the ways of reading a hand with one line read otherwise that cost the fewest slips,
#: and still find errors besides their own, this many are read again with a second line
#: read otherwise: two slips in one hand.
MAX_SECOND = 4


class _Tried:
    """The ways of reading a hand tried so far that cost the fewest slips (``takes``)."""

    def __init__(self, hand: r.PlainHand, seats: Seats, expected: int | None, totals: Totals,
                 last: bool, later: tuple[int, ...] | None, written: Take,
                 against: tuple[Given, ...] = ()) -> None:
        self.hand, self.seats, self.expected, self.totals = hand, seats, expected, totals
        self.last, self.later, self.against = last, later, against
        self.takes: list[Take] = [written]
        self.cost = self._cost(written)
        self.seen: set[frozenset[Amendment]] = set()
        self.setup: SetUp | None = None  # made at the first way read
        # Where the hand as written stood before some of its moves (``kept_before``).
        self.kept: dict[int, Saved] = {}

    def read(self, amendment: tuple[Amendment, ...]) -> None:
        """The hand read with ``amendment``: kept when it costs no more than the best."""
        if frozenset(amendment) in self.seen:
            return
        self.seen.add(frozenset(amendment))
        try:
            take = self._take(amendment, _costing(self.cost, len(amendment)))
        except (Unread, _TooCostly):
            return
        cost = self._cost(take)
        if cost < self.cost:
            self.takes, self.cost = [], cost
        if cost == self.cost:
            self.takes.append(take)

    def _cost(self, take: Take) -> tuple[int, int]:
        """What ``take`` costs (``_cost``), a slip more where it gives none of the points
        the later ``score`` lines its own stands against give the hand (``_gainsaid``)."""
        slipped, sides = _cost(take[1])
        return slipped + _gainsaid(take, self.against), sides

    def read_each(self, ways: list[Amendment], first: int) -> None:
        """The hand read with each of ``ways``, one at a time: those at the first error's
        line first, where the slip most often is (a way found that costs one slip stops
        the others at their first problem), the ways kept then put back in the order of
        ``ways``."""
        lines = frozenset(way.line for way in ways if way.kind in OF_A_MOVE)
        if lines:
            self.kept = kept_before(self.hand, self.seats, self.expected, lines | {first},
                                    self._set_up())
        for way in sorted(ways, key=lambda way: abs(way.line - first)):
            self.read((way,))
        place = {way: k for k, way in reversed(list(enumerate(ways)))}  # the first
        self.takes.sort(key=lambda take: place[take[3][0]] if take[3] else -1)

    def beside(self, amendment: tuple[Amendment, ...]) -> Take | None:
        """The hand read with ``amendment``, whatever it costs (None: no reading allows
        it)."""
        try:
            return self._take(amendment, None)
        except Unread:
            return None

    def _set_up(self) -> SetUp:
        if self.setup is None:
            self.setup = SetUp(self.hand, self.seats)
        return self.setup

    def _resume(self, amendment: tuple[Amendment, ...]) -> Saved | None:
        """Where a replay with ``amendment`` may start: where it reads moves otherwise
        only, the last place kept at or before the first of them (the moves before it go
        as written)."""
        if any(one.kind not in OF_A_MOVE for one in amendment):
            return None
        line = min(one.line for one in amendment)
        return max(((kept, saved) for kept, saved in self.kept.items() if kept <= line),
                   default=(0, None), key=lambda pair: pair[0])[1]

    def _take(self, amendment: tuple[Amendment, ...],
              watch: Callable[[Diagnostic], object] | None) -> Take:
        other = replay_hand(self.hand, self.seats, self.expected, self.totals.exact,
                            resume=self._resume(amendment), amendment=amendment,
                            watch=watch, later=self.later, setup=self._set_up(),
                            own_line=not self.against)
        trial = self.totals.copy()
        other, counted = _count_in(other, self.hand, self.seats, trial, last=self.last)
        return other, [*other.diagnostics, *counted], trial, amendment


def _said_over(hand: r.PlainHand) -> bool:
    """Whether a hand has a line that is written once it is over: a ``domino`` or
    ``blocked`` claim, a ``show``, a ``points`` claim or a ``score`` line.  A game's last
    hand with one did end, however far its moves go, as a hand another follows did: it is
    not a record still being written."""
    ends = (r.PlainDomino, r.PlainBlocked, r.PlainShow, r.PlainPoints, r.PlainScore)
    return any(isinstance(s, ends)
               for s in reversed(hand.statements))  # written last: found first


def _stopped_early(rep: HandReplay, order: Stages) -> list[JudgedReading]:
    """The readings of the hand whose moves stop before its end: with no claim of how it
    ended (``unfinished``), or with one the moves do not reach (a ``domino`` or ``blocked``
    claim, or a show of no tiles, that says the hand went on to an end the moves stop
    short of: E502, E503)."""
    moved = bool(order.moves)
    return [x for x in rep.readings if x.ending.outcome == "unfinished" or (
        moved and x.ending.outcome is None and x.world.outcome is None)]


def _unfinished_unknown(rep: HandReplay, order: Stages, seats: Seats,
                        stopped: list[JudgedReading], claimed: set[int]) -> HandReplay:
    """A hand another follows, read as stopping early in some readings (``stopped``: after
    a slip, or with a hidden player's last tile written as a pass, or its last moves left
    out): it did end, but how is not known (no reading that stops agrees with one that does
    not), nor what anybody still held at its end but the players whose own ``show`` line
    says so, and those who could lay no tile in any moves the record lacks
    (``ending.out_of_play``), whose show, if any, agrees, and whom no claim says scored
    (``claimed``)."""
    agree, disagree = _shown_seats(rep, order, seats, stopped)
    kept = agree | (set.intersection(*(out_of_play(x.world, seats.each) for x in stopped))
                    - disagree - claimed)
    return rep._replace(outcome=None, remaining=tuple(
        pips if seat in kept else None for seat, pips in enumerate(rep.remaining)))


def _claimed_scorers(order: Stages, seats: Seats, before: Sequence[int] | None) -> set[int]:
    """The seats a claim says went out or scored: the player of a ``domino`` claim or of a
    ``points`` claim, and those the ``score`` line gives points (the totals before the hand,
    ``before``, known).  When the moves stop short, what such a player held at the end is
    what the claim and the moves dispute: the tiles the moves leave her are not known to be
    it, however fast they are stuck."""
    named = [claim.player for claim in (order.outcome, order.points)
             if isinstance(claim, (r.PlainDomino, r.PlainPoints)) and claim.player is not None]
    out = {seats.seat[name] for name in named}  # a stranger's claim is set aside (G104)
    points = implied_points(order.score, before, seats.names)
    if points is not None:
        out |= {seat for seat, gained in enumerate(points) if gained > 0}
    return out


def _shown_seats(rep: HandReplay, order: Stages, seats: Seats, stopped: list[JudgedReading]
                 ) -> tuple[set[int], set[int]]:
    """The seats whose ``show`` line every reading kept accepts, as two sets: those whose
    show gives the pips each reading that stops early has them hold (what they held at the
    end of the hand, as they wrote it), and those whose show does not (a show of fewer
    tiles than the moves leave says that they laid others in moves the record lacks)."""
    shown = {seats.seat[show.player]: sum(map(sum, show.tiles)) for show in order.shows}
    for x in rep.readings:
        for seat in x.ending.bad_shows:
            shown.pop(seat, None)
    agree = {seat for seat, pips in shown.items()
             if all(x.remaining[seat] == pips for x in stopped)}
    return agree, set(shown) - agree


def _scorer_disputed(order: Stages, totals: Totals, rep: HandReplay, seats: Seats) -> bool:
    """Whether the hand's own ``score`` line says another player scored than the hand as
    written gives, or that one did where nobody did, or the reverse: who won a hand is
    seen at the known, so a show of a player whose deal is not written may be the slip
    (``amend.hidden_shows``; where only how many points differs, the shows stand)."""
    points = implied_points(order.score, totals.exact, seats.names)
    if points is None or rep.points is None or min(points) < 0:
        return False
    return ({seat for seat, p in enumerate(points) if p}
            != {seat for seat, p in enumerate(rep.points) if p})


def read_twice(takes: list[Take]) -> list[Take]:
    """The ways of reading a hand, of those kept, that leave a second slip unread
    (``_unexplained``), at most ``MAX_SECOND``: each is read with a second line otherwise."""
    return [take for take in takes if _unexplained(take)][:MAX_SECOND]


def second_ways(first: Take, order: Stages, seats: Seats, hidden: frozenset[int]
                ) -> list[Amendment]:
    """The lines that may hold a second slip where the way of reading ``first`` (one line
    read otherwise, in the hand ``order``) leaves errors: as the errors besides its own
    slip's report tell (``amend.amendments``), at another line than its own (a line
    holds one slip)."""
    own = {one.line for one in first[3]}
    left = [d for d in first[1] if d.line not in own]
    return [second for second in amendments(first[0].stages or order, seats, hidden, left,
                                            first[0].ends) if second.line not in own]


def _unexplained(take: Take) -> bool:
    """Whether a way of reading a hand with one line read otherwise finds errors besides
    that line's slip, more than one (a second line read otherwise, costing one slip, makes
    a way that costs fewer): a second slip it leaves unread."""
    return len(take[3]) == 1 and _cost(take[1])[0] > 1


def _with_candidates(rep: HandReplay,
                     sources: list[tuple[tuple[Amendment, ...], list[JudgedReading]]],
                     order: Stages | None, seats: Seats) -> HandReplay:
    """``rep`` with the candidate points of a hand whose readings disagree on them
    (``candidates.py``)."""
    if rep.points is None and order is not None and (
            len(sources) > 1 or len(sources[0][1]) > 1):
        found, more = candidates(sources, order, seats)
        return rep._replace(candidates=found, more_candidates=more)
    return rep


Take = tuple[HandReplay, list[Diagnostic], Totals, tuple[Amendment, ...]]
"""A way of reading a hand: its replay, its diagnostics, the totals after it, and the lines
it reads otherwise (none: the record as written)."""


def _hedged(takes: list[Take], order: Stages, seats: Seats) -> list[Diagnostic]:
    """The diagnostics of the way of reading a hand that says best where the slip is
    (``_foremost``), each error the others do without said with them."""
    takes = sorted(takes, key=_foremost(takes))
    out = []
    for problem in takes[0][1]:
        if not problem.is_error:
            out.append(problem)
            continue
        without = _distinct([_words(amendment, found, order, seats)
                             for _, found, _, amendment in takes[1:]
                             if not any((d.code, d.line) == (problem.code, problem.line)
                                        for d in found)])
        out.append(hedged(problem, without[:5]) if without else problem)
    return out


def _distinct(words: list[Message]) -> tuple[Message, ...]:
    """``words`` without repeats (a deal's tiles read otherwise in several ways are one
    way, in words)."""
    out: list[Message] = []
    for one in words:
        if one not in out:
            out.append(one)
    return tuple(out)


#: Amendments whose slip shows as moves out of turn, elsewhere than where it was made: of
#: the ways of reading a hand that cost as many slips, theirs says where.
_STRUCTURAL = frozenset({"dropped", "swapped", "named", "no_opener"})


def _foremost(takes: list[Take]) -> Callable[[Take], tuple[int, int]]:
    """How ways of reading a hand that cost as many slips are ranked for the report: a line
    read otherwise where the record as written first breaks a rule says more than the rule
    broken there, as does a line written twice, two lines swapped, a first move's name or an
    opener line, unless it finds an error at a line where the record as written finds none
    (a deal line's own error, out of place, is none its tiles read otherwise mend); then
    the record as written; then the other lines read otherwise, earliest first."""
    written = next((take[1] for take in takes if not take[3]), None)
    first = None if written is None else _first_error(written)
    broken = None if written is None else _error_lines(written)

    def rank(take: Take) -> tuple[int, int]:
        amendment = take[3]
        if not amendment:
            return 1, 0
        read = {one.line for one in amendment}
        if any(one.kind in _STRUCTURAL or (one.line == first and one.kind != "misdealt")
               for one in amendment) and (
                broken is None or _error_lines(take[1]) <= broken | read):
            return 0, amendment[0].line
        return 2, amendment[0].line

    return rank


def _error_lines(found: list[Diagnostic]) -> set[int]:
    """The lines of ``found``'s errors (its warnings are no slip)."""
    return {d.line for d in found if d.is_error}


def _first_error(found: list[Diagnostic]) -> int:
    return min(_error_lines(found), default=0)


def _words(amendment: tuple[Amendment, ...], found: list[Diagnostic], order: Stages,
           seats: Seats) -> Message:
    """What a way of reading a hand reads the record as, in words."""
    if len(amendment) == 2:
        return phrase("both", first=described(amendment[0], order, seats),
                      second=described(amendment[1], order, seats))
    if amendment:
        return described(amendment[0], order, seats)
    return phrase("first_error", line=_first_error(found))


def _alike(takes: list[Take]) -> bool:
    """Whether ways of reading a hand give it the same figures: how it ended, who won, the
    points, each player's pips, and what bounds the points when they are unknown."""
    figures = {(rep.outcome, rep.winner, rep.points, rep.remaining, repr(rep.bounds),
                rep.claimed, rep.unverified) for rep, _, _, _ in takes}
    return len(figures) == 1


def _chosen(takes: list[Take], later: tuple[int, ...] | None = None,
            against: tuple[Given, ...] = ()) -> list[Take]:
    """Of ways of reading a hand that cost as many slips, those the claims choose: the ones
    that give the points a later ``score`` line gives the hand (``later``), if any; of
    those, the ones that find fewer claims and shows wrong, where the points they give are
    worked out from the tiles (a claim that stands in for them confirms nothing); else
    every one.  A move legal as written read otherwise costs one slip as a claim or a show
    written wrong does: both are kept, unless those that find the claim or show wrong
    cannot check the ``points`` claim (it stands in for their points) that the others work
    out from the tiles.  ``against``: the later ``score`` lines the hand's own stands
    against, each way that gives none of their points finding one claim more wrong."""
    if later is not None:
        takes = [take for take in takes if take[0].points is not None and tuple(
            take[0].points) == later] or takes
    claimed = [_claimed(take) + _gainsaid(take, against) for take in takes]
    fewest = min(claimed)
    agreed = [take for take, count in zip(takes, claimed, strict=True) if count == fewest]
    if len(agreed) < len(takes) and any(one.legal for take in agreed for one in take[3]) and (
            not any(_unchecked(take) for take in takes if take not in agreed)):
        return takes  # a claim written wrong, or a legal move: one slip each, either may be
    if all(take[0].points is not None and not take[0].unverified for take in agreed):
        return agreed
    return takes


def _unchecked(take: Take) -> bool:
    """Whether a way of reading a hand leaves its ``points`` claim unchecked: it stands in
    for the points, or they are not known and the claim is not found wrong (the end it
    needs is not reached)."""
    rep, found = take[0], take[1]
    claim = rep.stages.points if rep.stages is not None else None
    return rep.unverified or (claim is not None and rep.points is None and not any(
        d.code == "E504" for d in found))


class _TooCostly(Exception):
    """A way of reading a hand that costs more slips than one found before."""


def _cost(found: list[Diagnostic]) -> tuple[int, int]:
    """How many slips a way of reading a hand costs: its errors other than a side left out
    where the tile fits both ends (P404), then those.  A side left out is no line written
    wrong: a way that reads another line otherwise to do without one is no cheaper, but of
    two ways with as many slips, the one with fewer sides left out is."""
    return slips(found), sum(d.is_error and d.code == "P404" for d in found)


def _slipped(found: list[Diagnostic]) -> bool:
    """Whether the hand as written has a slip some line read otherwise may mend: an error
    other than a side left out where the tile fits both ends (P404 alone: the hand is read
    each way, as written)."""
    return any(d.is_error and d.code != "P404" for d in found)


def _claimed(take: Take) -> int:
    """How many claims and shows a way of reading a hand finds wrong, besides one it reads
    as written wrong (``unshown``, its own slip)."""
    own = {one.line for one in take[3]}
    return sum(d.is_error and d.code in _CLAIMED and d.line not in own for d in take[1])


def _gainsaid(take: Take, against: tuple[Given, ...]) -> int:
    """1 where later ``score`` lines stand against the hand's own (``against``, none
    usually) and no reading of a way of reading it (``take``) gives the points any of them
    gives the hand: those lines are then wrong in it, one slip however many carry it."""
    if not against:
        return 0
    return int(not any(allowed(x.bounded(), line) for x in take[0].readings
                       for line in against))


#: The codes of a claim or a show that the moves, as read, do not reach.
_CLAIMED = frozenset({"E502", "E503", "E504", "E505"})


def _costing(best: tuple[int, int], read: int) -> Callable[[Diagnostic], object]:
    """A watch of a hand's move problems that stops its replay once they cost more than
    ``best`` slips with the ``read`` lines read otherwise."""
    count = [read]

    def watch(problem: Diagnostic) -> None:
        if problem.is_error and problem.code != "P404":
            count[0] += 1
            if count[0] > best[0]:
                raise _TooCostly

    return watch


def replay_hands(game: GameToReplay, course: GameState, keep: ReplayCache | None
                 ) -> tuple[list[Diagnostic], list[HandResult], GameState]:
    """Each hand of ``game`` in turn (``step``), from where it stands (``course``); with
    ``keep``, a hand that the last replay left written the same, after the game stood the
    same, is taken as it left it rather than replayed.  A ``score`` line the totals do not
    reach that an earlier hand read otherwise would make right (``earlier.py``): the hands
    from that one on are replayed again with it in doubt.  The diagnostics, the results and
    where the game stands at its end."""
    problems: list[Diagnostic] = []
    results: list[HandResult] = []
    marks: dict[int, _Mark] = {}  # each hand replayed: where the game stood before it
    start: tuple[int, _Mark] | None = None  # before the first hand replayed
    behind: ReplayedHand | None = None  # where it stands, when ``course`` was left behind
    count = len(game.hands)
    for k, hand in enumerate(game.hands):
        last = keep.again(k) if keep is not None else None
        after = keep.again(k + 1) if keep is not None and last is not None else None
        if keep is not None and last is not None and after is not None and (
                last.result is not None and not last.leans and last.game.hands[k] == hand
                ) and (behind is last or course.same(last.course)):
            problems += last.found
            results.append(last.result)
            keep.kept(replace(last, game=game))
            behind = after
            continue
        if behind is not None:
            course, behind = behind.course.copy(), None
        # Where the game stood before a hand no score line of its own reached, for a later one
        # to read it again (``_explained_earlier``): whole where a replay may restart.
        at, exact, expected = len(problems), course.totals.exact, expected_opener(
            hand, game.seats, course)
        claim = _score_line(hand)
        whole = None if claim is not None else course.copy()
        start = start or (k, _Mark(at, exact, expected, None, whole or course.copy()))
        found, result, rep = step(game, course, k, hand, keep)
        if not _reached(claim, found):
            marks[k] = _Mark(at, exact, expected, rep, whole)
        back = _explained_earlier(game, k, hand, found, marks, course) if found else None
        if back is not None:
            j, at, whole = _restart(marks, start, min(back.doubt))
            del problems[at:], results[j:]
            course = whole.copy()
            for i in range(j, k + 1):
                found, result, rep = step(game, course, i, game.hands[i], keep,
                                          doubt=back.doubt.get(i, ()))
                if i == k and not any(d.code == "E505" for d in found):
                    found = [*found, *placed([back.problem], game.number, hand.number)]
                problems += found
                results.append(result)
            continue
        problems += found
        results.append(result)
    if behind is not None:
        course = behind.course.copy()
    if keep is not None:
        keep.kept(ReplayedHand(game, count, course.copy()))
    return problems, results, course


@dataclass(frozen=True, slots=True)
class _Mark:
    """A hand as the replay of its game met it: how many diagnostics came before it, the
    totals before it (when known) and the seat the rotation asked to open it, its replay,
    and where the game stood before it (``whole``, where kept)."""

    at: int
    exact: Sequence[int] | None  # a list the totals never change in place
    expected: int | None
    rep: HandReplay | None = None
    whole: GameState | None = None


@dataclass(frozen=True, slots=True)
class _Doubted:
    """A ``score`` line's E505 said with the lines of earlier hands that, each read
    otherwise, would make it right (``problem``), and those lines, by hand: each way of
    reading the hand that would (``doubt``)."""

    doubt: dict[int, Ways]
    problem: Diagnostic


def _restart(marks: dict[int, _Mark], start: tuple[int, _Mark], doubt: int
             ) -> tuple[int, int, GameState]:
    """Where the hands from ``doubt`` on are replayed again from: the nearest hand before it
    whose mark keeps the whole game state, else the first hand replayed (``start``); its
    index, the diagnostics before it and the state."""
    j, mark = max([start, *((i, m) for i, m in marks.items() if i <= doubt and m.whole)],
                  key=lambda pair: pair[0])
    assert mark.whole is not None
    return j, mark.at, mark.whole


def _score_line(hand: r.PlainHand) -> r.PlainScore | None:
    """A hand's ``score`` line, if it has one: the first, which the replay judges (a second
    is G107)."""
    return next((s for s in hand.statements if isinstance(s, r.PlainScore)), None)


def _reached(claim: r.PlainScore | None, found: list[Diagnostic]) -> bool:
    """Whether a hand's ``score`` line (``claim``) is one the running totals reach (no E505
    there): the hands before it are settled by it."""
    return claim is not None and not any(
        d.code == "E505" and d.line == claim.line for d in found)


def _explained_earlier(game: GameToReplay, k: int, hand: r.PlainHand, found: list[Diagnostic],
                       marks: dict[int, _Mark], course: GameState) -> _Doubted | None:
    """When hand ``k``'s ``score`` line is E505: each hand before it, since the last
    ``score`` line the totals reached, that read with one more line otherwise gives the
    points that make that line right (``earlier.py``), with the lines it is then read with,
    each way that does, and the E505 said with them; None when there is none.  With the
    totals after it known, each hand whose points are known is tried; with them not known,
    the one hand whose points are not, where every other's are (``_as_if_nothing``)."""
    claim = _score_line(hand)
    wrong = None if claim is None else next(
        (d for d in found if d.code == "E505" and d.line == claim.line), None)
    if claim is None or wrong is None or _against_a_line(wrong):
        return None
    exact = course.totals.exact
    doubt: dict[int, Ways] = {}
    words: list[Message] = []
    for j in range(k - 1, max(-1, k - 1 - MAX_BACK), -1):
        mark = marks.get(j)
        if mark is None or mark.rep is None:
            break
        if mark.rep.stages is None:
            continue
        if exact is not None and mark.rep.points is not None:
            target = wanted(claim, game.seats, exact, mark.rep.points)
        elif exact is None and mark.rep.points is None:
            # The one hand whose points are not known: what it must have given.
            others = _as_if_nothing(marks, j, k)
            target = None if others is None else wanted(
                claim, game.seats, others, (0,) * len(others))
        else:
            continue
        ways = () if target is None else explaining(
            game.hands[j], game.seats, mark.expected, mark.exact, mark.rep, target)
        if ways:
            doubt[j] = ways
            words[:0] = [_described(lines, mark.rep, game.seats) for lines in ways]
    if not doubt:
        return None
    return _Doubted(doubt, hedged(wrong, _distinct(words)[:5]))


def _against_a_line(problem: Diagnostic) -> bool:
    """Whether an E505 sets its ``score`` line against an earlier one where the totals are
    not known (``totals.Totals.stated``): it says only that one of the two is wrong, which
    no hand read otherwise is looked back for."""
    return problem.message.template == template("E505", "lines_disagree")


def _as_if_nothing(marks: dict[int, _Mark], j: int, k: int) -> list[int] | None:
    """The totals after hand ``k`` had hand ``j`` scored nothing: those before it, and the
    points of each hand after it; None where one of them is not known."""
    before = marks[j].exact
    if before is None:
        return None
    totals = list(before)
    for i in range(j + 1, k + 1):
        mark = marks.get(i)
        if mark is None or mark.rep is None or mark.rep.points is None:
            return None
        totals = [total + points for total, points in zip(totals, mark.rep.points,
                                                         strict=True)]
    return totals


def _described(lines: tuple[Amendment, ...], rep: HandReplay, seats: Seats) -> Message:
    """What the lines an earlier hand is read with, besides those it was read with
    already (``rep``), read the record as, in words: one, or two joined."""
    order = rep.stages
    assert order is not None
    new = [one for one in lines if one not in rep.read_otherwise] or list(lines[-1:])
    words = [described(one, order, seats) for one in new]
    return words[0] if len(words) == 1 else phrase("both", first=words[0], second=words[1])


def _count_in(
    rep: HandReplay, hand: r.PlainHand, seats: Seats, totals: Totals, last: bool
) -> tuple[HandReplay, list[Diagnostic]]:
    """Add a replayed hand's points to the totals, and check its ``score`` line (E505): the
    replay as counted (its points unknown where the line disputes a claim standing in for
    them), and the line's problem, if any.  A
    record that stops in its last hand keeps the totals before it, but that hand's score
    line, if any, is judged with its points unknown.  Where a ``points`` claim stands in for
    points the record cannot recompute and the ``score`` line gives the hand other points
    the tiles allow, one of the two claims holds the slip: the points are left unknown."""
    judged = totals
    disputed = None if not rep.unverified or rep.points is None or rep.score is None else (
        totals.disputed(rep.score, rep.points, rep.bounds or unbounded(len(seats)),
                        seats.names))
    if disputed is not None:
        # The claim named who scored, the moves only who went out, if anyone.
        winner = rep.winner if rep.outcome == "domino" else None
        totals.add_unknown(hand.number, rep.bounds or unbounded(len(seats)))
        return rep._replace(points=None, unverified=False, claimed=None, winner=winner), [
            disputed]
    if rep.points is not None:
        totals.add(rep.points, rep.claimed)
    elif rep.outcome == "unfinished" and last:
        judged = totals.copy()
        judged.add_unknown(hand.number, rep.bounds or unbounded(len(seats)))
    else:
        totals.add_unknown(hand.number, rep.bounds or unbounded(len(seats)), rep.claimed)
    if rep.score is None:
        return rep, []
    line = rep.score.line
    problem = judged.check(rep.score, seats.names, disputed=any(
        d.code == "E505" and d.line == line for d in rep.diagnostics))
    return rep, [] if problem is None else [problem]


def _after_the_end(
    hand: r.PlainHand, seats: Seats, totals: Totals, target: int, last: int
) -> Diagnostic:
    """E506 for a hand recorded after the game was decided (R18)."""
    exact = totals.exact
    if exact is not None:
        leader = max(exact)
        leaders = [seat for seat, total in enumerate(exact) if total == leader]
        if len(leaders) == 1:
            decided = message_part("E506", "won", winner=seats.names[leaders[0]], total=leader)
        else:
            decided = message_part("E506", "drawn", total=leader)
    else:
        lows = [totals.lowest(seat) for seat in range(len(seats))]
        top = max(lows)
        decided = message_part("E506", "at_least", player=seats.names[lows.index(top)], total=top)
        if top < target:  # only one player scores in a hand: one of them has reached it
            decided = message_part("E506", "reached",
                           players=tuple(seats.names[s] for s in totals.reachers(target)))
    return diagnostic(
        "E506", hand.line, hand.column,
        "after_decided",
        number=hand.number, decided=decided, last=last, target=target,
    )


def _damaged(
    hand: r.PlainHand, seats: Seats, expected: int | None, totals: Totals
) -> tuple[HandResult, int | None]:
    """A hand with a syntax error: not replayed; its points claim, if it could be read and is
    the only one, stands in unverified.  Returns its result and its opener."""
    n = len(seats)
    opener = _first_mover(hand, seats)
    opener = expected if opener is None else opener
    claims = [s for s in hand.statements if isinstance(s, r.PlainPoints)]
    # Two points claims: the unreadable line may be a hand's own line (``hnad 2``), and the
    # claims those of two hands: neither stands in.
    claim = claims[0] if len(claims) == 1 else None
    gained = None
    if claim is not None and (claim.player is None or claim.player in seats.seat):
        gained = claimed_points(claim, seats.seat, n)
    skipped = unreplayed(
        hand, None if opener is None else seats.names[opener],
        None if gained is None else dict(zip(seats.names, gained, strict=True)),
    )
    if gained is None:
        totals.add_unknown(hand.number, unbounded(n))
    else:
        totals.add(gained)
        exact = totals.exact
        if exact is not None:
            skipped = replace(skipped, score=dict(zip(seats.names, exact, strict=True)))
    return skipped, opener


def _hand_result(hand: r.PlainHand, rep: HandReplay, seats: Seats, totals: Totals) -> HandResult:
    names = seats.names
    exact = totals.exact
    return HandResult(
        number=hand.number, line=hand.line,
        opener=None if rep.opener is None else names[rep.opener],
        outcome=rep.outcome,
        winner=None if rep.winner is None else names[rep.winner],
        remaining=dict(zip(names, rep.remaining, strict=True)),
        points=None if rep.points is None else dict(zip(names, rep.points, strict=True)),
        score=None if exact is None or rep.points is None else dict(
            zip(names, exact, strict=True)
        ),
        unverified=rep.unverified,
        settled_by_claims=rep.settled, ends=rep.ends, placed=rep.placed, doubt=rep.doubt,
        candidates=rep.candidates, more_candidates=rep.more_candidates,
    )


def unreplayed(hand: r.PlainHand, opener: str | None, points: dict[str, int] | None) -> HandResult:
    return HandResult(
        number=hand.number, line=hand.line, opener=opener, outcome=None, winner=None,
        remaining={}, points=points, score=None, unverified=points is not None, replayed=False,
    )


def _first_mover(hand: r.PlainHand, seats: Seats) -> int | None:
    for s in hand.statements:
        if isinstance(s, r.PlainOpener | r.PlainPlay | r.PlainPass) and s.player in seats.seat:
            return seats.seat[s.player]
    return None


def placed(
    problems: list[Diagnostic], game_number: int, hand: int | None = None
) -> list[Diagnostic]:
    """The diagnostics with their game (and hand) filled in, where not already set."""
    return [
        replace(d, game=game_number, hand=d.hand if d.hand is not None else hand)
        for d in problems
    ]
