"""``-o FILE`` where FILE is a symbolic link: the file it leads to is written, as ``cp`` and
``>`` write it, and the link stays a link (before, the link was replaced by a regular file
and its target kept last week's output)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "samples" / "two-players.block"

COMMANDS = {
    "validate": ("validate", "--format", "json", str(TWO)),
    "validate html": ("validate", "--format", "html", str(TWO)),
    "analyse": ("analyse", str(TWO)),
    "convert": ("convert", str(TWO)),
    "generate": ("generate", "--games", "1"),
    "standings": ("standings", str(TWO)),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_o_writes_through_a_symbolic_link(tmp_path: Path, command: str) -> None:
    target = tmp_path / "published" / "latest.txt"
    target.parent.mkdir()
    target.write_text("last week\n", "utf-8")
    link = tmp_path / "latest"
    link.symlink_to(target)
    done = run(*COMMANDS[command], "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    written = target.read_bytes()
    assert written != b"last week\n" and len(written) > 100
    assert sorted(p.name for p in target.parent.iterdir()) == ["latest.txt"]  # no temporary


def test_a_link_to_nowhere_makes_the_file_it_names(tmp_path: Path) -> None:
    link = tmp_path / "latest"
    link.symlink_to(tmp_path / "made.txt")
    assert run("standings", str(TWO), "-o", str(link)).returncode == 0
    assert link.is_symlink() and (tmp_path / "made.txt").read_text("utf-8").startswith("player")


def test_a_link_to_an_input_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "two.block"
    record.write_bytes(TWO.read_bytes())
    link = tmp_path / "report"
    link.symlink_to(record)
    done = run("standings", str(record), "-o", str(link))
    assert done.returncode == 2 and record.read_bytes() == TWO.read_bytes()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_loop_of_links_fails_as_cp_does_and_replaces_nothing(tmp_path: Path,
                                                               command: str) -> None:
    (tmp_path / "loop2").symlink_to("loop1")
    (tmp_path / "loop1").symlink_to("loop2")
    done = run(*COMMANDS[command], "-o", "loop1", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, b"blocknot: cannot write loop1: Too many levels of symbolic links\n")
    assert os.readlink(tmp_path / "loop1") == "loop2" and os.readlink(tmp_path / "loop2") == \
        "loop1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop1", "loop2"]


def test_export_into_a_loop_of_links_fails_too(tmp_path: Path) -> None:
    (tmp_path / "loop2").symlink_to("loop1")
    (tmp_path / "loop1").symlink_to("loop2")
    done = run("export", "--to", "csv", str(TWO), "-o", "loop1", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == b"blocknot: cannot write loop1: Too many levels of symbolic links\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop1", "loop2"]


def test_export_into_a_link_to_nowhere_makes_the_directory_it_names(tmp_path: Path) -> None:
    link = tmp_path / "tables"
    link.symlink_to(tmp_path / "made")
    done = run("export", "--to", "csv", str(TWO), "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and sorted(p.name for p in (tmp_path / "made").iterdir()) == [
        "diagnostics.csv", "games.csv", "hands.csv", "moves.csv"]
