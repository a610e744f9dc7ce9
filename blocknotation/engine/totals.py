"""The running totals of a game, exact where every hand's points are known, bounded where
some are not (R16, R18; E505, E506).

A hand whose points cannot be known still tells something (``bounds.py``): who can have
scored them, at least and at most how many.  So each player's total lies between bounds, and a
player who cannot have scored in any unknown hand keeps an exact total.  From that:

- the game is decided once no way of giving out the unknown hands keeps every player below
  the target (``reach.py``): when some player's lower bound reaches it, but also when only
  players who would reach it can have scored a hand that somebody must have scored (a later
  hand is E506); it is won when one player's lower bound is above every other's upper bound;
- a ``score`` claim is wrong when no value of the unknown points allows it (E505), and right
  when it equals the recomputed totals, whatever came before it.

A slip is reported once.  Besides the true totals, the totals the scorer believes are
followed: after a wrong ``points`` claim, the totals with that claim in; after a wrong
``score`` claim, the totals it gave plus the points since.  A ``score`` line that agrees with
what the scorer believes carries a slip already reported and is not reported again.

Where the true totals are not known, a ``score`` line they allow is not proved right, but
two such lines must still agree: the totals the first gave plus the points since (as the
scorer believes them) are followed too (``stated``), and a second line they do not allow
is E505 against the first: one of the two is wrong, and which is not known.  A line that
carries a slip is held, less the slip, against the lines before and after it; a line that
both the true totals and a carried slip allow goes on both ways, and read as right it mends
the slip.  A wrong line leaves the lines before it that were not reported, and the slips
believed before it, in force; where it adds its slip to one believed, on other players'
totals, its slip on its own is believed too (``_apart``).  A hand read several ways carries
each way's lines (``follow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from ..report.values import Status
from .bounds import Bounds, may_give
from .claims import check_score, claimed_totals, implied_points, score_shape
from .reach import Options, escapes, options
from .scoring import status_of

#: At most this many believed totals are followed besides the true ones (the newest kept):
#: a ``points`` claim that may be wrong copies each, so two slips believed before it make
#: five, and a hand read two ways joins each way's.
MAX_BELIEFS = 8

#: A ``score`` claim is held against each way the hands of unknown points may have gone
#: (``bounds.may_give``) while there are at most this many of them: those a slip or a hidden
#: deal leaves among hands otherwise known.  With more, their bounds one at a time judge it.
_MAX_TRIED = 2


@dataclass(frozen=True, slots=True)
class Unknown:
    """A hand whose points are unknown: who may have scored them, and how many."""

    number: int
    bounds: Bounds


class RunningTotals:
    """Totals as a sum of known points and hands whose points are unknown.  What the unknown
    hands allow is summed as they come, by seat: ``floor``, the points certainly scored (as
    the only player who can have scored a hand); ``ceiling``, the most that can have been
    scored (None: no bound); ``gains``, how many of them may be the seat's; ``forced``, the
    hands that some one of several players must have scored (``reach.py``).  ``base``: for
    totals the scorer believes from a line that may carry a slip, the true totals that go
    with them (the line less the slip, ``Totals._carried``), where they are not the true
    totals themselves."""

    __slots__ = ("base", "ceiling", "floor", "forced", "gains", "known", "unknown")

    def __init__(self, known: list[int], base: RunningTotals | None = None) -> None:
        self.known = known
        self.unknown: list[Unknown] = []
        self.floor = [0] * len(known)
        self.ceiling: list[int | None] = [0] * len(known)
        self.gains = [0] * len(known)
        self.forced: list[Options] = []
        self.base = base

    def copy(self) -> RunningTotals:
        copied = RunningTotals.__new__(RunningTotals)  # every field set here, once
        copied.known = self.known  # never changed in place (``add``)
        copied.unknown, copied.floor = list(self.unknown), list(self.floor)
        copied.forced = list(self.forced)
        copied.ceiling, copied.gains = list(self.ceiling), list(self.gains)
        copied.base = None if self.base is None else self.base.copy()
        return copied

    def key(self) -> tuple[object, ...]:
        """What tells these totals apart from others (compared, never hashed)."""
        return (self.known, self.unknown, self.floor, self.ceiling, self.gains, self.forced,
                None if self.base is None else self.base.key())

    def add(self, points: Sequence[int]) -> None:
        # A new list each time, never changed in place: ``exact`` can hand it out as it is.
        self.known = [t + p for t, p in zip(self.known, points, strict=True)]

    def add_unknown(self, hand: Unknown) -> None:
        self.unknown.append(hand)
        scorers = hand.bounds.scorers
        if len(scorers) == 1:
            (seat,) = scorers
            self.floor[seat] += hand.bounds.low
        forced = options(hand.bounds)
        if forced is not None:
            self.forced.append(forced)
        for seat, (_, high) in scorers.items():
            self.gains[seat] += 1
            ceiling = self.ceiling[seat]
            self.ceiling[seat] = None if ceiling is None or high is None else ceiling + high

    @property
    def exact(self) -> list[int] | None:
        """The totals when no hand's points are unknown (a list not to be changed)."""
        return None if self.unknown else self.known

    def lowest(self, seat: int) -> int:
        """The least this seat's total can be."""
        return self.known[seat] + self.floor[seat]

    def highest(self, seat: int) -> int | None:
        """The most this seat's total can be (None: no bound is known)."""
        ceiling = self.ceiling[seat]
        return None if ceiling is None else self.known[seat] + ceiling

    def may_gain(self, seat: int) -> bool:
        """Whether an unknown hand's points may be this seat's."""
        return self.gains[seat] > 0

    def wrong(self, claim: r.PlainScore, names: Sequence[str], given: list[int]
              ) -> Diagnostic | None:
        """E505 when the claimed totals (``given``) cannot be these totals."""
        exact = self.exact
        if exact is not None:
            return None if given == exact else check_score(claim, names, exact)
        for seat, total in enumerate(given):
            if total < self.lowest(seat):
                return diagnostic(
                    "E505", claim.line, claim.column,
                    "at_least",
                    claim=_text(claim), player=names[seat], low=self.lowest(seat),
                )
            if not self.may_gain(seat) and total != self.known[seat]:
                return diagnostic(
                    "E505", claim.line, claim.column,
                    "known_total",
                    claim=_text(claim), player=names[seat], total=self.known[seat],
                )
            high = self.highest(seat)
            if high is not None and total > high:
                return diagnostic(
                    "E505", claim.line, claim.column,
                    "at_most",
                    claim=_text(claim), player=names[seat], high=high,
                )
        raised = [seat for seat, total in enumerate(given) if total > self.known[seat]]
        # Each raised seat with as many hands it may have scored as there are raised seats
        # can always be matched (Hall's condition): the search is needed only otherwise.
        ample = all(self.gains[seat] >= len(raised) for seat in raised)
        if not ample and not _matched(raised, self.unknown):
            if len(self.unknown) == 1:
                return diagnostic("E505", claim.line, claim.column, "too_many_raised_one",
                                  claim=_text(claim), count=len(raised))
            return diagnostic(
                "E505", claim.line, claim.column,
                "too_many_raised",
                claim=_text(claim), count=len(raised), hands=len(self.unknown),
            )
        if len(self.unknown) <= _MAX_TRIED and not may_give(
                [hand.bounds for hand in self.unknown],
                [total - known for total, known in zip(given, self.known, strict=True)]):
            return diagnostic("E505", claim.line, claim.column, "not_given", claim=_text(claim))
        return None


