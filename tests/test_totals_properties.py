"""The running totals with hands whose points are unknown (``engine/totals.py``): the bounds
summed as hands come equal the bounds recomputed from every hand, and a ``score`` claim that
some way of scoring the unknown hands gives is never reported."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from blocknotation.engine.bounds import Bounds
from blocknotation.engine.totals import RunningTotals, Unknown, _follows, _matched, _tighter

NAMES = ("Ada", "Bea", "Cy", "Dee")


@dataclass
class Entry:
    player: str
    total: int


@dataclass
class Claim:
    """Stands in for a ``score`` line: the totals check reads only these fields."""

    entries: tuple[Entry, ...]
    line: int = 1
    column: int = 1


@st.composite
def bounds(draw: st.DrawFn, seats: int) -> Bounds:
    chosen = draw(st.lists(st.integers(0, seats - 1), unique=True, max_size=seats))
    scorers: dict[int, tuple[int, int | None]] = {}
    for seat in sorted(chosen):
        low = draw(st.integers(0, 10))
        scorers[seat] = (low, draw(st.one_of(st.none(), st.integers(low, low + 15))))
    return Bounds(scorers, nobody=draw(st.booleans()) or not scorers)


@st.composite
def histories(draw: st.DrawFn) -> tuple[int, list[tuple[int, int] | Bounds]]:
    """A number of seats and its hands: known points (seat, points) or unknown bounds."""
    seats = draw(st.integers(2, 4))
    hand = st.one_of(st.tuples(st.integers(0, seats - 1), st.integers(0, 30)), bounds(seats))
    return seats, draw(st.lists(hand, max_size=8))


def played(seats: int, hands: list[tuple[int, int] | Bounds]) -> RunningTotals:
    world = RunningTotals([0] * seats)
    for number, hand in enumerate(hands, start=1):
        if isinstance(hand, Bounds):
            world.add_unknown(Unknown(number, hand))
        else:
            seat, points = hand
            world.add([points if s == seat else 0 for s in range(seats)])
    return world


@given(histories())
def test_the_summed_bounds_are_those_of_every_unknown_hand(
    history: tuple[int, list[tuple[int, int] | Bounds]],
) -> None:
    seats, hands = history
    world = played(seats, hands)
    copied = world.copy()
    for seat in range(seats):
        lowest = world.known[seat] + sum(
            u.bounds.low for u in world.unknown if list(u.bounds.scorers) == [seat])
        highs = [u.bounds.scorers[seat][1] for u in world.unknown if seat in u.bounds.scorers]
        highest = None if None in highs else world.known[seat] + sum(h or 0 for h in highs)
        assert world.lowest(seat) == copied.lowest(seat) == lowest
        assert world.highest(seat) == copied.highest(seat) == highest
        assert world.may_gain(seat) == copied.may_gain(seat) == bool(highs)


@given(histories(), st.data())
def test_a_score_claim_some_scoring_gives_is_never_wrong(
    history: tuple[int, list[tuple[int, int] | Bounds]], data: st.DataObject,
) -> None:
    seats, hands = history
    world = played(seats, hands)
    totals = list(world.known)
    for hand in world.unknown:
        options = [*hand.bounds.scorers, *([None] if hand.bounds.nobody else [])]
        scorer = data.draw(st.sampled_from(options))
        if scorer is not None:
            low, high = hand.bounds.scorers[scorer]
            totals[scorer] += data.draw(st.integers(low, low + 20 if high is None else high))
    claim = Claim(tuple(Entry(NAMES[s], t) for s, t in enumerate(totals)))
    assert world.wrong(claim, NAMES[:seats], totals) is None  # type: ignore[arg-type]


@given(histories(), st.data())
def test_seats_with_as_many_hands_as_there_are_seats_are_always_matched(
    history: tuple[int, list[tuple[int, int] | Bounds]], data: st.DataObject,
) -> None:
    seats, hands = history
    world = played(seats, hands)
    raised = data.draw(st.lists(st.integers(0, seats - 1), unique=True))
    if all(world.gains[seat] >= len(raised) for seat in raised):
        assert _matched(raised, world.unknown)


@given(histories(), st.data())
def test_a_score_claim_passed_keeps_within_every_bound(
    history: tuple[int, list[tuple[int, int] | Bounds]], data: st.DataObject,
) -> None:
    seats, hands = history
    world = played(seats, hands)
    totals = [known + data.draw(st.integers(0, 30)) for known in world.known]
    claim = Claim(tuple(Entry(NAMES[s], t) for s, t in enumerate(totals)))
    if world.wrong(claim, NAMES[:seats], totals) is None:  # type: ignore[arg-type]
        raised = [seat for seat in range(seats) if totals[seat] > world.known[seat]]
        assert world.unknown == [] or _matched(raised, world.unknown)
        for seat, total in enumerate(totals):
            high = world.highest(seat)
            assert world.lowest(seat) <= total and (high is None or total <= high)


def _totals(known: list[int], *hands: Unknown) -> RunningTotals:
    totals = RunningTotals(known)
    for hand in hands:
        totals.add_unknown(hand)
    return totals


#: A hand of unknown points that only Bea may have scored, 1 to 10 points.
_BEA_SCORED = Unknown(2, Bounds({1: (1, 10)}, nobody=False))


def test_a_line_carrying_a_slip_follows_a_line_of_fewer_hands_unknown_where_they_make_it(
) -> None:
    """A line carrying a slip, less the slip (``said``), against an earlier line and the
    points since (``stated``; ``totals._follows``), each way round: where one leaves open
    the hands the other does and more, those more must make up the difference.  Bea may
    have scored 1 to 10 in hand 2: 6 more than the other reading says is possible, 16 is
    not.  Where neither reading's hands are the first of the other's, nothing is known and
    they may follow."""
    claim = Claim(tuple(Entry(name, 0) for name in NAMES[:3]))
    names = NAMES[:3]
    open_hand = _totals([11, 0, 4], _BEA_SCORED)
    assert _follows(_totals([11, 6, 4]), open_hand, claim, names)
    assert not _follows(_totals([11, 16, 4]), open_hand, claim, names)
    assert _follows(open_hand, _totals([11, 6, 4]), claim, names)
    assert not _follows(open_hand, _totals([11, 16, 4]), claim, names)
    other = Unknown(3, Bounds({2: (1, 10)}, nobody=False))
    assert _follows(_totals([11, 16, 4], other), open_hand, claim, names)


def test_of_two_readings_that_follow_the_one_with_fewer_hands_unknown_is_kept() -> None:
    """``totals._tighter``: the reading that leaves fewer hands open says all the other
    does and more; where neither's hands are the first of the other's, the line's own."""
    exact, open_hand = _totals([11, 6, 4]), _totals([11, 0, 4], _BEA_SCORED)
    assert _tighter(open_hand, exact) is exact
    assert _tighter(exact, open_hand) is exact
    other = _totals([11, 0, 0], Unknown(3, Bounds({2: (1, 10)}, nobody=False)))
    assert _tighter(other, open_hand) is other
