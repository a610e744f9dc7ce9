"""The bounds of unknown points (``engine/bounds.py``) on small generated hands: the same
figures as the plain reference (``bounds_reference.py``), and true of every way the unknown
tiles can lie, found by trying them all."""

from __future__ import annotations

import random
from functools import reduce
from operator import or_

import bounds_reference as reference
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from blocknotation.engine import bounds, jointly
from blocknotation.engine.bounds import (
    Bounds,
    Holding,
    _fewest_points,
    blocked_bounds,
    domino_bounds,
    may_give,
    open_bounds,
    together,
    unbounded,
)
from blocknotation.engine.jointly import blocked_jointly, domino_jointly
from blocknotation.engine.scoring import blocked, domino
from blocknotation.engine.tiles import PIPS, bit

MASKS = st.integers(min_value=0, max_value=(1 << 28) - 1)


@st.composite
def holdings(draw: st.DrawFn, pool: st.SearchStrategy[int] = MASKS) -> list[Holding]:
    """2 to 4 seats, each with known pips or with a mask of tiles it may hold and how many."""
    held = []
    for _ in range(draw(st.integers(min_value=2, max_value=4))):
        if draw(st.booleans()):
            held.append(Holding(draw(st.integers(min_value=0, max_value=60))))
        else:
            fewest = draw(st.integers(min_value=0, max_value=4))
            most = draw(st.integers(min_value=fewest, max_value=7))
            held.append(Holding(None, draw(pool), fewest, most))
    return held


@given(holdings())
def test_the_bounds_are_the_reference_figures(held: list[Holding]) -> None:
    seats = range(len(held))
    for holding in held:
        assert holding.range == reference.pip_range(holding)
    for seat in seats:
        others = [s for s in seats if s != seat]
        assert together(held, others) == reference.together(held, others)
        if _jointly(held, seat):
            _within(domino_bounds(seat, held), reference.domino_bounds(seat, held))
        else:
            assert _figures(domino_bounds(seat, held)) == _figures(
                reference.domino_bounds(seat, held))
    block = blocked_bounds(held)
    if _jointly(held):  # every way the hidden tiles can lie gone through: never looser
        _within(block, reference.blocked_bounds(held))
    else:
        assert _figures(block) == _figures(reference.blocked_bounds(held))
    unasked = blocked_bounds(held, ties=False)  # for a claim naming its scorer
    assert unasked.scorers == blocked_bounds(held).scorers and unasked.nobody
    assert _figures(open_bounds(held)) == _figures(reference.open_bounds(held))


def _jointly(held: list[Holding], winner: int | None = None) -> bool:
    """Whether the bounds of a block, or of a domino by ``winner``, are worked out over
    every way the hidden tiles can lie together (``engine/jointly.py``), not seat by seat
    as the reference does."""
    seats = tuple(h.held for h in held)
    if winner is not None:
        return domino_jointly(seats, winner) is not None
    return blocked_jointly(seats) is not None


def _within(tight: Bounds, loose: Bounds) -> None:
    """``tight`` allows nothing ``loose`` does not: its scorers are among the other's, each
    within the other's bounds, and nobody only where the other allows it too."""
    assert tight.nobody <= loose.nobody
    for seat, (low, high) in tight.scorers.items():
        loose_low, loose_high = loose.scorers[seat]
        assert low >= loose_low
        assert high is not None and (loose_high is None or high <= loose_high)


def _figures(bounds: Bounds) -> tuple[dict[int, tuple[int, int | None]], bool]:
    """Who may have scored, between what bounds, and whether nobody may have: what the
    reference works out (the points the tiles make between the bounds are checked against
    every way the tiles can lie, below)."""
    return bounds.scorers, bounds.nobody


