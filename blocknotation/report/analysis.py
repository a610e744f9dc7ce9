"""What the analysis of a hand with every deal known produces (``blocknotation.analysis``):
the value of each move under best play, and of the hand from its first move.  Plain values,
as the rest of ``report/``: the outputs (text, JSON, annotated, the language server, the
HTML report) read them, and nothing here knows how they are written.

A *value* is what a player's best play is worth to them: with two players, their points in
the hand minus the other's; with three or four, their own points (docs/analysis.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..basics.diagnostics import Message

Side = Literal["L", "R"]
Reason = Literal["deals", "moves", "too_large", "time"]


@dataclass(frozen=True, slots=True)
class Move:
    """A move: a tile (as the record or the set writes it) and its side, or a pass (no
    tile).  ``side`` is None for the lead, and where the tile fits one end only."""

    tile: tuple[int, int] | None
    side: Side | None = None

    @property
    def text(self) -> str:
        """``5-5 L``, ``3-4``, or ``pass``: as the notation writes it."""
        if self.tile is None:
            return "pass"
        written = f"{self.tile[0]}-{self.tile[1]}"
        return written if self.side is None else f"{written} {self.side}"


@dataclass(frozen=True, slots=True)
class Ending:
    """How a hand ends: by a domino or blocked, who scores (None: nobody, a tie) and the
    points (R14, R15)."""

    outcome: Literal["domino", "blocked"]
    winner: str | None
    points: int


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One move of the record, valued: ``before``, what the mover's best play was worth
    from the position before it; ``after``, what the move played is worth, best play going
    on; ``best``, every move worth ``before`` (all of them when tied), each with how the
    hand then ends under best play; ``ending``: how it ends after the move played;
    ``versus``: with two players, the other, whose points the values are counted against
    (the mover's points minus theirs); None with three or four, where a value is the mover's
    own points."""

    line: int
    player: str
    played: Move
    before: int
    after: int
    best: tuple[tuple[Move, Ending], ...]
    ending: Ending
    versus: str | None = None

    @property
    def given_away(self) -> int:
        """What the move played cost its player: ``before - after`` (0 for a best move)."""
        return self.before - self.after

    def mistake(self, threshold: int) -> bool:
        """Whether the move gave away at least ``threshold`` points (never a best move)."""
        return self.given_away >= max(threshold, 1)


@dataclass(frozen=True, slots=True)
class Forced:
    """A hand won by force from its first move: ``player`` scores at least ``points``
    whatever the others play."""

    player: str
    points: int


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """The analysis of one hand: each move valued, how the hand ends under best play from
    its first move (``start``) and who wins it by force (``forced``); or, when it was not
    analysed, why (``reason``, and ``detail`` in words).  ``threshold`` is the points a move
    must give away to be a mistake; ``nodes``, the positions the searches visited."""

    number: int
    line: int
    players: tuple[str, ...]
    threshold: int = 1
    moves: tuple[MoveValue, ...] = ()
    start: Ending | None = None
    forced: Forced | None = None
    nodes: int = 0
    reason: Reason | None = None
    detail: Message | None = None

    @property
    def analysed(self) -> bool:
        return self.reason is None

    @property
    def mistakes(self) -> tuple[MoveValue, ...]:
        return tuple(move for move in self.moves if move.mistake(self.threshold))

    def at(self, line: int) -> MoveValue | None:
        """The value of the move at ``line``, if it was analysed."""
        return next((move for move in self.moves if move.line == line), None)


@dataclass(frozen=True, slots=True)
class MoveMark:
    """What a replay shows at a move (the HTML report's step): whether it is a mistake, what
    it gave away, and the best moves to show on the chain instead."""

    line: int
    mistake: bool
    given_away: int
    best: tuple[Move, ...]


def marks(analysis: HandAnalysis | None) -> dict[int, MoveMark]:
    """Each analysed move of a hand by its line, as a replay marks it (empty when the hand
    was not analysed)."""
    if analysis is None:
        return {}
    return {move.line: MoveMark(move.line, move.mistake(analysis.threshold), move.given_away,
                                tuple(best for best, _ in move.best))
            for move in analysis.moves}
