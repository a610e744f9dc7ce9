"""The count at the end of a hand (R13–R16), as pure functions of the remaining pips.

Points are raw (R16): nothing is rounded or divided, and only the hand's winner scores; the
others get 0 for the hand and their totals are never reduced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..diagnostics import N_, Message


@dataclass(frozen=True, slots=True)
class Count:
    """A hand's count: who scores (None: nobody) and each seat's points for the hand."""

    winner: int | None
    points: tuple[int, ...]
    added: tuple[int, ...] = ()
    """The opponents' remaining pips, summed into the winner's points."""
    subtracted: int | None = None
    """The winner's own remaining pips, subtracted once (a blocked hand, R15)."""
    tied: tuple[int, ...] = ()
    """The seats tied for the lowest total in a blocked hand: then nobody scores (R15)."""


def _points(seats: int, winner: int, gained: int) -> tuple[int, ...]:
    return tuple(gained if seat == winner else 0 for seat in range(seats))


def domino(winner: int, remaining: Sequence[int]) -> Count:
    """R14: the player who went out scores the sum of all opponents' remaining pips; an
    opponent left with only ``[0|0]`` adds 0, and opponents holding 0 pips in total still
    leave the winner the winner of the hand, with 0 points."""
    added = tuple(pips for seat, pips in enumerate(remaining) if seat != winner)
    return Count(winner, _points(len(remaining), winner, sum(added)), added)


def blocked(remaining: Sequence[int]) -> Count:
    """R15: the lowest total, alone, scores the opponents' combined total minus its own,
    subtracted once; a tie for the lowest total scores nobody."""
    low = min(remaining)
    lowest = tuple(seat for seat, pips in enumerate(remaining) if pips == low)
    if len(lowest) > 1:
        return Count(None, (0,) * len(remaining), tied=lowest)
    winner = lowest[0]
    added = tuple(pips for seat, pips in enumerate(remaining) if seat != winner)
    return Count(
        winner, _points(len(remaining), winner, sum(added) - low), added, low
    )


def explain(count: Count, names: Sequence[str], remaining: Sequence[int]) -> Message:
    """The arithmetic of a count in words: ``Ada scores 7 + 8 − 3 = 12``."""
    if count.winner is None:
        tied = tuple(f"{names[seat]} {remaining[seat]}" for seat in count.tied)
        return Message(N_("nobody scores: the lowest totals are tied ({tied})"), {"tied": tied})
    sum_text = " + ".join(str(pips) for pips in count.added)
    if count.subtracted is not None:
        sum_text += f" − {count.subtracted}"
    points = count.points[count.winner]
    if len(count.added) == 1 and count.subtracted is None:
        return Message(N_("{player} scores {points}"),
                       {"player": names[count.winner], "points": points})
    return Message(
        N_("{player} scores {sum} = {points}"),
        {"player": names[count.winner], "sum": sum_text, "points": points},
    )
