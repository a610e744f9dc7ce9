"""The values a hand's points may have when the readings disagree, and what each rests on.

Where the readings a slip leaves (``choose.py``), or the ways of reading a hand that cost as
many slips (``amend.py``), give the hand different points, its points are unknown.  An
arbiter still wants the candidates: ``Ada 23 as written; Ada 12 if line 23 was a play of
5-6``.  Each candidate is one value the readings give, and the lines at which its reading
reads the record otherwise than written, with what it reads there.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import phrase
from ..notation import plain as r
from ..report.values import Candidate, Ground
from .amend import Amendment
from .order import Move, Stages
from .players import Seats
from .tiles import TILES, text
from .unfit import JudgedReading

#: At most this many candidates are given; the others are counted.
MAX_CANDIDATES = 5


def candidates(sources: Sequence[tuple[tuple[Amendment, ...], Sequence[JudgedReading]]],
               order: Stages, seats: Seats) -> tuple[tuple[Candidate, ...], int]:
    """The candidate points of a hand whose readings (``sources``: each way of reading it,
    with the lines it reads otherwise, and its readings) disagree on them; none when they
    agree.  At most ``MAX_CANDIDATES``, and how many more there are."""
    found: dict[tuple[object, object, tuple[int, ...] | None], Candidate] = {}
    for amendment, readings in sources:
        for x in readings:
            key = (x.ending.outcome, x.winner, x.points)
            if key not in found:
                found[key] = _candidate(x, amendment, order, seats)
    if len({key[2] for key in found}) < 2:
        return (), 0
    ordered = sorted(found.values(),
                     key=lambda c: (len(c.grounds), [g.line for g in c.grounds]))
    return tuple(ordered[:MAX_CANDIDATES]), max(0, len(ordered) - MAX_CANDIDATES)


def _candidate(x: JudgedReading, amendment: tuple[Amendment, ...], order: Stages, seats: Seats
               ) -> Candidate:
    names = seats.names
    points = None if x.points is None else dict(zip(names, x.points, strict=True))
    grounds = [_amended(one, x, order, seats) for one in amendment]
    read_otherwise = {one.line for one in amendment}
    written = {m.line: m for m in order.moves}
    for line, _ in x.world.choices:
        move = written.get(line)
        if move is None or line in read_otherwise:
            continue
        ground = _read(x, move, seats)
        if ground is not None:
            grounds.append(ground)
    return Candidate(
        outcome=x.ending.outcome, winner=None if x.winner is None else names[x.winner],
        points=points, grounds=tuple(sorted(grounds, key=lambda g: g.line)))


def _laid(x: JudgedReading, line: int) -> tuple[int, int] | None:
    """Who laid a tile at ``line`` in reading ``x``, and which tile (index), if anyone."""
    known = x.world.known
    for i in range(28):
        if known.played_at[i] == line and known.played_by[i] >= 0:
            return known.played_by[i], i
    return None


def _read(x: JudgedReading, move: Move, seats: Seats) -> Ground | None:
    """How reading ``x`` reads the move at its line, when otherwise than written."""
    laid = _laid(x, move.line)
    if laid is None:
        if isinstance(move, r.PlainPass):
            return None  # a pass, as written
        return Ground(move.line, phrase("read_as_pass"))
    seat, i = laid
    tile = text(TILES[i])
    player = seats.names[seat]
    if isinstance(move, r.PlainPlay) and tile in (text(move.tile), text(move.tile[::-1])) and (
            player == move.player):
        return None  # the tile written, by the player named (its side aside)
    if player != move.player:
        return Ground(move.line, phrase("read_as_play_by", player=player, tile=tile))
    return Ground(move.line, phrase("read_as_play", tile=tile))


def _amended(amendment: Amendment, x: JudgedReading, order: Stages, seats: Seats) -> Ground:
    """How a way of reading a hand reads the line it reads otherwise."""
    line = amendment.line
    kind = amendment.kind
    if kind in ("played", "other_tile"):
        laid = _laid(x, line)
        if laid is not None:
            return Ground(line, phrase("read_as_play", tile=text(TILES[laid[1]])))
    if kind == "passed":
        return Ground(line, phrase("read_as_pass"))
    if kind == "dropped":
        return Ground(line, phrase("read_as_twice"))
    if kind == "swapped":
        other = min(m.line for m in order.moves if m.line > line)
        return Ground(line, phrase("read_as_after", other=other))
    if kind == "flipped":
        return Ground(line, phrase("read_as_flipped"))
    if kind == "named" and amendment.seat is not None:
        return Ground(line, phrase("read_as_named", player=seats.names[amendment.seat]))
    return Ground(line, phrase("read_as_wrong"))
