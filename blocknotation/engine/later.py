"""A later hand's ``score`` line, as a claim of an earlier hand's points.

A hand whose readings give it different points (``candidates.py``) and that has no ``score``
line of its own is still settled by the next ``score`` line of the game: the running totals
it claims, less the points of the hands between, are the totals after the hand.  Those
points choose among the hand's readings as its own ``score`` line would (``choose.py``).
Each hand between counts with the points the game's replay gives it (a slip in it read as
the replay reads it, ``course.py``); where they are not known, the players who may have
scored it may have gained any of the points its bounds allow (``bounds.py``) from then on,
and a line gives each of them each of the points those leave.  Unless a ``score``
line after it gives the hand other points that a reading gives too: one of the lines is
then wrong, and which is not known (a wrong line carried forward by the next is one slip),
so none settles the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .bounds import Bounds, unbounded
from .choose import HandReplay
from .claims import claimed_totals
from .hands import GameToReplay
from .tiles import bits

#: At most this many hands are looked through for the next ``score`` line.
MAX_AHEAD = 8


Given = tuple[tuple[int, int] | None, ...]
"""The points of a hand a later ``score`` line gives it, in seat order, each player's as a
pair ``(rest, between)``: the line gives them ``rest - b`` points for each ``b`` the hands
between may have given them (bit ``b`` of the mask ``between``); None where those have no
upper bound."""


def later_points(game: GameToReplay, k: int, opener: int | None, before: Sequence[int],
                 replay: Callable[[int, int | None], HandReplay]) -> list[Given]:
    """The points of hand ``k`` of ``game`` that each of the next ``score`` lines gives, in
    order, the totals before the hand (``before``) and the opener of the hand (``opener``)
    known: those up to ``MAX_AHEAD`` hands on, and before a hand with lines that cannot be
    read or whose opener is not known; none where no later line settles them.  ``replay``:
    a later hand, by its index, replayed after its expected opener as the game's replay
    reads it.  Each line gives them as the first does unless one of them is wrong: the
    lines then stand against each other (``course._settled_later``)."""
    if opener is None:
        return []
    seats = game.seats
    count = len(seats.names)
    between: list[int | None] = [1] * count  # bit 0: nothing yet
    expected = (opener + 1) % count
    found: list[Given] = []
    for j in range(k + 1, min(len(game.hands), k + 1 + MAX_AHEAD)):
        hand = game.hands[j]
        if game.bad and game.bad.any_in(hand.line, game.ends[j]):
            return found
        rep = replay(j, expected)
        if rep.opener is None:
            return found
        between = _added(between, rep.points, rep.bounds)
        if rep.score is not None:
            given = claimed_totals(rep.score, seats.names)
            if given is None:
                return found
            found.append(tuple(None if made is None else (total - earlier, made)
                               for total, earlier, made in zip(given, before, between,
                                                               strict=True)))
        expected = (rep.opener + 1) % count
    return found


def _added(between: list[int | None], points: Sequence[int] | None, bounds: Bounds | None
           ) -> list[int | None]:
    """The points the hands between may have given each player (a mask, ``Given``) with
    one hand more: its ``points``, or where they are not known, those its ``bounds`` allow
    (where none are known, anything)."""
    if points is not None:
        return [None if made is None else made << p
                for made, p in zip(between, points, strict=True)]
    bounds = bounds or unbounded(len(between))
    return [_sums(made, _gained(bounds, seat)) for seat, made in enumerate(between)]


def _gained(bounds: Bounds, seat: int) -> int | None:
    """The points a hand of ``bounds`` may have given ``seat``, a mask: none where somebody
    else or nobody may have scored it, else those within the seat's bounds (None where
    they have no upper bound)."""
    none = 1 if bounds.nobody or len(bounds.scorers) > 1 or seat not in bounds.scorers else 0
    if seat not in bounds.scorers:
        return none
    low, high = bounds.scorers[seat]
    if high is None:
        return None
    made = (1 << high + 1) - (1 << low)
    return none | made & bounds.made.get(seat, made)


def _sums(made: int | None, more: int | None) -> int | None:
    """The sums of a point in ``made`` and one in ``more`` (masks; None: no upper bound)."""
    if made is None or more is None:
        return None
    total = 0
    while more:
        low = more & -more
        total |= made << low.bit_length() - 1
        more ^= low
    return total


def exactly(line: Given) -> tuple[int, ...] | None:
    """The points a later ``score`` line gives a hand, when it gives every player one
    number only."""
    points = []
    for entry in line:
        if entry is None or not entry[1] or entry[1] & entry[1] - 1:
            return None
        rest, made = entry
        points.append(rest - made.bit_length() + 1)
    return tuple(points)


def agrees(points: Sequence[int], line: Given) -> bool:
    """Whether a hand's ``points`` may be those a later ``score`` line gives it
    (``line``)."""
    return all(entry is None or (entry[0] - p >= 0 and entry[1] >> entry[0] - p & 1 == 1)
               for p, entry in zip(points, line, strict=True))


def allowed(bounds: Bounds, line: Given) -> bool:
    """Whether a hand whose points are bounded so (``bounds``: exact, where a reading gives
    them) may have given the points a later ``score`` line gives it (``line``): nobody's,
    or some of one scorer's within their bounds and none of the others'."""
    zeros = [0] * len(line)
    if bounds.nobody and agrees(zeros, line):
        return True
    for seat in bounds.scorers:
        if not agrees(zeros, _others(line, seat)):
            continue
        entry = line[seat]
        if entry is None:
            return True
        rest, made = entry
        if any(rest - b >= 0 and bounds.within(seat, rest - b) for b in bits(made)):
            return True
    return False


def _others(line: Given, seat: int) -> Given:
    """``line`` saying nothing of ``seat``."""
    return tuple(None if s == seat else entry for s, entry in enumerate(line))
