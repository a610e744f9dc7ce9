"""A ``score`` line the running totals do not reach, explained by an earlier hand read
otherwise.

A slip legal as written (a tile written as another of the player's own that fits, a side
written the other way on a tile that fits both ends, a hidden player's play written as a
pass or as another tile) may leave its hand legal to its end: nothing in the hand shows it.
A later ``score`` line then finds the running totals wrong (E505).  Two explanations cost
one slip each: the ``score`` line is wrong, or a line of an earlier hand was.  When a hand
since the last ``score`` line the totals reached, read with one such line otherwise (or,
where it had a slip, one more line, or two lines in place of the one its slip was read
at), gives exactly the points that make the later line right, neither is taken: that
hand's points are unknown, with each as a candidate, and the E505 names each other way
(``course.replay_hands``).  Where the running totals are not known because one such hand's
points are not (a hidden player's tiles left at a block), that hand alone is read so: the
points it must have given are the line's totals less those before it and the points of the
hands after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import Diagnostic
from ..notation import plain as r
from .amend import (
    OWN_TILE_WINDOW,
    Amendment,
    amendments,
    every_line,
    hidden_shows,
    passes_laid,
    taken_back,
)
from .choose import HandReplay
from .claims import claimed_totals
from .hand import Unread
from .hand_replay import replay_hand
from .order import Stages
from .players import Seats

#: At most this many pairs of lines of one hand are read otherwise for a ``score`` line.
MAX_PAIRS = 400

Ways = tuple[tuple[Amendment, ...], ...]
"""The ways of reading a hand that explain a ``score`` line: each, the lines it reads
otherwise."""

#: At most how many hands before a ``score`` line the totals do not reach are read again
#: (those since the last ``score`` line: a game to 100 has some thirty).
MAX_BACK = 64


def wanted(claim: r.PlainScore, seats: Seats, exact: Sequence[int], points: Sequence[int]
           ) -> tuple[int, ...] | None:
    """The points an earlier hand that gave ``points`` must have given for the ``score``
    line ``claim`` to be right, the totals being ``exact`` as read: one player's points
    more (or fewer), none below nothing; None when no hand's points differ so."""
    given = claimed_totals(claim, seats.names)
    if given is None:
        return None
    target = tuple(p + g - t for p, g, t in zip(points, given, exact, strict=True))
    if min(target) < 0 or sum(x > 0 for x in target) > 1:
        return None
    return target


def explaining(hand: r.PlainHand, seats: Seats, expected: int | None,
               before: Sequence[int] | None, rep: HandReplay,
               target: tuple[int, ...]) -> Ways:
    """The lines of ``hand`` (replayed as ``rep``, with the lines it read otherwise) that,
    with one more read otherwise (any line, one of those a second way among them; a play
    as a pass, a tile taken back, and a pass as a play, wherever they are), give the hand
    the points ``target`` for at most one slip more than ``rep`` costs; or, where it has a
    slip, two lines read otherwise in place of those (``_pairs``): every way that does (a
    second, as cheap as the first, may give other figures)."""
    written = rep.stages
    if written is None:
        return ()
    cost = slips(rep.diagnostics)
    hidden = hidden_seats(rep)
    taken = rep.read_otherwise
    ways = list(dict.fromkeys([
        *every_line(written, seats, hidden, rep.ends),
        *amendments(written, seats, hidden, rep.diagnostics, rep.ends),
        *taken_back(written, seats), *passes_laid(written, seats, hidden)]))
    # A hidden player's show written wrong last: what she held is then not known, so it
    # explains the line wherever the points it leaves possible include the line's, and a
    # line whose reading gives the points themselves says more.
    shows = [way for way in dict.fromkeys([*ways, *hidden_shows(written, seats, hidden),
                                           *_claim_standing_in(written, rep)])
             if way.kind in _UNKNOWN_AFTER]
    ways = [way for way in ways if way.kind not in _UNKNOWN_AFTER]
    tries: list[tuple[Amendment, ...]] = [(*taken, way) for way in ways]
    if cost:
        tries += _pairs(written, rep, ways)
    tries += [(*taken, way) for way in shows]
    found: list[tuple[Amendment, ...]] = []
    for lines in tries:
        try:
            other = replay_hand(hand, seats, expected, before, amendment=lines)
        except Unread:
            continue
        if _gives(other, target, lines) and slips(other.diagnostics) <= cost + 1:
            found.append(lines)
    return tuple(found)


