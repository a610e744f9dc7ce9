"""The course of a game, hand by hand: where it stands between two hands (``Course``), and
one hand replayed after it (``step``): the rotation of the opener (R17), the running totals
with the hand's ``score`` line (E505), the status after it (R18), and a hand recorded after
the game was decided (E506).  ``game.py`` steps through every hand in turn; ``retry.py``
steps through one hand again, written another way, from where the game stood before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from ..basics.diagnostics import N_, Diagnostic, Message, diagnostic
from ..reading import plain as r
from ..report.values import HandResult, Status
from .amend import Amendment, amendments, described, hedged
from .bounds import unbounded
from .candidates import candidates
from .choose import HandReplay, joined
from .claims import claimed_points
from .hand import Unread
from .hand_replay import replay_hand
from .hands import Hands
from .later import later_points
from .order import Stages
from .players import Seats
from .totals import Totals
from .unfit import Reading

if TYPE_CHECKING:
    from .hand import Saved


@dataclass(slots=True)
class Course:
    """Where a game stands between two hands: the totals, the status and winner after the
    hands so far, the number of the hand after which that status was reached, and the seat
    that opened the last hand replayed (the next one opens after it, R17)."""

    totals: Totals
    status: Status | None = "in_progress"
    winner: int | None = None
    decided_after: int = 0
    previous: int | None = None

    def copy(self) -> Course:
        return Course(self.totals.copy(), self.status, self.winner, self.decided_after,
                      self.previous)

    def same(self, other: Course) -> bool:
        """Whether the game stands the same in both: the rest of it goes the same way."""
        return (self.status, self.winner, self.decided_after, self.previous) == (
            other.status, other.winner, other.decided_after, other.previous) and (
            self.totals.key() == other.totals.key())


@dataclass(frozen=True, slots=True)
class Before:
    """A hand as one replay of its game left it, kept to be tried written another way
    (``retry.py``) or taken as it is by the next replay (``Keep.again``): its game, its
    place in it, where the game stood before it, its diagnostics and result, and what it
    added to the totals and the rotation (``given``, None when it was not replayed);
    ``saved``: where its readings stood before each play written without a side
    (``hand.Saved``).  The one after the last hand (``k`` past them) holds where the game
    stood at its end."""

    game: Hands
    k: int
    course: Course
    found: tuple[Diagnostic, ...] = ()
    result: HandResult | None = None
    given: tuple[object, ...] | None = None
    saved: dict[int, Saved] = field(default_factory=dict)


class Keep(Protocol):
    """What the replay of a game keeps (``kept``: every hand, and the game's end), and what
    it may take from the last replay of the same game (``again``): hand ``k`` as that
    replay left it.  A hand taken again is one written the same, after the game stood the
    same."""

    def kept(self, at: Before) -> None: ...

    def again(self, k: int) -> Before | None: ...


def given(rep: HandReplay, hand: r.Hand, last: bool) -> tuple[object, ...]:
    """What a replayed hand adds to its game: its number (the game's status is reached
    after it), its opener, and what ``_count_in`` adds to the totals.  Two hands that give
    the same leave the rest of the game the same."""
    if rep.points is not None:
        return hand.number, rep.opener, rep.points, rep.claimed
    return (hand.number, rep.opener, None, rep.outcome == "unfinished" and last, rep.bounds,
            rep.claimed)


def step(game: Hands, course: Course, k: int, hand: r.Hand, keep: Keep | None = None,
         resume: Saved | None = None, watch: Callable[[Diagnostic], object] | None = None,
         ) -> tuple[list[Diagnostic], HandResult, HandReplay | None]:
    """Hand ``k`` of ``game`` (``hand``: as written, or written another way, its moves
    replayed from ``resume`` on, each problem of a move shown to ``watch``), after where
    the game stands (``course``, moved on past it): replayed, or not (a syntax error in it,
    or after the game was decided, E506); the rotation (R17), the totals and the status
    after it (R18).  Its diagnostics, its result, and its replay."""
    seats = game.seats
    expected = None if course.previous is None else (course.previous + 1) % len(seats.names)
    before = course.copy() if keep is not None else None
    rep = None
    found: list[Diagnostic] = []
    if course.status not in ("in_progress", None):
        late = _after_the_end(hand, seats, course.totals, game.target, course.decided_after)
        found = placed([late], game.number, hand.number)
        result = unreplayed(hand, None, None)
    else:
        if game.bad and game.bad.any_in(hand.line, game.ends[k]):
            result, course.previous = _damaged(hand, seats, expected, course.totals)
        else:
            last = k == len(game.hands) - 1
            rep, found, after = _replayed(hand, seats, expected, course.totals, last,
                                          keep is not None, resume, watch)
            rep, found, course.totals = _settled_later(
                game, k, (rep, found, after), course.totals, expected, keep is not None,
                resume, watch)
            if rep.outcome == "unfinished" and not last and any(d.is_error for d in found):
                # A hand another follows did end: read as stopping early after a slip, how
                # it ended is not known (the slip may hide its last moves).
                rep.outcome = rep.winner = None
            course.previous = rep.opener
            result = _hand_result(hand, rep, seats, course.totals)
            if found:
                found = placed(found, game.number, hand.number)
        course.status, course.winner = course.totals.status(game.target)
        course.decided_after = hand.number
    if keep is not None and before is not None:
        keep.kept(Before(game, k, before, tuple(found), result,
                         None if rep is None else given(rep, hand, k == len(game.hands) - 1),
                         {} if rep is None else rep.saved))
    return found, result, rep


def _settled_later(game: Hands, k: int, done: Replayed, totals: Totals, expected: int | None,
                   save: bool, resume: Saved | None,
                   watch: Callable[[Diagnostic], object] | None) -> Replayed:
    """Hand ``k`` replayed (``done``) again with the points the next ``score`` line gives
    it (``later.py``), when its readings disagree on them, it has no ``score`` line of its
    own, the totals before it (``totals``) are known and those points are one candidate's:
    that replay, when it gives the hand those points; else ``done``."""
    rep = done[0]
    before = totals.exact
    if rep.points is not None or rep.score is not None or before is None or (
            len(rep.candidates) < 2 or rep.more_candidates):
        return done
    later = later_points(game, k, rep.opener, before)
    names = game.seats.names
    if later is None or sum(c.points is not None and tuple(c.points[name] for name in names)
                            == later for c in rep.candidates) != 1:
        return done
    hand = game.hands[k]
    again = _replayed(hand, game.seats, expected, totals, k == len(game.hands) - 1, save,
                      resume, watch, later)
    return again if again[0].points is not None and tuple(again[0].points) == later else done


Replayed = tuple[HandReplay, list[Diagnostic], Totals]
"""A hand replayed: its replay, its diagnostics, and the totals after it."""


def _replayed(hand: r.Hand, seats: Seats, expected: int | None, totals: Totals, last: bool,
              save: bool, resume: Saved | None,
              watch: Callable[[Diagnostic], object] | None,
              later: tuple[int, ...] | None = None) -> Replayed:
    """Hand ``hand`` replayed after ``totals`` (``_taken``), its move problems then shown to
    ``watch``: those of the way of reading it taken, which may be other than the record
    as written, so that a hand tried written otherwise (``retry.py``) is judged as the
    replay of its whole game would judge it."""
    done = _taken(hand, seats, expected, totals, last, save, resume, later)
    if watch is not None:
        for problem in done[1]:
            if problem.is_error and problem.code[0] in "PT":
                watch(problem)
    return done


def _taken(hand: r.Hand, seats: Seats, expected: int | None, totals: Totals, last: bool,
           save: bool, resume: Saved | None, later: tuple[int, ...] | None) -> Replayed:
    """Hand ``hand`` replayed after ``totals``, and the totals after it: as written, or,
    when that finds errors, with the line read otherwise (``amend.py``) that costs the
    fewest slips, each way of reading it that costs as few kept (``choose.joined``).  Its
    replay, its diagnostics (its ``score`` line's among them) and the totals after it.
    ``resume``: where the record as written is replayed from (``hand.Saved``); ``later``:
    the points a later ``score`` line gives the hand (``_settled_later``), which choose
    among its readings and its ways of reading as its own ``score`` line would."""
    rep = replay_hand(hand, seats, expected, totals.exact, save=save, resume=resume,
                      later=later)
    after = totals.copy()
    found = rep.diagnostics + _count_in(rep, hand, seats, after, last=last)
    cost = _cost(found)
    order = rep.stages
    if not _slipped(found) or order is None:
        _with_candidates(rep, [(None, rep.readings)], order, seats)
        return rep, found, after
    takes: list[Take] = [(rep, found, after, None)]
    hidden = frozenset(seat for seat, holder in enumerate(
        rep.readings[0].world.table.holders) if holder.deal is None)
    for amendment in amendments(order, seats, hidden, found, rep.ends):
        try:
            other = replay_hand(hand, seats, expected, totals.exact, amendment=amendment,
                                watch=_costing(cost), later=later)
        except (Unread, _TooCostly):
            continue
        trial = totals.copy()
        tried = other.diagnostics + _count_in(other, hand, seats, trial, last=last)
        if _cost(tried) < cost:
            takes, cost = [], _cost(tried)
        if _cost(tried) == cost:
            takes.append((other, tried, trial, amendment))
    takes = _chosen(takes, later)
    if len(takes) > 1 and _alike(takes):  # no figure depends on which: the one that says most
        takes = [min(takes, key=_foremost(takes))]
    if len(takes) == 1:
        rep, found, after, chosen = takes[0]
        _with_candidates(rep, [(chosen, rep.readings)], order, seats)
        return rep, found, after
    lines = [d.line for take in takes for d in take[1] if d.is_error]
    both = joined([take[0] for take in takes], len(seats.names), lines)
    after = totals.copy()
    _count_in(both, hand, seats, after, last=last)
    _with_candidates(both, [(take[3], take[0].readings) for take in takes], order, seats)
    return both, _hedged(takes, order, seats), after


def _with_candidates(rep: HandReplay, sources: list[tuple[Amendment | None, list[Reading]]],
                     order: Stages | None, seats: Seats) -> None:
    """The candidate points of a hand whose readings disagree on them
    (``candidates.py``)."""
    if rep.points is None and order is not None and (
            len(sources) > 1 or len(sources[0][1]) > 1):
        rep.candidates, rep.more_candidates = candidates(sources, order, seats)


Take = tuple[HandReplay, list[Diagnostic], Totals, "Amendment | None"]
"""A way of reading a hand: its replay, its diagnostics, the totals after it, and the line
it reads otherwise (None: the record as written)."""


def _hedged(takes: list[Take], order: Stages, seats: Seats) -> list[Diagnostic]:
    """The diagnostics of the way of reading a hand that says best where the slip is
    (``_foremost``), each error the others do without said with them."""
    takes = sorted(takes, key=_foremost(takes))
    out = []
    for problem in takes[0][1]:
        if not problem.is_error:
            out.append(problem)
            continue
        without = tuple(_words(amendment, found, order, seats)
                        for _, found, _, amendment in takes[1:]
                        if not any((d.code, d.line) == (problem.code, problem.line)
                                   for d in found))
        out.append(hedged(problem, without[:5]) if without else problem)
    return out


#: Amendments whose slip shows as moves out of turn, elsewhere than where it was made: of
#: the ways of reading a hand that cost as many slips, theirs says where.
_STRUCTURAL = frozenset({"dropped", "swapped", "named", "no_opener"})


def _foremost(takes: list[Take]) -> Callable[[Take], tuple[int, int]]:
    """How ways of reading a hand that cost as many slips are ranked for the report: a line
    read otherwise where the record as written first breaks a rule says more than the rule
    broken there, as does a line written twice, two lines swapped, a first move's name or an
    opener line; then the record as written; then the other lines read otherwise, earliest
    first."""
    written = next((take[1] for take in takes if take[3] is None), None)
    first = None if written is None else _first_error(written)

    def rank(take: Take) -> tuple[int, int]:
        amendment = take[3]
        if amendment is None:
            return 1, 0
        if amendment.kind in _STRUCTURAL or amendment.line == first:
            return 0, amendment.line
        return 2, amendment.line

    return rank


def _first_error(found: list[Diagnostic]) -> int:
    return min((d.line for d in found if d.is_error), default=0)


def _words(amendment: Amendment | None, found: list[Diagnostic], order: Stages, seats: Seats
           ) -> Message:
    """What a way of reading a hand reads the record as, in words."""
    if amendment is not None:
        return described(amendment, order, seats)
    return Message(N_("the slip is at line {line}, where the record as written first breaks "
                      "a rule"), {"line": _first_error(found)})


def _alike(takes: list[Take]) -> bool:
    """Whether ways of reading a hand give it the same figures: how it ended, who won, the
    points, each player's pips, and what bounds the points when they are unknown."""
    figures = {(rep.outcome, rep.winner, None if rep.points is None else tuple(rep.points),
                tuple(rep.remaining), repr(rep.bounds), rep.claimed, rep.unverified)
               for rep, _, _, _ in takes}
    return len(figures) == 1


def _chosen(takes: list[Take], later: tuple[int, ...] | None = None) -> list[Take]:
    """Of ways of reading a hand that cost as many slips, those the claims choose: the ones
    that give the points a later ``score`` line gives the hand (``later``), if any; of
    those, the ones that find fewer claims and shows wrong, where the points they give are
    worked out from the tiles (a claim that stands in for them confirms nothing); else
    every one."""
    if later is not None:
        takes = [take for take in takes if take[0].points is not None and tuple(
            take[0].points) == later] or takes
    fewest = min(_claimed(take[1]) for take in takes)
    agreed = [take for take in takes if _claimed(take[1]) == fewest]
    if len(agreed) < len(takes) and any(take[3] is not None and take[3].legal
                                        for take in agreed):
        return takes  # a claim written wrong, or a legal play: one slip each, either may be
    if all(take[0].points is not None and not take[0].unverified for take in agreed):
        return agreed
    return takes


class _TooCostly(Exception):
    """A way of reading a hand that costs more slips than one found before."""


def _cost(found: list[Diagnostic]) -> tuple[int, int]:
    """How many slips a way of reading a hand costs: its errors other than a side left out
    where the tile fits both ends (P404), then those.  A side left out is no line written
    wrong: a way that reads another line otherwise to do without one is no cheaper, but of
    two ways with as many slips, the one with fewer sides left out is."""
    sides = sum(d.is_error and d.code == "P404" for d in found)
    return sum(d.is_error for d in found) - sides, sides


def _slipped(found: list[Diagnostic]) -> bool:
    """Whether the hand as written has a slip some line read otherwise may mend: an error
    other than a side left out where the tile fits both ends (P404 alone: the hand is read
    each way, as written)."""
    return any(d.is_error and d.code != "P404" for d in found)


def _claimed(found: list[Diagnostic]) -> int:
    """How many claims and shows a way of reading a hand finds wrong."""
    return sum(d.is_error and d.code in _CLAIMED for d in found)


#: The codes of a claim or a show that the moves, as read, do not reach.
_CLAIMED = frozenset({"E502", "E503", "E504", "E505"})


def _costing(best: tuple[int, int]) -> Callable[[Diagnostic], object]:
    """A watch of a hand's move problems that stops its replay once they cost more than
    ``best`` slips with the line read otherwise."""
    count = [1]

    def watch(problem: Diagnostic) -> None:
        if problem.is_error and problem.code != "P404":
            count[0] += 1
            if count[0] > best[0]:
                raise _TooCostly

    return watch


def replay_hands(game: Hands, course: Course, keep: Keep | None
                 ) -> tuple[list[Diagnostic], list[HandResult], Course]:
    """Each hand of ``game`` in turn (``step``), from where it stands (``course``); with
    ``keep``, a hand that the last replay left written the same, after the game stood the
    same, is taken as it left it rather than replayed.  The diagnostics, the results and
    where the game stands at its end."""
    problems: list[Diagnostic] = []
    results: list[HandResult] = []
    same = True  # the game stands as it stood in the last replay (when there is one)
    behind: Before | None = None  # where it stands, when ``course`` was left behind
    count = len(game.hands)
    for k, hand in enumerate(game.hands):
        last = keep.again(k) if keep is not None and same else None
        after = keep.again(k + 1) if keep is not None and last is not None else None
        if keep is not None and last is not None and after is not None and (
                last.result is not None and last.game.hands[k] == hand):
            problems += last.found
            results.append(last.result)
            keep.kept(replace(last, game=game))
            behind = after
            continue
        if behind is not None:
            course, behind = behind.course.copy(), None
        found, result, rep = step(game, course, k, hand, keep)
        problems += found
        results.append(result)
        same = last is not None and last.given == (
            None if rep is None else given(rep, hand, k == count - 1))
    if behind is not None:
        course = behind.course.copy()
    if keep is not None:
        keep.kept(Before(game, count, course.copy()))
    return problems, results, course


def _count_in(
    rep: HandReplay, hand: r.Hand, seats: Seats, totals: Totals, last: bool
) -> list[Diagnostic]:
    """Add a replayed hand's points to the totals, and check its ``score`` line (E505).  A
    record that stops in its last hand keeps the totals before it, but that hand's score
    line, if any, is judged with its points unknown.  Where a ``points`` claim stands in for
    points the record cannot recompute and the ``score`` line gives the hand other points
    the tiles allow, one of the two claims holds the slip: the points are left unknown."""
    judged = totals
    disputed = None if not rep.unverified or rep.points is None or rep.score is None else (
        totals.disputed(rep.score, rep.points, rep.bounds or unbounded(len(seats)),
                        seats.names))
    if disputed is not None:
        rep.points, rep.unverified, rep.claimed = None, False, None
        if rep.outcome != "domino":
            rep.winner = None  # the claim named them; the moves do not
        totals.add_unknown(hand.number, rep.bounds or unbounded(len(seats)))
        return [disputed]
    if rep.points is not None:
        totals.add(rep.points, rep.claimed)
    elif rep.outcome == "unfinished" and last:
        judged = totals.copy()
        judged.add_unknown(hand.number, rep.bounds or unbounded(len(seats)))
    else:
        totals.add_unknown(hand.number, rep.bounds or unbounded(len(seats)), rep.claimed)
    if rep.score is None:
        return []
    problem = judged.check(rep.score, seats.names)
    return [] if problem is None else [problem]


def _after_the_end(
    hand: r.Hand, seats: Seats, totals: Totals, target: int, last: int
) -> Diagnostic:
    """E506 for a hand recorded after the game was decided (R18)."""
    exact = totals.exact
    if exact is not None:
        leader = max(exact)
        leaders = [seat for seat, total in enumerate(exact) if total == leader]
        if len(leaders) == 1:
            decided = Message(N_("{winner} won with {total}"),
                              {"winner": seats.names[leaders[0]], "total": leader})
        else:
            decided = Message(N_("it was drawn at {total}"), {"total": leader})
    else:
        lows = [totals.lowest(seat) for seat in range(len(seats))]
        top = max(lows)
        decided = Message(
            N_("{player} had at least {total} (whatever the unknown points were)"),
            {"player": seats.names[lows.index(top)], "total": top},
        )
        if top < target:  # only one player scores in a hand: one of them has reached it
            decided = Message(
                N_("one of {players} had reached the target (whatever the unknown points "
                   "were)"),
                {"players": tuple(seats.names[s] for s in totals.reachers(target))},
            )
    return diagnostic(
        "E506", hand.line, hand.column,
        N_("hand {number} comes after the game was decided: {decided} after hand "
           "{last}, and the target is {target} (R18)"),
        number=hand.number, decided=decided, last=last, target=target,
    )


def _damaged(
    hand: r.Hand, seats: Seats, expected: int | None, totals: Totals
) -> tuple[HandResult, int | None]:
    """A hand with a syntax error: not replayed; its points claim, if it could be read and is
    the only one, stands in unverified.  Returns its result and its opener."""
    n = len(seats)
    opener = _first_mover(hand, seats)
    opener = expected if opener is None else opener
    claims = [s for s in hand.statements if isinstance(s, r.Points)]
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


def _hand_result(hand: r.Hand, rep: HandReplay, seats: Seats, totals: Totals) -> HandResult:
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


def unreplayed(hand: r.Hand, opener: str | None, points: dict[str, int] | None) -> HandResult:
    return HandResult(
        number=hand.number, line=hand.line, opener=opener, outcome=None, winner=None,
        remaining={}, points=points, score=None, unverified=points is not None, replayed=False,
    )


def _first_mover(hand: r.Hand, seats: Seats) -> int | None:
    for s in hand.statements:
        if isinstance(s, r.Opener | r.Play | r.Pass) and s.player in seats.seat:
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
