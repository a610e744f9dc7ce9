"""The JSON report writes each game as ``json.dumps`` would write its objects."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from test_one_engine import near_misses

from blocknotation.formats.report_json import game_text, hand_object
from blocknotation.pipeline import validate_bytes
from blocknotation.report.values import GameResult


def reference(game: GameResult, indent: str = "    ") -> str:
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = dumps({"index": game.index, "line": game.line, "players": list(game.players),
                  "target": game.target})[:-1]
    tail = dumps({"score": None if game.score is None else dict(game.score),
                  "status": game.status, "winner": game.winner})[1:]
    if not game.hands:
        return f'{head}, "hands": [], {tail}'
    hands = f",\n{indent}  ".join(dumps(hand_object(h)) for h in game.hands)
    return f'{head}, "hands": [\n{indent}  {hands}\n{indent}], {tail}'


@given(near_misses())
def test_games_as_json_dumps_writes_them(text: str) -> None:
    for game in validate_bytes(text.encode(), "x").games:
        assert game_text(game) == reference(game)
        assert json.loads(game_text(game))["index"] == game.index


def test_odd_values() -> None:
    game = validate_bytes(b'[Players "Ada Bea"]\n[Target "x"]\nhand 1\nAda: 1-2\n', "x").games[0]
    assert game_text(game) == reference(game)
    missing = validate_bytes(b'[Event "\\" \\\\ \x1b"]\nhand 1\n', "x").games[0]
    assert game_text(missing) == reference(missing)
