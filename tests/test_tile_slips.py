"""Slips inside a tile (``4-O``, ``3/5``, ``3 5``, ``4.1``, ``[4-1]``, ``4 - 1``, ``00``): one
S001 at the slip, naming it and the tile meant, and ``validate --fix`` writes that tile."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocknotation.fixing.fixes import fix_text
from blocknotation.reading.parsing import parse_text

from inprocess import run_text

HEAD = '[Players "Ada Bea"]\nhand 1\n'
ROOT = Path(__file__).resolve().parent.parent


def one_s001(line: str) -> tuple[int, str]:
    (d,) = parse_text(HEAD + line + "\n").diagnostics
    assert (d.code, d.line) == ("S001", 3)
    return d.column, d.message.render()


@pytest.mark.parametrize(("line", "column", "message"), [
    ("Ada: 4-O", 8, "'O' is the letter O, not the digit 0: did you mean '4-0'?"),
    ("Ada: o-4 L", 6, "'o' is the letter o, not the digit 0: did you mean '0-4'?"),
    ("Ada: 3/5", 7, "'3/5' is not a tile: write '3-5'"),
    ("Ada: 3 5", 7, "'3 5' is not a tile: write '3-5'"),
    ("Ada: 3 5 R", 7, "'3 5' is not a tile: write '3-5'"),
    ("Ada: 4.1", 7, "'4.1' is not a tile: write '4-1'"),
    ("Ada: 4,1", 7, "'4,1' is not a tile: write '4-1'"),
    ("Ada: [4-1]", 6, "'[4-1]' is not a tile: write '4-1'"),
    ("Ada: 4 - 1", 7, "'4 - 1' is not a tile: write '4-1'"),
    ("Ada: 4- 1", 7, "'4- 1' is not a tile: write '4-1'"),
    ("Ada: 00", 6, "'00' is not a tile: write '0-0'"),
    ("deal Ada: 1-4 1 1 4-4 2-2 3-3 5-5 0-0", 16, "'1 1' is not a tile: write '1-1'"),
    ("show Bea: 2-2 6/6", 16, "'6/6' is not a tile: write '6-6'"),
])
def test_a_slip_in_a_tile_is_named_at_its_column(line: str, column: int, message: str) -> None:
    assert one_s001(line) == (column, message)


@pytest.mark.parametrize("line", [
    "Ada: 1 2 3",  # lone digits that could pair up more than one way
    "Ada: 3/9",  # no pip is 9: not a tile mistyped
    "Ada: 35 L # 3 5",  # the comment is the writer's own: the slip is 35
])
def test_only_a_slip_with_one_meaning_is_named(line: str) -> None:
    column, message = one_s001(line)
    if line.startswith("Ada: 35"):
        assert (column, message) == (6, "'35' is not a tile: write '3-5'")
    else:
        assert "is not a tile" not in message and "letter" not in message


def test_lines_that_read_are_untouched() -> None:
    text = HEAD + "opener Ada\nAda: 3-5 # 3/5 4-O\npoints Ada 35\nscore Ada 35, Bea 0\n"
    assert [d.code for d in parse_text(text).diagnostics] == []


def test_fix_writes_the_tile_meant(tmp_path: Path) -> None:
    sample = (ROOT / "samples" / "two-players.block").read_text("utf-8")
    slipped = (sample.replace("\nAda: 0-5\n", "\nAda: 0/5\n", 1)
               .replace("\nBea: 6-6 L\n", "\nBea: 6 6 L\n", 1)
               .replace("\nAda: 4-0 R\n", "\nAda: 4-O R\n", 1)
               .replace("\nBea: 3-4 L\n", "\nBea: [3-4] L\n", 1)
               .replace("\nBea: 4-4 L\n", "\nBea: 44 L\n", 1)
               .replace("\nBea: 4-2 L\n", "\nBea: 4 - 2 L\n", 1)
               .replace("\nBea: 6-3 L\n", "\nBea: 6.3 L\n", 1))
    assert slipped.count("\n") == sample.count("\n") and slipped != sample
    fixed = fix_text(slipped)
    assert fixed.text == sample and all(fix.safe for fix in fixed.applied)
    assert len(fixed.applied) == 7
    path = tmp_path / "club.block"
    path.write_text(slipped, "utf-8")
    done = run_text("validate", "--fix", str(path))
    assert done.returncode == 0 and path.read_text("utf-8") == sample
    assert done.stderr.splitlines()[-1] == "Fixed 7 problems, 0 remaining"
