"""`blocknot convert DIR|GLOB -o OUTDIR`: every record of a tree converted to the same
relative path, text to JSON and JSON to text; unreadable ones reported and skipped."""

from __future__ import annotations

import errno
import gzip
import io
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from inprocess import TextDone, run_utf8
from inprocess import run as run_bytes
from unmeasured import UNMEASURED

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
TWO = (ROOT / "samples" / "two-players.block").read_bytes()


def run(*args: str, cwd: Path) -> TextDone:
    return run_utf8(*args, cwd=cwd)


def test_a_directory_is_converted_file_by_file(tmp_path: Path) -> None:
    records = tmp_path / "records"
    (records / "b").mkdir(parents=True)
    (records / "club.block").write_bytes(CLUB)
    (records / "b" / "two.block.gz").write_bytes(gzip.compress(TWO))
    single = run_bytes("convert", str(ROOT / "samples" / "three-players.block"))
    assert single.returncode == 0
    (records / "three.json").write_bytes(single.stdout)
    (records / "notes.txt").write_text("not a record, not included\n", "utf-8")
    done = run("convert", "records", "-o", "out", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    out = tmp_path / "out"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "b/two.block.json", "club.block.json", "three.block"]
    assert json.loads((out / "club.block.json").read_text("utf-8"))["games"]
    back = run("convert", "records/three.json", cwd=tmp_path).stdout  # as one file converts
    assert (out / "three.block").read_text("utf-8") == back and "[Players " in back
    again = run("validate", "out/three.block", cwd=tmp_path)
    assert again.returncode == 0


def test_bad_records_are_reported_and_the_others_converted(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "good.block").write_bytes(CLUB)
    (tmp_path / "in" / "bad.block").write_bytes(b'[Players "Ada Bea"]\n\nhand 1\nAda 3-5\n')
    done = run("convert", "in/*.block", "-o", "out", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("in/bad.block:4:5: error S001 ")
    assert [p.name for p in (tmp_path / "out" / "in").iterdir()] == ["good.block.json"]
    missing = run("convert", "in", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (
        2, "blocknot: converting a directory or a glob needs -o OUTDIR\n")


def test_a_folder_converted_and_converted_back_is_the_folder_again(tmp_path: Path) -> None:
    """Text becomes ``*.block.json``, which a directory search finds; JSON becomes
    ``*.block``; the records come back as their canonical text."""
    (tmp_path / "club" / "2026").mkdir(parents=True)
    (tmp_path / "club" / "two.block").write_bytes(TWO)
    (tmp_path / "club" / "2026" / "night.block").write_bytes(CLUB)
    assert run("convert", "club", "-o", "json", cwd=tmp_path).returncode == 0
    found = sorted(p.relative_to(tmp_path / "json").as_posix()
                   for p in (tmp_path / "json").rglob("*") if p.is_file())
    assert found == ["2026/night.block.json", "two.block.json"]
    for command in ("validate", "standings", "export"):
        extra = ["-o", "tables", "--to", "csv"] if command == "export" else []
        done = run(command, "json", *extra, cwd=tmp_path)
        assert done.returncode == 0, (command, done.stderr)
    # The JSON is checked as the text it came from: the same results, file for file.
    as_json = run("validate", "json", cwd=tmp_path).stdout.replace(".block.json", ".block")
    assert as_json.replace("json/", "club/") == run("validate", "club", cwd=tmp_path).stdout
    assert run("convert", "json", "-o", "back", cwd=tmp_path).returncode == 0
    back = sorted(p.relative_to(tmp_path / "back").as_posix()
                  for p in (tmp_path / "back").rglob("*") if p.is_file())
    assert back == ["2026/night.block", "two.block"]
    for name in back:
        canonical = run("convert", "--to", "text", f"club/{name}", cwd=tmp_path).stdout
        assert (tmp_path / "back" / name).read_text("utf-8") == canonical


def test_help_names_every_suffix_a_folder_search_finds(tmp_path: Path) -> None:
    for command in ("validate", "format", "standings", "export", "analyse"):
        shown = " ".join(run(command, "--help", cwd=tmp_path).stdout.split())
        assert "*.block, *.block.gz and *.block.json" in shown, command
    assert "*.block.json" in " ".join(run("convert", "--help", cwd=tmp_path).stdout.split())


THREE = (ROOT / "samples" / "three-players.block").read_bytes()
FOUR = (ROOT / "samples" / "four-players.block").read_bytes()


def _json_of(record: bytes, tmp_path: Path) -> bytes:
    source = tmp_path / "source.block"
    source.write_bytes(record)
    done = run_bytes("convert", str(source))
    source.unlink()
    assert done.returncode == 0
    return done.stdout


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_records_that_would_write_one_file_are_both_named_and_neither_written(
        tmp_path: Path) -> None:
    """``a.block`` and ``a.block.gz`` both become ``a.block.json``; ``b.json`` and
    ``b.block.json`` both ``b.block``: nothing of either pair is written, each pair is named,
    exit 2, and the records that collide with nothing are converted."""
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "a.block").write_bytes(TWO)
    (tmp_path / "c" / "a.block.gz").write_bytes(gzip.compress(THREE))
    (tmp_path / "c" / "b.json").write_bytes(_json_of(FOUR, tmp_path))
    (tmp_path / "c" / "b.block.json").write_bytes(_json_of(CLUB, tmp_path))
    (tmp_path / "c" / "z.block").write_bytes(CLUB)
    done = run("convert", "c", "-o", "out", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "blocknot: c/a.block and c/a.block.gz would both be written to out/a.block.json: "
        "neither is converted (rename one of them)\n"
        "blocknot: c/b.block.json and c/b.json would both be written to out/b.block: "
        "neither is converted (rename one of them)\n")
    assert sorted(_files(tmp_path / "out")) == ["z.block.json"]


def test_a_conversion_in_place_never_writes_over_one_of_its_inputs(tmp_path: Path) -> None:
    """``convert d -o d`` where ``d/a.block.json`` is an input: ``d/a.block`` would be written
    over it, and ``d/a.block.json`` (JSON) over ``d/a.block``; each is named and left."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "a.block").write_bytes(TWO)
    (folder / "a.block.json").write_bytes(_json_of(THREE, tmp_path))
    (folder / "n.block").write_bytes(CLUB)
    before = _files(folder)
    done = run("convert", "d", "-o", "d", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "blocknot: d/a.block would be written to d/a.block.json, one of the records this "
        "conversion reads: it is not converted\n"
        "blocknot: d/a.block.json would be written to d/a.block, one of the records this "
        "conversion reads: it is not converted\n")
    after = _files(folder)
    assert {name: after[name] for name in before} == before
    assert sorted(after) == ["a.block", "a.block.json", "n.block", "n.block.json"]


def test_a_second_conversion_replaces_the_outputs_of_the_first(tmp_path: Path) -> None:
    """An output that is no input of the run is replaced, as ``-o`` replaces a file."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.block").write_bytes(TWO)
    assert run("convert", "in", "-o", "out", cwd=tmp_path).returncode == 0
    (tmp_path / "in" / "a.block").write_bytes(THREE)
    assert run("convert", "in", "-o", "out", cwd=tmp_path).returncode == 0
    assert (tmp_path / "out" / "a.block.json").read_bytes() == _json_of(THREE, tmp_path)


