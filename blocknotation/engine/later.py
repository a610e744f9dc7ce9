"""A later hand's ``score`` line, as a claim of an earlier hand's points.

A hand whose readings give it different points (``candidates.py``) and that has no ``score``
line of its own is still settled by the next ``score`` line of the game: the running totals
it claims, less the points of the hands between, are the totals after the hand.  Those
points choose among the hand's readings as its own ``score`` line would (``choose.py``).
Each hand between counts with the points the game's replay gives it (a slip in it read as
the replay reads it, ``course.py``); where they are not known, the players who may have
scored it may have gained what its bounds allow (``bounds.py``), one of them only or nobody
(R13-R15), and a line gives the hand each of the points those leave.  Unless a ``score``
line after it gives the hand other points that a reading gives too: one of the lines is
then wrong, and which is not known (a wrong line carried forward by the next is one slip),
so none settles the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .bounds import Bounds, may_give, unbounded
from .choose import HandReplay
from .claims import claimed_totals
from .hands import GameToReplay

#: At most this many hands are looked through for the next ``score`` line.
MAX_AHEAD = 8


class Given(NamedTuple):
    """The points of a hand a later ``score`` line gives it: each player's total as the
    line claims it, less the totals before the hand and the known points of the hands
    between (``rest``, in seat order), less what the hands between whose points are not
    known gave, which their ``between`` bounds allow, one scorer or nobody each."""

    rest: tuple[int, ...]
    between: tuple[Bounds, ...]
    slips: tuple[tuple[int, ...], ...] = ()
    """The ``points`` claims found wrong in the hands after the hand, the line's own among
    them, each as the points claimed less the points: the scorer believes them, and a line
    that carries one holds it besides (``course._carried_otherwise``)."""


def later_points(game: GameToReplay, k: int, opener: int | None, before: Sequence[int],
                 replay: Callable[[int, int | None], HandReplay]) -> list[Given]:
    """The points of hand ``k`` of ``game`` that each of the next ``score`` lines gives, in
    order, the totals before the hand (``before``) and the opener of the hand (``opener``)
    known: those up to ``MAX_AHEAD`` hands on, and before a hand with lines that cannot be
    read; none where no later line settles them.  ``replay``:
    a later hand, by its index, replayed after its expected opener as the game's replay
    reads it.  Each line gives them as the first does unless one of them is wrong: the
    lines then stand against each other (``course._settled_later``)."""
    if opener is None:
        return []
    seats = game.seats
    count = len(seats.names)
    known = list(before)
    between: list[Bounds] = []
    expected = (opener + 1) % count
    found: list[Given] = []
    slips: list[tuple[int, ...]] = []
    for j in range(k + 1, min(len(game.hands), k + 1 + MAX_AHEAD)):
        hand = game.hands[j]
        if game.bad and game.bad.any_in(hand.line, game.ends[j]):
            return found
        rep = replay(j, expected)
        assert rep.opener is not None  # its expected opener, if nobody else opened it
        if rep.points is not None:
            known = [total + p for total, p in zip(known, rep.points, strict=True)]
            if rep.claimed is not None and rep.claimed != rep.points:
                slips.append(tuple(c - p for c, p in zip(rep.claimed, rep.points, strict=True)))
        else:
            between.append(rep.bounds or unbounded(count))
        if rep.score is not None:
            given = claimed_totals(rep.score, seats.names)
            if given is None:
                return found
            found.append(Given(tuple(total - earlier for total, earlier in zip(
                given, known, strict=True)), tuple(between), tuple(slips)))
        expected = (rep.opener + 1) % count
    return found


def exactly(line: Given) -> tuple[int, ...] | None:
    """The points a later ``score`` line gives a hand, when it gives one number each: when
    the points of every hand between are known."""
    return None if line.between else line.rest


def agrees(points: Sequence[int], line: Given) -> bool:
    """Whether a hand's ``points`` may be those a later ``score`` line gives it
    (``line``): what is left of the line's points the hands between may have given."""
    return may_give(line.between, [r - p for r, p in zip(line.rest, points, strict=True)])


def allowed(bounds: Bounds, line: Given) -> bool:
    """Whether a hand whose points are bounded so (``bounds``: exact, where a reading gives
    them) may have given the points a later ``score`` line gives it (``line``)."""
    return may_give((bounds, *line.between), line.rest)
