"""One hand from its statements to its points: the moves (``hand.py``), how it ended in
each reading (``ending.py``), the count with its ``points`` claim (R13-R16; E504, E507), and
the readings the claims choose (``choose.py``).

A ``points`` claim is checked wherever the engine can recompute or bound the points, and
stands in for them only where it cannot recompute them and the claim is possible.  A claim
found impossible never feeds a count: the hand's points are then unknown (E507).  Unknown
points keep what is known of them, a lower bound and who may have scored them, so that the
game can still bound its totals (``game.py``); and where those bounds leave one value, that
value is known (a tie that the passes force scores nobody).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from .amend import OF_A_MOVE, Amendment, amended, laid_at, slip_at
from .bounds import Bounds, Holding, blocked_bounds, domino_bounds, holdings, open_bounds
from .choose import HandReplay, choose
from .claims import check_points, check_points_bound, claimed_points, implied_points
from .deals import check_deals
from .ending import HandEnd, Stage, judge_ending
from .hand import Replay, Saved, Unread
from .knowledge import Whereabouts
from .order import Stages, by_stage, early_ends
from .players import Seats
from .scoring import Count, blocked, domino
from .unfit import JudgedReading, scored
from .world import World


def replay_hand(hand: r.PlainHand, seats: Seats, expected_opener: int | None,
                before: Sequence[int] | None = None, *, save: bool = False,
                resume: Saved | None = None,
                watch: Callable[[Diagnostic], object] | None = None,
                amendment: tuple[Amendment, ...] = (),
                later: tuple[int, ...] | None = None, setup: SetUp | None = None,
                own_line: bool = True) -> HandReplay:
    """Replay ``hand`` for ``seats``; ``expected_opener`` is the seat the rotation requires
    (R17), None for a first hand, where anyone may open; ``before``: the running totals
    before this hand, when known (a ``score`` line then chooses among readings).  ``save``:
    keep where the readings stood before each play without a side that is judged
    (``HandReplay.saved``); ``resume``: start from one of those of this hand written with
    that play otherwise; ``watch``: shown each problem of a move as it is found, it may
    raise to stop the replay (``retry.py``); ``amendment``: the lines read otherwise, one or
    two, each slip reported at its line (``amend.py``; ``hand.Unread`` when no reading
    allows it);
    ``later``: the points a later hand's ``score`` line gives this one (``later.py``);
    ``own_line``: whether the hand's own ``score`` line chooses among its readings
    (``choose.choose``);
    ``setup``: the hand's lines by stage and its deals, as a replay before found them."""
    if setup is None:  # the usual replay: the hand's lines read here, once
        written, problems = by_stage(hand, seats)
        order = _otherwise(written, amendment, seats)
        dealt, known = _dealt(order, seats)
        problems += dealt
    else:
        written, order, problems, known = setup.read(amendment, seats)
    state, opener = _started(hand, seats, expected_opener, order, problems, known, amendment)
    state.save, state.watch = save, watch
    state.replay(order.late, 0 if resume is None else state.resume(resume))
    readings = [_judged(state, world, order, seats, hand, before) for world in state.worlds]
    chosen = choose(readings, order, seats, before, state.lost, state.slipped, later,
                    own_line)
    problems += chosen.problems
    problems += _mirrors(state.judge.mirrors, chosen.readings)
    kept = chosen.readings
    continued = kept[0].world.continued if len(kept) == 1 else min(
        reading.world.continued for reading in kept)
    if continued:
        problems.extend(early_ends(order, continued))
    # The rotation goes on from whoever laid the opening tile, whatever the opener line
    # said (R17; a move out of turn at the lead is T302, once).
    leaders = {reading.world.leader for reading in kept} - {None}
    if len(leaders) == 1:
        opener = leaders.pop()
    for one in amendment:
        laid = laid_at([x.world.known.played_at for x in kept], one.line)
        problems.append(slip_at(one, written, seats, laid, opener, hand.number))
    return HandReplay(*chosen, opener, order.score, problems, state.saved, order, amendment)