@dataclass(slots=True)
class Totals:
    """The true totals after the hands so far, and the totals the scorer may believe."""

    seats: int
    truth: RunningTotals = field(init=False)
    beliefs: list[RunningTotals] = field(default_factory=list)
    stated: list[RunningTotals] = field(default_factory=list)
    """The totals the last ``score`` line gave, where the true totals allowed it without
    being known, plus the points since (as believed too); the line's number."""
    stated_at: int = 0

    def __post_init__(self) -> None:
        self.truth = RunningTotals([0] * self.seats)

    @property
    def exact(self) -> list[int] | None:
        return self.truth.exact

    def lowest(self, seat: int) -> int:
        return self.truth.lowest(seat)

    def add(self, points: Sequence[int], claimed: Sequence[int] | None = None) -> None:
        """A hand's points; ``claimed``: a wrong ``points`` claim's points instead, which
        the scorer's totals now hold."""
        if not claimed:
            self.truth.add(points)
            for world in self._following():
                world.add(points)
            return
        believed = [world.copy() for world in (self.truth, *self.beliefs)]
        stated = [world.copy() for world in self.stated]
        for world in (self.truth, *self._following()):
            world.add(points)
        for world in (*believed, *stated):
            world.add(claimed)
        for world in _bases(believed):
            world.add(points)
        self._believe(believed, stated)

    def add_unknown(self, number: int, bounds: Bounds, claimed: Sequence[int] | None = None
                    ) -> None:
        """A hand whose points are unknown; ``claimed`` as in ``add``."""
        believed: list[RunningTotals] = []
        stated: list[RunningTotals] = []
        hand = Unknown(number, bounds)
        if claimed:
            believed = [world.copy() for world in (self.truth, *self.beliefs)]
            stated = [world.copy() for world in self.stated]
            for world in (*believed, *stated):
                world.add(claimed)
            for world in _bases(believed):
                world.add_unknown(hand)
        for world in (self.truth, *self._following()):
            world.add_unknown(hand)
        self._believe(believed, stated)

    def _following(self) -> list[RunningTotals]:
        """The totals followed besides the true ones, which each hand's points are added
        to: believed (with the true totals that go with them) and stated."""
        return [*self.beliefs, *_bases(self.beliefs), *self.stated]

    def _believe(self, more: list[RunningTotals], stated: list[RunningTotals]) -> None:
        if more:
            self.beliefs = (self.beliefs + more)[-MAX_BELIEFS:]
        if stated:
            self.stated = (self.stated + stated)[-MAX_BELIEFS:]

    def key(self) -> tuple[object, ...]:
        """What tells these totals apart from others (compared, never hashed)."""
        return (self.truth.key(), [world.key() for world in self.beliefs],
                [world.key() for world in self.stated], self.stated_at)

    def copy(self) -> Totals:
        beliefs, stated = self.beliefs, self.stated
        copied = Totals.__new__(Totals)  # every field set here, once
        copied.seats, copied.truth, copied.stated_at = self.seats, self.truth.copy(), self.stated_at
        copied.beliefs = [w.copy() for w in beliefs] if beliefs else []
        copied.stated = [w.copy() for w in stated] if stated else []
        return copied

    def status(self, target: int) -> tuple[Status | None, int | None]:
        """The game's status (R18) as far as the evidence goes: ``decided`` when somebody has
        certainly reached the target but the unknown points leave the winner open; None
        (not known) when nobody has certainly reached it but somebody may have."""
        truth = self.truth
        exact = truth.exact
        if exact is not None:
            return status_of(exact, target)
        if not self.reached(target):
            if self.reachers(target):  # seats, seat 0 among them
                return None, None
            return "in_progress", None
        lows = [truth.lowest(seat) for seat in range(self.seats)]
        top = max(lows)
        leader = lows.index(top)
        for seat in range(self.seats):
            high = truth.highest(seat)
            if seat != leader and (high is None or high >= top):
                return "decided", None
        return "won", leader

    def reached(self, target: int) -> bool:
        """Whether somebody has reached ``target`` however the unknown points are given out
        (``reach.py``); where that search is cut short, whether some player's least total
        has."""
        lows = [self.truth.lowest(seat) for seat in range(self.seats)]
        found = escapes(lows, self.truth.forced, target)
        return max(lows) >= target if found is None else not found

    def reachers(self, target: int) -> list[int]:
        """The players who may have reached ``target``: one of them certainly has, once
        ``reached``."""
        return [seat for seat in range(self.seats)
                if (high := self.truth.highest(seat)) is None or high >= target]

    def disputed(self, claim: r.PlainScore, points: Sequence[int], bounds: Bounds,
                 names: Sequence[str]) -> Diagnostic | None:
        """E505 when ``claim``, the totals before it known, gives the hand points other
        than ``points``, those of a ``points`` claim standing in for what the record cannot
        recompute, and the tiles (``bounds``) allow both: one of the two claims holds the
        slip (``course._count_in``)."""
        implied = implied_points(claim, self.truth.exact, names)
        if implied is None:
            return None
        if implied == tuple(points) or not bounds.allows(implied):
            return None  # they agree, or the score line is wrong whatever the tiles (E505)
        return diagnostic(
            "E505", claim.line, claim.column,
            "claims_disagree",
            claim=_text(claim),
            implied=tuple(f"{name} {p}" for name, p in zip(names, implied, strict=True)),
            claimed=tuple(f"{name} {p}" for name, p in zip(names, points, strict=True)),
        )

    def check(self, claim: r.PlainScore, names: Sequence[str], disputed: bool = False
              ) -> Diagnostic | None:
        """E505 for a ``score`` claim.  One that the true totals allow is right, unless
        they are not known and the totals an earlier line allowed so gave (``stated``) do
        not allow it; one that the scorer's believed totals allow repeats a slip already
        reported, and is held, less that slip, against the lines before it and the next
        (``_carry``), whether the true totals allow it too or not.  A wrong one is what the
        scorer believes from then on, besides the slips believed before it; the lines
        before it that were not reported still hold for the next.  ``disputed``: the line
        is reported already (E505 against a ``points`` claim, ``choose.py``), and is not
        followed as ``stated``."""
        if _as_recomputed(claim, names, self.truth.exact):
            self.beliefs, self.stated = [], []
            return None  # the usual case: every total, in seat order, as recomputed
        problem = score_shape(claim, names)
        given = claimed_totals(claim, names)
        if problem is not None or given is None:
            return problem
        problem = self.truth.wrong(claim, names, given)
        believed = self._believed(claim, names, given)
        if problem is None:
            problem = self._against_stated(claim, names, given)
            if believed is not None and problem is not None:
                return self._carry(claim, names, given, believed)
            self._allowed(claim, given, problem, disputed, believed)
            return problem
        if believed is not None:
            return self._carry(claim, names, given, believed)
        self.beliefs = [*self.beliefs, RunningTotals(given), *self._apart(given)
                        ][-MAX_BELIEFS:]
        return problem

    def _apart(self, given: list[int]) -> list[RunningTotals]:
        """A wrong line's slip on its own, where the true totals are known and the line
        adds it to a slip believed, on other seats: the true totals plus what the line
        adds, believed too.  A later line may mend the earlier slip and keep this one, as
        it may keep the earlier and mend this one (the earlier's own totals).  The slip
        believed is the one whose totals the line differs from on fewest seats, the latest
        of those."""
        exact = self.truth.exact
        known = [w for w in self.beliefs if w.exact is not None and w.base is None]
        if exact is None or not known:
            return []
        last = min(reversed(known), key=lambda w: sum(
            g != b for g, b in zip(given, w.known, strict=True)))
        added = [g - b for g, b in zip(given, last.known, strict=True)]
        earlier = [b - t for b, t in zip(last.known, exact, strict=True)]
        if any(a and e for a, e in zip(added, earlier, strict=True)):
            return []
        return [RunningTotals([t + a for t, a in zip(exact, added, strict=True)])]

    def _allowed(self, claim: r.PlainScore, given: list[int], problem: Diagnostic | None,
                 disputed: bool, believed: RunningTotals | None) -> None:
        """Follow ``claim``, which the true totals allow (``stated``): where the lines
        before it do not (``problem``), either may be the one that is wrong, and both go
        on; where the scorer's believed totals allow it too (``believed``), it may be right
        or carry the slip, and both go on.  A line reported already (``disputed``) is not
        followed."""
        others = [w for w in self.beliefs if w is not believed]
        self.beliefs = []
        earlier = self.stated if problem is not None else []
        self.stated = [] if self.truth.exact is not None or disputed else (
            [*earlier, RunningTotals(given)])[-MAX_BELIEFS:]
        self.stated_at = claim.line
        if believed is not None and self.stated:
            carried = self._carried(given, believed)
            # As the scorer believes it, where it carries the slip, with the true totals
            # then; the other slips believed before it may still be carried (``_carry``).
            self.beliefs = [RunningTotals(given, carried[0].copy() if carried else None),
                            *others][:MAX_BELIEFS]
            self.stated = _once([*self.stated, *carried])[-MAX_BELIEFS:]

    def _believed(self, claim: r.PlainScore, names: Sequence[str], given: list[int]
                  ) -> RunningTotals | None:
        """The totals the scorer believes that allow ``claim``, if any: it carries a slip
        already reported."""
        return next((w for w in self.beliefs if w.wrong(claim, names, given) is None), None)

    def _carry(self, claim: r.PlainScore, names: Sequence[str], given: list[int],
               believed: RunningTotals) -> Diagnostic | None:
        """Follow ``claim``, which carries a slip already reported (``believed``): not
        reported again for it, and held, less the slip (``_carried``), against the next
        line, with what the lines before it (``stated``) that allow it say besides.  Where
        none of them allows it less the slip, one of them is wrong too: E505 against the
        last, and both go on."""
        carried = self._carried(given, believed)
        problem = None
        if carried and self.stated:
            kept = [_tighter(carried[0], w) for w in self.stated
                    if _follows(carried[0], w, claim, names)]
            if kept:
                carried = _once(kept)
            else:
                problem = self._disagree(claim)
                carried = [*self.stated, *carried]
        # The slips believed before it may still be carried, one mended and another kept.
        self.beliefs = [believed, *(w for w in self.beliefs if w is not believed)
                        ][:MAX_BELIEFS]
        self.stated = carried[-MAX_BELIEFS:]
        if carried:
            self.stated_at = claim.line
        return problem

    def _carried(self, given: list[int], believed: RunningTotals) -> list[RunningTotals]:
        """What a ``score`` line giving ``given``, which carries a slip already reported
        (its totals are the ``believed`` ones), says of the true totals where they are not
        known: its totals less what the slip added, on the true totals that go with the
        believed ones (their ``base``, else the true totals).  The hands of unknown points
        since the slip are in both, and the line gives them; those before it, which the
        slip's totals do not hold, are still unknown.  The next line must follow from that
        (``stated``), so that a second slip the two lines disagree on is not lost."""
        truth = believed.base or self.truth
        before = len(truth.unknown) - len(believed.unknown)
        if self.truth.exact is not None or before < 0 or (
                truth.unknown[before:] != believed.unknown):
            return []
        return [_with_hands(
            [g - b + t for g, b, t in zip(given, believed.known, truth.known, strict=True)],
            truth.unknown[:before])]

    def follow(self, ways: Sequence[Totals]) -> None:
        """These totals are those after a hand read several ways that cost as many slips,
        joined (``course._finished``), and ``ways`` the totals after each: a later
        ``score`` line need only follow the lines before it as one of those ways does.  What
        each believes is believed, and each one's lines are stated (``stated``), or its true
        totals where it states none: the true totals here hold every way's points, and a
        line that one way finds wrong another may find right, so that the line after it
        need not follow it.  Where no way states a line, nothing is."""
        self.beliefs = _once([world for way in ways for world in way.beliefs])[-MAX_BELIEFS:]
        if self.truth.exact is not None or not any(way.stated for way in ways):
            self.stated = []
            return
        self.stated = _once([world for way in ways for world in way.stated or [way.truth]])
        self.stated_at = max(way.stated_at for way in ways if way.stated)

    def _against_stated(self, claim: r.PlainScore, names: Sequence[str], given: list[int]
                        ) -> Diagnostic | None:
        """E505 when ``claim``, which the true totals allow, is allowed by none of the
        totals an earlier ``score`` line gave plus the points since (``stated``)."""
        if not self.stated or any(w.wrong(claim, names, given) is None for w in self.stated):
            return None
        return self._disagree(claim)

    def _disagree(self, claim: r.PlainScore) -> Diagnostic:
        """E505: ``claim`` does not follow from the last line stated (``stated_at``)."""
        return diagnostic("E505", claim.line, claim.column, "lines_disagree",
                          claim=_text(claim), line=self.stated_at)


