"""The replay's usual moves (``Replay.play_as_written``, ``pass_as_written``) against the full
judging of a move.

``play_as_written`` applies a legal play of the player's own tile in the only reading without
judging it, for speed, and writes out the table's bookkeeping of ``Table.play``;
``pass_as_written`` applies a pass nothing proves illegal in the only reading.
Any record must replay the same whether or not it is used: the same diagnostics and the same
recomputed games.  Here every move goes through ``Replay.step`` instead, and the reports are
compared, on generated records of every kind and on the samples and cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from blocknotation.engine.hand import Replay
from blocknotation.engine.world import World
from blocknotation.pipeline import validate_bytes
from blocknotation.report.values import FileReport
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

from seeded_sample import files_sampled

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("samples/*.block"), *ROOT.glob("tests/cases/*/*.txt")])


def both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[FileReport, FileReport]:
    usual = validate_bytes(data, "record")
    with monkeypatch.context() as patched:
        patched.setattr(Replay, "play_as_written", lambda self, world, seat, play: False)
        patched.setattr(Replay, "pass_as_written", lambda self, world, seat, move: False)
        judged = validate_bytes(data, "record")
    return usual, judged


@pytest.mark.parametrize(("partial", "rate"), [(False, 0.0), (True, 0.0), (False, 0.5),
                                               (True, 0.5)])
def test_generated_records(partial: bool, rate: float, monkeypatch: pytest.MonkeyPatch) -> None:
    games = generate_games(seed=11, games=40, partial=partial)
    text = "\n".join(add_mistakes(games, rate, seed=11))
    usual, judged = both_ways(text.encode(), monkeypatch)
    assert usual.games and sum(len(g.hands) for g in usual.games) > 100
    assert usual.diagnostics == judged.diagnostics
    assert usual.games == judged.games


@pytest.mark.parametrize("path", files_sampled("usual moves", FILES))
def test_samples_and_cases(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    usual, judged = both_ways(path.read_bytes(), monkeypatch)
    assert usual.diagnostics == judged.diagnostics
    assert usual.games == judged.games


def test_the_comparison_sees_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A usual move that forgot to count the tile placed would be seen: the hand would not
    end in a domino."""
    text = "\n".join(t for _, t in generate_games(seed=3, games=3, players=2))
    original = Replay.play_as_written

    def forgetful(self: Replay, world: World, seat: int, play: object) -> bool:
        placed = world.known.holders[seat].placed
        done = original(self, world, seat, play)  # type: ignore[arg-type]
        world.known.holders[seat].placed = placed
        return done

    usual = validate_bytes(text.encode(), "record")
    with monkeypatch.context() as patched:
        patched.setattr(Replay, "play_as_written", forgetful)
        broken = validate_bytes(text.encode(), "record")
    assert usual.games != broken.games
