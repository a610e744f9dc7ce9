"""One reader and one engine: the line reader's reading of a game replays exactly as Lark's
reading and as the public records do, and legal games validate as the simulator
(``blocknotation.simulator.simulate``, an independent model of the rules) played them.

``validate`` reads each game into the plain form (``reader.py``, the line reader in front of
Lark) and replays it; the public ``parse()`` gives records, which the engine is also given.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.notation.stream import Chunk, chunks_of
from blocknotation.pipeline import validate_bytes, validate_chunk
from blocknotation.report.values import Piece
from blocknotation.simulator.simulate import NAME_POOL, simulate_game
from blocknotation.simulator.writer import generate, render_game

from lark_reference import read_with_lark
from seeded_sample import files_sampled
from strategies import examples, record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))
CASES = sorted((Path(__file__).resolve().parent / "cases").glob("*/*.txt"))
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def pieces(data: bytes, how: str) -> list[Piece]:
    """The pieces of ``validate``: as it reads (``plain``), with every line read by Lark
    (``lark``), or from the public records (``records``)."""
    found, games = [], 0
    for chunk in chunks_of(io.BytesIO(data)):
        parsed = None
        if isinstance(chunk, Chunk) and how == "lark":
            parsed = read_with_lark(chunk.lines, chunk.first_line)
        elif isinstance(chunk, Chunk) and how == "records":
            parsed = chunk.parse()
        piece = validate_chunk(chunk, games + 1, parsed=parsed)
        games += len(piece.games)
        found.append(piece)
    return found


def assert_same(text: str) -> None:
    data = text.encode()
    read = pieces(data, "plain")
    assert read == pieces(data, "lark")
    assert read == pieces(data, "records")


@pytest.mark.parametrize("sample", files_sampled("one engine", SAMPLES + CASES))
def test_samples_and_cases(sample: Path) -> None:
    assert_same(sample.read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generated_games(players: int) -> None:
    for claims, partial in ((True, False), (False, False), (True, True)):
        assert_same("\n".join(generate(seed=players, games=8, players=players,
                                       claims=claims, partial=partial)))


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(min_value=2, max_value=4), st.booleans())
def test_validate_scores_legal_games_as_simulated(seed: int, players: int,
                                                  claims: bool) -> None:
    rng = random.Random(seed)
    truth = simulate_game(rng, rng.sample(NAME_POOL, players))
    report = validate_bytes(render_game(truth, claims=claims).encode(), "game.txt")
    assert report.diagnostics == ()
    (game,) = report.games
    assert game.players == truth.players and game.target == truth.target
    for hand, sim in zip(game.hands, truth.hands, strict=True):
        assert (hand.number, hand.opener) == (sim.number, sim.opener)
        assert (hand.outcome, hand.winner) == (sim.outcome, sim.winner)
        assert hand.points == dict(sim.points) and hand.score == dict(sim.score)
        assert hand.remaining == dict(sim.remaining)
    assert game.score == dict(truth.score)
    assert (game.status, game.winner) == (truth.status, truth.winner)


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


@settings(max_examples=examples(20, whole=60), deadline=None)
@given(near_misses())
def test_near_misses(text: str) -> None:
    assert_same(text)