def worlds(held: list[Holding], pool: int) -> list[list[int]]:
    """Every way the tiles of ``pool`` can lie among the seats whose tiles are unknown (or
    with nobody), each within its mask and count: the pips each seat then holds, each list
    of pips once (ways that give the same pips give the same counts).  A tile goes only to a
    seat that may hold it and still has room, so dead ends are cut early; the ways are the
    same as those of trying every owner for every tile and keeping those that fit."""
    tiles = [i for i in range(28) if pool >> i & 1]
    unknown = [seat for seat, holding in enumerate(held) if holding.known is None]
    found: set[tuple[int, ...]] = set()
    pips = [holding.known or 0 for holding in held]
    counts = dict.fromkeys(unknown, 0)

    def place(index: int) -> None:
        if index == len(tiles):
            if all(held[s].fewest <= counts[s] for s in unknown):
                found.add(tuple(pips))
            return
        place(index + 1)  # nobody holds this tile
        tile = tiles[index]
        for owner in unknown:
            if held[owner].free >> tile & 1 and counts[owner] < held[owner].most:
                pips[owner] += PIPS[tile]
                counts[owner] += 1
                place(index + 1)
                pips[owner] -= PIPS[tile]
                counts[owner] -= 1

    place(0)
    return [list(p) for p in sorted(found)]


POOL = 0b1011_0010_0001_1000_0100_1100_0001  # seven tiles of various pips


@given(holdings(st.integers(min_value=0, max_value=POOL).map(lambda mask: mask & POOL)))
def test_every_possible_count_lies_within_the_bounds(held: list[Holding]) -> None:
    assume(sum(holding.known is None for holding in held) <= 3)
    possible = worlds(held, POOL)
    assume(possible)
    block = blocked_bounds(held)
    scored: dict[int, int] = {}  # what each seat scores as the lowest alone in some way
    tie = False
    for pips in possible:
        count = blocked(pips)
        if count.winner is None:
            tie = True
        else:
            scored[count.winner] = scored.get(count.winner, 0) | 1 << count.points[count.winner]
        if count.winner is None:
            assert block.nobody
        else:  # within the bounds, and made by the tiles
            assert block.within(count.winner, count.points[count.winner])
            assert block.allows(count.points)
        # A count, its end not written: a block, or a domino by one who holds no pips.
        assert open_bounds(held, final=True).allows(count.points)
        for winner in range(len(held)):
            won = domino(winner, pips).points[winner]
            assert domino_bounds(winner, held).within(winner, won)
            opened = open_bounds(held).scorers[winner][1]
            assert opened is None or won <= opened
            if pips[winner] == 0:
                assert open_bounds(held, final=True).allows(domino(winner, pips).points)
    if _jointly(held):  # no tighter than the tiles, nor looser: what some way gives
        assert (block.made, block.nobody) == (scored, tie)
    for winner in range(len(held)):  # out, she holds nothing: the others, all they hold
        out = [Holding(0) if seat == winner else h for seat, h in enumerate(held)]
        if _jointly(out, winner):
            gained = {domino(winner, pips).points[winner] for pips in worlds(out, POOL)}
            assert domino_bounds(winner, out).made == {winner: sum(1 << p for p in gained)}


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=3),
       st.integers(min_value=0, max_value=120), st.integers(min_value=0, max_value=40),
       st.integers(min_value=0, max_value=40))
def test_the_least_points_of_the_lowest_seat_are_the_least_over_every_count(
    lows: list[int], rest_low: int, first: int, width: int
) -> None:
    last = first + width
    every = [max(sum(max(low, own + 1) for low in lows), rest_low) - own
             for own in range(first, last + 1)]
    assert _fewest_points(first, last, lows, rest_low) == min(every)


def test_the_lowest_alone_holds_less_than_every_other_seat_can() -> None:
    """Ada holds one tile, 0-1 or 1-2; Bea holds 2 pips; Cy and Dan hold one tile each of 0-3
    and 0-4, so 7 pips between them, whoever holds which.  Ada is the lowest alone only below
    Bea's 2, with 0-1, and then scores 2 + 7 - 1 = 8 (R15), no more and no less: holding
    as many pips as another seat, she would not be the lowest alone.  With 1-2 Bea is, and
    scores 3 + 7 - 2 = 8 too; Cy and Dan never are, whoever holds which tile, though each
    on their own may hold 3, as may Ada."""
    pool = bit((0, 3)) | bit((0, 4))
    held = [Holding(None, bit((0, 1)) | bit((1, 2)), 1, 1), Holding(2),
            Holding(None, pool, 1, 1), Holding(None, pool, 1, 1)]
    bounds = blocked_bounds(held)
    assert bounds.scorers[0] == (8, 8)
    assert not bounds.nobody  # 1 or 3 pips for Ada, 3 or 4 for Cy and Dan: no tie with Bea
    assert bounds.scorers == {0: (8, 8), 1: (8, 8)}
    assert bounds.within(0, 8)


