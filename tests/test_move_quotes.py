"""A move's message quotes the record as written: where a reading has a tile laid at a line
that holds another tile, or a pass, the P402 of a later play of it says what is written
there rather than naming the reading's tile as the line's."""

from __future__ import annotations

from blocknotation.basics.i18n import translator
from blocknotation.engine.knowledge import Whereabouts
from blocknotation.engine.moves import check_holding
from blocknotation.notation import plain as r

NAMES = ("Ada", "Bea", "Cy")
ENGLISH = translator("en")


def _table_with_4_4_laid_by_ada_at(line: int) -> Whereabouts:
    table = Whereabouts.for_players(len(NAMES))
    table.play(0, (4, 4), line)
    return table


def said(written: r.PlainPlay | r.PlainPass, seat: int) -> str:
    """The P402 of seat ``seat`` playing 4-4 at line 9, Ada having laid it at line 7 where
    ``written`` is written."""
    play = r.PlainPlay(9, 1, NAMES[seat], (4, 4))
    problem = check_holding(_table_with_4_4_laid_by_ada_at(7), seat, play, NAMES, [written])
    assert problem is not None and problem.code == "P402"
    return problem.message.render(ENGLISH)


def test_a_tile_played_again_names_the_line_that_holds_it() -> None:
    assert said(r.PlainPlay(7, 1, "Ada", (4, 4), "R"), 1) == (
        "Bea plays 4-4, but Ada already played it at line 7; the set has each tile once (R2)")


def test_a_tile_read_in_place_of_another_quotes_what_is_written() -> None:
    assert said(r.PlainPlay(7, 1, "Ada", (3, 5), "L"), 0) == (
        "Ada plays 4-4, but Ada is read as having laid it at line 7, where Ada: 3-5 is written; "
        "the set has each tile once (R2)")


def test_a_tile_read_in_place_of_a_pass_says_a_pass_is_written() -> None:
    assert said(r.PlainPass(7, 1, "Cy"), 2) == (
        "Cy plays 4-4, but Ada is read as having laid it at line 7, where a pass is written; "
        "the set has each tile once (R2)")


def test_a_tile_written_at_that_line_by_another_player_quotes_the_line() -> None:
    assert said(r.PlainPlay(7, 1, "Bea", (4, 4), "L"), 2) == (
        "Cy plays 4-4, but Ada is read as having laid it at line 7, where Bea: 4-4 is "
        "written; the set has each tile once (R2)")
