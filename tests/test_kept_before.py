"""A hand read with a move read otherwise starts from where the hand as written stood just
before it (``hand_replay.kept_before``, ``course._Tried._resume``), rather than from its first
move: the moves before it go as written.  Any record must replay the same whether or not it
does: the same diagnostics and the same recomputed games.  Here every such reading starts
from the first move instead, and the reports are compared, on generated records with
mistakes and on the samples and cases.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blocknotation.engine import course
from blocknotation.pipeline import validate_bytes
from blocknotation.report.values import FileReport
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

from seeded_sample import files_sampled

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("samples/*.block"), *ROOT.glob("tests/cases/*/*.txt")])


def both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[FileReport, FileReport]:
    kept = validate_bytes(data, "record")
    with monkeypatch.context() as patched:
        patched.setattr(course, "kept_before", lambda *args: {})
        whole = validate_bytes(data, "record")
    return kept, whole


@pytest.mark.parametrize("partial", [False, True])
def test_generated_records(partial: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    games = generate_games(seed=17, games=40, partial=partial)
    text = "\n".join(add_mistakes(games, 0.6, seed=17))
    kept, whole = both_ways(text.encode(), monkeypatch)
    assert sum(d.is_error for d in kept.diagnostics) > 10
    assert kept.diagnostics == whole.diagnostics
    assert kept.games == whole.games


@pytest.mark.parametrize("path", files_sampled("kept before", FILES))
def test_samples_and_cases(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept, whole = both_ways(path.read_bytes(), monkeypatch)
    assert kept.diagnostics == whole.diagnostics
    assert kept.games == whole.games


def test_the_comparison_sees_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
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