def test_between_the_bounds_only_the_points_some_tiles_make() -> None:
    """Ada holds one tile, 0-1 or 5-6, and Bea went out: Bea scores 1 or 11 (R14), and a
    claim of 5, between the two, is made by no tile."""
    held = [Holding(None, bit((0, 1)) | bit((5, 6)), 1, 1), Holding(0)]
    bounds = domino_bounds(1, held)
    assert bounds.scorers[1] == (1, 11)
    assert [points for points in range(13) if bounds.within(1, points)] == [1, 11]
    assert not bounds.allows([0, 5]) and bounds.allows([0, 11])
    # Blocked: Bea at 0 is the lowest alone and scores Ada's pips, 1 or 11 (R15).
    assert [points for points in range(13) if blocked_bounds(held).within(1, points)] == [1, 11]


def test_beyond_the_ways_gone_through_each_hidden_hand_is_bounded_on_its_own() -> None:
    """Bea, Cy and Dan hold one to seven tiles each of the 28, Ada 3 pips: more ways, told
    apart by their counts and pips, than are gone through (``jointly.MAX_BITS``).  Each
    hidden hand is then bounded on its own, as the reference does it.  Two hidden hands of
    seven tiles each never are: they are gone through, and the bounds are no looser; with
    one hidden hand there is nothing to go through together."""
    free = (1 << 28) - 1
    beyond = [Holding(3), *[Holding(None, free, 1, 7)] * 3]
    assert blocked_jointly(tuple(h.held for h in beyond)) is None
    assert _figures(blocked_bounds(beyond)) == _figures(reference.blocked_bounds(beyond))
    within = [Holding(10), Holding(None, free, 7, 7), Holding(None, free, 7, 7)]
    assert _jointly(within)
    assert _jointly(within, 0)
    _within(blocked_bounds(within), reference.blocked_bounds(within))
    assert not _jointly([Holding(10), Holding(None, free, 1, 1), Holding(7)])


