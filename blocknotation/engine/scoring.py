"""The count at the end of a hand (R13–R16) and the state of a game after it (R18), as pure
functions of the remaining pips and the totals.

Points are raw (R16): nothing is rounded or divided, and only the hand's winner scores; the
others get 0 for the hand and their totals are never reduced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..basics.diagnostics import Message, message_part
from ..report.values import Status


@dataclass(slots=True)
class Count:
    """A hand's count: who scores (None: nobody) and each seat's points for the hand.  Not
    changed once made (not frozen only because a frozen class is slower to make, once a
    hand)."""

    winner: int | None
    points: tuple[int, ...]
    added: tuple[int, ...] = ()
    """The opponents' remaining pips, summed into the winner's points."""
    subtracted: int | None = None
    """The winner's own remaining pips, subtracted once (a blocked hand, R15)."""
    tied: tuple[int, ...] = ()
    """The seats tied for the lowest total in a blocked hand: then nobody scores (R15)."""


def _points(seats: int, winner: int, gained: int) -> tuple[int, ...]:
    points = [0] * seats
    points[winner] = gained
    return tuple(points)


def _opponents(remaining: Sequence[int], winner: int) -> tuple[int, ...]:
    return (*remaining[:winner], *remaining[winner + 1 :])


def domino(winner: int, remaining: Sequence[int]) -> Count:
    """R14: the player who went out scores the sum of all opponents' remaining pips; an
    opponent left with only ``[0|0]`` adds 0, and opponents holding 0 pips in total still
    leave the winner the winner of the hand, with 0 points."""
    added = _opponents(remaining, winner)
    return Count(winner, _points(len(remaining), winner, sum(added)), added)


def blocked(remaining: Sequence[int]) -> Count:
    """R15: the lowest total, alone, scores the opponents' combined total minus its own,
    subtracted once; a tie for the lowest total scores nobody."""
    low = min(remaining)
    if remaining.count(low) > 1:
        lowest = tuple(seat for seat, pips in enumerate(remaining) if pips == low)
        return Count(None, (0,) * len(remaining), tied=lowest)
    winner = remaining.index(low)
    added = _opponents(remaining, winner)
    return Count(
        winner, _points(len(remaining), winner, sum(added) - low), added, low
    )


def explain(count: Count, names: Sequence[str], remaining: Sequence[int]) -> Message:
    """The arithmetic of a count in words: ``Ada scores 7 + 8 − 3 = 12``."""
    if count.winner is None:
        tied = tuple(f"{names[seat]} {remaining[seat]}" for seat in count.tied)
        return message_part("E504", "tied", tied=tied)
    sum_text = " + ".join(str(pips) for pips in count.added)
    if count.subtracted is not None:
        sum_text += f" − {count.subtracted}"
    points = count.points[count.winner]
    if len(count.added) == 1 and count.subtracted is None:
        return message_part("E504", "scores", player=names[count.winner], points=points)
    return message_part("E504", "scores_sum", player=names[count.winner], sum=sum_text,
                        points=points)


def status_of(totals: Sequence[int], target: int) -> tuple[Status, int | None]:
    """R18, looked at after a whole hand's count: once a total is at or over the target, the
    highest total alone wins (the seat is returned) and a tie for it is a draw.

    Since only one player scores in a hand (R14, R15), plain hands never end in a draw; the
    rule is kept whole all the same, as the rules state it."""
    top = max(totals)
    if top < target:
        return "in_progress", None
    leaders = [seat for seat, total in enumerate(totals) if total == top]
    return ("won", leaders[0]) if len(leaders) == 1 else ("drawn", None)
