"""The quick way of validating (``quickread`` and ``engine/quick.py``) gives what the full way
gives: the same pieces of report, whenever it answers at all."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocknotation.engine.quick import replay_quick
from blocknotation.pipeline import validate_chunk
from blocknotation.reading.quickread import read_game
from blocknotation.reading.stream import Chunk, chunks_of
from blocknotation.report.values import Piece
from blocknotation.simulator.simulate import generate

from strategies import record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.txt"))


def pieces(data: bytes, quick: bool) -> list[Piece]:
    found, games = [], 0
    for chunk in chunks_of(io.BytesIO(data)):
        piece = validate_chunk(chunk, games + 1, quick=quick)
        games += len(piece.games)
        found.append(piece)
    return found


def assert_same(text: str) -> None:
    data = text.encode()
    assert pieces(data, quick=True) == pieces(data, quick=False)
    for chunk in chunks_of(io.BytesIO(data)):
        if isinstance(chunk, Chunk):
            quick = read_game(chunk.text, chunk.first_line)
            assert quick == read_game(chunk.text, chunk.first_line, canonical=False)


def quick_answers(text: str) -> bool:
    """Whether every game of ``text`` is validated the quick way."""
    for chunk in chunks_of(io.BytesIO(text.encode())):
        assert isinstance(chunk, Chunk)
        game = read_game(chunk.text, chunk.first_line)
        if game is None or replay_quick(game, 1) is None:
            return False
    return True


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples(sample: Path) -> None:
    assert_same(sample.read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clean_games_take_the_quick_way(players: int) -> None:
    for claims in (True, False):
        text = "\n".join(generate(seed=players, games=20, players=players, claims=claims))
        assert quick_answers(text)
        assert_same(text)


def test_partial_records_take_the_full_way() -> None:
    text = "\n".join(generate(seed=5, games=20, partial=True))
    assert not quick_answers(text)
    assert_same(text)


@given(record_texts())
def test_written_records(text: str) -> None:
    assert_same(text.replace("\r\n", "\n"))


@st.composite
def near_misses(draw: st.DrawFn) -> str:
    """Generated games with a few lines changed: most become wrong in one way or another."""
    games = list(generate(
        seed=draw(st.integers(0, 10_000)), games=draw(st.integers(1, 2)),
        players=draw(st.sampled_from([None, 2, 3, 4])), partial=draw(st.booleans()),
        claims=draw(st.booleans()),
    ))
    lines = "\n".join(games).split("\n")
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        action = draw(st.sampled_from(
            ["delete", "repeat", "swap", "digit", "side", "turn", "indent", "comment", "name"]
        ))
        if action == "delete":
            del lines[at]
        elif action == "repeat":
            lines.insert(at, line)
        elif action == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], line
        elif action == "digit" and any(c.isdigit() for c in line):
            where = draw(st.sampled_from([i for i, c in enumerate(line) if c.isdigit()]))
            lines[at] = line[:where] + str(draw(st.integers(0, 9))) + line[where + 1:]
        elif action == "side":
            side = draw(st.sampled_from(["", " L", " R", " left"]))
            lines[at] = line.removesuffix(" L").removesuffix(" R") + side
        elif action == "turn" and len(line) > 2 and line[-2] == "-":  # 3-5 written 5-3
            lines[at] = line[:-3] + line[-1] + "-" + line[-3]
        elif action == "indent":
            lines[at] = " " + line
        elif action == "comment":
            lines[at] = line + " # noted"
        elif action == "name" and ": " in line:
            lines[at] = draw(st.sampled_from(["Ada", "Zed", "pass"])) + line[line.index(":"):]
    return "\n".join(lines)


@given(near_misses())
def test_near_misses(text: str) -> None:
    assert_same(text)


@pytest.mark.parametrize(
    "line",
    [
        "Ada: 1-2 L", "Ada: 1-2 R", "Ada: 1-2", "Ada: pass", "deal Ada: 1-2 3-4", "deal Ada: 1-2",
        "points none", "points Ada 0", "points Ada 007", "score Ada 1, Bea 2", "score Ada 1",
        "domino Ada", "blocked", "blocked ", "hand 2", "hand 02", "opener Bea", "show Ada: -",
        "pass: 1-2", "deal pass: 1-2", "points none 3", "score none 1", "opener 3x",
        "Ada: 1-2 left", "hand +1", "points Ada ٣", "Zoë: 1-2", "Ada:1-2", "#c", " #c", "",
    ],
)
def test_canonical_lines_are_read_as_read_line_reads_them(line: str) -> None:
    text = f'[Players "Ada Bea"]\nhand 1\n{line}\nAda: 1-2\n'
    assert read_game(text, 1) == read_game(text, 1, canonical=False)
