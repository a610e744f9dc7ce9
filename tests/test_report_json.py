"""The JSON report writes each game as ``json.dumps`` would write its objects."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from test_one_engine import near_misses

from blocknotation.formats.reports.report_json import game_text, hand_object
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


def test_games_past_the_spool_size_go_to_a_temporary_file_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The games wait in memory up to ``_SPOOL_BYTES`` and then in a temporary file; the
    document is the same either way."""
    import io
    from pathlib import Path

    from blocknotation.formats.reports import report_json
    from blocknotation.pipeline import validate_stream

    samples = Path(__file__).resolve().parent.parent / "samples"
    data = b"\n".join((samples / name).read_bytes()
                      for name in ("club-night.block", "two-players.block", "four-players.block"))
    on_disk: list[bool] = []  # after each write: whether the games are in a temporary file
    write = report_json._Spool.write

    def watched(spool: report_json._Spool, text: bytes) -> None:
        write(spool, text)
        on_disk.append(not isinstance(spool.file, io.BytesIO))

    monkeypatch.setattr(report_json._Spool, "write", watched)

    def document() -> str:
        out = io.StringIO()
        report = report_json.JsonReport(out)
        report.add_file("club-night.block", validate_stream(io.BytesIO(data)))
        report.close()
        return out.getvalue()

    in_memory = document()
    assert len(json.loads(in_memory)["files"][0]["games"]) == 3
    assert on_disk and not any(on_disk)
    on_disk.clear()
    monkeypatch.setattr(report_json, "_SPOOL_BYTES", 100)
    assert document() == in_memory
    assert on_disk and all(on_disk)
