"""The chain's two ends (R6, R7, R9, R10), its readings after a slip, and the check of where
a tile goes (P403, P404)."""

from __future__ import annotations

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.engine.chain import Chain, mirrored, pairs, reading
from blocknotation.engine.moves import judge_play, opening_turned_fits
from blocknotation.engine.tiles import index
from blocknotation.reading.records import Play


def chain_of(*plays: tuple[tuple[int, int], str | None]) -> Chain:
    chain = Chain()
    for tile, side in plays:
        chain.place(tile, side)  # type: ignore[arg-type]
    return chain


def play(tile: tuple[int, int], side: str | None = None) -> Play:
    return Play(line=3, column=1, player="Ada", tile=tile, side=side)  # type: ignore[arg-type]


def judged(chain: Chain, move: Play, candidates: int = 0) -> tuple[Diagnostic | None, int]:
    """The problem and the readings after ``move``; ``candidates``: the tiles the player
    may hold instead of the one written."""
    problem, readings, change = judge_play(chain, move, lambda: candidates)
    assert change(chain.readings) == readings
    return problem, readings


def test_opening_tile_is_laid_as_written() -> None:
    assert chain_of(((4, 1), None)).ends == (4, 1)
    assert chain_of(((1, 4), "R")).ends == (1, 4)


def test_later_tiles_turn_so_the_matching_half_touches_the_end() -> None:
    chain = chain_of(((4, 1), None), ((6, 4), "L"), ((1, 3), "R"))
    assert chain.ends == (6, 3)
    chain.place((3, 6), "R")  # either way round: the 3 touches, the 6 is the new end
    assert chain.ends == (6, 6)


def test_doubles_stay_in_line() -> None:
    # R10: a double keeps the end's value; the opening double shows its value at both ends.
    assert chain_of(((2, 2), None)).ends == (2, 2)
    assert chain_of(((1, 4), None), ((1, 1), "L"), ((4, 4), "R")).ends == (1, 4)


def test_a_blank_matches_only_a_blank() -> None:
    chain = chain_of(((0, 3), None))
    assert chain.fits((0, 5), "L") and not chain.fits((0, 5), "R")
    assert not chain.fits((5, 6), "L") and not chain.fits((5, 6), "R")
    assert chain.fits((3, 3), "R") and not chain.fits((3, 3), "L")


def test_judge_play_with_and_without_side() -> None:
    chain = chain_of(((1, 4), None))
    assert judged(chain, play((4, 6))) == (None, reading(1, 6))
    assert judged(chain, play((6, 4), "R")) == (None, reading(1, 6))
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
    for chain, tile in ((chain_of(((1, 4), None)), (1, 4)), (chain_of(((3, 3), None)), (3, 5))):
        problem, after = judged(chain, play(tile))
        assert problem is not None and problem.code == "P404"
        assert len(list(pairs(after))) == 2  # both placements are kept
    problem, after = judged(chain_of(((3, 3), None)), play((3, 5), "L"))
    assert (problem, after) == (None, reading(5, 3))


def test_a_wrong_side_keeps_three_readings() -> None:
    # 5-3 opens; 1-3 written on the left, where the 5 is: the side was the slip (5|1), the
    # writer's left and right are the other way round (1|5), or the tile was not placed.
    chain = chain_of(((5, 3), None))
    problem, after = judged(chain, play((1, 3), "L"))
    assert problem is not None and problem.code == "P403"
    assert sorted(pairs(after)) == [(1, 5), (5, 1), (5, 3)]
    assert mirrored(reading(5, 1)) == reading(1, 5)


def test_a_play_is_reported_only_when_it_fails_in_every_reading() -> None:
    chain = Chain(reading(1, 5) | reading(5, 1) | reading(5, 3))
    problem, after = judged(chain, play((1, 1), "L"))  # fits in the (1|5) reading
    assert problem is None and after == reading(1, 5)
    chain = Chain(reading(2, 3) | reading(3, 2))
    problem, _ = judged(chain, play((6, 6)))
    assert problem is not None and problem.code == "P403"
    assert "left end (2/3)" in problem.message.render()


def test_a_tile_that_fits_nowhere_was_not_placed_or_was_another_tile() -> None:
    chain = chain_of(((3, 6), None))
    held = 1 << index((6, 2)) | 1 << index((1, 1)) | 1 << index((3, 4))
    problem, after = judged(chain, play((0, 1), "R"), held)
    assert problem is not None and problem.code == "P403"
    # Not placed, or one of the player's own tiles on the right end: 6-2 leaves a 2 there.
    assert sorted(pairs(after)) == [(3, 2), (3, 6)]


def test_the_hint_of_an_opening_written_the_other_way_round() -> None:
    plays = [play((5, 3)), play((1, 3), "L"), play((1, 1), "L"), play((2, 5))]
    assert opening_turned_fits(plays) == "3-5"
    assert opening_turned_fits([play((5, 3)), play((3, 1), "R")]) is None
    assert opening_turned_fits([play((4, 4)), play((4, 1), "L")]) is None
