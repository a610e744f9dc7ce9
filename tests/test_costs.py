"""Costs with a bound, checked by counting (no clock; `benchmarks/costs.py` times them):
the directory walk linear in its folders whatever their depth, the patterns of
`per-file-ignores` compiled once per configuration however many files they are matched
against, and `export --jobs` replaying one-game files in its workers."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocknotation.basics import config as config_module
from blocknotation.basics import config_values
from blocknotation.run import inputs

from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "samples" / "two-players.block"


def nested(top: Path, depth: int) -> Path:
    """``depth`` folders one in another under ``top``, a record at the bottom, and a
    .gitignore at the top."""
    (top / ".git").mkdir(parents=True)
    (top / ".gitignore").write_text("*.tmp\nscratch/\n", "utf-8")
    path = str(top)
    for _ in range(depth):  # one at a time: os.makedirs goes up the tree by recursion
        path = os.path.join(path, "d")
        os.mkdir(path)
    folder = Path(path)
    (folder / "x.block").write_bytes(TWO.read_bytes())
    return folder / "x.block"


def calls_of(monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...]) -> Callable[[], int]:
    """Count the calls of the ``os.path`` functions ``names`` from here on."""
    count = [0]
    for name in names:
        real = getattr(os.path, name)

        def counted(*args: Any, real: Any = real, **kwargs: Any) -> Any:
            count[0] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(os.path, name, counted)
    return lambda: count[0]


@pytest.mark.parametrize("gitignore", [True, False])
def test_the_walk_is_linear_in_its_folders_whatever_their_depth(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gitignore: bool) -> None:
    found = {}
    for depth in (40, 160):
        record = nested(tmp_path / str(depth), depth)
        with monkeypatch.context() as patched:
            count = calls_of(patched, ("relpath", "dirname", "isdir", "abspath", "join"))
            files = inputs.expand([str(tmp_path / str(depth))],
                                  inputs.Filters(respect_gitignore=gitignore))
            found[depth] = count()
        assert files == [str(record)]
    # Four times the folders: about four times the calls (the walk above the top and
    # the record's own path aside); going up the tree again from each folder made it 16.
    assert found[160] < 4.5 * found[40]


def removed(top: Path) -> None:
    """Remove a tree deeper than ``shutil.rmtree`` can (it goes down by recursion)."""
    deepest = top
    while (deepest / "d").is_dir():
        deepest = deepest / "d"
    for name in os.listdir(deepest):
        os.unlink(deepest / name)
    while deepest != top:
        os.rmdir(deepest)
        deepest = deepest.parent


def test_more_folders_deep_than_python_recurses_are_walked(tmp_path: Path) -> None:
    top = tmp_path / "deep"
    record = nested(top, 1100)  # Python's recursion limit is 1,000
    try:
        done = run("validate", str(top))
        assert done.returncode == 0, done.stderr
        assert done.stdout.decode().endswith(": 1 game, 8 hands, 0 errors, 0 warnings\n")
        assert inputs.expand([str(top)]) == [str(record)]
    finally:
        removed(top)


def test_a_folder_beyond_path_max_gets_a_cannot_read_line(tmp_path: Path) -> None:
    top = tmp_path / "deep"
    top.mkdir()
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(25):  # 25 folders of 200 characters: beyond PATH_MAX (4096) on Linux
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        record = os.open("x.block", os.O_WRONLY | os.O_CREAT, dir_fd=fd)
        os.write(record, TWO.read_bytes())
        os.close(record)
    finally:
        os.close(fd)
    done = run("validate", "--lang", "en", str(top))
    assert done.returncode == 2
    (line,) = done.stderr.decode().splitlines()
    assert line.startswith(f"blocknot: cannot read {top}/ddd")
    assert line.endswith(": File name too long")
    standings = run("standings", "--lang", "en", str(top))
    assert standings.returncode == 2
    assert "(cannot read: File name too long)\n" in standings.stdout.decode()
    assert standings.stdout.decode().endswith("; 1 file without a game\n")


def test_per_file_ignores_are_compiled_once_for_every_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = [0]
    real = config_module.compiled

    def counted(patterns: Any) -> Any:
        compiled[0] += 1
        return real(patterns)

    monkeypatch.setattr(config_module, "compiled", counted)
    monkeypatch.setattr(config_values, "compiled", counted)
    found = {}
    for files in (1, 12):
        folder = tmp_path / str(files)
        folder.mkdir()
        patterns = "".join(f'"other{n}/*.block" = ["E50"]\n' for n in range(200))
        (folder / "blocknot.toml").write_text(
            f'[per-file-ignores]\n"x*.block" = ["P405"]\n{patterns}', "utf-8")
        for n in range(files):
            (folder / f"x{n}.block").write_bytes(
                (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_bytes())
        compiled[0] = 0
        done = run("validate", str(folder), cwd=folder)
        assert done.returncode == 0  # the P405 of every file is ignored
        found[files] = compiled[0]
    # Each pattern once, and the lists of include and exclude checked once each.
    assert found[12] == found[1] <= 201 + 2


SPY = """
import os, sys
from blocknotation.run import export_parallel
calls = sys.argv[1]
real = export_parallel.judged
def judged(*args):
    with open(calls, "a") as handle:
        handle.write(f"{os.getpid()}\\n")
    return real(*args)
export_parallel.judged = judged
with open(calls + ".main", "w") as handle:
    handle.write(f"{os.getpid()}\\n")
from blocknotation.cli.commands import main
main(sys.argv[2:])
"""


def test_export_jobs_replays_one_game_files_in_its_workers(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    for n in range(4):
        (season / f"evening{n}.block").write_bytes(TWO.read_bytes())
    calls = tmp_path / "calls"
    done = subprocess.run([sys.executable, "-c", SPY, str(calls), "export", "--jobs", "2",
                           "--to", "csv", "-o", str(tmp_path / "out"), str(season)],
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    main = calls.with_suffix(".main").read_text().strip()
    pids = calls.read_text().split()
    assert len(pids) == 4 and main not in pids
    assert run("export", "--to", "csv", "-o", str(tmp_path / "one"), str(season)).returncode == 0
    for table in ("games", "hands", "moves", "diagnostics"):
        assert (tmp_path / "out" / f"{table}.csv").read_bytes() == (
            tmp_path / "one" / f"{table}.csv").read_bytes()