def test_the_hands_of_unknown_points_are_tried_up_to_the_cap(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Two hands of unknown points, each one of three players' for 1 to 12 points, cannot
    give 10, 11 and 10 (R13-R15: one scorer a hand) but can give 12 and 11.  The first hand
    is one way tried (the last is what is left): with ``bounds.MAX_TRIES`` at one the
    search finishes and says so; at none it is cut short and takes the points as possible,
    as a line that says nothing would be.  Eight such hands against points they cannot
    give are cut short at 500."""
    hands = [Bounds({0: (1, 12), 1: (1, 12), 2: (1, 12)}, nobody=False)] * 2
    assert may_give(hands, [12, 0, 11])
    monkeypatch.setattr(bounds, "MAX_TRIES", 1)
    assert not may_give(hands, [10, 11, 10])
    monkeypatch.setattr(bounds, "MAX_TRIES", 0)
    assert may_give(hands, [10, 11, 10])
    monkeypatch.setattr(bounds, "MAX_TRIES", 500)
    assert may_give([hands[0]] * 8, [161, 163, 167])


def test_hands_whose_planes_may_take_too_many_bits_are_not_gone_through(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three hidden hands of two tiles each of the 20 from 0-0 to 3-4: two tiles make 1 to
    15 pips, so the bits the ways may take (``jointly._most_bits``) are 3 counts (0 to 2
    tiles) of the first times its 15 totals, and beside each a plane of the last two's 3
    counts times 16 totals (0 to 15) each, 45 times 2,304.  They are gone through where
    ``_HOPELESS`` times ``MAX_BITS`` allows as many, not one fewer."""
    free = (1 << 20) - 1
    seats = ((None, free, 2, 2),) * 3
    held = ((10, 0, 0, 0), *seats)
    assert jointly._most_bits(seats) == 3 * 15 * (3 * 16) ** 2
    monkeypatch.setattr(jointly, "_HOPELESS", 1)
    monkeypatch.setattr(jointly, "MAX_BITS", jointly._most_bits(seats))
    _forget()
    assert blocked_jointly(held) is not None
    monkeypatch.setattr(jointly, "MAX_BITS", jointly._most_bits(seats) - 1)
    _forget()
    assert blocked_jointly(held) is None
    _forget()


def test_the_bits_kept_are_capped_as_they_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea may hold 0-1 or nothing, Cy 0-2 or nothing.  Their plane has a bit for each of
    Bea's counts and totals (2 by 2) times each of Cy's (2 counts by 3 totals, 0 to 2):
    bit ``(count * 2 + total) * 6 + count * 3 + total``.  The ways are nothing (bit 0), Cy's
    0-2 (bit 5), Bea's 0-1 (bit 18) and both (bit 23): a plane of 24 bits.  They are gone
    through where ``MAX_BITS`` allows 24 bits, not one fewer."""
    seats = ((None, bit((0, 1)), 0, 1), (None, bit((0, 2)), 0, 1))
    monkeypatch.setattr(jointly, "MAX_BITS", 24)
    _forget()
    assert jointly._together(seats) == {(): {0: 0b101, 1: 0b101}}
    monkeypatch.setattr(jointly, "MAX_BITS", 23)
    _forget()
    assert jointly._together(seats) is None
    _forget()


def _forget() -> None:
    """Clear what the ways gone through together keep, for another ``MAX_BITS``."""
    jointly._together.cache_clear()
    blocked_jointly.cache_clear()
    domino_jointly.cache_clear()


def test_a_way_kept_as_one_integer_is_gone_through_while_its_bits_hold_it() -> None:
    """Each way's counts of tiles have 4 bits a seat (``jointly._Plane``'s key): fifteen tiles a
    seat are gone through together, sixteen (which no hand of Block holds) are left to the
    bounds of each hand on its own rather than read wrong."""
    free = (1 << 28) - 1
    assert jointly._together(((None, free, 0, 15), (None, free, 0, 0))) is not None
    assert jointly._together(((None, free, 0, 16), (None, free, 0, 0))) is None


def _every_way(held: list[Holding], pool: int) -> tuple[dict[int, int], bool]:
    """What each seat scores as the lowest alone in some way the tiles of ``pool`` can lie
    (a mask), and whether two seats tie for the lowest in some way: found by trying them."""
    scored: dict[int, int] = {}
    tie = False
    for pips in worlds(held, pool):
        count = blocked(pips)
        if count.winner is None:
            tie = True
        else:
            scored[count.winner] = scored.get(count.winner, 0) | 1 << count.points[count.winner]
    return scored, tie


FOUR_HIDDEN = [  # four hidden hands on a pool of seven tiles: masks of the pool, and counts
    ((0b1100111, 1, 2), (0b0111101, 1, 1), (0b1011011, 0, 2), (0b1111110, 1, 2)),
    ((0b1111111, 1, 1), (0b1111111, 1, 1), (0b1111111, 1, 1), (0b1111111, 0, 2)),
    ((0b0011111, 2, 2), (0b1110001, 1, 1), (0b1001110, 1, 2), (0b0110101, 0, 1)),
    ((0b1010101, 0, 1), (0b0101010, 0, 1), (0b1111000, 1, 2), (0b0001111, 1, 2)),
]


@pytest.mark.parametrize("shape", FOUR_HIDDEN)
def test_four_hidden_hands_gone_through_together_are_every_way_and_no_more(
        shape: tuple[tuple[int, int, int], ...]) -> None:
    """Four hidden hands of the seven tiles of ``POOL`` (the first two hidden seats kept
    in the way's key, the last two in its plane: ``jointly._Plane``): who may score a
    block, and what, and whether it may tie, are what trying every way finds."""
    tiles = [i for i in range(28) if POOL >> i & 1]
    held = [Holding(None, sum(1 << tiles[j] for j in range(7) if mask >> j & 1), fewest, most)
            for mask, fewest, most in shape]
    found = blocked_jointly(tuple(h.held for h in held))
    assert found is not None
    assert found == _every_way(held, POOL)


def test_each_hidden_hand_bounded_on_its_own_never_lets_a_tie_score(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the joint search (``MAX_BITS`` at nothing), each hidden hand is bounded on its
    own (``bounds._blocked``).  Ada may hold one to three of 2-6, 4-4 and 4-6, Bea holds 14
    pips, Cy 4-6 and Dan two of 0-0, 2-4 and 4-5.  Ada is the lowest alone with 8 pips
    (scoring 25 or 31, as every way tried finds); with 10 she would be no lower than Cy,
    who may hold no more, and the 29 that tie would give is not hers."""
    monkeypatch.setattr(jointly, "MAX_BITS", 0)
    _forget()
    held = [Holding(None, bit((2, 6)) | bit((4, 4)) | bit((4, 6)), 1, 3), Holding(14),
            Holding(None, bit((4, 6)), 1, 1),
            Holding(None, bit((0, 0)) | bit((2, 4)) | bit((4, 5)), 2, 2)]
    bounds = blocked_bounds(held)
    assert [p for p in range(60) if bounds.within(0, p)] == [25, 31]
    scored, _ = _every_way(held, reduce(or_, (h.free for h in held)))
    assert scored[0] == 1 << 25 | 1 << 31
    _forget()


def test_a_hand_of_no_upper_bound_may_give_every_point_left() -> None:
    """A hand anyone may have scored anything in (``bounds.unbounded``), then one only Bea
    may have scored, 1 to 10: Ada 5 and Bea 3 are given only if the first hand gave Ada
    all of her 5 (``bounds._scored`` up to what is left, that included)."""
    hands = [unbounded(2), Bounds({1: (1, 10)}, nobody=False)]
    assert may_give(hands, [5, 3])
    assert not may_give(hands, [5, 11])


def test_the_widest_hidden_hands_are_kept_in_the_planes() -> None:
    """Ada may hold one of 6-6 and 0-0 (2 counts by 13 totals), Bea two of 0-0 and 0-1 (3
    counts by 2 totals) and Cy three of the twelve from 0-0 to 1-5 (4 counts by 18 totals): Cy
    and Ada, the widest, are kept in the planes and Bea in the ways' keys
    (``jointly._hidden``), so that fewer ways are kept and the cap is reached less often."""
    held = ((None, bit((6, 6)) | bit((0, 0)), 0, 1), (None, bit((0, 0)) | bit((0, 1)), 0, 2),
            (None, (1 << 12) - 1, 0, 3))
    assert jointly._hidden(held) == [1, 0, 2]


@pytest.mark.parametrize("seed", range(40))
def test_three_and_four_hidden_hands_gone_through_together_are_every_way(seed: int) -> None:
    """Three or four hidden hands of the seven tiles of ``POOL``, beside one seat of known
    pips or none, drawn with ``seed``: who may score a block and what, whether it may tie,
    and what each winner of a domino scores are what trying every way finds (R2, R14,
    R15), whichever hidden hands are kept in the planes (``jointly._hidden``).  Those whose
    ways may take many times ``MAX_BITS`` at most are not started (3 of the 40)."""
    rng = random.Random(seed)
    tiles = [i for i in range(28) if POOL >> i & 1]
    held = [Holding(None, sum(1 << t for t in tiles if rng.random() < 0.7), fewest, most)
            for fewest, most in ((rng.randint(0, 1), rng.randint(1, 3))
                                 for _ in range(rng.choice((3, 4))))]
    if rng.random() < 0.5:
        held.insert(rng.randrange(len(held) + 1), Holding(rng.randint(0, 12)))
    key = tuple(h.held for h in held)
    found = blocked_jointly(key)
    if found is None:  # not started: each hand is bounded on its own, as tested above
        hidden = tuple(key[seat] for seat in jointly._hidden(key))
        assert jointly._most_bits(hidden) > jointly._HOPELESS * jointly.MAX_BITS
        return
    assert found == _every_way(held, POOL)
    for winner in range(len(held)):
        out = tuple(Holding(0).held if seat == winner else h.held
                    for seat, h in enumerate(held))
        gained = {domino(winner, pips).points[winner] for pips in worlds(
            [Holding(0) if seat == winner else h for seat, h in enumerate(held)], POOL)}
        assert domino_jointly(out, winner) == (sum(1 << p for p in gained) or None)