def _bases(beliefs: list[RunningTotals]) -> list[RunningTotals]:
    """The true totals that go with ``beliefs``, where they have their own (``base``)."""
    return [world.base for world in beliefs if world.base is not None]


def _tighter(said: RunningTotals, stated: RunningTotals) -> RunningTotals:
    """Of two readings of the same true totals that may follow one another (``_follows``),
    the one that leaves fewer hands of unknown points open, where its hands are the first
    of the other's: it says all the other says, and more; else ``said``."""
    fewer, more = (said, stated) if len(said.unknown) <= len(stated.unknown) else (stated, said)
    return fewer if more.unknown[:len(fewer.unknown)] == fewer.unknown else said


def _follows(said: RunningTotals, stated: RunningTotals, claim: r.PlainScore,
             names: Sequence[str]) -> bool:
    """Whether true totals ``said`` (a line carrying a slip, less the slip) may follow from
    ``stated`` (an earlier line and the points since).  Where the hands of unknown points
    one holds are the first of those the other holds, the same hands give both the same
    points, and the other's further hands must make up the difference; otherwise it is not
    known, and they may."""
    return _within(said, stated, claim, names) and _within(stated, said, claim, names)


def _within(fewer: RunningTotals, more: RunningTotals, claim: r.PlainScore,
            names: Sequence[str]) -> bool:
    """``_follows``, one way round: whether ``more``'s hands of unknown points past those
    of ``fewer`` (where ``fewer``'s are its first) can make ``fewer``'s known totals."""
    held = len(fewer.unknown)
    if more.unknown[:held] != fewer.unknown:
        return True
    rest = _with_hands(more.known, more.unknown[held:])
    return rest.wrong(claim, names, fewer.known) is None