def _started(hand: r.PlainHand, seats: Seats, expected_opener: int | None, order: Stages,
             problems: list[Diagnostic], known: Whereabouts,
             amendment: tuple[Amendment, ...]) -> tuple[Replay, int | None]:
    """The replay of ``hand``'s moves by ``order`` about to start, and its opener."""
    state = Replay(seats, known, order.moves)
    state.problems = problems
    opener = state.open_with(order, hand.number, expected_opener)
    if amendment:
        state.amend = {one.line: one.kind for one in amendment if one.kind in OF_A_MOVE}
        # A slip of the hand's lines, not of a move (a show set aside, or a deal's tile read
        # as another, leaves the tiles the players may hold exact: they still judge the
        # claims):
        state.slipped += [one.line for one in amendment
                          if one.kind not in OF_A_MOVE and one.kind not in _HOLDINGS_EXACT]
    if problems:
        # A deal line found wrong puts the deals in doubt as a move reported puts the
        # moves: a claim no reading allows may be right where another deal line is wrong.
        state.slipped += [d.line for d in problems if d.code in _DEALT_WRONG]
    return state, opener


def kept_before(hand: r.PlainHand, seats: Seats, expected_opener: int | None,
                lines: frozenset[int], setup: SetUp) -> dict[int, Saved]:
    """Where the readings of ``hand`` as written stand just before its moves at ``lines``
    (``Replay.replay``'s ``keep``), for those before its first move reported: a replay of
    the hand with one move read otherwise (``amend.OF_A_MOVE``) starts from the last of
    them at or before that move (``resume``), as the moves before it go as written."""
    _, order, problems, known = setup.read((), seats)
    state, _ = _started(hand, seats, expected_opener, order, problems, known, ())
    state.replay(order.late, keep=lines)
    return state.saved


class SetUp:
    """A hand's statements by stage (``order.by_stage``) and its deals recorded
    (``deals.check_deals``), with the problems of each: worked out once for every way the
    hand is read whose lines by stage are those written (a move read otherwise)."""

    __slots__ = ("dealt", "known", "order", "problems")

    def __init__(self, hand: r.PlainHand, seats: Seats) -> None:
        self.order, self.problems = by_stage(hand, seats)
        self.dealt, self.known = _dealt(self.order, seats)

    def read(self, amendment: tuple[Amendment, ...], seats: Seats
             ) -> tuple[Stages, Stages, list[Diagnostic], Whereabouts]:
        """The hand's lines by stage as written and as ``amendment`` reads them, the
        problems found so far, and the whereabouts with the deals recorded (a copy), for one
        replay."""
        order = _otherwise(self.order, amendment, seats)
        if order is self.order:
            return self.order, order, [*self.problems, *self.dealt], self.known.copy()
        dealt, known = _dealt(order, seats)
        return self.order, order, [*self.problems, *dealt], known


def _dealt(order: Stages, seats: Seats) -> tuple[list[Diagnostic], Whereabouts]:
    """The whereabouts of the tiles with the hand's deals recorded
    (``deals.check_deals``), and their problems."""
    known = Whereabouts.for_players(len(seats.names))
    return check_deals(order.deals, seats, known, order), known


def _otherwise(written: Stages, amendment: tuple[Amendment, ...], seats: Seats) -> Stages:
    """The hand's lines by stage as ``amendment`` reads them (``amend.amended``)."""
    order = written
    for one in amendment:
        if one.kind == "swapped" and not any(m.line > one.line for m in written.moves):
            raise Unread(one.line)  # a pair swapped back: its second line is no line after
        order = amended(order, one, seats)
    return order


#: The lines read otherwise that leave what each player may hold exact: a show set aside, a
#: deal's tile read as another.
_HOLDINGS_EXACT = frozenset({"unshown", "misdealt"})

#: The codes of a deal line that cannot be as written (R2, R3).
_DEALT_WRONG = frozenset({"D201", "D202"})


def _mirrors(mirrors: dict[int, Diagnostic], kept: list[JudgedReading]) -> list[Diagnostic]:
    """The P404s of plays without a side on two ends of one value (``MoveJudge.mirrors``)
    whose mirror readings give the hand different figures: how it ended, who won, the
    points or anybody's pips."""
    if not mirrors or len(kept) < 2:
        return []
    return [problem for line, problem in mirrors.items() if _differ_at(kept, line)]


