"""Whether some way of giving out the unknown hands keeps everybody below the target
(``engine/reach.py``), held to a walk over every way, and its cap."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocknotation.engine import reach
from blocknotation.engine.bounds import Bounds
from blocknotation.engine.reach import escapes, options
from blocknotation.engine.totals import Totals


@st.composite
def games(draw: st.DrawFn) -> tuple[list[int], list[Bounds], int]:
    """2 to 4 players' least totals, up to 6 unknown hands, and a target."""
    seats = draw(st.integers(min_value=2, max_value=4))
    lowest = draw(st.lists(st.integers(0, 20), min_size=seats, max_size=seats))
    hands = []
    for _ in range(draw(st.integers(0, 6))):
        who = draw(st.sets(st.integers(0, seats - 1), min_size=1))
        scorers: dict[int, tuple[int, int | None]] = {
            seat: (draw(st.integers(0, 8)), None) for seat in sorted(who)
        }
        hands.append(Bounds(scorers, nobody=draw(st.booleans())))
    return lowest, hands, draw(st.integers(1, 30))


def every_way(lowest: list[int], hands: list[Bounds], target: int) -> bool:
    """Whether some way keeps everybody below ``target``: each hand to nobody (where it may)
    or to one of its scorers, with the least they can have scored."""
    ways = [
        [None, *hand.scorers] if hand.nobody or len(hand.scorers) == 1 else list(hand.scorers)
        for hand in hands
    ]
    for way in product(*ways):
        totals = list(lowest)
        for hand, seat in zip(hands, way, strict=True):
            if seat is not None and not (len(hand.scorers) == 1 and not hand.nobody):
                totals[seat] += hand.scorers[seat][0]
        if max(totals) < target:
            return True
    return False


def given_out(lowest: list[int], hands: list[Bounds], target: int) -> bool | None:
    """``escapes`` for these hands, as ``totals.RunningTotals`` keeps them."""
    forced = [found for found in map(options, hands) if found is not None]
    return escapes(lowest, forced, target)


@given(games())
def test_the_search_is_the_walk_over_every_way(game: tuple[list[int], list[Bounds], int]
                                               ) -> None:
    lowest, hands, target = game
    assert given_out(lowest, hands, target) is every_way(lowest, hands, target)


def test_a_hand_that_must_go_to_one_of_two_at_the_target() -> None:
    """Both at 99 of 100, a hand one of them scored, at least 1: somebody reached 100."""
    hand = Bounds({0: (1, 68), 1: (1, 1)}, nobody=False)
    assert given_out([99, 99], [hand], 100) is False
    assert given_out([99, 98], [hand], 100) is True  # Bea may take it and stay at 99
    assert given_out([99, 99], [Bounds(hand.scorers, nobody=True)], 100) is True  # a tie


def test_the_search_gives_up_past_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine hands that each give 1 to Ada or Bea, neither of whom may reach 5: no way
    exists, found in a few hundred tries (Cy's room keeps the sum of the totals from
    telling), and not within a cap of 10."""
    hand = Bounds({0: (1, None), 1: (1, None)}, nobody=False)
    assert given_out([0, 0, 0], [hand] * 9, 5) is False
    assert given_out([0, 0, 0], [hand] * 8, 5) is True
    monkeypatch.setattr(reach, "MAX_STEPS", 10)
    assert given_out([0, 0, 0], [hand] * 9, 5) is None


def test_the_search_is_not_tried_on_too_many_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = Bounds({0: (1, None), 1: (1, None)}, nobody=False)
    monkeypatch.setattr(reach, "MAX_HANDS", 8)
    assert given_out([0, 0, 0], [hand] * 8, 5) is True
    assert given_out([0, 0, 0], [hand] * 9, 5) is None


def test_past_the_cap_the_least_totals_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the search gives up, the game is decided only by a player's least total; till
    then whether it is over is not known (None), since either of two players may have
    reached the target."""
    hand = Bounds({0: (1, None), 1: (1, None)}, nobody=False)
    totals = Totals(3)
    for number in range(1, 10):
        totals.add_unknown(number, hand)
    assert totals.status(5) == ("decided", None)
    monkeypatch.setattr(reach, "MAX_STEPS", 10)
    assert totals.status(5) == (None, None)
    totals.add_unknown(10, Bounds({2: (5, 9)}, nobody=False))
    assert totals.status(5) == ("decided", None)


def test_what_the_hands_must_add_settles_it_before_any_try(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Sixty-four hands that each give at least 1 to Ada, Bea or Cy, none of whom may
    reach 22: they must add 64 and the room below the target is 3 × 21 = 63, so no way
    exists, and the search says so without trying one (a long game is decided at once)."""
    hand = Bounds({0: (1, None), 1: (1, None), 2: (1, None)}, nobody=False)
    monkeypatch.setattr(reach, "MAX_STEPS", 0)
    assert given_out([0, 0, 0], [hand] * 64, 22) is False
    assert given_out([0, 0, 2], [hand] * 62, 22) is False  # 62 against 21 + 21 + 19
    monkeypatch.setattr(reach, "MAX_STEPS", 4096)
    assert given_out([0, 0, 0], [hand] * 63, 22) is True


def test_the_cap_allows_exactly_its_number_of_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand that gives 1 to Ada or Bea, both at 0 of 5: one try finds a way (Ada takes it
    and stays below), so a cap of one try answers, and a cap of none does not."""
    hand = Bounds({0: (1, None), 1: (1, None)}, nobody=False)
    monkeypatch.setattr(reach, "MAX_STEPS", 1)
    assert given_out([0, 0], [hand], 5) is True
    monkeypatch.setattr(reach, "MAX_STEPS", 0)
    assert given_out([0, 0], [hand], 5) is None
