"""A file whose first games are UTF-8 and a later one is not: nothing of it is checked,
whether it is a plain file or gzip data on disk, and, for ``standings`` and ``export``,
standard input; ``validate`` of a pipe answers game by game (a slow writer's JSON lines),
so it reports the games before the bad byte, then the S003.

A file is read a block at a time (``stream.BLOCK_BYTES``, a megabyte): the games before the
block that holds the bad byte are read before it is met, so the files here hold more than a
megabyte of games before it."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from inprocess import run_text

ROOT = Path(__file__).resolve().parent.parent
TWO = (ROOT / "samples" / "two-players.block").read_text("utf-8")
THREE = (ROOT / "samples" / "three-players.block").read_text("utf-8")
#: More than a block (a megabyte) of UTF-8 games, then a game saved in Latin-1.
PIPED = (TWO + "\n") * 450 + THREE.replace("Łukasz", "Luca")
MIXED = PIPED.encode("latin-1")
#: The line of the first bad byte.
BAD_LINE = (TWO + "\n").count("\n") * 450 + 5


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "mix.block").write_bytes(MIXED)
    (tmp_path / "gz").mkdir()
    (tmp_path / "gz" / "mix.block.gz").write_bytes(gzip.compress(MIXED))
    return tmp_path


@pytest.mark.parametrize("where", ["plain/mix.block", "gz/mix.block.gz"])
def test_validate_checks_nothing_of_the_file(mixed: Path, where: str) -> None:
    done = run_text("validate", "--format", "json", where, cwd=mixed)
    (entry,) = json.loads(done.stdout)["files"]
    assert (done.returncode, entry["games"], [d["code"] for d in entry["diagnostics"]]) == (
        1, [], ["S003"])
    assert entry["diagnostics"][0]["line"] == BAD_LINE


@pytest.mark.parametrize("where", ["plain", "gz"])
def test_standings_names_the_file_and_counts_no_game_of_it(mixed: Path, where: str) -> None:
    done = run_text("standings", "--format", "json", where, cwd=mixed)
    report = json.loads(done.stdout)
    assert (report["games"], report["counted"]) == (0, 0)
    assert [(f["codes"]) for f in report["no_game"]] == [["S003"]]


@pytest.mark.parametrize("where", ["plain", "gz"])
def test_export_writes_no_row_of_the_file(mixed: Path, where: str) -> None:
    done = run_text("export", "--to", "csv", "-o", "tables", where, cwd=mixed)
    assert done.returncode == 1
    assert_no_row(mixed / "tables")


def assert_no_row(tables: Path) -> None:
    games = (tables / "games.csv").read_text("utf-8").splitlines()
    found = (tables / "diagnostics.csv").read_text("utf-8")
    assert len(games) == 1 and "S003" in found  # the header alone


def piped(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    data = PIPED.encode("latin-1")
    assert len(data) > 1 << 20
    return subprocess.run([sys.executable, "-m", "blocknotation", *args], input=data,
                          capture_output=True, cwd=cwd, timeout=300, check=False)


def test_standings_and_export_of_a_pipe_count_no_game_of_it(tmp_path: Path) -> None:
    done = piped("standings", "--format", "json", "-", cwd=tmp_path)
    report = json.loads(done.stdout)
    assert (report["games"], [f["codes"] for f in report["no_game"]]) == (0, [["S003"]])
    done = piped("export", "--to", "csv", "-o", "tables", "-", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert_no_row(tmp_path / "tables")


def test_validate_of_a_pipe_reports_as_it_reads(tmp_path: Path) -> None:
    done = piped("validate", "--format", "jsonl", "-", cwd=tmp_path)
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [line.get("game") for line in lines[:2]] == [1, 2]
    assert lines[-1]["diagnostics"][0]["code"] == "S003"
