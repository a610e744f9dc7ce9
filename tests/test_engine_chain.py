"""The chain's two ends (R6, R7, R9, R10), the check of where a tile goes (P403, P404), and
the readings a slip leaves (``slips.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.engine.chain import EVERY, PAIR, Chain, chain_of, lay, mirrored, pairs
from blocknotation.engine.knowledge import Whereabouts
from blocknotation.engine.moves import misfit, opening_turned_fits
from blocknotation.engine.players import Seats
from blocknotation.engine.rules import cannot_play_again, fitting, sides
from blocknotation.engine.slips import either_end, laid_instead, passed_instead, turned
from blocknotation.engine.tiles import TILES, bits, index
from blocknotation.engine.world import World
from blocknotation.notation.plain import PlainPlay

from strategies import examples


def placed_chain(*plays: tuple[tuple[int, int], str | None]) -> Chain:
    chain = Chain()
    for tile, side in plays:
        chain.place(tile, side)  # type: ignore[arg-type]
    return chain


def play(tile: tuple[int, int], side: str | None = None) -> PlainPlay:
    return PlainPlay(3, 1, "Ada", tile, side)  # type: ignore[arg-type]


def judged(chain: Chain, move: PlainPlay) -> tuple[Diagnostic | None, int]:
    """The problem of ``move`` on ``chain`` and, when it is legal, the ends after it."""
    found = misfit(chain, move)
    if found is not None:
        return found[0], 0
    return None, lay(chain.bits, move.tile, move.side)


def world_of(chain: Chain, held: tuple[tuple[int, int], ...] | None) -> World:
    """A reading of a two-player hand that Bea opened with 3-6 (the ends now ``chain``);
    ``held``: Ada's deal, if known."""
    table = Whereabouts.for_players(2)
    table.play(1, (3, 6), 1)
    if held is not None:
        table.deal(0, held, sum(1 << index(t) for t in held), 1)
    world = World(table)
    world.chain = chain.bits
    return world


SEATS = Seats.of(("Ada", "Bea"))


def test_opening_tile_is_laid_as_written() -> None:
    assert placed_chain(((4, 1), None)).ends == (4, 1)
    assert placed_chain(((1, 4), "R")).ends == (1, 4)


def test_later_tiles_turn_so_the_matching_half_touches_the_end() -> None:
    chain = placed_chain(((4, 1), None), ((6, 4), "L"), ((1, 3), "R"))
    assert chain.ends == (6, 3)
    chain.place((3, 6), "R")  # either way round: the 3 touches, the 6 is the new end
    assert chain.ends == (6, 6)


def test_doubles_stay_in_line() -> None:
    # R10: a double keeps the end's value; the opening double shows its value at both ends.
    assert placed_chain(((2, 2), None)).ends == (2, 2)
    assert placed_chain(((1, 4), None), ((1, 1), "L"), ((4, 4), "R")).ends == (1, 4)


def test_a_blank_matches_only_a_blank() -> None:
    chain = placed_chain(((0, 3), None))
    assert sides((0, 5), chain.bits) == ("L",)
    assert sides((5, 6), chain.bits) == ()
    assert sides((3, 3), chain.bits) == ("R",)


def _fitting_by_lay(tiles: int, readings: int) -> int:
    """The tiles of ``tiles`` that ``lay`` places on an end in some reading (R6, R7)."""
    return sum(1 << i for i in bits(tiles) if any(
        lay(chain_of(left, right), TILES[i], side) for left, right in pairs(readings)
        for side in ("L", "R")))


@pytest.mark.parametrize("readings", [
    0, chain_of(3, 5), chain_of(0, 0) | chain_of(0, 1), (1 << 3) - 1, (1 << 7) - 1,
    chain_of(3, 5) | chain_of(5, 2) | chain_of(6, 6), EVERY])
def test_the_tiles_that_fit_are_those_lay_places_in_some_reading(readings: int) -> None:
    # A player's tiles that fit: one reading (the replay), or several (a message after an
    # uncertain play names every tile that fits in one of them).
    assert fitting((1 << 28) - 1, readings) == _fitting_by_lay((1 << 28) - 1, readings)


@given(st.integers(0, (1 << 28) - 1), st.integers(0, EVERY))
def test_fitting_is_what_lay_allows_for_any_tiles_and_readings(tiles: int, readings: int
                                                                ) -> None:
    assert fitting(tiles, readings) == _fitting_by_lay(tiles, readings)


def test_judge_play_with_and_without_side() -> None:
    chain = placed_chain(((1, 4), None))
    assert judged(chain, play((4, 6))) == (None, chain_of(1, 6))
    assert judged(chain, play((6, 4), "R")) == (None, chain_of(1, 6))
    problem, _ = judged(chain, play((4, 6), "L"))
    assert problem is not None and problem.code == "P403"
    assert problem.message.render() == (
        "Ada: 4-6 fits the right end (4), not the left end (1): did you mean R?"
    )
    problem, _ = judged(chain, play((5, 6)))
    assert problem is not None and problem.code == "P403"
    assert problem.message.render() == (
        "Ada: 5-6 fits neither the left end (1) nor the right end (4) (R6)"
    )
    problem, _ = judged(chain, play((0, 6), "L"))
    assert problem is not None and problem.message.render().endswith(
        "a blank matches only a blank (R7)"
    )


def test_fitting_both_ends_needs_a_side_even_when_the_ends_are_equal() -> None:
    for chain, tile in ((placed_chain(((1, 4), None)), (1, 4)),
                        (placed_chain(((3, 3), None)), (3, 5))):
        problem, _ = judged(chain, play(tile))
        assert problem is not None and problem.code == "P404"
        # Both placements are readings of their own.
        after = either_end(world_of(chain, None), 0, play(tile), SEATS)
        assert len({w.chain for w in after}) == 2
    problem, after_reading = judged(placed_chain(((3, 3), None)), play((3, 5), "L"))
    assert (problem, after_reading) == (None, chain_of(5, 3))


