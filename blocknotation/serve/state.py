"""A game, and the evening, as the pages receive them: plain JSON values, messages rendered in
the reader's language.  Everything a page shows comes from here; its script only lays it out
(as text, never as markup).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from ..basics.diagnostics import Diagnostic, Message
from ..basics.game_sizes import RULES_TARGET
from ..basics.i18n import translator
from ..engine.table import Table, TablePass
from .evening import EveningGame, open_problems
from .live import HandInPlay, Live

Tile = tuple[int, int]


def tile_text(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def diagnostic_json(d: Diagnostic, lang: str) -> dict[str, Any]:
    return {"code": d.code, "severity": d.severity, "line": d.line,
            "message": d.message.render(translator(lang))}


def message_text(words: Message, lang: str) -> str:
    return words.render(translator(lang))


def game_json(game: EveningGame, lang: str) -> dict[str, Any]:
    """Everything the table's page shows of a game."""
    live = game.live
    result = live.game
    players = list(live.players)
    return {
        "id": game.id, "version": game.version, "table": game.table, "players": players,
        "target": None if result is None else result.target,
        "rules_target": RULES_TARGET.get(len(players)), "each": live.each,
        "tags": dict(live.tags), "phase": live.phase, "next_opener": live.next_opener,
        "lines": live.text.split("\n")[:-1],
        "problems": [diagnostic_json(d, lang) for d in open_problems(live)],
        "hands": [] if result is None else [
            {"number": h.number, "opener": h.opener, "outcome": h.outcome, "winner": h.winner,
             "points": h.points, "score": h.score} for h in result.hands],
        "score": None if result is None else result.score,
        "status": None if result is None else result.status,
        "winner": None if result is None else result.winner,
        "hand": None if live.hand is None else hand_json(live, live.hand),
    }


def hand_json(live: Live, hand: HandInPlay) -> dict[str, Any]:
    """The hand in play: its table now, and what may be entered."""
    table = hand.table
    return {
        "number": hand.number, "opener": hand.opener, "moves": hand.moves,
        "counted": hand.counted, "lost": hand.lost,
        "deals": {p: [tile_text(t) for t in tiles] for p, tiles in hand.deals.items()},
        "set_aside": sorted(hand.set_aside),
        "ends": table.ends, "turn": table.turn,
        "chain": [{"player": p.player, "tile": tile_text(p.tile), "side": p.side}
                  for p in table.chain],
        "row": [tile_text(t) for t in laid_row(table)],
        "legal": _legal(table),
        "placed": {p: table.placed(p) for p in live.players},
        "held": {p: _tiles(table.held(p)) for p in live.players},
        "unseen": _tiles(table.unseen()),
        "outcome": None if table.outcome() is None else {
            "kind": table.outcome().kind, "winner": table.outcome().winner},  # type: ignore[union-attr]
    }


def laid_row(table: Table) -> list[Tile]:
    """The chain's tiles as they lie, from left to right, each turned so that its halves
    meet its neighbours' (for the drawing only: the table decides what fits)."""
    row: deque[Tile] = deque()
    for placed in table.chain:
        a, b = placed.tile
        if placed.side is None:
            row.append((a, b))
        elif placed.side == "L":
            row.appendleft((a, b) if b == row[0][0] else (b, a))
        else:
            row.append((a, b) if a == row[-1][1] else (b, a))
    return list(row)


def _legal(table: Table) -> list[dict[str, Any]]:
    return [{"pass": True} if isinstance(move, TablePass) else
            {"tile": tile_text(move.tile), "side": move.side} for move in table.legal_moves()]


def _tiles(tiles: frozenset[Tile] | None) -> list[str] | None:
    return None if tiles is None else [tile_text(t) for t in sorted(tiles)]


def evening_json(games: Mapping[str, EveningGame], lang: str) -> list[dict[str, Any]]:
    """Every table at a glance: game, hand, whose turn, open problems."""
    found = []
    for game in sorted(games.values(), key=lambda g: (int(g.table), g.id)):
        glance = game.glance
        errors = [d for d in glance.problems if d.is_error]
        found.append({
            "id": game.id, "table": game.table, "version": game.version,
            "players": list(glance.players), "phase": glance.phase, "hand": glance.hand,
            "turn": glance.turn, "score": glance.score, "status": glance.status,
            "winner": glance.winner, "errors": len(errors),
            "codes": sorted({d.code for d in errors}),
            "warnings": [diagnostic_json(d, lang) for d in glance.problems
                         if not d.is_error][:5],
            "problems": [diagnostic_json(d, lang) for d in errors][:5],
        })
    return found
