"""What a move that cannot be what happened may have been: the readings a slip allows.

A move the replay cannot apply as written in a reading of the hand (``world.py``) was still
something: whoever wrote it saw the player lay *some* tile, or pass.  Each legal move it may
have been is a reading of its own, and later moves, shows and claims choose among them.
Every function here takes the reading before the move and gives the readings after it, each
a copy (``World.lay``, ``World.pass_`` apply the move):

- ``laid_instead``: another tile laid where it fits, one the player may hold (their deal
  minus their plays when it is known, else any tile nobody else can hold), not the one
  written: a tile miswritten (P401, P402, a P403 of a tile that fits no end), or a play
  written as a pass (P405);
- ``passed_instead``: a pass, where a pass is legal for what the reading knows (R8): a tile
  tried and taken back, since it fitted no end or was not the player's.  A rejected tile
  stays in the player's hand and does not count toward a domino (R3, R12);
- ``turned``: a tile that fits only the other end, on that end, and the same with the
  writer's left and right the other way round from here on (P403);
- ``either_end``: a tile that fits both ends, with no side, on either (P404);
- ``miswritten_deal``: the play as written, in the reading where the one deal it belies
  was miswritten, which is then not known (P401);
- ``openings``: the lead, when the tile written cannot be the player's: any of theirs, either
  way round.

A player whose deal is known may have laid the tile meant on either end, whatever side was
written (the writer who got the tile wrong may have got its side wrong too); with the deal
unknown the side written is kept, or any side where none is.
"""

from __future__ import annotations

from ..notation import plain as r
from .chain import Side, chain_of, lay, mirrored
from .knowledge import NOBODY, Whereabouts
from .players import Seats
from .rules import fitting, may_pass
from .tiles import TILES, bits, index
from .world import World

SIDES: tuple[Side, ...] = ("L", "R")


def _repaired(world: World) -> World:
    """A copy of ``world`` to read a slip in: it no longer follows the record as written."""
    copied = world.copy()
    copied.repairs += 1
    return copied


def _sides(known: Whereabouts, seat: int, side: Side | None) -> tuple[Side, ...]:
    return SIDES if side is None or known.holders[seat].deal is not None else (side,)


def laid_instead(world: World, seat: int, move: r.PlainPlay | r.PlainPass, seats: Seats
                 ) -> list[World]:
    """Each tile ``seat`` may hold other than the one written, laid where it fits."""
    known = world.known
    written = index(move.tile) if isinstance(move, r.PlainPlay) else -1
    side = move.side if isinstance(move, r.PlainPlay) else None
    tiles = fitting(known.holdable(seat), world.chain)
    if written >= 0:
        tiles &= ~(1 << written)
    out = []
    for i in bits(tiles):
        tile = TILES[i]
        for end in _sides(known, seat, side):
            after = lay(world.chain, tile, end)
            if after:
                copied = _repaired(world)
                copied.lay(seat, tile, after, move.line, seats, None,
                           move.tile if isinstance(move, r.PlainPlay) else None)
                out.append(copied)
    return out


def passed_instead(world: World, seat: int, move: r.PlainPlay, seats: Seats, last_play: int,
                   repaired: bool = True) -> list[World]:
    """A pass, when the reading allows one: ``seat`` holds nothing that fits, or their
    deal is not known (a pass then tells what they lack, as any pass does); ``repaired``:
    a reading of a slip the record does not show where it was made."""
    if not may_pass(world.known.holders[seat].held(), world.chain):
        return []
    copied = _repaired(world) if repaired else world.copy()
    copied.pass_(seat, move, seats, last_play)
    return [copied]


def turned(world: World, seat: int, play: r.PlainPlay, other: Side, seats: Seats) -> list[World]:
    """The tile on the ``other`` end, where it fits, and the same seen from the other side
    of the known: left and right swapped from here on."""
    after = lay(world.chain, play.tile, other)
    there = _repaired(world)
    there.lay(seat, play.tile, after, play.line, seats, None)
    seen = there.copy()
    seen.chain = mirrored(after)
    left, right = seen.ends_at[play.line]
    seen.ends_at[play.line] = (right, left)
    return [there, seen] if seen.chain != after else [there]


def either_end(world: World, seat: int, play: r.PlainPlay, seats: Seats, repaired: bool = True
               ) -> list[World]:
    """The tile on the left, and on the right: it fits both (``repaired``: a reading of a
    slip; not for two ends of one value, whose places are mirror images)."""
    out = []
    for end in SIDES:
        after = lay(world.chain, play.tile, end)
        if after:
            copied = _repaired(world) if repaired else world.copy()
            copied.lay(seat, play.tile, after, play.line, seats, None)
            out.append(copied)
    return out


def miswritten_deal(world: World, seat: int, play: r.PlainPlay, seats: Seats) -> list[World]:
    """The play as written, where exactly one recorded deal says it cannot be: ``seat``'s
    own deal without the tile, or the deal of the player it was dealt to.  That deal is
    then not known in this reading."""
    known = world.known
    i = index(play.tile)
    if known.played_by[i] != NOBODY:
        return []
    after = lay(world.chain, play.tile, play.side) if world.chain else chain_of(*play.tile)
    if not after:
        return []
    owner = known.dealt_to(i)
    own = known.holders[seat].deal
    belying = {s for s in (owner, seat if own is not None and not own >> i & 1 else NOBODY)
               if s != NOBODY}
    if len(belying) != 1:
        return []
    copied = _repaired(world)
    copied.known.undeal(belying.pop())
    copied.lay(seat, play.tile, after, play.line, seats, None)
    return [copied]


def openings(world: World, seat: int, move: r.PlainPlay | r.PlainPass, seats: Seats) -> list[World]:
    """The lead, one of the tiles ``seat`` may hold other than the one written (a lead
    written as a pass, T303, or a tile that cannot be theirs), either way round (R5: any
    tile may be led)."""
    out = []
    written = 1 << index(move.tile) if isinstance(move, r.PlainPlay) else 0
    for i in bits(world.known.holdable(seat) & ~written):
        a, b = TILES[i]
        for tile in ((a, b), (b, a)) if a != b else ((a, b),):
            copied = _repaired(world)
            copied.lay(seat, tile, chain_of(*tile), move.line, seats, (tile, None))
            out.append(copied)
    return out
