"""The progress line: on a terminal after about a second, never otherwise, never on stdout."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from blocknotation.run import progress as p


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_when_standard_error_is_not_a_terminal() -> None:
    stream = io.StringIO()
    bar = p.Progress(1000, stream=stream)
    bar.started -= 10
    bar.advance(500, 3)
    bar.close()
    assert stream.getvalue() == ""


def test_a_long_run_on_a_terminal_shows_counts_and_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Terminal()
    clock = iter([0.0, 0.5, 1.5, 1.6, 2.0])
    monkeypatch.setattr(p.time, "monotonic", lambda: next(clock))
    bar = p.Progress(4_000_000, stream=stream)  # started at 0.0
    bar.advance(1_000_000, 10)  # 0.5 s: too early to draw
    assert stream.getvalue() == ""
    bar.advance(1_000_000, 10)  # 1.5 s: drawn
    line = stream.getvalue()
    assert "2.0 MB of 4.0 MB" in line and "20 games" in line and "MB/s" in line
    bar.advance(1_000_000, 10)  # 1.6 s: too soon to redraw
    assert stream.getvalue() == line
    bar.close()
    assert stream.getvalue().endswith("\r\x1b[K")


def test_validate_writes_nothing_to_stderr_when_piped(tmp_path: Path) -> None:
    from blocknotation.simulator.writer import generate

    corpus = tmp_path / "games.txt"
    corpus.write_text("\n".join(generate(seed=9, games=40, claims=True)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "blocknotation", "validate", "--format", "json", str(corpus)],
        capture_output=True, check=False,
    )
    assert done.returncode == 0
    assert done.stderr == b""
    assert done.stdout.startswith(b'{"files": [')
