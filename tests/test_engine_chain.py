"""The chain's two ends (R6, R7, R9, R10) and the check of where a tile goes (P403, P404)."""

from __future__ import annotations

from blocknotation.engine.chain import ANY, Chain
from blocknotation.engine.moves import check_fit
from blocknotation.records import Play


def chain_of(*plays: tuple[tuple[int, int], str | None]) -> Chain:
    chain = Chain()
    for tile, side in plays:
        chain.place(tile, side)  # type: ignore[arg-type]
    return chain


def play(tile: tuple[int, int], side: str | None = None) -> Play:
    return Play(line=3, column=1, player="Ada", tile=tile, side=side)  # type: ignore[arg-type]


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


def test_check_fit_with_and_without_side() -> None:
    chain = chain_of(((1, 4), None))
    assert check_fit(chain, play((4, 6))) == (None, "R")
    assert check_fit(chain, play((6, 4), "R")) == (None, "R")
    problem, side = check_fit(chain, play((4, 6), "L"))
    assert side is None and problem is not None and problem.code == "P403"
    assert problem.message.render() == (
        "Ada: 4-6 fits the right end (4), not the left end (1): did you mean R?"
    )
    problem, side = check_fit(chain, play((5, 6)))
    assert side is None and problem is not None and problem.code == "P403"
    assert problem.message.render() == (
        "Ada: 5-6 fits neither the left end (1) nor the right end (4) (R6)"
    )
    problem, _ = check_fit(chain, play((0, 6), "L"))
    assert problem is not None and problem.message.render().endswith(
        "a blank matches only a blank (R7)"
    )


def test_fitting_both_ends_needs_a_side_even_when_the_ends_are_equal() -> None:
    for chain, tile in ((chain_of(((1, 4), None)), (1, 4)), (chain_of(((3, 3), None)), (3, 5))):
        problem, side = check_fit(chain, play(tile))
        assert problem is not None and problem.code == "P404"
        assert side == "either"
    problem, side = check_fit(chain_of(((3, 3), None)), play((3, 5), "L"))
    assert (problem, side) == (None, "L")


def test_a_skipped_play_leaves_the_named_end_in_doubt() -> None:
    chain = chain_of(((3, 6), None))
    chain.blur((0, 3), "R")  # written on the right, where it does not fit
    assert chain.right == ANY and chain.value("R") is None
    # The slip may have been the side: the left end may show 3 or, with 0-3 there, 0.
    assert chain.value("L") is None and chain.fits((0, 1), "L") and chain.fits((3, 4), "L")
    assert not chain.fits((5, 6), "L")
    chain.place((5, 6), "R")  # the doubt narrows to the two halves, then goes
    assert chain.fits((5, 1), "R") and chain.fits((6, 1), "R")
    chain.place((6, 1), "R")
    assert chain.value("R") == 1


def test_place_either_keeps_both_possibilities() -> None:
    chain = chain_of(((3, 2), None))
    chain.place_either((2, 3))
    assert chain.value("L") is None and chain.value("R") is None
    assert chain.fits((2, 6), "L") and chain.fits((3, 6), "L")
    assert chain.ends is None
