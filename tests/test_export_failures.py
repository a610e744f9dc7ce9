"""``export`` that fails: all four tables of the export before it, or all four new ones,
never some of each, no temporary file left behind, and one line that names the table and
says what the directory holds.

A directory where a table goes (Spark and Dask write Parquet as directories), a rename that
fails after others, and a full disk (a file whose writes and closing fail with ENOSPC, as
on a full tmpfs), twice in a row.
"""

from __future__ import annotations

import errno
import io
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from blocknotation import export
from blocknotation.season import table_files, writers

from inprocess import run
from season_records import SEASON

WEEK = SEASON / "week1.block"


def contents(folder: Path) -> dict[str, bytes | None]:
    """Each entry of ``folder``: a file's bytes, or None for a directory."""
    return {p.name: None if p.is_dir() else p.read_bytes() for p in folder.iterdir()}


def earlier(tmp_path: Path) -> tuple[Path, dict[str, bytes | None]]:
    """A directory holding the tables of an export of one evening, and what it holds."""
    out = tmp_path / "out"
    export(WEEK, to="csv", out=out)
    return out, contents(out)


def test_a_directory_in_the_way_is_refused_before_any_table_is_replaced(
        tmp_path: Path) -> None:
    out, _ = earlier(tmp_path)
    (out / "moves.csv").unlink()
    (out / "moves.csv").mkdir()  # as Spark and Dask write a table
    before = contents(out)
    done = run("export", "--lang", "en", "--to", "csv", "-o", str(out), str(SEASON))
    assert done.returncode == 2
    assert done.stderr.decode() == (
        f"blocknot: cannot write the moves table, {out / 'moves.csv'}: Is a directory; no "
        f"table was replaced: {out} holds the tables of the export before, if there was one\n")
    assert contents(out) == before


def test_a_rename_that_fails_puts_the_earlier_tables_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, before = earlier(tmp_path)
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if str(target).endswith("moves.csv") and str(source).endswith(".part"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        real(source, target)

    monkeypatch.setattr(table_files.os, "replace", replace)
    done = run("export", "--lang", "en", "--to", "csv", "-o", str(out), str(SEASON))
    assert done.returncode == 2
    assert done.stderr.decode() == (
        f"blocknot: cannot write the moves table, {out / 'moves.csv'}: Permission denied; no "
        f"table was replaced: {out} holds the tables of the export before, if there was one\n")
    assert contents(out) == before  # games and hands were renamed, then put back


def test_a_first_export_that_fails_leaves_no_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if str(target).endswith("diagnostics.csv"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(source, target)

    monkeypatch.setattr(table_files.os, "replace", replace)
    with pytest.raises(table_files.TableFailed) as failed:
        export(SEASON, to="csv", out=tmp_path / "new")
    assert failed.value.table == "diagnostics"
    assert contents(tmp_path / "new") == {}


class _Full(io.RawIOBase):
    """A file on a disk with ``room`` bytes left: a write beyond it fails with ENOSPC, and so
    does the flush that closing does."""

    def __init__(self, path: str, room: int) -> None:
        self.handle = open(path, "wb")  # noqa: SIM115 - closed by close
        self.room = room

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return self.handle.write(data)

    def close(self) -> None:
        self.handle.close()
        super().close()


def full_disk(room: int) -> Any:
    def opened(path: str, mode: str = "r", encoding: str | None = None,
               newline: str | None = None) -> io.TextIOWrapper:
        assert mode == "w"
        return io.TextIOWrapper(io.BufferedWriter(_Full(path, room), 512),
                                encoding=encoding, newline=newline)
    return opened


@pytest.mark.parametrize("room", [0, 100, 3_000])
def test_a_full_disk_leaves_no_temporary_file_twice_in_a_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    out, before = earlier(tmp_path)
    monkeypatch.setattr(writers, "open", full_disk(room), raising=False)
    for _ in range(2):
        done = run("export", "--lang", "en", "--to", "csv", "-o", str(out), str(SEASON))
        assert done.returncode == 2
        line = done.stderr.decode()
        assert line.startswith("blocknot: cannot write the ") and line.count("\n") == 1
        assert line.endswith(f": No space left on device; no table was replaced: {out} holds "
                             "the tables of the export before, if there was one\n")
        assert contents(out) == before  # no .part file, the tables as they were


def test_an_export_after_a_failed_one_writes_every_table(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out, before = earlier(tmp_path)
    with monkeypatch.context() as patched:
        patched.setattr(writers, "open", full_disk(0), raising=False)
        assert run("export", "--to", "csv", "-o", str(out), str(SEASON)).returncode == 2
    assert run("export", "--to", "csv", "-o", str(out), str(SEASON)).returncode == 1
    after = contents(out)
    assert sorted(after) == sorted(before) and after != before
    shutil.rmtree(out)
