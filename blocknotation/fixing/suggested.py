"""Fixes of what a rule's message proposes with "did you mean": a name a letter or two from
exactly one player's (G104), and the other side for a tile that fits only there (P403).
The spelling slips of the syntax errors are ``spelling.py``'s.

Each proposal is tried: the game is checked again with it written.  The fix is safe when
that is what the engine proved already: the record, so written, reports nothing it does not
report now, and its figures (each hand's outcome, points and totals, the game's status) are
those the replay gave the record as written, which it read that way.  Otherwise the message's
guess would change what the record says, and the fix is unsafe (``--unsafe-fixes``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..basics.diagnostics import N_, Diagnostic, template
from ..basics.positions import statement_end
from ..notation.stream import Chunk
from ..pipeline import Selection, finished, judged
from ..report.values import GameResult
from .claims import Page
from .edits import Edit, Fix, apply_fixes

#: The messages that name one player meant for a name that is nobody's (``engine/order.py``).
_NAMES = (template("G104", "unknown_move_meant"), template("G104", "unknown_meant"))
#: The messages that name the side a tile fits (``engine/moves.py``).
_SIDES = (template("P403", "other_end"), template("P403", "other_end_or_opening"))
_SIDE_WORDS = {"L": "L", "R": "R", "left": "L", "right": "R"}


def suggested_fixes(chunk: Chunk, first_game: int, game: GameResult,
                    reported: Sequence[Diagnostic], page: Page, selection: Selection
                    ) -> Iterator[Fix]:
    """A fix for each "did you mean" of ``game``'s diagnostics (``reported``), safe where
    the game checked again with it proves it (the module says how)."""
    for problem in reported:
        if not page.wanted(problem.code, problem.line):
            continue
        proposed = _proposed(problem, page)
        if proposed is None:
            continue
        edit, title = proposed
        fix = Fix(problem.code, problem.line, problem.column, False, title, (edit,))
        safe = _proved(chunk, first_game, game, reported, fix, selection)
        yield Fix(problem.code, problem.line, problem.column, safe, title, (edit,))


def _proposed(problem: Diagnostic, page: Page) -> tuple[Edit, str] | None:
    """The edit a message proposes, and its title; None for another message, or where the
    line does not hold what the message speaks of."""
    said, args = problem.message.template, problem.message.args
    line = page.line(problem.line)
    if said in _NAMES:
        return _name_edit(problem, line, args, page)
    if said in _SIDES:
        return _side_edit(problem, line, args, page)
    return None


def _name_edit(problem: Diagnostic, line: str, args: Any, page: Page
               ) -> tuple[Edit, str] | None:
    name, meant = str(args["name"]), str(args["meant"])
    found = re.compile(rf"(?<![\w'\-]){re.escape(name)}(?![\w'\-])").search(
        line, problem.column - 1, statement_end(line))
    if found is None:
        return None
    edit = Edit(problem.line, found.start() + 1, problem.line, found.end() + 1, meant)
    return edit, page.title(N_("write {meant} for {name}"), meant=meant, name=name)


def _side_edit(problem: Diagnostic, line: str, args: Any, page: Page
               ) -> tuple[Edit, str] | None:
    body = line[:statement_end(line)].rstrip(" \t")
    written = re.search(r"[^ \t]+$", body)
    if written is None or written.group() not in _SIDE_WORDS:
        return None
    side = str(args["side"])
    meant = side if len(written.group()) == 1 else ("left" if side == "L" else "right")
    edit = Edit(problem.line, written.start() + 1, problem.line, written.end() + 1, meant)
    return edit, page.title(N_("write side {side} for {written}"), side=meant,
                            written=written.group())


def _proved(chunk: Chunk, first_game: int, game: GameResult, reported: Sequence[Diagnostic],
            fix: Fix, selection: Selection) -> bool:
    """Whether ``fix`` writes what the replay made of the record: with it, the game reports
    nothing it does not report now, and its figures are the same."""
    text = apply_fixes(chunk.text, (fix,), first_line=chunk.first_line)
    again = Chunk(chunk.first_line, text)
    piece = finished(judged(again, first_game, selection), again, selection)
    before = {(d.code, d.line) for d in reported} - {(fix.code, fix.line)}
    after = {(d.code, d.line) for d in piece.diagnostics if d.game in (None, game.index)}
    mine = [g for g in piece.games if g.index == game.index]
    return after <= before and len(mine) == 1 and _figures(mine[0]) == _figures(game)


def _figures(game: GameResult) -> tuple[object, ...]:
    """What a game says: each hand's outcome, winner, points and totals, and its status."""
    hands = tuple((h.number, h.outcome, h.winner, h.points, h.score) for h in game.hands)
    return hands, game.score, game.status, game.winner
