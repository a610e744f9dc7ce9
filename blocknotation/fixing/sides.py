"""Fixes of a missing side (P404) and of the numbering of hands (G106).

A tile that fits both ends needs a side.  Each side is tried: the record is validated again
with ``L`` written, and with ``R``.

- When both leave the chain with the same two ends (a double laid on two ends of its own
  value), the side changes nothing: writing ``L`` is a safe fix.
- When one side adds no diagnostic to the record and the other does (a later play written
  with its side no longer fits, a pass becomes illegal), the first is the only reading that
  keeps the rest of the record as it is; but the scorer may have made the other slip, so
  the fix is unsafe (``--unsafe-fixes``).
- Otherwise (both sides keep the record legal, or neither does) nothing is written.

Hands are renumbered 1, 2, 3, … in the order written: the fix of a misnumbered hand also
renumbers the hands after it, up to the next one reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from ..basics.diagnostics import N_, Diagnostic
from ..basics.positions import statement_end
from ..reading import records as r
from ..report.values import FileReport
from .claims import Page
from .edits import Edit, Fix, apply_fixes

Validator = Callable[[str], FileReport]
_HAND_NUMBER = re.compile(r"hand[ \t]+(\d+)")


def _keys(report: FileReport, game: int, skip: tuple[str, int]) -> set[tuple[str, int]]:
    return {(d.code, d.line) for d in report.diagnostics
            if d.game == game and (d.code, d.line) != skip}


def _ends(report: FileReport, game: int, hand: int, line: int) -> tuple[int, int] | None:
    for result in report.games:
        if result.index == game:
            for done in result.hands:
                if done.number == hand:
                    return done.ends.get(line)
    return None


def side_fix(text: str, problem: Diagnostic, play: r.Play, before: FileReport,
             validate: Validator, page: Page) -> Fix | None:
    """The fix of one P404 at ``play``, or None when the record does not settle the side."""
    line = page.lines[play.line - 1]
    column = statement_end(line) + 1
    game, hand = problem.game or 0, problem.hand or 0
    base = _keys(before, game, ("P404", play.line))
    tried: dict[str, tuple[set[tuple[str, int]], tuple[int, int] | None]] = {}
    for side in ("L", "R"):
        edit = Edit(play.line, column, play.line, column, f" {side}")
        after = validate(apply_fixes(text, [Fix("P404", 0, 0, True, "", (edit,))]))
        tried[side] = (_keys(after, game, ("", 0)) - base,
                       _ends(after, game, hand, play.line))
    (new_l, ends_l), (new_r, ends_r) = tried["L"], tried["R"]
    if ends_l is not None and ends_l == ends_r and not new_l:
        side, safe = "L", True
    elif not new_l and new_r:
        side, safe = "L", False
    elif not new_r and new_l:
        side, safe = "R", False
    else:
        return None
    edit = Edit(play.line, column, play.line, column, f" {side}")
    title = page.title(N_("write side {side} after {tile}"), side=side,
                       tile=r.tile_text(play.tile))
    return Fix("P404", problem.line, problem.column, safe, title, (edit,))


def numbering_fixes(game: r.Game, reported: Sequence[Diagnostic], page: Page) -> Iterator[Fix]:
    """A fix for each G106 reported in ``game``: its hand, and those after it up to the next
    one reported, numbered by their place in the game."""
    at = {d.line: d for d in reported if d.code == "G106"}
    hands = list(enumerate(game.hands, start=1))
    for index, (place, hand) in enumerate(hands):
        problem = at.get(hand.line)
        if problem is None:
            continue
        edits = []
        for number, later in hands[index:]:
            if later is not hand and later.line in at:
                break
            edit = _renumbered(later, number, page)
            if edit is not None:
                edits.append(edit)
        if edits:
            template = N_("number hand {number} as hand {expected}") if len(edits) == 1 else N_(
                "number hand {number} as hand {expected}, and the hands after it in turn")
            title = page.title(template, number=hand.number, expected=place)
            yield Fix("G106", problem.line, problem.column, True, title, tuple(edits))


def _renumbered(hand: r.Hand, number: int, page: Page) -> Edit | None:
    if hand.number == number:
        return None
    line = page.lines[hand.line - 1]
    found = _HAND_NUMBER.match(line, hand.column - 1)
    if found is None:
        return None
    return Edit(hand.line, found.start(1) + 1, hand.line, found.end(1) + 1, str(number))
