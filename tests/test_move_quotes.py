"""A move's message quotes the record as written: where a reading has a tile laid at a line
that holds another tile, or a pass, the P402 of a later play of it says what is written
there rather than naming the reading's tile as the line's."""

from __future__ import annotations

from blocknotation.basics.i18n import translator
from blocknotation.engine.knowledge import Whereabouts
from blocknotation.engine.moves import check_holding
from blocknotation.reading import plain as r

NAMES = ("Ada", "Bea", "Cy")
ENGLISH = translator("en")


def _table_with_4_4_laid_by_ada_at(line: int) -> Whereabouts:
    table = Whereabouts.for_players(len(NAMES))
    table.play(0, (4, 4), line)
    return table


def test_a_tile_played_again_names_the_line_that_holds_it() -> None:
    moves = [r.Play(7, 1, "Ada", (4, 4), "R")]
    problem = check_holding(_table_with_4_4_laid_by_ada_at(7), 1, r.Play(9, 1, "Bea", (4, 4)),
                            NAMES, moves)
    assert problem is not None and problem.code == "P402"
    assert problem.message.render(ENGLISH) == (
        "Bea plays 4-4, but Ada already played it at line 7; the set has each tile once (R2)")


def test_a_tile_read_in_place_of_another_quotes_what_is_written() -> None:
    moves = [r.Play(7, 1, "Ada", (3, 5), "L")]
    problem = check_holding(_table_with_4_4_laid_by_ada_at(7), 0, r.Play(9, 1, "Ada", (4, 4)),
                            NAMES, moves)
    assert problem is not None and problem.code == "P402"
    assert problem.message.render(ENGLISH) == (
        "Ada plays 4-4, but Ada is read as having laid it at line 7, where Ada: 3-5 is written; "
        "the set has each tile once (R2)")


def test_a_tile_read_in_place_of_a_pass_says_a_pass_is_written() -> None:
    moves = [r.Pass(7, 1, "Cy")]
    problem = check_holding(_table_with_4_4_laid_by_ada_at(7), 2, r.Play(9, 1, "Cy", (4, 4)),
                            NAMES, moves)
    assert problem is not None
    assert problem.message.render(ENGLISH) == (
        "Cy plays 4-4, but Ada is read as having laid it at line 7, where a pass is written; "
        "the set has each tile once (R2)")


def test_a_tile_written_at_that_line_by_another_player_quotes_the_line() -> None:
    moves = [r.Play(7, 1, "Bea", (4, 4), "L")]
    problem = check_holding(_table_with_4_4_laid_by_ada_at(7), 2, r.Play(9, 1, "Cy", (4, 4)),
                            NAMES, moves)
    assert problem is not None
    assert problem.message.render(ENGLISH) == (
        "Cy plays 4-4, but Ada is read as having laid it at line 7, where Bea: 4-4 is "
        "written; the set has each tile once (R2)")
