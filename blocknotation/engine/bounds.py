"""What a hand's points can be when some remaining tiles are not known (R13-R15).

A player whose remaining tiles are not known still holds a known number of them (dealt minus
placed, R3), or at least one and at most a deal's worth in a hand written without moves, and
they are tiles nobody else can hold: not placed, not dealt to or shown by another player.  So
each player's remaining pips lie in a range, and from the ranges follow who can have scored
the hand and between what bounds.  Players whose tiles are unknown draw on the same tiles,
and each tile is held once (R2), so the pips of several players are bounded together too.

A pass narrows the tiles too: a player whose deal is unknown and who passed while an end
showed ``v`` held no tile with ``v`` (R8), and nobody draws (R4), so none of their tiles left
has ``v`` (``knowledge.Whereabouts.ruled_out`` says which passes prove what).  Passes are taken as
legal unless the record proves otherwise; when the tiles they leave cannot fill every such
player's hand, some pass was illegal after all, and none is used.

A blocked hand scores nobody only in a tie for the lowest total (R15): that needs two players
who can hold the same pips, with nobody who must hold fewer; each player's possible totals
are worked out from the tiles they may hold.

Every bound here holds for every way the tiles can lie that the record allows, though it may
not be the tightest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .jointly import Held, blocked_jointly, domino_jointly, span, totals_of
from .knowledge import Whereabouts, fillable
from .tiles import PIPS, bits


@dataclass(frozen=True, slots=True)
class Bounds:
    """Who may have scored a hand whose points are unknown, each with the least and the most
    they can have scored (None: no upper bound is known), and whether nobody may have."""

    scorers: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    nobody: bool = True
    #: For some scorers, the points the tiles they and the others may hold can make, as a
    #: mask (bit ``p``: ``p`` points): between the bounds, not every number may be made.
    made: dict[int, int] = field(default_factory=dict)

    def allows(self, points: Sequence[int]) -> bool:
        """Whether the hand may have given ``points``: nobody, or one player within their
        bounds (R13-R15)."""
        if any(p < 0 for p in points):
            return False
        scorers = [seat for seat, p in enumerate(points) if p]
        if not scorers:
            return self.nobody
        if len(scorers) > 1 or scorers[0] not in self.scorers:
            return False
        return self.within(scorers[0], points[scorers[0]])

    def points(self, seat: int) -> int | None:
        """The points ``seat``, one of the scorers, may have scored, as a mask (bit ``p``:
        ``p`` points); None where they have no upper bound."""
        low, high = self.scorers[seat]
        if high is None:
            return None
        every = (2 << high) - (1 << low)
        return every & self.made.get(seat, every)

    def within(self, seat: int, points: int) -> bool:
        """Whether ``seat``, one of the scorers, may have scored ``points``."""
        low, high = self.scorers[seat]
        if points < low or (high is not None and points > high):
            return False
        return seat not in self.made or bool(self.made[seat] >> points & 1)

    @property
    def low(self) -> int:
        """The least the hand gave its scorer, when only one player can have scored it and
        somebody certainly did."""
        if len(self.scorers) != 1 or self.nobody:
            return 0
        return next(iter(self.scorers.values()))[0]


def unbounded(seats: int) -> Bounds:
    """Anyone may have scored anything: nothing of the hand is known.  The same value for
    every such hand (bounds are never changed once made)."""
    made = _UNBOUNDED.get(seats)
    if made is None:
        made = _UNBOUNDED[seats] = Bounds({seat: (0, None) for seat in range(seats)}, True)
    return made


_UNBOUNDED: dict[int, Bounds] = {}


class Holding:
    """What one seat still holds, as far as the record tells: its pips when known, else the
    tiles it may hold (a mask) and how many of them, at least and at most.  ``low`` and
    ``high``: the least and the most pips this seat can hold."""

    __slots__ = ("fewest", "free", "high", "known", "low", "most")

    def __init__(self, known: int | None, free: int = 0, fewest: int = 0, most: int = 0
                 ) -> None:
        self.known, self.free, self.fewest, self.most = known, free, fewest, most
        if known is not None:
            self.low = self.high = known
        else:
            self.low, self.high = _least(free, fewest), _most(free, most)

    @property
    def sums(self) -> int:
        """The pips this seat may hold, as a mask of totals (bit ``t``: ``t`` pips)."""
        if self.known is not None:
            return 1 << self.known
        return totals_of(self.free, self.fewest, self.most)

    @property
    def range(self) -> tuple[int, int]:
        """The least and the most pips this seat can hold."""
        return self.low, self.high

    @property
    def held(self) -> Held:
        """This holding as ``jointly.py`` takes it: pips, tiles, fewest and most."""
        return self.known, self.free, self.fewest, self.most

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Holding) and self.held == other.held

    def __hash__(self) -> int:
        return hash(self.held)


#: For each number of pips 0..12, the tiles that have it (R13).
_BY_PIPS: tuple[int, ...] = tuple(
    sum(1 << i for i, pips in enumerate(PIPS) if pips == total) for total in range(13)
)


@lru_cache(maxsize=1024)
def _least(free: int, count: int) -> int:
    """The pips of the ``count`` tiles of ``free`` with fewest pips (all, if fewer)."""
    total = 0
    for pips in range(13):
        if count <= 0:
            break
        have = (free & _BY_PIPS[pips]).bit_count()
        take = have if have < count else count
        total += take * pips
        count -= take
    return total


@lru_cache(maxsize=1024)
def _most(free: int, count: int) -> int:
    """The pips of the ``count`` tiles of ``free`` with most pips (all, if fewer)."""
    total = 0
    for pips in range(12, -1, -1):
        if count <= 0:
            break
        have = (free & _BY_PIPS[pips]).bit_count()
        take = have if have < count else count
        total += take * pips
        count -= take
    return total


def holdings(
    known: Whereabouts, counts: list[tuple[int, int]], exact: Sequence[int | None],
    passes: bool = True,
) -> tuple[list[Holding], bool]:
    """Each seat's holding: exact where ``exact`` says, else the tiles the seat may hold (not
    placed, not another's deal, not shown by another, none its passes rule out, unless
    ``passes`` is false) and how many (``counts``); and whether the passes narrowed them."""
    free: dict[int, int] = {}
    passed = False
    for seat, pips in enumerate(exact):
        if pips is None:
            free[seat] = known.may_have_kept(seat, passes=False)
            passed = passed or bool(known.holders[seat].passes)
    narrowing = False
    if passed and passes:
        narrowed = {seat: known.may_have_kept(seat) for seat in free}
        if narrowed != free and _fillable(narrowed, counts):
            free, narrowing = narrowed, True
    return [Holding(pips) if pips is not None else Holding(None, free[seat], *counts[seat])
            for seat, pips in enumerate(exact)], narrowing


def _fillable(free: dict[int, int], counts: list[tuple[int, int]]) -> bool:
    """Whether the seats of ``free`` can each hold their least count of tiles from their
    own mask, no tile twice (Hall's condition, over every group of seats).  When they
    cannot, some pass the record does not disprove was illegal after all, and the passes
    are not used."""
    return fillable((mask, counts[seat][0]) for seat, mask in free.items())


def together(held: Sequence[Holding], seats: list[int]) -> tuple[int, int]:
    """The least and the most pips ``seats`` hold together.  Seats whose tiles are unknown
    draw on the same tiles, and each tile is held once (R2)."""
    known = low = high = 0
    free = fewest = most = 0
    for seat in seats:
        holding = held[seat]
        low, high = low + holding.low, high + holding.high
        if holding.known is None:
            free |= holding.free
            fewest, most = fewest + holding.fewest, most + holding.most
        else:
            known += holding.known
    if not free:  # every pip known, or nothing left to draw on
        return max(low, known), min(high, known)
    return max(low, known + _least(free, fewest)), min(high, known + _most(free, most))


def domino_bounds(winner: int, held: list[Holding]) -> Bounds:
    """R14: the player who went out scores the opponents' pips: over every way the hidden
    tiles can lie together where they are few enough (``jointly.py``), else each hidden
    hand's on its own."""
    made = domino_jointly(tuple(h.held for h in held), winner)
    if made is not None:
        return Bounds({winner: span(made)}, nobody=False, made={winner: made})
    others = [seat for seat in range(len(held)) if seat != winner]
    low, high = together(held, others)
    return Bounds({winner: (low, high)}, nobody=False, made={winner: _added(held, others)})


def _added(held: Sequence[Holding], seats: list[int]) -> int:
    """The pips ``seats`` may hold together, as a mask of totals: each seat's totals added to
    the others'.  A tile may count for two seats here, so a total is never ruled out wrongly;
    one left out is out whatever the tiles."""
    found = 1
    for seat in seats:
        found = _plus(found, held[seat].sums)
    return found


def _plus(first: int, second: int) -> int:
    """The totals of one of ``first`` and one of ``second`` (masks of totals) added."""
    found = 0
    for total in bits(first):
        found |= second << total
    return found


def _less(totals: int, own: int) -> int:
    """The totals of one of ``totals`` less one of ``own`` (masks), those not below 0."""
    found = 0
    for total in bits(own):
        found |= totals >> total
    return found


def blocked_bounds(held: list[Holding], ties: bool = True) -> Bounds:
    """R15: the lowest total alone scores the others' pips minus its own; a tie for the
    lowest scores nobody.  A seat can be the lowest alone only with fewer pips than every
    other seat can hold; then it scores at least what the others must hold beyond its own
    pips, and at most all they can hold minus the least it holds.  The same holdings recur
    from hand to hand (a count without shows), so the bounds are kept for them.  ``ties``
    false: whether a tie is possible is not asked, and ``nobody`` is left true, for a check
    that does not look at it (a claim naming its scorer)."""
    return _blocked(tuple(held), ties)


@lru_cache(maxsize=1024)
def _blocked(held: tuple[Holding, ...], ties: bool) -> Bounds:
    jointly = blocked_jointly(tuple(h.held for h in held))
    if jointly is not None:  # every way the hidden tiles can lie, gone through
        masks, tie = jointly
        return Bounds({seat: span(mask) for seat, mask in masks.items()},
                      nobody=not ties or tie, made=masks)
    scorers: dict[int, tuple[int, int | None]] = {}
    made: dict[int, int] = {}
    seats = range(len(held))
    for seat, holding in enumerate(held):
        others = [s for s in seats if s != seat]
        below = min(held[s].high for s in others)  # its pips must stay under this
        if below <= holding.low:
            continue  # somebody is always at or below this seat: never lowest alone
        rest_low, rest_high = together(held, others)
        lows = [held[s].low for s in others]
        top = min(holding.high, below - 1)
        if top >= holding.low:
            least = _fewest_points(holding.low, top, lows, rest_low)
            scorers[seat] = (least, rest_high - holding.low)
            made[seat] = _less(_added(held, others), holding.sums & (2 << top) - 1)
    return Bounds(scorers, nobody=not ties or _tie_possible(held), made=made)


def _tie_possible(held: tuple[Holding, ...]) -> bool:
    """Whether two seats can hold the same pips with nobody below them (R15: then nobody
    scores).  Each seat's possible totals are asked on their own (a tile may count for two
    seats here), so a tie is never ruled out wrongly; they are worked out only for two seats
    whose ranges meet below every other seat's most."""
    if any(h.known is None and h.free.bit_count() < h.fewest for h in held):
        return True  # a seat that cannot hold its count: the record contradicts itself
    sums: dict[int, int] = {}
    for seat, mine in enumerate(held):
        for other in range(seat + 1, len(held)):
            theirs = held[other]
            top = min(mine.high, theirs.high, *(
                holding.high for rest, holding in enumerate(held) if rest not in (seat, other)
            ))
            if max(mine.low, theirs.low) > top:
                continue  # the ranges do not meet where nobody else is below
            for s in (seat, other):
                if s not in sums:
                    sums[s] = held[s].sums
            if sums[seat] & sums[other] & (2 << top) - 1:
                return True
    return False


def _fewest_points(first: int, last: int, lows: list[int], rest_low: int) -> int:
    """The least a seat holding ``own`` pips, ``first <= own <= last``, scores as the lowest
    alone: each other seat holds at least its low and more than ``own``, and together at least
    ``rest_low``.  That is ``f(own) = max(sum(max(low, own + 1)), rest_low) - own``, which
    falls while ``own + 1`` is below every low or the others' least sum is still
    ``rest_low``, and never falls after: its least value is at the first ``own`` where both
    stop (kept within ``first..last``)."""
    lows = sorted(lows)
    own = max(lows[0] - 1, _first_above(lows, rest_low) - 2)
    own = min(max(own, first), last)
    others = sum(low if low > own else own + 1 for low in lows)
    return max(others, rest_low) - own


def _first_above(lows: list[int], limit: int) -> int:
    """The least ``y`` (or any at most ``lows[0]``) with ``sum(max(low, y)) > limit``, for
    sorted ``lows``: between two lows the sum grows by one per seat already passed."""
    rest = sum(lows)
    if rest > limit:
        return lows[0]
    for passed, low in enumerate(lows, start=1):
        rest -= low  # the lows above ``low``, which stay as they are up to the next one
        y = max(low, (limit - rest) // passed + 1)
        if passed == len(lows) or y <= lows[passed]:
            return y
    raise AssertionError("unreachable: the last segment has no end")


def open_bounds(held: list[Holding], final: bool = False) -> Bounds:
    """A hand whose end is not known: anyone may have scored, at most what a domino over
    the others' pips would give.  ``final``: what each holds is what they held at the end
    (a hand written without moves, as its count): then a player scored only by a domino,
    where her tiles are not shown or she shows no pips (R14), or as the lowest alone in a
    block (R15, ``blocked_bounds``), and one who shows more pips than another scored
    neither way."""
    seats = range(len(held))
    if not final:
        return Bounds(
            {seat: (0, together(held, [s for s in seats if s != seat])[1]) for seat in seats},
            True,
        )
    scorers = dict(_blocked(tuple(held), False).scorers)
    for seat, holding in enumerate(held):
        if holding.known is None or holding.known == 0:
            high = scorers.get(seat, (0, 0))[1]
            most = together(held, [s for s in seats if s != seat])[1]
            scorers[seat] = (0, None if high is None else max(high, most))
    return Bounds(dict(sorted(scorers.items())), True)


#: Hands whose points are unknown are held against points claimed for them one way at a time
#: (``may_give``), up to this many ways; past them, the points are taken as possible.
MAX_TRIES = 500


def may_give(hands: Sequence[Bounds], points: Sequence[int]) -> bool:
    """Whether ``hands`` whose points are unknown may have given each player ``points``
    together: one scorer each within their bounds, or nobody (R13-R15), each way tried, the
    last hand's taken as what is left; past ``MAX_TRIES`` ways, yes."""
    tries = 0
    seen: set[tuple[tuple[int, ...], int]] = set()

    def given(rest: tuple[int, ...], k: int) -> bool:
        nonlocal tries
        if min(rest) < 0 or (rest, k) in seen:
            return False
        if k == len(hands) - 1:
            return _gives(hands[k], rest)
        tries += 1
        if tries > MAX_TRIES:
            return True
        seen.add((rest, k))
        hand = hands[k]
        if hand.nobody and given(rest, k + 1):
            return True
        return any(given(_lowered(rest, seat, p), k + 1)
                   for seat in hand.scorers for p in _scored(hand, seat, rest[seat]))

    if not hands:
        return not any(points)
    return given(tuple(points), 0)


def _lowered(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    """``values`` with ``seat``'s lowered ``by``."""
    return (*values[:seat], values[seat] - by, *values[seat + 1:])


def _gives(hand: Bounds, points: tuple[int, ...]) -> bool:
    """Whether one ``hand`` whose points are unknown may have given each player ``points``."""
    scorers = [seat for seat, p in enumerate(points) if p]
    if not scorers:
        return hand.nobody or any(hand.within(seat, 0) for seat in hand.scorers)
    return len(scorers) == 1 and scorers[0] in hand.scorers and hand.within(
        scorers[0], points[scorers[0]])


def _scored(hand: Bounds, seat: int, most: int) -> list[int]:
    """The points ``seat``, one of the scorers of ``hand``, may have scored in it, up to
    ``most``."""
    mask = hand.points(seat)
    if mask is None:
        return [p for p in range(hand.scorers[seat][0], most + 1) if hand.within(seat, p)]
    return list(bits(mask & (2 << most) - 1))