def _differ_at(kept: list[JudgedReading], line: int) -> bool:
    """Whether readings that differ only in the choice made at ``line`` give the hand
    different figures."""
    figures: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
    for x in kept:
        elsewhere = tuple(choice for choice in x.world.choices if choice[0] != line)
        figures.setdefault(elsewhere, set()).add((
            x.ending.outcome, x.winner, None if x.points is None else tuple(x.points),
            x.remaining))
    return any(len(found) > 1 for found in figures.values())


class _Tally:
    """A reading's count as ``_count`` makes it: the fields of its ``JudgedReading``, each
    set as the count finds it, then frozen once (``judged``)."""

    __slots__ = ("bounds", "claimed", "count", "points", "problems", "remaining",
                 "unverified", "winner")

    def __init__(self, ending: HandEnd) -> None:
        self.problems: list[tuple[Stage, Diagnostic]] = list(ending.problems)
        self.points: tuple[int, ...] | None = None
        self.winner = ending.winner
        self.remaining: tuple[int | None, ...] = ending.remaining
        self.count: Count | None = None
        self.bounds: Bounds | None = None
        self.claimed: tuple[int, ...] | None = None
        self.unverified = False

    def bounded(self) -> Bounds:
        return scored(self.points, self.winner, self.bounds)

    def judged(self, world: World, ending: HandEnd) -> JudgedReading:
        return JudgedReading(world, ending, tuple(self.problems), self.points, self.winner,
                             self.remaining, self.count, self.bounds, self.claimed,
                             self.unverified)


def _judged(state: Replay, world: World, order: Stages, seats: Seats, hand: r.PlainHand,
            totals: Sequence[int] | None) -> JudgedReading:
    """One reading judged to its end: how it ended, what it scores, and its problems
    (``totals``: the running totals before the hand, when known)."""
    ending = judge_ending(state, world, order, seats, hand.number)
    # A reading that rests on a slip read at some line (or an illegal pass) may have read it
    # wrong: what it leaves the players to hold is then only roughly right.
    exact = not state.slipped and not world.repairs and not world.illegal_passes
    blocked = ending.if_blocked
    if blocked is not None:
        tally = _Tally(blocked)
        _count(tally, blocked, order.points, seats, hand, world.known, True, totals,
               order.score, exact)
        if _belied(tally, order.score, totals, seats):
            return tally.judged(world, blocked)
    tally = _Tally(ending)
    _count(tally, ending, order.points, seats, hand, world.known, bool(order.moves),
           totals, order.score, exact)
    return tally.judged(world, ending)


def _belied(tally: _Tally, score: r.PlainScore | None, totals: Sequence[int] | None,
            seats: Seats) -> bool:
    """Whether a hand's ``points`` claim, or the points its ``score`` line implies, cannot
    be the count of a block the passes R8 forces after moves that stop short (``tally``).
    Such a block rests on a hidden player's pass, which may have been her last tile: it
    is read only to show that the record holds a slip, and states nothing otherwise."""
    if any(stage == ("points", 0) for stage, _ in tally.problems):
        return True
    implied = implied_points(score, totals, seats.names)
    return implied is not None and not tally.bounded().allows(implied)


