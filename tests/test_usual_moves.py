"""The replay's shortcuts against the replay without them: any record must replay the same
whether or not they are used, the same diagnostics and the same recomputed games.

- The usual moves (``Replay.play_as_written``, ``pass_as_written``): a legal play of the
  player's own tile in the only reading is applied without judging it, for speed, and writes
  out the table's bookkeeping of ``Table.play``; a pass nothing proves illegal in the only
  reading is applied as well.  Without them, every move goes through ``Replay.step``.
- Where the hand as written stood (``hand_replay.kept_before``, ``course._Tried._resume``):
  a hand read with moves read otherwise starts from where it stood just before the first of
  them, as the moves before it go as written.  Without it, every such reading starts from
  the hand's first move.

The reports are compared on generated records of every kind and on the samples and cases.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blocknotation.engine import course
from blocknotation.engine.hand import Replay
from blocknotation.engine.world import World
from blocknotation.pipeline import validate_bytes
from blocknotation.report.values import FileReport
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

from seeded_sample import files_sampled

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("samples/*.block"), *ROOT.glob("tests/cases/*/*.txt")])


def _without(shortcut: str, patched: pytest.MonkeyPatch) -> None:
    if shortcut == "usual moves":
        patched.setattr(Replay, "play_as_written", lambda self, world, seat, play: False)
        patched.setattr(Replay, "pass_as_written", lambda self, world, seat, move: False)
    else:
        patched.setattr(course, "kept_before", lambda *args: {})


SHORTCUTS = ("usual moves", "kept before")


def both_ways(data: bytes, shortcut: str, monkeypatch: pytest.MonkeyPatch
              ) -> tuple[FileReport, FileReport]:
    usual = validate_bytes(data, "record")
    with monkeypatch.context() as patched:
        _without(shortcut, patched)
        judged = validate_bytes(data, "record")
    return usual, judged


@pytest.mark.parametrize("shortcut", SHORTCUTS)
@pytest.mark.parametrize(("partial", "rate"), [(False, 0.0), (True, 0.0), (False, 0.5),
                                               (True, 0.5)])
def test_generated_records(shortcut: str, partial: bool, rate: float,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    games = generate_games(seed=11, games=40, partial=partial)
    text = "\n".join(add_mistakes(games, rate, seed=11))
    usual, judged = both_ways(text.encode(), shortcut, monkeypatch)
    assert usual.games and sum(len(g.hands) for g in usual.games) > 100
    assert usual.diagnostics == judged.diagnostics
    assert usual.games == judged.games


@pytest.mark.parametrize("shortcut", SHORTCUTS)
@pytest.mark.parametrize("path", files_sampled("usual moves", FILES))
def test_samples_and_cases(shortcut: str, path: Path, monkeypatch: pytest.MonkeyPatch
                           ) -> None:
    usual, judged = both_ways(path.read_bytes(), shortcut, monkeypatch)
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


def test_the_comparison_sees_a_reading_started_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading started one move too late, past the move it reads otherwise, would be seen:
    that move would go as written."""
    original = course.kept_before
    moved = 0

    def late(*args: Any) -> dict[int, Any]:
        nonlocal moved
        kept = original(*args)
        for saved in kept.values():
            saved.at += 1
            moved += 1
        return kept

    text = (ROOT / "tests/cases/P407/a_hidden_last_tile_written_as_a_pass.txt").read_text()
    usual = validate_bytes(text.encode(), "record")
    with monkeypatch.context() as patched:
        patched.setattr(course, "kept_before", late)
        broken = validate_bytes(text.encode(), "record")
    assert moved
    assert (usual.diagnostics, usual.games) != (broken.diagnostics, broken.games)
