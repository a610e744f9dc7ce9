"""Inlay hints: the ends after each play (``4|1``) and the running totals after each hand.

Both are the report's values (``HandResult.ends`` and ``HandResult.score``): a play gets its
hint only when the engine knows both ends after it, and a hand its totals only when they
can be known.  The totals go at the end of the hand's last statement.
"""

from __future__ import annotations

from lsprotocol import types

from ..basics.diagnostics import N_, printable
from ..basics.i18n import translator
from ..report.values import GameResult, HandResult
from .analysis import Analysis
from .ranges import Lines


def inlay_hints(analysis: Analysis, shown: types.Range) -> list[types.InlayHint]:
    """The hints on the lines of ``shown``, in the order of the text."""
    lines = analysis.lines
    first, last = lines.located(shown.start)[0], lines.located(shown.end)[0]
    totals_word = translator(analysis.settings.lang)(N_("totals: {totals}"))
    found: list[tuple[int, str]] = []
    for game, after in analysis.games_between(first, last):
        for index, hand in enumerate(game.hands):
            found += [(line, f"{left}|{right}") for line, (left, right) in hand.ends.items()
                      if first <= line <= last]
            boundary = game.hands[index + 1].line if index + 1 < len(game.hands) else after
            end = last_statement(lines, hand.line, boundary)
            if hand.score is not None and first <= end <= last:
                found.append((end, totals_word.format(totals=_totals(game, hand))))
    return [types.InlayHint(position=lines.end_of(line), label=label, padding_left=True)
            for line, label in sorted(found, key=lambda item: item[0])]


def last_statement(lines: Lines, start: int, boundary: int) -> int:
    """The last line before ``boundary`` (from ``start`` on) that holds a statement rather
    than nothing or a comment alone."""
    for line in range(min(boundary, lines.count + 1) - 1, start, -1):
        stripped = lines.text(line).strip()
        if stripped and not stripped.startswith("#"):
            return line
    return start


def _totals(game: GameResult, hand: HandResult) -> str:
    score = hand.score or {}
    return ", ".join(f"{printable(name)} {score[name]}" for name in game.players
                     if name in score)