def _count(
    tally: _Tally, ending: HandEnd, claim: r.PlainPoints | None, seats: Seats, hand: r.PlainHand,
    known: Whereabouts, moved: bool, totals: Sequence[int] | None = None,
    score: r.PlainScore | None = None, exact: bool = True,
) -> None:
    """The hand's points in one reading (R13-R16) and the check of its ``points`` claim.

    Where some pips are unknown, the tiles each player may hold bound them, narrowed by
    what the passes tell (``bounds.holdings``).  A claim that only those passes belie is
    not overruled: the passes may hold the slip (a play written as a pass tells of tiles
    the player did have), so the claim is reported as not fitting them, and the figures
    they alone would force are not stated; nor where the ``score`` line (``score``) implies
    other points (``implied_points``, the running totals before the hand being
    ``totals``) and the tiles without the passes allow them: the line is
    then reported as not fitting the passes (E505), as such a claim is (E504).  ``exact``:
    the reading rests on no slip read otherwise, so a claim (or a ``score`` line) between
    the bounds that no tiles make is belied; after a slip, only the bounds judge it
    (``_trusted``)."""
    remaining = ending.remaining
    if None not in remaining and _counted(tally, ending, claim, seats, remaining):
        return
    counts = [
        (held, held) if moved else (0 if seat == ending.winner else 1, seats.each)
        for seat, held in enumerate(seats.each - h.placed for h in known.holders)
    ]
    held, narrowed = holdings(known, counts, remaining)
    before = list(tally.problems)
    wrong = _bounded(tally, ending, claim, seats, held, hand, exact)
    implied = implied_points(score, totals, seats.names) if (
        narrowed and wrong is None and claim is None) else None
    if (implied is not None and tally.points is not None
            and tuple(tally.points) != implied):
        assert score is not None  # ``implied`` comes from it
        _unless_plain(tally, ending, seats, hand,
                      holdings(known, counts, remaining, False)[0], implied, score, exact)
        return
    if wrong is None or not narrowed:
        return
    plain = _Tally(ending)
    plain.problems = list(before)
    if _bounded(plain, ending, claim, seats, holdings(known, counts, remaining, False)[0],
                hand, exact) is not None:
        return  # the claim is wrong whatever the passes tell
    # Only the passes belie the claim: say so, and state nothing they alone would force.
    tally.remaining = remaining
    rest = [found for found in tally.problems[len(before):] if found[0][0] == "rest"]
    tally.problems = [*before, *rest, (("points", 0), diagnostic(
        "E504", wrong.line, wrong.column,
        "if_passes_legal",
        problem=wrong.message, claim=wrong.message.args.get("claim", ""),
    ))]
    tally.points = tally.count = None
    tally.winner = ending.winner  # who went out, if anyone: the passes do not tell that
    tally.claimed, tally.bounds, tally.unverified = plain.claimed, plain.bounds, False


def _unless_plain(tally: _Tally, ending: HandEnd, seats: Seats, hand: r.PlainHand,
                  plain: list[Holding],
                  implied: tuple[int, ...], score: r.PlainScore, exact: bool = True) -> None:
    """Points only the passes force, which the ``score`` line contradicts: where the tiles
    without the passes allow what the line implies, the points are not stated, and the
    line is reported as resting on the passes (E505, once: the totals it gives are then
    not judged again, ``totals.py``)."""
    check = _Tally(ending)
    forced = tuple(f"{name} {points}" for name, points in zip(
        seats.names, tally.points or (), strict=False))
    _bounded(check, ending, None, seats, plain, hand, exact)
    if check.points is not None:
        return  # the tiles force them whatever the passes tell
    bounds = check.bounded()
    if not bounds.allows(implied):
        return
    tally.remaining = ending.remaining  # nothing the passes alone force
    tally.points = tally.count = None
    tally.winner = ending.winner
    tally.bounds = bounds
    tally.problems.append((("points", 0), diagnostic(
        "E505", score.line, score.column,
        "passes_disagree",
        claim=tuple(f"{e.player} {e.total}" for e in score.entries), forced=forced)))


