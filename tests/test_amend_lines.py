"""Which plays of a hand ``amend.amendments`` reads as another of the player's own tiles: the
eight moves before an error at a move, further back every play of a player whose own pass
is illegal (P405: the tile they kept may be one they laid), and every play before the last
error when asked (``wide``: a tile written as another further back may explain the hand as
well); and where a second slip is sought, after one line read otherwise leaves errors
(``course.read_twice``, ``course.second_ways``).  The hand is that of
``tests/cases/P401/a_tile_written_as_another_whose_end_stays_open_nine_moves.txt``,
every deal written: Bea's plays at lines 15 to 25, Ada's at 16 to 26, their passes at 27
and 28; with no ends given, no end is seen to stay open."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import cast

from blocknotation.basics.diagnostics import Diagnostic, diagnostic
from blocknotation.engine.amend import Amendment, amendments
from blocknotation.engine.choose import HandReplay
from blocknotation.engine.course import Take, _foremost, read_twice, second_ways
from blocknotation.engine.order import by_stage
from blocknotation.engine.players import Seats
from blocknotation.engine.totals import Totals
from blocknotation.notation.parsing import parse_text
from blocknotation.notation.plain import from_records

CASE = (Path(__file__).resolve().parent / "cases" / "P401"
        / "a_tile_written_as_another_whose_end_stays_open_nine_moves.txt")
SEATS = Seats.of(("Ada", "Bea"))


def _read_as_another(found: list[Diagnostic], wide: bool = False,
                     ends: Mapping[int, tuple[int, int]] | None = None) -> list[int]:
    hand = from_records(parse_text(CASE.read_text("utf-8")).records).games[0].hands[0]
    order, _ = by_stage(hand, SEATS)
    return sorted(a.line for a in amendments(order, SEATS, frozenset(), found, ends, wide)
                  if a.kind == "other_tile")


def _error(code: str, line: int) -> Diagnostic:
    return diagnostic(code, line, 1, "hedged", problem="", alternatives=())


def test_the_eight_moves_before_an_error() -> None:
    assert _read_as_another([_error("P403", 26)], ends={}) == list(range(18, 26))


def test_every_play_of_a_player_whose_pass_is_illegal() -> None:
    # The window (lines 20 to 27) and Ada's plays before it, at 16 and 18.
    assert _read_as_another([_error("P405", 28)], ends={}) == [16, 18, *range(20, 27)]


def test_every_play_before_the_last_error_when_wide() -> None:
    # The play of the error itself aside: the replay reads it otherwise (P401-P403).
    assert _read_as_another([_error("P403", 26)], wide=True, ends={}) == list(range(15, 26))
    assert _read_as_another([_error("P403", 20)], wide=True, ends={}) == list(range(15, 20))


def test_no_ends_known() -> None:
    assert _read_as_another([_error("P403", 26)]) == list(range(18, 26))


# The ends after each play as written: Bea's 0-1 (17) and Ada's 0-0 (18) open the 0 that
# stays open to the end, and Ada's 2-4 (24) and Bea's 4-4 (25) the 4 that does too.
ENDS = {15: (6, 1), 16: (6, 1), 17: (6, 0), 18: (6, 0), 19: (5, 0), 20: (5, 0), 21: (1, 0),
        22: (1, 0), 23: (2, 0), 24: (4, 0), 25: (4, 0), 26: (5, 0)}


def test_a_play_whose_end_stayed_open_to_the_first_error() -> None:
    # The window is lines 18 to 25; Bea's 0-1 at line 17 made the 0 still open at line 26.
    # Bea's 6-1 (15) and Ada's 6-6 (16) opened the 6 that Bea's 5-6 (19) covered: not them.
    assert _read_as_another([_error("P403", 26)], ends=ENDS) == list(range(17, 26))


def test_the_end_a_play_opened_is_the_half_that_did_not_match() -> None:
    # Ends made up for the sake of it: Bea's 0-1 at line 17 laid on a 0 (the ends were 6
    # and 0) opens a 1, which every play after leaves showing.
    others = (6, 5, 5, 5, 2, 4, 4, 5, 5)  # the other end after each of lines 18 to 26
    ends = {**ENDS, 16: (6, 0), 17: (6, 1),
            **{line: (v, 1) for line, v in zip(range(18, 27), others, strict=True)}}
    assert _read_as_another([_error("P403", 26)], ends=ends) == list(range(17, 26))


def _open_after(before: tuple[int, int], after: tuple[int, int], kept: int
                ) -> dict[int, tuple[int, int]]:
    """Ends made up around Bea's 0-1 at line 17: ``before`` after line 16, ``after`` after
    line 17, then ``kept`` and a value that changes at every play to line 26."""
    return {15: (6, 3), 16: before, 17: after,
            **{line: (kept, 2 + line % 3) for line in range(18, 27)}}


def test_a_half_laid_on_a_double_end_opens_nothing_new() -> None:
    # With 0 at both ends, Bea's 0-1 laid on one of them opens only the 1; the 0 that stays
    # open is the other end, there before her play: line 17 is not taken for it.
    assert _read_as_another([_error("P403", 26)], ends=_open_after((0, 0), (0, 1), 0)) \
        == list(range(18, 26))
    # The same with the tile's second half matching: 1 at both ends, the 0 opened.
    assert _read_as_another([_error("P403", 26)], ends=_open_after((1, 1), (1, 0), 1)) \
        == list(range(18, 26))
    # Against them, the end her tile opened staying open to the error: line 17 taken.
    assert _read_as_another([_error("P403", 26)], ends=_open_after((0, 0), (0, 1), 1)) \
        == list(range(17, 26))


def test_a_play_whose_ends_do_not_show_its_tile_opened_nothing() -> None:
    # Nothing is known of the ends after line 17, and those given there do not show the 1
    # Bea's 0-1 opened on the 0: line 17 is not taken.  Ada's 6-6 at line 16 made the 6,
    # as far as the ends tell still open: it is.
    assert _read_as_another([_error("P403", 26)], ends={16: (6, 0), 17: (6, 6)}) \
        == [16, *range(18, 26)]


def _take(found: list[Diagnostic], *lines: int) -> Take:
    """A way of reading the case's hand: its errors ``found``, with ``lines`` read as
    another tile (what ``second_ways`` and ``read_twice`` look at)."""
    order, _ = by_stage(from_records(parse_text(CASE.read_text("utf-8")).records)
                        .games[0].hands[0], SEATS)
    rep = cast(HandReplay, SimpleNamespace(stages=order, ends={}))
    return rep, found, cast(Totals, None), tuple(
        Amendment(line, "other_tile", legal=True) for line in lines)


def test_a_second_slip_is_sought_at_another_line_than_the_first() -> None:
    # The first way reads line 22 otherwise and leaves the error at line 26: the second
    # slip is sought in the eight moves before it, but for line 22 (one slip a line).
    first = _take([_error("P403", 22), _error("P403", 26)], 22)
    assert first[0].stages is not None
    every = {a.line for a in amendments(first[0].stages, SEATS, frozenset(),
                                        [_error("P403", 26)], {})}
    assert every == set(range(18, 26))
    assert {a.line for a in second_ways(first, first[0].stages, SEATS, frozenset())
            } == every - {22}


def test_at_most_four_ways_are_read_twice_those_that_leave_errors() -> None:
    written = _take([_error("P403", 22), _error("P403", 26), _error("P403", 27)])
    explained = _take([_error("P403", 20)], 20)
    unexplained = [_take([_error("P403", line), _error("P403", 26)], line)
                   for line in (18, 19, 21, 22, 23)]
    assert read_twice([written, explained, *unexplained]) == unexplained[:4]


def test_the_way_that_reads_the_first_error_s_line_is_reported() -> None:
    # Ways alike in every figure: the one that reads line 24, where the record as written
    # first breaks a rule, is reported, before the record as written and before a way
    # that reads an earlier line; a warning at the hand's line (its points not worked out,
    # E507) is no rule broken.
    unknown = diagnostic("E507", 3, 1, "not_recomputed", number=1, players="Ada")
    written = _take([unknown, _error("P403", 24)])
    there, earlier = _take([_error("P403", 24)], 24), _take([_error("P403", 20)], 20)
    assert min([written, earlier, there], key=_foremost([written, earlier, there])) is there
