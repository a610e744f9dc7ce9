"""Hover: what the engine found about the line under the cursor.

- on a code (``# blocknot: ignore[G105]``) or inside a diagnostic's range: the code's page,
  as ``blocknot rules CODE`` prints it (``explain.py``), after the diagnostic's message;
- on a play: the ends after it, the chain in the rules' words (``describe.py``, as
  ``--format annotated --chain`` writes it) and the tiles the player still holds, when the
  deal is recorded;
- on a ``hand`` line: the hand's count, as the annotated output writes it
  (``report/summary.py``);
- on a move of a hand whose deals are all known, its value under best play, and on the
  ``hand`` line who wins the hand by force (``values.py``, as ``blocknot analyse`` says it).

Everything shown is read from the report and the records; nothing is replayed here but the
analysis of the hand under the cursor.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsprotocol import types

from ..basics.diagnostics import CATALOGUE, N_, printable
from ..basics.explain import explain_text
from ..basics.i18n import translator
from ..engine.tiles import text as tile_text
from ..formats.reports.describe import Layout, describe
from ..notation import records as rec
from ..report.summary import hand_lines
from ..report.values import HandResult
from .analysis import Analysis, plays, still_held
from .ranges import inside
from .values import value_text

_CODE = re.compile(r"\b[SGDTPE][0-9]{3}\b")


def hover(analysis: Analysis, position: types.Position) -> types.Hover | None:
    """The hover at ``position``, or None when there is nothing to say there."""
    lines = analysis.lines
    line, column = lines.located(position)
    text = _text_at(analysis, lines.text(line), line, column)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.PlainText,
                                                    value=text))


def _text_at(analysis: Analysis, source: str, line: int, column: int) -> str | None:
    lang = analysis.settings.lang
    code = code_at(source, column)
    if code is not None:
        return explain_text(code, lang)
    for d in analysis.diagnostics:
        if inside((line, column), (d.line, d.column), d.end):
            page = explain_text(d.code, lang) or ""
            return f"{d.code} {d.message.render(translator(lang))}\n\n{page}".rstrip()
    found = analysis.hand_at(line)
    if found is None:
        return None
    game, hand = found
    translate = translator(lang)
    value = value_text(analysis, game, hand, line, translate)
    if line == hand.line:
        return "\n".join([*hand_lines(hand, game.players, lang), *_given(value)])
    if line in hand.ends:
        return _play(analysis, hand, line, translate, value)
    return value


def _given(text: str | None) -> list[str]:
    return [] if text is None else [text]


def code_at(source: str, column: int) -> str | None:
    """The catalogue code written at ``column`` (from 1) of a line, if any."""
    for match in _CODE.finditer(source):
        if match.start() < column <= match.end() + 1 and match.group() in CATALOGUE:
            return match.group()
    return None


def _play(analysis: Analysis, result: HandResult, line: int,
          translate: Callable[[str], str], value: str | None = None) -> str:
    """The ends after the play, the chain, the play's value (``value``) and what the player
    still holds."""
    left, right = result.ends[line]
    parts = [translate(N_("ends {left}|{right}")).format(left=left, right=right)]
    hand = analysis.record_hand(line)
    play = None if hand is None else next((p for p in plays(hand) if p.line == line), None)
    if hand is None or play is None:
        return "\n".join([parts[0], *_given(value)])
    layout = _layout(hand, result, line)
    if layout is not None:
        parts.append(describe(layout, translate))
    parts += _given(value)
    parts.append(_holding(hand, play, translate))
    return "\n".join(parts)


def _layout(hand: rec.Hand, result: HandResult, line: int) -> Layout | None:
    """The chain after the play at ``line``, laid as the engine placed each tile; None once
    a tile was laid where the record cannot tell."""
    layout = Layout()
    for play in plays(hand):
        if play.line > line:
            break
        placement = result.placed.get(play.line)
        if placement is None:
            return None
        layout.place(*placement)
    return layout


def _holding(hand: rec.Hand, play: rec.Play, translate: Callable[[str], str]) -> str:
    held = still_held(hand, play.player, play.line + 1)
    player = printable(play.player)
    if held is None:
        return translate(N_("{player}'s tiles are not known: no deal is recorded")).format(
            player=player)
    if not held:
        return translate(N_("{player} holds no more tiles")).format(player=player)
    return translate(N_("{player} still holds {tiles}")).format(
        player=player, tiles=" ".join(tile_text(t) for t in held))
