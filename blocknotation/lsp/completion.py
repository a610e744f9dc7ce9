"""Completion: player names and keywords, and after ``NAME: `` the moves NAME can make.

The keywords are the notation's own list (``names.KEYWORDS``).  After ``NAME: `` the
suggestions are the tiles NAME may hold that fit an open end, each with its side when it fits
both (P404), lowest in the deal's order first and the first one preselected: a player who
can play must (R8), so a fitting tile is the move.  ``pass`` is offered only when nothing
fits.  What NAME may hold and what fits is the engine's answer: the game above the line is
replayed as ``validate`` replays it, and each way of reading the hand that the replay keeps
(one for a hand read as written, several where a slip leaves them) is asked as a ``Table``
(``engine/table.py``, the rules of play; ``table.table_of``), which knows the ends, the
deals and who has placed what.  The moves offered are those of any reading in which NAME is
on turn (R5), the tiles first.  When NAME's deal is not recorded, the candidates are the
tiles NAME may hold, and ``pass`` comes last, since it may be legal.  A hand that is over,
or that the replay could not read (a syntax error in it), gets none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from ..basics.names import KEYWORDS, name_key
from ..engine.table import Table
from ..engine.tiles import TILES, Tile, index
from ..engine.tiles import text as tile_text
from ..notation import records as rec
from .analysis import Analysis, hand_at, record_hand

_MOVE = re.compile(r"^\s*([^\s:#]+)\s*:\s+([0-9\[\]|-]*)$")
_WORD = re.compile(r"[^\s:#,]*$")


def completions(analysis: Analysis, position: types.Position) -> list[types.CompletionItem]:
    """The suggestions at ``position`` (one past the end of the document or of its line is
    taken at that end, so that every range given back lies in the document)."""
    lines = analysis.lines
    position = lines.clamped(position)
    line, column = lines.located(position)
    # What is typed on the client's line: after a lone CR, if the line holds one.
    before = lines.text(line)[:column - 1].rpartition("\r")[2]
    if "#" in before:
        return []
    move = _MOVE.match(before)
    game = analysis.game_at(line)
    players = game.players if game is not None else ()
    if move is not None and name_key(move.group(1)) in {name_key(p) for p in players}:
        start = types.Position(line=position.line,
                               character=position.character - len(move.group(2)))
        edit = types.Range(start=start, end=position)
        start_line = game.line if game is not None else 1
        return _items(moves(analysis, start_line, line, move.group(1)), edit)
    word = _WORD.search(before)
    typed = word.group() if word is not None else ""
    start = types.Position(line=position.line, character=position.character - len(typed))
    edit = types.Range(start=start, end=position)
    # The players first, in their seating order, then the keywords.
    names = [types.CompletionItem(label=p, kind=types.CompletionItemKind.Variable,
                                  sort_text=f"0{seat}", filter_text=p,
                                  text_edit=types.TextEdit(range=edit, new_text=p))
             for seat, p in enumerate(players)]
    words = [types.CompletionItem(label=k, kind=types.CompletionItemKind.Keyword,
                                  sort_text=f"1{k}", filter_text=k,
                                  text_edit=types.TextEdit(range=edit, new_text=k))
             for k in sorted(KEYWORDS)]
    return names + words


def _items(suggested: list[str], edit: types.Range) -> list[types.CompletionItem]:
    return [
        types.CompletionItem(
            label=text,
            kind=types.CompletionItemKind.Keyword if text == "pass"
            else types.CompletionItemKind.Value,
            sort_text=f"{rank:03d}",
            filter_text=text,
            preselect=rank == 0,
            text_edit=types.TextEdit(range=edit, new_text=text),
        )
        for rank, text in enumerate(suggested)
    ]


def moves(analysis: Analysis, start: int, line: int, player: str) -> list[str]:
    """The moves ``player`` may write on ``line`` of the game that starts at line ``start``,
    the legal ones first (see the module's docstring).  The game above the line is replayed
    by the engine, as validate does, and each way of reading its last hand asked."""
    above = analysis.above(start, line)
    found = hand_at(above.games, line)
    hand = record_hand(above.records, line)
    if found is None or hand is None or hand.line != found[1].line:
        return []
    seat = next((k for k, name in enumerate(found[0].players)
                 if name_key(name) == name_key(player)), None)
    if seat is None:
        return []
    offered: dict[str, None] = {}
    for table in above.tables(hand.line, seat):
        if table.turn == found[0].players[seat]:
            offered |= dict.fromkeys(_on_table(table, hand, table.turn))
    # A tile before ``pass``, whichever reading offers it.
    return sorted(offered, key=lambda move: move == "pass")


def _placings(tile: Tile, sides: Sequence[str | None]) -> list[str]:
    """The ways of writing a play of ``tile`` on ``sides``: with its side where it fits
    both ends, else the tile alone (its one side, or none where it does not fit)."""
    if len(sides) == 2:
        return [f"{tile_text(tile)} {side}" for side in sides]
    return [tile_text(tile) for _ in sides]


def _on_table(table: Table, hand: rec.Hand, player: str) -> list[str]:
    """The moves ``player`` (one of the table's names) may make on ``table``: the tiles
    they may hold that fit (in their deal's order as written, then the set's), then
    ``pass`` where it may be legal."""
    deal = next((s.tiles for s in hand.statements
                 if isinstance(s, rec.Deal) and name_key(s.player) == name_key(player)), ())
    written = {index(tile) for tile in deal}  # a deal read otherwise may hold another tile
    order = [*deal, *(tile for tile in TILES if index(tile) not in written)]
    candidates = [tile for tile in order if table.may_hold(player, tile)]
    if table.ends is None:
        return [tile_text(t) for t in candidates]  # the lead: any tile, never a pass (R5)
    fitting = [move for tile in candidates for move in _placings(tile, table.sides(tile))]
    return [*fitting, "pass"] if table.may_pass(player) else fitting
