"""Which lines of a hand legal as written ``amend`` reads otherwise when a later ``score``
line, not the hand, shows a slip (and, for ``amendments``, the reader of a hand with
errors, only how many moves it takes): ``every_line`` (each known player's play as another of
their tiles, or on the other end where the tile fit both; each hidden player's move as
another tile, or a pass as a play), ``passes_laid`` (each known player's pass as a play)
and ``taken_back`` (each play as a pass).  The hand is made up for the sake of it: Bea's
deal is not written, and what the functions read is only who moved what, and the ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from blocknotation.basics.diagnostics import diagnostic
from blocknotation.engine.amend import (
    MAX_MOVES,
    Amendment,
    amendments,
    described,
    every_line,
    passes_laid,
    slip_at,
    taken_back,
)
from blocknotation.engine.order import Stages, by_stage
from blocknotation.engine.players import Seats
from blocknotation.notation.parsing import parse_text
from blocknotation.notation.plain import from_records

SEATS = Seats.of(("Ada", "Bea", "Cy"))
BEA = frozenset({1})

#: Lines 7 to 13 are moves: Dan, line 13, is no player of the game; line 15, after the
#: show, is a move written late.
HAND = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 3-3 3-6 1-2 0-0 6-6
deal Cy: 3-4 2-2 0-1 1-1 5-6
Ada: 3-3
Bea: 3-6 R
Cy: pass
Ada: 3-6 L
Bea: pass
Cy: 1-1
Dan: 2-2
show Bea: 4-4
Cy: 0-1
"""

#: The ends after the plays: (3, 3), then (3, 6) after Bea's 3-6.
ENDS = {7: (3, 3), 8: (3, 6), 10: (6, 6)}


def _order(text: str = HAND) -> Stages:
    hand = from_records(parse_text(text).records).games[0].hands[0]
    return by_stage(hand, SEATS)[0]


def _read(found: list[Amendment]) -> list[tuple[int, str]]:
    return [(a.line, a.kind) for a in found]


def test_every_line_of_a_hand_legal_as_written() -> None:
    assert _read(every_line(_order(), SEATS, BEA, ENDS)) == [
        (7, "other_tile"),  # Ada's play, her deal written: another of her tiles
        (8, "other_tile"), (8, "passed"),  # Bea's, hidden: another tile, or a pass
        (8, "flipped"),  # 3-6 fit both 3s
        (10, "other_tile"), (10, "flipped"),  # 3-6 fit the 3 and the 6
        (11, "played"),  # Bea's pass, hidden: a play
        (12, "other_tile"),  # Cy's 1-1, no side: never the other end
    ]  # Cy's pass at line 9 is legal as written and known: passes_laid's


def test_every_line_with_no_ends_known() -> None:
    assert _read(every_line(_order(), SEATS, BEA, None)) == [
        (7, "other_tile"), (8, "other_tile"), (8, "passed"), (10, "other_tile"),
        (11, "played"), (12, "other_tile"),
    ]


def test_every_line_when_every_deal_is_written() -> None:
    assert _read(every_line(_order(), SEATS, frozenset(), ENDS)) == [
        (7, "other_tile"), (8, "other_tile"), (8, "flipped"), (10, "other_tile"),
        (10, "flipped"), (12, "other_tile"),
    ]


def test_the_passes_of_known_players_laid() -> None:
    assert _read(passes_laid(_order(), SEATS, BEA)) == [(9, "played")]
    assert _read(passes_laid(_order(), SEATS, frozenset())) == [(9, "played"), (11, "played")]


def test_every_play_taken_back() -> None:
    assert _read(taken_back(_order(), SEATS)) == [
        (7, "passed"), (8, "passed"), (10, "passed"), (12, "passed")]


def _passes(count: int) -> str:
    """A hand of ``count`` moves: Ada's, Bea's and Cy's in turn, Ada and Cy passing, Bea
    laying 6-6 and passing after."""
    names = ("Ada", "Bea", "Cy")
    moves = "".join(f"{names[k % 3]}: {'6-6' if k == 1 else 'pass'}\n" for k in range(count))
    return (f'[Players "Ada Bea Cy"]\n\nhand 1\nopener Ada\ndeal Ada: 3-3 3-6 1-2 0-0 4-4\n'
            f"deal Cy: 3-4 2-2 0-1 1-1 5-6\n{moves}")


Reader = Callable[[Stages], list[Amendment]]
#: An error after every move, that the hidden player's moves may explain.
AFTER = [diagnostic("P406", 10_000, 1, "hedged", problem="", alternatives=())]
READERS: Mapping[str, Reader] = {
    "amendments": lambda order: amendments(order, SEATS, BEA, AFTER),
    "every_line": lambda order: every_line(order, SEATS, BEA, None),
    "passes_laid": lambda order: passes_laid(order, SEATS, BEA),
    "taken_back": lambda order: taken_back(order, SEATS),
}


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_hand_of_at_most_max_moves_is_read_again(name: str) -> None:
    # A hand as played has fewer than a hundred moves; one of MAX_MOVES is still read again
    # line by line, one of more is not.
    assert READERS[name](_order(_passes(MAX_MOVES)))
    assert READERS[name](_order(_passes(MAX_MOVES + 1))) == []


@pytest.mark.parametrize(("amendment", "words"), [
    (Amendment(7, "named", 1), "the first move, at line 7, was Bea's"),
    (Amendment(7, "named", 2), "the first move, at line 7, was Cy's"),
    (Amendment(9, "swapped"), "lines 9 and 10 were written the other way round"),
    (Amendment(11, "played"), "line 11 was a play written as a pass"),
])
def test_what_a_line_read_otherwise_reads_the_record_as(amendment: Amendment, words: str
                                                         ) -> None:
    assert described(amendment, _order(), SEATS).render() == words


def test_an_opener_line_read_otherwise_names_who_led_where_known() -> None:
    order = _order()
    said = [slip_at(Amendment(4, "no_opener"), order, SEATS, set(), leader, 2)
            for leader in (1, None)]
    assert [(d.code, d.line) for d in said] == [("T301", 4), ("T301", 4)]
    assert "Bea" in said[0].message.render() and "?" not in said[0].message.render()
    assert "?" in said[1].message.render()  # the readings kept disagree on who led
