"""What a validator's figures say of a simulated game: each one true, unknown, or wrong.

``judge`` takes one game as a validator recomputed it (anything shaped like the report's
``GameResult``: hands with ``outcome``, ``winner``, ``remaining``, ``points`` and ``score``,
and the game's ``score``, ``status`` and ``winner``) and the simulated truth of that game,
and sorts every figure.  A figure left unknown (None) is honest; one that differs from the
truth is wrong.  A winner of None is "nobody" where the hand's points are known and unknown
otherwise; a status of None (not known) or ``decided`` leaves the winner unknown.

Like the rest of the simulator this uses nothing from the validator itself, so that it can
judge it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .simulate import SimGame, SimHand

__all__ = ["Verdict", "judge"]


class _Hand(Protocol):
    @property
    def outcome(self) -> str | None: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def number(self) -> int: ...
    @property
    def remaining(self) -> Mapping[str, int | None]: ...
    @property
    def points(self) -> Mapping[str, int] | None: ...
    @property
    def score(self) -> Mapping[str, int] | None: ...


class _Game(Protocol):
    @property
    def hands(self) -> Sequence[_Hand]: ...
    @property
    def score(self) -> Mapping[str, int] | None: ...
    @property
    def status(self) -> str | None: ...
    @property
    def winner(self) -> str | None: ...


@dataclass(slots=True)
class Verdict:
    """The figures of one game, sorted: each a short name such as ``hand 2 points``."""

    right: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        """Every figure known and true."""
        return not self.unknown and not self.wrong

    def sort(self, name: str, found: object, truth: object) -> None:
        if found is None:
            self.unknown.append(name)
        elif found == truth:
            self.right.append(name)
        else:
            self.wrong.append(f"{name}: {found!r}, not {truth!r}")


def judge(found: _Game, truth: SimGame) -> Verdict:
    """Sort every figure of ``found`` against ``truth``.  A hand written after the game's
    last (a hand after the end) has no figure of its own: any it states is wrong."""
    verdict = Verdict()
    if len(found.hands) < len(truth.hands):
        verdict.wrong.append(f"hands: {len(found.hands)}, not {len(truth.hands)}")
        return verdict
    for hand, sim in zip(found.hands, truth.hands, strict=False):
        _hand(verdict, hand, sim)
    for hand in found.hands[len(truth.hands):]:
        if hand.points is not None or hand.outcome is not None:
            verdict.wrong.append(f"hand {hand.number} after the end: {hand.outcome!r}, "
                                 f"{hand.points!r}")
    verdict.sort("game score", found.score, dict(truth.score))
    if found.status in ("decided", None):
        verdict.unknown.append("game status")
        if found.winner is not None:
            verdict.wrong.append(f"game winner: {found.winner!r} while undecided")
        return verdict
    verdict.sort("game status", found.status, truth.status)
    verdict.sort("game winner", found.winner if found.status == "won" else "nobody",
                 truth.winner if truth.winner is not None else "nobody")
    return verdict


def _hand(verdict: Verdict, hand: _Hand, sim: SimHand) -> None:
    where = f"hand {sim.number}"
    verdict.sort(f"{where} outcome", hand.outcome, sim.outcome)
    points = hand.points
    verdict.sort(f"{where} points", None if points is None else dict(points), dict(sim.points))
    winner = hand.winner if hand.winner is not None or points is None else "nobody"
    verdict.sort(f"{where} winner", winner, sim.winner if sim.winner is not None else "nobody")
    for name, pips in sim.remaining.items():
        verdict.sort(f"{where} remaining {name}", hand.remaining.get(name), pips)
    score = hand.score
    verdict.sort(f"{where} score", None if score is None else dict(score), dict(sim.score))
