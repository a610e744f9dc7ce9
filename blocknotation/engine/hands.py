"""What each hand of one game is replayed with (``course.py`` steps through them,
``later.py`` looks ahead among them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..notation import plain as r
from .players import Seats

if TYPE_CHECKING:
    from .bad_lines import BadLines
    from .choose import HandReplay


@dataclass(frozen=True, slots=True)
class GameToReplay:
    """What each hand of one game is replayed with: the game's number, its players and
    target, the lines with syntax errors, its hands and the line where each one's span
    ends; ``ahead``: the hands read ahead for a later ``score`` line, by index and expected
    opener, each read once (``course._ahead``)."""

    number: int
    seats: Seats
    target: int
    bad: BadLines
    hands: tuple[r.PlainHand, ...]
    ends: tuple[int, ...]
    ahead: dict[tuple[int, int | None], HandReplay] = field(
        default_factory=dict, compare=False, repr=False)