def _with_hands(known: list[int], hands: list[Unknown]) -> RunningTotals:
    """Totals of ``known`` points and the ``hands`` whose points are unknown."""
    totals = RunningTotals(known)
    for hand in hands:
        totals.add_unknown(hand)
    return totals


def _once(worlds: list[RunningTotals]) -> list[RunningTotals]:
    """``worlds`` without repeats (totals that tell nothing apart, ``RunningTotals.key``)."""
    out: list[RunningTotals] = []
    for world in worlds:
        if all(world.key() != other.key() for other in out):
            out.append(world)
    return out


def _text(claim: r.PlainScore) -> tuple[str, ...]:
    return tuple(f"{e.player} {e.total}" for e in claim.entries)


def _as_recomputed(claim: r.PlainScore, names: Sequence[str], exact: list[int] | None) -> bool:
    """Whether a ``score`` claim gives each player once, in seat order, with exactly the
    recomputed total: then it is well formed and right, and nothing else need be asked."""
    entries = claim.entries
    if exact is None or len(entries) != len(names):
        return False
    for entry, name, total in zip(entries, names, exact, strict=True):
        if entry.player != name or entry.total != total:
            return False
    return True


def _matched(raised: list[int], unknown: list[Unknown]) -> bool:
    """Whether each raised seat can be given a hand of its own among the unknown ones (only
    one player scores in a hand, R14, R15): a bipartite matching, tiny here."""
    owner: dict[int, int] = {}

    def assign(seat: int, tried: set[int]) -> bool:
        for k, hand in enumerate(unknown):
            if seat in hand.bounds.scorers and k not in tried:
                tried.add(k)
                if k not in owner or assign(owner[k], tried):
                    owner[k] = seat
                    return True
        return False

    return all(assign(seat, set()) for seat in raised)
