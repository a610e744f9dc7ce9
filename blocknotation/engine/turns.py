"""Who opens and whose turn it is (R5, R8, R17; T301, T302).

Play goes clockwise, in ``Players`` order (R5).  After a move out of turn the order is taken
up again from the player who actually moved, so that one slip is reported once and not as
every later move being out of turn; or, when the play cannot be the named player's and may
be the one whose turn it was, from them: the name was the slip (``hand.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from .order import Move, Stages
from .players import Seats
from .tiles import Tile, text


def out_of_turn(expected: int, move: Move, names: tuple[str, ...]) -> Diagnostic:
    """T302: ``move`` is not made by the player whose turn it is, ``expected``."""
    return diagnostic(
        "T302", move.line, move.column,
        "out_of_turn",
        player=move.player, expected=names[expected],
    )


def under_the_wrong_name(expected: int, move: Move, names: tuple[str, ...]) -> Diagnostic:
    """T302 for a play the named player cannot have made while the player whose turn it is
    may have: the name is the slip, and the play is read as theirs."""
    assert isinstance(move, r.PlainPlay)
    return diagnostic(
        "T302", move.line, move.column,
        "read_as_expected",
        player=move.player, expected=names[expected], tile=text(move.tile),
    )


def opener(
    order: Stages, seats: Seats, number: int, expected: int | None,
    may_hold: Callable[[int, Tile], bool] = lambda seat, tile: True,
) -> tuple[int | None, Diagnostic | None]:
    """Who opens hand ``number`` (R5, R17): the ``opener`` line, else the first mover, else
    ``expected``, the seat the rotation requires (None: anyone, in a game's first hand).  One
    that differs from the rotation is T301, and is then followed, so that the turns are not
    all reported again; but a lead, with no ``opener`` line, of a tile its player cannot
    hold (``may_hold``) while the rotation's opener may is that opener's under the wrong
    name (T302 at the move, ``hand.py``)."""
    first: r.PlainOpener | Move | None = order.opener or (order.moves[0] if order.moves else None)
    if first is None:
        return expected, None
    seat = seats.seat.get(first.player)
    if seat is None:  # a lead under a name nobody plays by: whoever's turn it is (order.py)
        return expected, None
    if expected is None or seat == expected:
        return seat, None
    if isinstance(first, r.PlainPlay) and not may_hold(seat, first.tile) and may_hold(
            expected, first.tile):
        return expected, None
    names = seats.names
    return seat, diagnostic(
        "T301", first.line, first.column,
        "wrong_opener",
        player=first.player, number=number, previous=names[(expected - 1) % len(names)],
        expected=names[expected],
    )
