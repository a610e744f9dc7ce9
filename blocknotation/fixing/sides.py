"""Fixes of a missing side (P404); those of the numbering of hands (G106) are
``numbering.py``.

A tile that fits both ends needs a side.  Each side is tried: the record is validated again
with ``L`` written, and with ``R``.

- When both leave the chain with the same two ends (a double laid on two ends of its own
  value), the side changes nothing: writing ``L`` is a safe fix.
- When one side adds no diagnostic to the record and the other does (a later play written
  with its side no longer fits, a pass becomes illegal), the first is the only reading that
  keeps the rest of the record as it is; but the scorer may have made the other slip, so
  the fix is unsafe (``--unsafe-fixes``).
- Otherwise (both sides keep the record legal, or neither does) nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable

from ..basics.diagnostics import N_, Diagnostic
from ..basics.positions import statement_end
from ..reading import records as r
from ..report.values import FileReport
from .claims import Page
from .edits import Edit, Fix, apply_fixes

Validator = Callable[[str], FileReport]


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