_FDOPEN = os.fdopen


class _Full(io.RawIOBase):
    """A file on a disk with ``room`` bytes left: a write beyond it fails with ENOSPC."""

    def __init__(self, fd: int, room: int) -> None:
        self.handle = _FDOPEN(fd, "wb", buffering=0)
        self.room = room

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.handle.fileno()

    def write(self, data: Any) -> int:
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return int(self.handle.write(data) or 0)

    def close(self) -> None:
        self.handle.close()
        super().close()


@pytest.mark.parametrize("room", [0, 2_000])
def test_a_full_disk_is_cannot_write_and_leaves_the_earlier_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.block").write_bytes(TWO)
    (tmp_path / "in" / "b.block").write_bytes(THREE)
    assert run("convert", "in", "-o", "out", cwd=tmp_path).returncode == 0
    earlier = _files(tmp_path / "out")
    (tmp_path / "in" / "a.block").write_bytes(CLUB)
    monkeypatch.setattr(os, "fdopen", lambda fd, mode="r", *a, **k: (
        _Full(fd, room) if "w" in mode else _FDOPEN(fd, mode, *a, **k)))
    done = run("convert", "in", "-o", "out", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("blocknot: cannot write out/a.block.json: No space left on device\n"
                           "blocknot: cannot write out/b.block.json: No space left on device\n")
    assert _files(tmp_path / "out") == earlier  # whole, as before: no cut file, no other


def _small_file_limit() -> None:
    """At most 4 kB per file, and EFBIG instead of the SIGXFSZ that would kill the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4_000, 4_000))


@pytest.mark.skipif(sys.platform != "linux", reason="file size limits")
def test_a_file_size_limit_leaves_no_cut_file(tmp_path: Path) -> None:
    """In a real process, every write path: a limit on the size of a file (as a full disk,
    the system refuses a write part way)."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.block").write_bytes(TWO)
    done = subprocess.run([sys.executable, "-m", "blocknotation", "convert", "in", "-o", "out"],
                          cwd=tmp_path, capture_output=True, preexec_fn=_small_file_limit,
                          timeout=120, check=False, env=UNMEASURED)
    assert (done.returncode, done.stderr) == (
        2, b"blocknot: cannot write out/a.block.json: File too large\n")
    assert _files(tmp_path / "out") == {}
