"""Whose turn it is (R5, R8; T302).

Play goes clockwise, in ``Players`` order (R5).  After a move out of turn the order is taken
up again from the player who actually moved, so that one slip is reported once and not as
every later move being out of turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from .order import Move


@dataclass(slots=True)
class Turns:
    """The seat expected to move next (None: anyone, before the first move of hand 1)."""

    seats: int
    expected: int | None = None
    passed: int = 0
    """The seats that have passed since the last play, one bit each (R12: when every player
    has passed in succession, the hand is blocked)."""

    def moved(self, seat: int) -> None:
        self.expected = (seat + 1) % self.seats


def check_turn(turns: Turns, seat: int, move: Move, names: tuple[str, ...]) -> Diagnostic | None:
    """T302 when ``move`` is not made by the player whose turn it is."""
    if turns.expected is None or turns.expected == seat:
        return None
    return diagnostic(
        "T302", move.line, move.column,
        N_("{player} moves out of turn: it is {expected}'s turn (play goes clockwise in "
           "Players order, R5)"),
        player=move.player, expected=names[turns.expected],
    )
