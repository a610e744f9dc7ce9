"""``--jobs``: many batches of games, validated and formatted in workers, give the output of
one process, byte for byte."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from blocknotation.run import parallel
from blocknotation.run.validate import Options, run_validate
from blocknotation.simulator.writer import generate


def report(paths: list[str], fmt: str, jobs: int) -> tuple[str, bool]:
    out = io.StringIO()
    failed = run_validate(paths, Options(fmt=fmt, jobs=jobs, progress=False), out,
                          io.BytesIO(b""))
    return out.getvalue(), failed


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_many_batches(tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_CHARS", 3000)  # a game or two per batch
    clean = list(generate(seed=9, games=25, players=3, claims=True))
    partial = list(generate(seed=10, games=15, partial=True))
    games = clean[:10] + partial + clean[10:]
    games[12] = games[12].replace("hand 2\n", "hand 2\nAda 1-2\n", 1)
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("# games\n" + "\n".join(games), encoding="utf-8")
    second.write_bytes("\n".join(clean[:5]).encode() + b"\n\xff\n" + clean[5].encode())
    paths = [str(first), str(second)]
    assert report(paths, fmt, 2) == report(paths, fmt, 1)
