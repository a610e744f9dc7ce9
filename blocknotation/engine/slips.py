"""Which tile a player really laid, when the record names one they cannot have laid.

A play reported P401 (not the player's tile), P402 (played before) or P403 (fits no end) was
still a move: the writer saw the player lay *some* tile.  When the player's deal is known,
that tile is one they held and that fits where the record puts it.  Each such tile is a
reading of the chain of its own (``moves.judge_play``), followed by a ``Trace``.  Later moves
prune the readings; when only one candidate's readings are left, the record has told which
tile it was, and the player's hand is counted with that tile laid and the written one kept.

Until then, a pass by that player is judged in every world: the hand with the written tile
counted as played, and the hand with each candidate laid instead (R8).
"""

from __future__ import annotations

from dataclasses import dataclass

from .chain import Chain, Side, Trace, mistyped
from .knowledge import Holder
from .moves import legal_passes
from .tiles import bits


@dataclass(slots=True)
class Slip:
    """One play that cannot be the tile written: as written (or not placed), or each
    candidate tile laid instead."""

    seat: int
    written: int
    """The bit of the written tile, when it was counted as the player's own; else 0."""
    default: Trace
    candidates: list[tuple[int, Trace]]
    resolved: bool = False


class Slips:
    """The slips of one hand, by seat."""

    def __init__(self) -> None:
        self.found: list[Slip] = []

    def record(
        self, chain: Chain, seat: int, before: int, default: int, sides: tuple[Side, ...],
        held: int, written: int,
    ) -> None:
        """Follow the readings of a slip made on the readings ``before``: ``default`` (the
        record as written) and each of ``held`` laid on ``sides`` instead."""
        candidates = []
        for i in bits(held & ~written):
            laid = mistyped(before, sides, 1 << i)
            if laid:
                candidates.append((i, chain.trace(laid)))
        if candidates:
            self.found.append(Slip(seat, written, chain.trace(default), candidates))

    def replayed(self, seat: int, bit: int) -> None:
        """``seat`` lays again the tile written at a slip: that tile is spent for good."""
        for slip in self.found:
            if slip.seat == seat and slip.written == bit:
                slip.written = 0

    def legal_passes(self, seat: int, held: int, readings: int) -> int:
        """The readings in which a pass by ``seat`` is legal, in any world of their slips."""
        legal = legal_passes(held, readings)
        for slip in self.found:
            if slip.seat != seat or slip.resolved:
                continue
            for i, trace in slip.candidates:
                world = (held | slip.written) & ~(1 << i)
                legal |= legal_passes(world, readings & trace.mask)
        return legal

    def resolve(self, readings: int, holders: list[Holder]) -> None:
        """Where only one candidate is left, count it as the tile laid (R2, R13)."""
        for slip in self.found:
            if slip.default.mask & readings:
                continue
            alive = [i for i, trace in slip.candidates if trace.mask & readings]
            if len(alive) == 1:
                holder = holders[slip.seat]
                holder.spent = (holder.spent & ~slip.written) | 1 << alive[0]
                slip.resolved = True
