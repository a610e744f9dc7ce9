"""The readings of a hand judged to their end (``JudgedReading``), and a claim that fits none of
them, reported once.

When no reading of a hand agrees with a claim, the claim is wrong (``choose.py``).  The
message then says what the readings make of it, as every reading has it; where they
disagree on it, or are in doubt themselves, it states no figure at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic, Message, diagnostic, phrase
from .bounds import Bounds
from .ending import HandEnd, Stage
from .players import Seats
from .scoring import Count
from .world import World


@dataclass(frozen=True, slots=True, eq=False)
class JudgedReading:
    """One reading of a hand judged to its end, built once by the count
    (``hand_replay.py``): how it ended, what each seat still holds (``remaining``: as the
    moves and shows leave it, or as the count forces it where the tiles each player may
    hold leave one number of pips), its points (None: unknown, with ``bounds``), the
    arithmetic of its count, and its problems with their stages."""

    world: World
    ending: HandEnd
    problems: tuple[tuple[Stage, Diagnostic], ...]
    points: tuple[int, ...] | None = None
    winner: int | None = None
    remaining: tuple[int | None, ...] = ()
    count: Count | None = None
    bounds: Bounds | None = None
    claimed: tuple[int, ...] | None = None
    unverified: bool = False

    def at(self, stage: Stage) -> list[Diagnostic]:
        return [d for s, d in self.problems if s == stage]

    def bounded(self) -> Bounds:
        """Who may have scored in this reading, and how much."""
        return scored(self.points, self.winner, self.bounds)


def scored(points: tuple[int, ...] | None, winner: int | None, bounds: Bounds | None
           ) -> Bounds:
    """Who may have scored and how much: the ``points`` and their ``winner`` where they are
    known (nobody, for points nobody scored), else ``bounds``."""
    if points is None:
        assert bounds is not None
        return bounds
    if winner is None:
        return Bounds({}, nobody=True)
    return Bounds({winner: (points[winner], points[winner])}, nobody=False)


def reported(kept: list[JudgedReading], stage: Stage, seats: Seats,
             doubtful: tuple[int, ...] | None, slips: bool = True) -> list[Diagnostic]:
    """A claim no reading agrees with, reported once: as every reading has it; where the
    readings are in doubt (``doubtful``: the lines that put them in doubt, see ``choose``:
    the moves reported, or, when ``slips`` is false, the claims that fit no reading), or
    disagree on what it should have said, without a figure."""
    first = kept[0].at(stage)
    if doubtful is None:
        if all([(d.code, d.message) for d in x.at(stage)] == [(d.code, d.message)
                                                              for d in first]
               for x in kept[1:]):
            return first
        doubtful, slips = diverging(kept), True  # readings that disagree: no figure
    out = []
    for problem in first:
        if problem.code not in _CLAIMS:
            out.append(problem)
            continue
        args: dict[str, object] = {
            "player": problem.message.args.get("player", ""),
            "claim": problem.message.args.get("claim", "")}
        if slips:
            args["where"] = _where(doubtful)
        else:  # the other claims' lines, named as lines (lsp/moved.py moves them)
            args["lines"] = tuple(line for line in doubtful if line != problem.line)
        out.append(diagnostic(problem.code, problem.line, problem.column,
                              "in_doubt" if slips else "claims_in_doubt", **args))
    return out


#: The codes of the claims that may fit no reading: each has the messages ``in_doubt``
#: (the readings are in doubt) and ``claims_in_doubt`` (the claims themselves put them in
#: doubt: two of them fit none).
_CLAIMS = frozenset({"E502", "E503", "E504"})


def _where(lines: tuple[int, ...]) -> Message:
    """``the slip at line 14``, or ``the slips at lines 14, 17``."""
    if len(lines) == 1:
        return phrase("slip_at", line=lines[0])
    return phrase("slips_at", lines=lines)


def diverging(kept: list[JudgedReading]) -> tuple[int, ...]:
    """The lines at which the readings left made different choices."""
    choices = [dict(x.world.choices) for x in kept]
    lines = {line for c in choices for line in c}
    return tuple(sorted(line for line in lines if len({c.get(line) for c in choices}) > 1))