#: The lines read otherwise that leave what the hand's points were unknown, within bounds:
#: a hidden player's show written wrong, a points claim that stood in for the points.
_UNKNOWN_AFTER = frozenset({"unshown", "unclaimed"})


def _claim_standing_in(written: Stages, rep: HandReplay) -> list[Amendment]:
    """The hand's ``points`` claim read as written wrong, where it stands in for points the
    tiles do not settle (``unverified``): a later ``score`` line may be right instead."""
    if not rep.unverified or written.points is None:
        return []
    return [Amendment(written.points.line, "unclaimed", legal=True)]


def _gives(rep: HandReplay, target: tuple[int, ...], lines: tuple[Amendment, ...]) -> bool:
    """Whether the hand read as ``rep`` (with ``lines`` read otherwise) gives the points
    ``target``: as its figure; where a show, or a points claim that stood in for the
    points, is read as written wrong (``_UNKNOWN_AFTER``: the points are then not known),
    within their bounds; or, where two lines
    read otherwise leave its readings in doubt (no figure stated), in one of them.  That
    is then an explanation of the ``score`` line as cheap as its being wrong."""
    if rep.points is not None:
        return tuple(rep.points) == target
    if rep.bounds is not None and any(one.kind in _UNKNOWN_AFTER for one in lines):
        return rep.bounds.allows(target)
    return bool(rep.doubt) and any(
        x.points is not None and tuple(x.points) == target for x in rep.readings)


def _pairs(written: Stages, rep: HandReplay, ways: list[Amendment]
           ) -> list[tuple[Amendment, Amendment]]:
    """Two lines read otherwise, in place of those the hand's slip was read with, if any
    (``rep.read_otherwise``: a pair replaces that reading, it is not added to it): two of
    the ``ways`` (a play read as a pass among them, ``amend.taken_back``, and a pass of a
    player whose deal is written as a play, ``amend.passes_laid``) at the lines of its
    errors or the ``OWN_TILE_WINDOW`` moves before or after one.  The slip read at its line,
    or at a line read otherwise, may be the consequence of two legal as written before it
    (a tile written as another of the player's own, then a tile taken back that it let
    fit), or read as the wrong tile, one that let a later play written as a pass stay legal.
    Two ways may be at one line: another tile, laid on the other end (two readings of the
    move itself replace each other, ``Replay.amend``: such a pair is the second read alone,
    in place of the hand's reading, with one report more)."""
    errors = _error_lines(rep)
    lines = [m.line for m in written.moves]
    near = errors.intersection(lines)
    for error in errors:
        near.update([line for line in lines if line < error][-OWN_TILE_WINDOW:])
    near |= _after_errors(written, rep)
    chosen = [way for way in ways if way.line in near]
    return [(a, b) for k, a in enumerate(chosen) for b in chosen[k + 1:]][:MAX_PAIRS]


def _after_errors(written: Stages, rep: HandReplay) -> set[int]:
    """The lines of the ``OWN_TILE_WINDOW`` moves after each error of the hand: where a pass
    legal as the hand is read may be a play that a slip read otherwise would make illegal."""
    lines = [m.line for m in written.moves]
    near: set[int] = set()
    for error in _error_lines(rep):
        near.update([line for line in lines if line > error][:OWN_TILE_WINDOW])
    return near


def _error_lines(rep: HandReplay) -> set[int]:
    """The lines of the errors of the hand read as ``rep`` (its warnings are no slips)."""
    return {d.line for d in rep.diagnostics if d.is_error}


def hidden_seats(rep: HandReplay) -> frozenset[int]:
    """The seats whose deal the hand replayed as ``rep`` does not record."""
    return frozenset(seat for seat, holder in enumerate(
        rep.readings[0].world.known.holders) if holder.deal is None)


def slips(found: Sequence[Diagnostic]) -> int:
    """The errors of a way of reading a hand, a side left out (P404) aside."""
    return sum(d.is_error and d.code != "P404" for d in found)
