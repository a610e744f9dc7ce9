"""The claims choose among the readings of a hand, and only what they agree on is stated.

After a slip the moves may leave several readings of a hand (``world.py``), each judged to
its end (``ending.py``, ``hand_replay.py``).  The claims written at the end are then taken
in the order written into the record's end: each ``show`` line, the ``domino``/``blocked``
claim, the ``points`` claim, and the ``score`` line (when the totals before the hand are
known).  A claim that some readings agree with confirms them: the others are dropped, and
the claim is not reported.  Only a claim that no reading agrees with is wrong, and reported
once; when the readings left disagree on what it should have said, the message says so
rather than choosing one.

What no claim settles is reported only when every reading left has it: a hand that stops
before it is over (E501), points that cannot be worked out (E507), and the illegal passes a
reading implies (P405, P407).  A figure the readings left agree on is known: how the hand
ended, who won it, each player's remaining pips, its points.  One they disagree on is
unknown (None), and ``doubt`` names the lines of the slips whose readings disagree; unknown
points keep bounds that cover every reading, so that the game still bounds its totals.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from ..report.values import Candidate, Outcome
from .amend import Amendment
from .bounds import Bounds, unbounded
from .chain import Side
from .claims import claimed_points, implied_points
from .ending import Stage
from .order import Stages
from .players import Seats
from .tiles import Tile
from .unfit import JudgedReading, diverging, reported

if TYPE_CHECKING:
    from .hand import Saved

T = TypeVar("T")


class Choice(NamedTuple):
    """What the claims chose among a hand's readings (``choose``), and the figures the
    readings kept agree on: the first fields of the hand's ``HandReplay``, in its order.

    ``ends`` and ``placed``: the chain's ends after each move, and each tile laid with its
    side, where the readings agree.  ``bounds``: when the points are not known, who may
    have scored them and how many.  ``claimed``: the points of a ``points`` claim found
    wrong (a ``score`` line that carries them is the same slip, ``totals.py``).  ``doubt``:
    the lines of the slips whose readings disagree on the figures left unknown."""

    readings: list[JudgedReading]
    problems: list[Diagnostic]
    ends: dict[int, tuple[int, int]]
    placed: dict[int, tuple[Tile, Side | None]]
    outcome: Outcome | None = None
    winner: int | None = None
    remaining: tuple[int | None, ...] = ()
    points: tuple[int, ...] | None = None
    bounds: Bounds | None = None
    claimed: tuple[int, ...] | None = None
    unverified: bool = False
    settled: bool = False
    doubt: tuple[int, ...] = ()


class HandReplay(NamedTuple):
    """What the replay of one hand found: a ``Choice``'s fields (the readings the claims
    chose and the figures they agree on; ``game.py`` adds the running totals), then the
    replay's own.  Built once, and immutable: a later stage that knows more (a later
    ``score`` line, the candidates) makes a new one (``_replace``).

    ``opener``, ``score`` (the hand's ``score`` line) and ``diagnostics`` are the replay's
    (``hand_replay.py``); ``saved``: where the readings stood before plays without a side
    (``hand.Saved``); ``stages``: the hand's statements by stage, as replayed;
    ``read_otherwise``: the lines the replay read otherwise than written (``amend.py``);
    ``candidates``: the points the readings give, where they disagree
    (``candidates.py``)."""

    readings: list[JudgedReading]
    problems: list[Diagnostic]
    ends: dict[int, tuple[int, int]]
    placed: dict[int, tuple[Tile, Side | None]]
    outcome: Outcome | None
    winner: int | None
    remaining: tuple[int | None, ...]
    points: tuple[int, ...] | None
    bounds: Bounds | None
    claimed: tuple[int, ...] | None
    unverified: bool
    settled: bool
    doubt: tuple[int, ...]
    opener: int | None
    score: r.PlainScore | None
    diagnostics: Sequence[Diagnostic]
    saved: Mapping[int, Saved]
    stages: Stages | None
    read_otherwise: tuple[Amendment, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    more_candidates: int = 0


def choose(readings: list[JudgedReading], order: Stages, seats: Seats,
           before: Sequence[int] | None, lost: bool, slipped: Sequence[int],
           later: tuple[int, ...] | None = None, own_line: bool = True) -> Choice:
    """Let the claims choose among ``readings`` (see the module doc); ``before``: the
    running totals before the hand, when known; ``lost``: some readings were dropped, so
    that agreement among those left proves nothing; ``slipped``: the lines of the moves
    reported in this hand; ``later``: the points a later hand's ``score`` line gives this
    one, which has none (``later.py``), a claim like its own ``score`` line; ``own_line``:
    whether the hand's own ``score`` line chooses, as it does unless a later line gives the
    hand other points a reading gives (``course._unchosen``).

    The readings themselves are in doubt when a move of the hand was reported (a stray move
    written after the claims aside) and a claim then fits no reading, when two claims fit
    no reading of a hand with moves and a hidden deal, or when every reading left takes two
    moves or more for others than the ones written (``World.repairs``): a slip the record
    does not show where it was made (a side written on a tile that fits both ends, a tile
    miswritten as one a hidden hand may hold) leaves readings built on it, and the move
    reported later is only its consequence.  Nothing is then stated of the hand that the
    readings would give, and the claims found wrong are reported without a figure."""
    slipped = [line for line in slipped if line not in order.late]  # not a stray line
    lost = lost or any(x.world.unread for x in readings)  # readings not followed
    if len(readings) == 1 and not readings[0].world.repairs and not lost:
        claims = {stage for stage, _ in readings[0].problems if stage[0] != "rest"}
        if not _in_doubt(claims, slipped, bool(order.moves) and not _all_known(readings)):
            chosen = _as_written(readings[0])  # the usual hand: the record read as written
            return _unstated(chosen) if readings[0].ending.by_passes else chosen
    kept = readings
    if order.points is not None or order.outcome is not None:
        # A claim of how the hand ended, or of what it scored, says that it ended: the
        # readings in which it did (a last move under a stranger's name read as the
        # player's, not as a stray line) are the claim's, whatever it says.
        ended = [x for x in kept if x.ending.outcome not in (None, "unfinished")]
        if ended:
            kept = ended
    implied = later if order.score is None else (
        implied_points(order.score, before, seats.names) if own_line else None)
    kept = _fewest_slips(kept, implied)
    stages = sorted({s for x in readings for s, _ in x.problems if s[0] != "rest"},
                    key=_stage_order)
    disputed = _disputed(kept, order, seats, implied)
    if disputed is not None:  # the claims choose none: they disagree, as the readings do
        stages = [stage for stage in stages if stage != ("points", 0)]
    failed: list[tuple[Stage, list[JudgedReading]]] = []
    for stage in stages:
        clean = [x for x in kept if not x.at(stage)]
        if clean:
            kept = clean
        else:
            failed.append((stage, kept))
    hidden = bool(order.moves) and not _all_known(readings)
    dealt = {deal.line for deal in order.deals}
    doubtful = _in_doubt({stage for stage, _ in failed}, slipped, hidden, kept, dealt) or all(
        x.world.repairs > 1 for x in kept)
    problems: list[Diagnostic] = []
    # Where the claims alone put the readings in doubt, the lines of those claims say why.
    why = tuple(slipped) or tuple(sorted(d.line for _, among in failed for d in among[0].at(_)))
    for stage, among in failed:
        problems += reported(among, stage, seats, why if doubtful else None, bool(slipped))
    if implied is not None and len(kept) > 1 and disputed is None:
        kept = [x for x in kept if x.points is not None and tuple(x.points) == implied] or kept
    problems += [d for d in _everywhere(kept) if not (doubtful and d.code == "E507")]
    if disputed is not None:
        problems.append(disputed)
    # Readings in doubt state no figure, the pips each player still holds included: the
    # slip that put them in doubt may be one no reading kept, so their agreeing proves
    # nothing.
    chosen = _agree(kept, problems, len(seats.names), lost, doubtful)
    if doubtful:
        chosen = _in_doubt_figures(chosen, kept, order, seats, failed, why)
    return _unstated(chosen)


def _unstated(chosen: Choice) -> Choice:
    """``chosen`` with how the hand ended, who won and its points not stated where every
    reading kept is a block only the passes R8 forces after moves that stop short
    (``HandEnd.by_passes``): it rests on a hidden player's pass that may have been her last
    tile, and is read to show the slip, not to state a figure."""
    if all(x.ending.by_passes for x in chosen.readings):
        return chosen._replace(outcome=None, winner=None, points=None)
    return chosen


def _in_doubt_figures(chosen: Choice, kept: list[JudgedReading], order: Stages, seats: Seats,
                      failed: list[tuple[Stage, list[JudgedReading]]], why: tuple[int, ...]
                      ) -> Choice:
    """The figures of readings in doubt: none, but how the hand ended as a claim the
    readings agree with confirms it, and a ``points`` claim they do not belie, standing in
    unverified."""
    outcome = winner = points = None
    if order.outcome is not None and all(stage != ("outcome", 0) for stage, _ in failed):
        outcome = _agreed([x.ending.outcome for x in kept], False)
        if outcome == "domino":
            winner = _agreed([x.ending.winner for x in kept], False)
    claim = order.points
    unverified = claim is not None and all(stage != ("points", 0) for stage, _ in failed)
    if claim is not None and unverified:
        points = claimed_points(claim, seats.seat, len(seats.names))
        winner = None if claim.player is None else seats.seat[claim.player]
    return chosen._replace(bounds=unbounded(len(seats.names)), claimed=None, doubt=why,
                           outcome=outcome, winner=winner, points=points,
                           unverified=unverified)


def _fewest_slips(kept: list[JudgedReading], implied: tuple[int, ...] | None
                  ) -> list[JudgedReading]:
    """The readings that take the fewest slips to be what happened: the illegal passes they
    imply (P405, P407), and the claims and shows they find wrong, the ``score`` line among
    them (``implied``: the points it gives the hand, the totals before it known).  A claim
    confirms the readings it agrees with only among those: one that agrees only with a
    reading in which more passes were illegal, or the score line was wrong, is the slip."""
    costs = [len(x.world.illegal_passes) + len({s for s, _ in x.problems if s[0] != "rest"}) + (
        implied is not None and x.points is not None and tuple(x.points) != implied)
        for x in kept]
    fewest = min(costs)
    return [x for x, cost in zip(kept, costs, strict=True) if cost == fewest]


def _in_doubt(failed: set[Stage], slipped: Sequence[int], hidden: bool,
              kept: Sequence[JudgedReading] = (), dealt: Collection[int] = ()) -> bool:
    """Whether the claims found wrong (their stages) put the readings in doubt: after a
    move (or a deal line, ``dealt``) reported, or two claims in a hand with moves and hidden
    deals (``hidden``), where a move may be miswritten as one the hidden hand could make
    (see ``choose``).  Not a ``points`` claim alone after one move reported and read
    otherwise, every deal known and no pass illegal in any reading: the moves and the deals
    settle the count, and the claim holds the second slip."""
    if not failed:
        return False
    if len(slipped) == 1 and slipped[0] not in dealt and not hidden and failed == {
            ("points", 0)} and kept and all(
            x.world.repairs <= 1 and not x.world.illegal_passes for x in kept):
        return False
    return bool(slipped) or (hidden and len(failed) > 1)


def _all_known(readings: list[JudgedReading]) -> bool:
    """Whether every deal of the hand is known, in every reading."""
    return all(x.world.known.all_known for x in readings)


def _stage_order(stage: Stage) -> tuple[int, int]:
    return ({"show": 0, "outcome": 1, "points": 2}[stage[0]], stage[1])


def _disputed(kept: list[JudgedReading], order: Stages, seats: Seats,
              implied: tuple[int, ...] | None) -> Diagnostic | None:
    """E505 when the ``points`` claim and the ``score`` line (``implied``: the points it
    gives the hand) each agree with some readings left, and with none the other agrees
    with: one of the two holds the slip, and the record cannot tell which."""
    claim, score = order.points, order.score
    if claim is None or score is None or implied is None:
        return None
    by_claim = [x for x in kept if not x.at(("points", 0))]
    by_score = [x for x in kept if x.points is not None and tuple(x.points) == implied]
    if not by_claim or not by_score or any(x in by_score for x in by_claim):
        return None
    claimed = claimed_points(claim, seats.seat, len(seats.names))
    return diagnostic(
        "E505", score.line, score.column,
        "claims_disagree",
        claim=tuple(f"{e.player} {e.total}" for e in score.entries),
        implied=tuple(f"{name} {p}" for name, p in zip(seats.names, implied, strict=True)),
        claimed=tuple(f"{name} {p}" for name, p in zip(seats.names, claimed, strict=True)))


def _everywhere(kept: list[JudgedReading]) -> list[Diagnostic]:
    """What no claim settles (E501, E507) and the illegal passes the readings imply
    (P405, P407), where every reading left has them."""
    def found(x: JudgedReading) -> dict[tuple[str, int], Diagnostic]:
        own = {(d.code, d.line): d for s, d in x.problems if s[0] == "rest"}
        own.update(x.world.illegal_passes)
        own.update(x.world.reported_passes)
        return own

    first = found(kept[0])
    for other in kept[1:]:
        theirs = found(other)
        first = {k: d for k, d in first.items() if k in theirs}
    return list(first.values())


def _as_written(x: JudgedReading) -> Choice:
    """The one reading there is, the record as written: every problem it has is reported,
    and every figure it gives is known (a pass taken as a slip at its line makes a repair,
    so no reading here has one: ``World.reported_passes``)."""
    ending, world, points = x.ending, x.world, x.points
    problems = [d for _, d in x.problems]
    if world.illegal_passes:
        problems += world.illegal_passes.values()
    # Positional: this is every hand's path, and a named tuple takes them faster.
    return Choice([x], problems, world.ends_at, world.placed_at, ending.outcome, x.winner,
                  x.remaining, points, x.bounded() if points is None else None, x.claimed,
                  points is not None and x.unverified, ending.settled)


def _agree(kept: list[JudgedReading], problems: list[Diagnostic], seats: int, lost: bool,
           doubtful: bool = False) -> Choice:
    """The figures every reading left (``kept``) gives, None for the others (``lost``:
    readings were dropped, so agreement proves nothing, nor do their bounds; ``doubtful``:
    the readings are in doubt, and state none)."""
    first = kept[0]
    unsure = lost or doubtful
    remaining = tuple(_agreed([x.remaining[seat] for x in kept], unsure)
                      for seat in range(seats))
    outcome = _agreed([x.ending.outcome for x in kept], unsure)
    points = _agreed([x.points for x in kept], unsure)
    doubt: tuple[int, ...] = ()
    if len(kept) > 1 and (lost or None in (outcome, points) or (None in remaining and any(
            a != b for x in kept for a, b in zip(x.remaining, first.remaining, strict=True)))):
        doubt = diverging(kept)
    worlds = [x.world for x in kept]
    return Choice(
        kept, problems, outcome=outcome, winner=_agreed([x.winner for x in kept], unsure),
        remaining=remaining, points=points,
        bounds=None if points is not None else unbounded(seats) if lost else _union(
            [x.bounded() for x in kept]),
        claimed=_agreed([x.claimed for x in kept], unsure),
        unverified=points is not None and any(x.unverified for x in kept),
        settled=first.ending.settled, doubt=doubt,
        ends=_same([w.ends_at for w in worlds]), placed=_same([w.placed_at for w in worlds]))


def _agreed(values: list[T], lost: bool) -> T | None:
    """The value every reading gives, else None (as when readings were dropped)."""
    return values[0] if not lost and all(v == values[0] for v in values[1:]) else None


def _same(maps: list[dict[int, T]]) -> dict[int, T]:
    """The entries every map has alike."""
    first = maps[0]
    if len(maps) == 1:
        return first
    return {k: v for k, v in first.items() if all(m.get(k) == v for m in maps[1:])}


def _union(bounds: list[Bounds]) -> Bounds:
    """Bounds that cover each of ``bounds``, and no more: the points each scorer may have
    scored in one of them (``Bounds.made``), not every number between the least and the
    most (two readings giving Ada 19 and 21 do not give her 20)."""
    if len(bounds) == 1:
        return bounds[0]
    scorers: dict[int, tuple[int, int | None]] = {}
    made: dict[int, int | None] = {}
    nobody = False
    for b in bounds:
        nobody = nobody or b.nobody
        for seat, (low, high) in b.scorers.items():
            mask = b.points(seat)
            if seat not in scorers:
                scorers[seat], made[seat] = (low, high), mask
            else:
                old_low, old_high = scorers[seat]
                scorers[seat] = (min(low, old_low), None if high is None or old_high is None
                                 else max(high, old_high))
                old = made[seat]
                made[seat] = None if old is None or mask is None else old | mask
    return Bounds(scorers, nobody, {seat: mask for seat, mask in made.items()
                                    if mask is not None})


def joined(reps: list[HandReplay], seats: int, doubt: Sequence[int]) -> HandReplay:
    """Ways of reading a hand that cost as many slips (``amend.py``) as one: the figures
    they all give, the others unknown (their bounds together); the problems, the opener
    line and the rest of the first; ``doubt``: the lines whose readings disagree."""
    first = reps[0]
    outcome = _agreed([rep.outcome for rep in reps if rep.outcome is not None], False
                      ) if all(rep.outcome is not None for rep in reps) else None
    remaining = tuple(_agreed([rep.remaining[seat] for rep in reps], False)
                      for seat in range(seats))
    points = _agreed([rep.points for rep in reps], False)
    unknown = None in (outcome, points) or None in remaining
    return HandReplay(
        [x for rep in reps for x in rep.readings], first.problems, outcome=outcome,
        winner=_agreed([rep.winner for rep in reps], False), remaining=remaining,
        points=points, bounds=_union([_bounds_of(rep) for rep in reps]) if points is None
        else None, claimed=_agreed([rep.claimed for rep in reps], False),
        unverified=points is not None and any(rep.unverified for rep in reps),
        settled=first.settled,
        doubt=tuple(sorted({*doubt, *(line for rep in reps for line in rep.doubt)}))
        if unknown else (),
        ends=_same([rep.ends for rep in reps]), placed=_same([rep.placed for rep in reps]),
        opener=_agreed([rep.opener for rep in reps], False), score=first.score,
        diagnostics=first.diagnostics, saved=first.saved, stages=first.stages)


def _bounds_of(rep: HandReplay) -> Bounds:
    """Who may have scored the hand in ``rep``, and how much."""
    if rep.points is None:
        return rep.bounds if rep.bounds is not None else unbounded(len(rep.remaining))
    if rep.winner is None:
        return Bounds({}, nobody=True)
    points = rep.points[rep.winner]
    return Bounds({rep.winner: (points, points)}, nobody=False)
