"""A later hand's ``score`` line, as a claim of an earlier hand's points.

A hand whose readings give it different points (``candidates.py``) and that has no ``score``
line of its own is still settled by the next ``score`` line of the game: the running totals
it claims, less the points of the hands between, are the totals after the hand.  Those
points choose among the hand's readings as its own ``score`` line would (``choose.py``).
The hands between count only when each is read as written, without an error but a wrong
``points`` claim (E504: the tiles give its points all the same), and gives its points: a
slip among them would make the line prove nothing of the earlier hand.  Unless
a ``score`` line after it gives the hand other points that a reading gives too: one of the
lines is then wrong, and which is not known (a wrong line carried forward by the next is
one slip), so none settles the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bounds import Bounds, unbounded
from .claims import claimed_totals
from .hand_replay import replay_hand
from .hands import GameToReplay

#: At most this many hands are looked through for the next ``score`` line.
MAX_AHEAD = 8


Given = tuple[int | None, ...]
"""The points of a hand a later ``score`` line gives it, in seat order: None for a player
who may have scored in a hand between whose points are not known."""


def later_points(game: GameToReplay, k: int, opener: int | None, before: Sequence[int]
                 ) -> list[Given]:
    """The points of hand ``k`` of ``game`` that each of the next ``score`` lines gives, in
    order, the totals before the hand (``before``) and the opener of the hand (``opener``)
    known: those up to ``MAX_AHEAD`` hands on and before any hand that gives no points
    without an error; none where no later line settles them.  A hand between whose points
    are not known leaves those of the players who may have scored it unknown (None) from
    then on.  Each line gives them as the first does unless one of them is wrong: the lines
    then stand against each other (``course._settled_later``)."""
    if opener is None:
        return []
    seats = game.seats
    count = len(seats.names)
    between: list[int | None] = [0] * count
    expected = (opener + 1) % count
    found: list[Given] = []
    for j in range(k + 1, min(len(game.hands), k + 1 + MAX_AHEAD)):
        hand = game.hands[j]
        if game.bad and game.bad.any_in(hand.line, game.ends[j]):
            return found
        rep = replay_hand(hand, seats, expected)
        if rep.opener is None or any(d.is_error and d.code != "E504" for d in rep.diagnostics):
            return found  # its points, unless only its claim of them is wrong, are in doubt
        between = _added(between, rep.points, rep.bounds)
        if rep.score is not None:
            given = claimed_totals(rep.score, seats.names)
            if given is None:
                return found
            found.append(tuple(None if later is None else total - earlier - later
                               for total, earlier, later in zip(given, before, between,
                                                                strict=True)))
        expected = (rep.opener + 1) % count
    return found


def _added(between: list[int | None], points: Sequence[int] | None, bounds: Bounds | None
           ) -> list[int | None]:
    """The points of the hands between with one more: its ``points``, or where they are
    not known, none for the players who cannot have scored it (its ``bounds``; where none
    are known, anybody may have)."""
    if points is not None:
        return [None if a is None else a + b for a, b in zip(between, points, strict=True)]
    scorers = (bounds or unbounded(len(between))).scorers
    return [None if seat in scorers else a for seat, a in enumerate(between)]


def agrees(points: Sequence[int], line: Given) -> bool:
    """Whether a hand's ``points`` are those a later ``score`` line gives it (``line``), on
    every player it says something of."""
    return all(given is None or given == p for p, given in zip(points, line, strict=True))
