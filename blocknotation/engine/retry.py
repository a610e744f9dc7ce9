"""A hand tried written another way, without replaying its whole game again.

``validate --fix`` asks what a record would say with a side written after a tile
(``fixing/sides.py``).  Replaying the game again for each such question made the work grow
with the square of the record; instead, the replay keeps the hands asked about (``ReplayCache``,
``course.ReplayedHand``: where the game stood before each), and ``tried`` replays just the hand
written the other way from there, its moves from the play written otherwise (the replay
keeps where the hand's readings stood before each play without a side, ``hand.Saved``).
The hands before it cannot change.  Once the game stands after it as it stood there as
written (``GameState.same``: the totals, the status and the rotation), the hands after it
cannot change either; until then they are replayed after it, as written, one at a time,
for as long as the caller asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..basics.diagnostics import Diagnostic
from ..notation import plain as r
from ..report.values import HandResult
from .chain import lay
from .course import ReplayedHand, step
from .rules import fitting_both


def tried(at: ReplayedHand, hand: r.PlainHand, line: int = 0,
          kept: Callable[[int], ReplayedHand | None] = lambda k: None,
          ) -> Iterator[tuple[list[Diagnostic], HandResult]]:
    """The diagnostics and result of hand ``at.k`` written as ``hand``, replayed from where
    its game stood before it (its moves from the play at ``line`` on, when that is the one
    written otherwise: those before it are as they were); then those of each later hand as
    written, until the game stands as it stood before that hand as written (``kept``, each
    hand as the replay left it).  The caller may stop at any hand."""
    game = at.game
    course = at.course.copy()
    found, result, _ = step(game, course, at.k, hand, resume=at.saved.get(line))
    yield found, result
    for k in range(at.k + 1, len(game.hands)):
        written = kept(k)
        if written is not None and course.same(written.course):
            return
        found, result, _ = step(game, course, k, game.hands[k])
        yield found, result


def sides_alike(at: ReplayedHand, line: int) -> bool | None:
    """For the play at ``line`` of hand ``at.k``, written without a side: whether laying its
    tile on either end leaves the chain the same (a double on two ends of its value), when
    the hand had one reading before it, the player's turn, in which the tile fits both ends;
    None otherwise (then only replaying the hand each way tells).  With one such reading,
    each side gives one reading after the play, and the chain's ends after it are that
    reading's: when they are alike, the two replays are one."""
    saved = at.saved.get(line)
    hand = at.game.hands[at.k]
    play = next((s for s in hand.statements if s.line == line and isinstance(s, r.PlainPlay)),
                None)
    if saved is None or play is None or len(saved.worlds) != 1:
        return None
    world = saved.worlds[0]
    seat = at.game.seats.seat.get(play.player)
    if world.outcome is not None or not world.chain or world.expected not in (None, seat):
        return None
    if not fitting_both(play.tile, world.chain):
        return None
    return lay(world.chain, play.tile, "L") == lay(world.chain, play.tile, "R")
