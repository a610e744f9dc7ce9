"""A hand tried written another way, without replaying its whole game again.

``validate --fix`` asks what a record would say with a side written after a tile
(``fixing/sides.py``).  Replaying the game again for each such question made the work grow
with the square of the record; instead, the replay keeps the hands asked about (``Keep``,
``course.Before``: where the game stood before each), and ``tried`` replays just the hand
written the other way from there.  The hands before it cannot change.  When the hand gives
the game what it gave as written (the same opener, the same points or bounds added to the
totals: ``course.given``), the hands after it cannot change either; otherwise they are
replayed after it, as written, one at a time, for as long as the caller asks.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..basics.diagnostics import Diagnostic
from ..reading import plain as r
from ..report.values import HandResult
from .course import Before, given, step


def tried(at: Before, hand: r.Hand) -> Iterator[tuple[list[Diagnostic], HandResult]]:
    """The diagnostics and result of hand ``at.k`` written as ``hand``, replayed from where
    its game stood before it; then those of each later hand as written, while the game may
    stand otherwise than it did as written (none when the hand gave what it gave as
    written)."""
    game = at.game
    course = at.course.copy()
    found, result, rep = step(game, course, at.k, hand)
    yield found, result
    if rep is not None and given(rep, at.k == len(game.hands) - 1) == at.given:
        return
    for k in range(at.k + 1, len(game.hands)):
        found, result, _ = step(game, course, k, game.hands[k])
        yield found, result