def test_a_wrong_side_is_read_on_the_other_end_and_seen_from_the_other_side() -> None:
    # 5-3 opens; 1-3 written on the left, where the 5 is: the side was the slip (5|1), or
    # the writer's left and right are the other way round (1|5).
    chain = placed_chain(((5, 3), None))
    problem, _ = judged(chain, play((1, 3), "L"))
    assert problem is not None and problem.code == "P403"
    readings = turned(world_of(chain, None), 0, play((1, 3), "L"), "R", SEATS)
    assert sorted(PAIR[w.chain.bit_length() - 1] for w in readings) == [(1, 5), (5, 1)]
    assert mirrored(chain_of(5, 1)) == chain_of(1, 5)
    assert all(w.known.holders[0].placed == 1 for w in readings)


def test_a_play_is_reported_only_when_it_fails_in_every_reading() -> None:
    chain = Chain(chain_of(1, 5) | chain_of(5, 1) | chain_of(5, 3))
    problem, after = judged(chain, play((1, 1), "L"))  # fits in the (1|5) reading
    assert problem is None and after == chain_of(1, 5)
    chain = Chain(chain_of(2, 3) | chain_of(3, 2))
    problem, _ = judged(chain, play((6, 6)))
    assert problem is not None and problem.code == "P403"
    assert "left end (2/3)" in problem.message.render()


def test_a_tile_that_fits_nowhere_was_another_tile_or_a_pass() -> None:
    chain = placed_chain(((3, 6), None))
    wrong = play((0, 1), "R")
    problem, _ = judged(chain, wrong)
    assert problem is not None and problem.code == "P403"
    # Ada's own tiles that fit, on either end (her deal is known): 6-2 on the right.
    held = ((6, 2), (1, 1), (4, 4), (0, 1), (5, 5), (0, 0), (2, 2))
    world = world_of(chain, held)
    laid = laid_instead(world, 0, wrong, SEATS)
    assert [PAIR[w.chain.bit_length() - 1] for w in laid] == [(3, 2)]
    assert laid[0].known.holders[0].laid == 1 << index((6, 2))
    # She held a tile that fits, so she could not have passed instead (R8).
    assert passed_instead(world, 0, wrong, SEATS, 0) == []
    # With nothing that fits, the tile tried was taken back: a pass, the tile kept.
    held = ((1, 1), (4, 4), (0, 1), (5, 5), (0, 0), (2, 2), (1, 2))
    world = world_of(chain, held)
    (passed,) = passed_instead(world, 0, wrong, SEATS, 0)
    assert passed.chain == world.chain and passed.passed == 1
    assert passed.known.holders[0].placed == 0 and passed.known.holders[0].laid == 0


def test_with_the_deal_unknown_the_side_written_is_kept() -> None:
    chain = placed_chain(((3, 6), None))
    laid = laid_instead(world_of(chain, None), 0, play((0, 1), "R"), SEATS)
    assert {PAIR[w.chain.bit_length() - 1][0] for w in laid} == {3}
    assert len(laid) == 6  # 6-0 ... 6-5, every tile with a 6 but the one opened


def test_the_hint_of_an_opening_written_the_other_way_round() -> None:
    plays = [play((5, 3)), play((1, 3), "L"), play((1, 1), "L"), play((2, 5))]
    assert opening_turned_fits(plays) == "3-5"
    assert opening_turned_fits([play((5, 3)), play((3, 1), "R")]) is None
    assert opening_turned_fits([play((4, 4)), play((4, 1), "L")]) is None


def _grown(readings: int, opening: int) -> int:
    """The chain's readings once the tiles of ``opening`` are laid where they fit, as many
    times as they fit (a model of ``cannot_play_again`` written with ``lay``, pair by pair)."""
    reach = readings
    while True:
        grown = reach
        for i in bits(fitting(opening, reach)):
            grown |= lay(reach, TILES[i], "L") | lay(reach, TILES[i], "R")
        if grown == reach:
            return reach
        reach = grown


def _mask(bits_set: list[int]) -> int:
    return sum(1 << i for i in set(bits_set))


# Few readings and players down to a tile or two, as at the end of a hand: with many, every
# value shows already and a check that grew nothing would agree.  Cheap: many examples.
@settings(max_examples=examples(300))
@given(st.lists(st.integers(0, 48), min_size=1, max_size=2).map(_mask),
       st.lists(st.integers(0, 27), min_size=1, max_size=10).map(_mask),
       st.lists(st.lists(st.integers(0, 27), min_size=1, max_size=2).map(_mask),
                min_size=1, max_size=4))
def test_who_cannot_play_again_is_who_holds_no_tile_of_an_end_the_chain_may_come_to(
        readings: int, opening: int, holding: list[int]) -> None:
    reach = _grown(readings, opening)
    expected = {seat for seat, tiles in enumerate(holding) if not fitting(tiles, reach)}
    assert cannot_play_again(readings, holding, opening) == (expected if readings else set())


def test_a_value_reached_through_tiles_laid_in_turn_counts() -> None:
    # Ends 1 and 1; 1-2 then 2-3 may be laid: the ends may come to show 3, and a 3-4 fits.
    ones = chain_of(1, 1)
    opening = 1 << index((1, 2)) | 1 << index((2, 3))
    assert cannot_play_again(ones, [1 << index((3, 4)), 1 << index((4, 5))], opening) == {1}
    assert cannot_play_again(ones, [1 << index((3, 4))], 1 << index((2, 3))) == {0}
    assert cannot_play_again(0, [1 << index((3, 4))], opening) == set()
