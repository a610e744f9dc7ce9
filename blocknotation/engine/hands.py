"""What each hand of one game is replayed with (``course.py`` steps through them,
``later.py`` looks ahead among them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..notation import plain as r
from .players import Seats

if TYPE_CHECKING:
    from .bad_lines import BadLines


@dataclass(frozen=True, slots=True)
class GameToReplay:
    """What each hand of one game is replayed with: the game's number, its players and
    target, the lines with syntax errors, its hands and the line where each one's span
    ends."""

    number: int
    seats: Seats
    target: int
    bad: BadLines
    hands: tuple[r.PlainHand, ...]
    ends: tuple[int, ...]
