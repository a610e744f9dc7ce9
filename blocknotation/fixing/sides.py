"""Fixes of a missing side (P404); those of the numbering of hands (G106) are
``numbering.py``.

A tile that fits both ends needs a side.  Each side is tried: what the record would report
with ``L`` written, and with ``R``.

- When both leave the chain with the same two ends (a double laid on two ends of its own
  value), the side changes nothing: writing ``L`` is a safe fix.
- When one side adds no diagnostic to the record and the other does (a later play written
  with its side no longer fits, a pass becomes illegal), the first is the only reading that
  keeps the rest of the record as it is; but the scorer may have made the other slip, so
  the fix is unsafe (``--unsafe-fixes``).
- Otherwise (both sides keep the record legal, or neither does) nothing is written.

Trying a side does not validate the record again.  The game's one replay keeps each hand
with a P404 and where the game stood before it (``Sides``); the hand is replayed with the
side written (``engine/retry.py``), and the hands after it only when that changes what the
hand gives the game.  What the record would report is what it reports, with the
diagnostics of the hands replayed again in place of theirs, judged by the same
``--select``, ``--ignore`` and suppression comments (``suppress.settle``, line by line).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..basics.diagnostics import N_, Diagnostic
from ..basics.limits import MAX_LINE_LENGTH
from ..basics.positions import statement_end
from ..engine.course import ReplayedHand
from ..engine.retry import sides_alike, tried
from ..notation import plain as r
from ..pipeline import Selection
from ..report.values import GameResult
from ..suppress import settle
from .claims import Page
from .edits import Edit, Fix

Key = tuple[str, int]


class Sides:
    """What the replay of one game keeps for its side fixes (an ``engine.course.ReplayCache``):
    each hand as the replay left it, where the game stood before it included; and the
    ``last`` replay of the same game (the round before), whose hands written the same are
    taken as they were."""

    saves = True  # the side fixes resume a hand where a play without a side stood

    def __init__(self, last: Sides | None = None) -> None:
        self.before: dict[int, ReplayedHand] = {}
        self.last = last

    def kept(self, at: ReplayedHand) -> None:
        self.before[at.k] = at

    def again(self, k: int) -> ReplayedHand | None:
        return None if self.last is None else self.last.before.get(k)

    def found(self, k: int) -> Sequence[Diagnostic]:
        at = self.before.get(k)
        return () if at is None else at.found


@dataclass(frozen=True, slots=True)
class Reported:
    """What a game reports, to tell what a side written would add: its diagnostics' codes
    and lines (``keys``), those ``selection`` keeps by line before suppression
    (``judged``), whether suppression comments have their say (``settling``), with the
    codes suppressed everywhere (``everywhere``)."""

    result: GameResult
    keys: frozenset[Key]
    judged: dict[int, list[Diagnostic]]
    selection: Selection
    settling: bool
    everywhere: tuple[str, ...]

    def added(self, lines: Iterable[int], variant: dict[int, list[Diagnostic]],
              replaced: dict[int, Counter[str]], page: Page, skip: Key) -> bool:
        """Whether the record reports at ``lines`` something it does not report now (the
        P404 being fixed, ``skip``, counts as not reported), once the diagnostics of the
        hands replayed again (``replaced``, by code) give way to theirs (``variant``)."""
        for line in lines:
            gone = Counter(replaced.get(line, ()))
            here = []
            for d in self.judged.get(line, ()):
                if gone[d.code]:
                    gone[d.code] -= 1
                else:
                    here.append(d)
            here += variant.get(line, ())
            if self.settling:
                here = list(settle(sorted(here, key=lambda d: d.order), [page.line(line)],
                                   line, self.everywhere, self.selection.keeps).kept)
            if any((d.code, d.line) not in self.keys or (d.code, d.line) == skip
                   for d in here):
                return True
        return False


def side_fix(problem: Diagnostic, play: r.PlainPlay, k: int, sides: Sides, reported: Reported,
             page: Page, *, unsafe: bool = True) -> Fix | None:
    """The fix of one P404 at ``play``, in hand ``k`` of the game, or None when the record
    does not settle the side; with ``unsafe`` False, only a safe one (the side is then not
    tried where one cannot be)."""
    line = page.line(play.line)
    at = sides.before.get(k)
    if at is None or len(line) + 2 > MAX_LINE_LENGTH:
        return None  # a line too long to read with its side is no reading of it
    alike = sides_alike(at, play.line)
    if alike is False and not unsafe:
        return None
    hands = reported.result.hands
    first = next((j for j, done in enumerate(hands) if done.number == (problem.hand or 0)),
                 None)
    new_l, ends_l = _tried(at, play, "L", first, sides, reported, page)
    if alike:  # both sides are one replay: L is safe unless it adds something
        new_r, ends_r = new_l, ends_l
    else:
        new_r, ends_r = _tried(at, play, "R", first, sides, reported, page)
    # Safe: either side leaves the chain the same and adds nothing (a side that adds
    # something may still be read as a slip that leaves the chain as the other would).
    if ends_l is not None and ends_l == ends_r and not new_l and not new_r:
        side, safe = "L", True
    elif not new_l and new_r:
        side, safe = "L", False
    elif not new_r and new_l:
        side, safe = "R", False
    else:
        return None
    column = statement_end(line) + 1
    edit = Edit(play.line, column, play.line, column, f" {side}")
    title = page.title(N_("write side {side} after {tile}"), side=side,
                       tile=f"{play.tile[0]}-{play.tile[1]}")
    return Fix("P404", problem.line, problem.column, safe, title, (edit,))


def _tried(at: ReplayedHand, play: r.PlainPlay, side: str, first: int | None, sides: Sides,
           reported: Reported, page: Page) -> tuple[bool, tuple[int, int] | None]:
    """Whether the record would report something more with ``side`` written after
    ``play``, in hand ``at.k``, and the chain's ends after it then (those of hand ``first``,
    the first numbered as the P404 says)."""
    k = at.k
    hands = reported.result.hands
    hand = at.game.hands[k]
    written = hand.replaced(statements=tuple(
        s.replaced(side=side) if s.line == play.line and isinstance(s, r.PlainPlay) else s
        for s in hand.statements))
    ends = None if first is None or first > k else hands[first].ends.get(play.line)
    variant: dict[int, list[Diagnostic]] = {}
    replaced: dict[int, Counter[str]] = {}
    skip = ("P404", play.line)
    for j, (found, result) in enumerate(tried(at, written, play.line, sides.before.get),
                                        start=k):
        if j == first:
            ends = result.ends.get(play.line)
        touched = _by_line(found, reported.selection, variant)
        touched |= _by_line(sides.found(j), reported.selection, None, replaced)
        if reported.added(sorted(touched), variant, replaced, page, skip):
            return True, ends  # no need to replay further
    return False, ends


def _by_line(found: Iterable[Diagnostic], selection: Selection,
             into: dict[int, list[Diagnostic]] | None,
             codes: dict[int, Counter[str]] | None = None) -> set[int]:
    """The lines of the diagnostics of ``found`` that ``selection`` keeps, each added to
    ``into`` by line (or its code to ``codes``)."""
    lines = set()
    for d in found:
        if selection.keeps(d.code):
            lines.add(d.line)
            if into is not None:
                into.setdefault(d.line, []).append(d)
            if codes is not None:
                codes.setdefault(d.line, Counter())[d.code] += 1
    return lines