def _bounded(tally: _Tally, ending: HandEnd, claim: r.PlainPoints | None, seats: Seats,
             held: list[Holding], hand: r.PlainHand, exact: bool = True) -> Diagnostic | None:
    """The count from what each player may hold (``held``), known where it leaves one
    value, else bounded; the claim checked against it, standing in where it cannot be
    checked but is possible, else E507.  Returns the claim's problem (E504), if any."""
    n = len(seats.names)
    remaining = ending.remaining
    outcome, winner = ending.outcome, ending.winner
    if outcome in ("domino", "blocked") and all(
            h.low == h.high and seat not in ending.bad_shows
            for seat, (h, p) in enumerate(zip(held, remaining, strict=True)) if p is None):
        # What each player may hold leaves one number of pips: they are known (R13), but
        # not for a player whose show the record belies (E502).
        forced: list[int | None] = [h.low if p is None else p
                                    for h, p in zip(held, remaining, strict=True)]
        before = len(tally.problems)
        if _counted(tally, ending, claim, seats, forced):
            tally.remaining = tuple(forced)
            found = [d for _, d in tally.problems[before:]]
            return found[0] if found else None
    if outcome == "domino" and winner is not None:
        bounds = domino_bounds(winner, held)
    elif outcome == "blocked":  # a tie matters to ``points none``, or once bounds are kept
        bounds = blocked_bounds(held, ties=claim is None or claim.player is None)
    else:
        bounds = open_bounds(held, final=not any(  # a count: what each held at the end
            isinstance(s, (r.PlainPlay, r.PlainPass)) for s in hand.statements))
    if outcome == "blocked" and claim is not None and claim.player is not None and _single(
            bounds):
        bounds = blocked_bounds(held)  # whether a tie is possible decides: one value left?
    tally.bounds = bounds = _trusted(bounds, exact)
    if outcome == "unfinished" or (outcome is None and any(
            stage == ("outcome", 0) for stage, _ in tally.problems)):
        return None  # no count: the hand goes on, or the moves and its claim disagree (E503)
    problem = None
    if claim is not None:
        problem = check_points_bound(claim, bounds, winner, seats.names)
        if problem is not None:
            tally.problems.append((("points", 0), problem))
            tally.claimed = claimed_points(claim, seats.seat, n)
            if outcome == "blocked":
                tally.bounds = bounds = _trusted(blocked_bounds(held), exact)
    forced_points = _forced(bounds, n)
    if forced_points is not None:  # what the tiles allow leaves one value: it is known
        tally.points, tally.winner = forced_points
    elif claim is not None and problem is None:
        # The claim stands in for what cannot be recomputed.
        tally.points = claimed_points(claim, seats.seat, n)
        tally.unverified = True
        if winner is None and claim.player is not None:
            tally.winner = seats.seat[claim.player]
    else:
        unknown = tuple(
            seats.names[seat] for seat, pips_left in enumerate(remaining)
            if pips_left is None and (claim is not None or seat not in ending.bad_shows)
        )
        if unknown:
            tally.problems.append((("rest", 0), diagnostic(
                "E507", hand.line, hand.column,
                "not_recomputed",
                number=hand.number, players=unknown,
            )))
    return problem


def _trusted(bounds: Bounds, exact: bool) -> Bounds:
    """``bounds`` as far as the reading is trusted: after a slip read at some line (not
    ``exact``), only the least and the most each player can score, not which points between
    them the tiles make, since what the reading leaves the players to hold rests on it."""
    return bounds if exact or not bounds.made else Bounds(bounds.scorers, bounds.nobody)


def _counted(tally: _Tally, ending: HandEnd, claim: r.PlainPoints | None, seats: Seats,
             remaining: Sequence[int | None]) -> bool:
    """Count the hand from every player's pips (``remaining``, all known: R13-R15), and
    check its ``points`` claim; False for a hand that did not end (no count)."""
    known = [p for p in remaining if p is not None]
    outcome, winner = ending.outcome, ending.winner
    if outcome == "domino" and winner is not None:
        count = domino(winner, known)
    elif outcome == "blocked":
        count = blocked(known)
    else:
        return False
    tally.points, tally.winner, tally.count = count.points, count.winner, count
    if claim is not None:
        problem = check_points(claim, count, seats.seat, seats.names, known)
        if problem is not None:
            tally.problems.append((("points", 0), problem))
            tally.claimed = claimed_points(claim, seats.seat, len(seats.names))
    return True


def _single(bounds: Bounds) -> bool:
    """Whether one player alone can have scored, a single number of points."""
    scorers = bounds.scorers
    return len(scorers) == 1 and len(set(next(iter(scorers.values())))) == 1


def _forced(bounds: Bounds, seats: int) -> tuple[tuple[int, ...], int | None] | None:
    """The points, and who scored them, when the bounds leave one value: nobody can have
    scored (a tie the tiles force, R15), or one player can, a single number of points,
    and nobody else or nobody at all cannot."""
    scorers = bounds.scorers
    if not scorers:
        return (0,) * seats, None
    if len(scorers) == 1 and not bounds.nobody:
        ((seat, (low, high)),) = scorers.items()
        if low == high:
            return tuple(low if s == seat else 0 for s in range(seats)), seat
    return None
