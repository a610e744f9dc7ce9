"""Slips inside a tile (``4-O``, ``3/5``, ``3 5``, ``4.1``, ``[4-1]``, ``4 - 1``, ``00``): one
S001 at the slip, naming it and the tile meant, and ``validate --fix`` writes that tile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blocknotation.fixing.fixes import fix_text
from blocknotation.notation.parsing import parse_text
from blocknotation.pipeline import validate_bytes

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


@pytest.mark.parametrize(("line", "column", "message"), [
    ("Ada: 4x0", 7, "'4x0' is not a tile: write '4-0'"),
    ("Ada: 4:0", 7, "'4:0' is not a tile: write '4-0'"),
    ("Ada: 4~0", 7, "'4~0' is not a tile: write '4-0'"),
    ("Ada: 4'0", 7, "'4'0' is not a tile: write '4-0'"),
    ("Ada: 3|5", 7, "'3|5' is not a tile: write '3-5'"),
    ("Ada: [4|0", 6, "'[4|0' is not a tile: write '4-0'"),
    ("Ada: 4|0]", 6, "'4|0]' is not a tile: write '4-0'"),
    ("Ada: 4--0", 7, "'4--0' is not a tile: write '4-0'"),
    ("Ada: 4- O", 6, "'4- O' is not a tile: write '4-0'"),
    ("Ada: 3/5R", 6, "'3/5R' is not a tile: write '3-5 R'"),
    ("Ada: OO", 6, "'OO' is not a tile: write '0-0'"),
    ("Ada: O-O", 6, "'O-O' is not a tile: write '0-0'"),
    ("Ada: 4-l", 8, "'l' is the letter l, not the digit 1: did you mean '4-1'?"),
    ("Ada: l-4", 6, "'l' is the letter l, not the digit 1: did you mean '1-4'?"),
    ("Ada: I-4 R", 6, "'I' is the letter I, not the digit 1: did you mean '1-4'?"),
    ("Ada: 4-", 6, "'4-' is not a tile: a pip is missing after the hyphen"),
    ("Ada: 4- R", 6, "'4-' is not a tile: a pip is missing after the hyphen"),
    ("Ada: -4", 6, "'-4' is not a tile: a pip is missing before the hyphen"),
    ("Ada: 4-00", 6, "'4-00' is not a tile: a pip is written with one digit; write '4-0'"),
    ("Ada: [03|4] L", 6,
     "'[03|4]' is not a tile: a pip is written with one digit; write '3-4'"),
    ("deal Ada: 1/4 1/1 4-4 3-4 2-2 0-0 3-6", 12, "'1/4' is not a tile: write '1-4'"),
])
def test_more_slips_are_named_at_their_column(line: str, column: int, message: str) -> None:
    assert one_s001(line) == (column, message)


@pytest.mark.parametrize("line", [
    "Ada: 4 l",  # the tile 4-1, or 4 and a side: not one meaning
    "Ada: ll",  # letters alone: a word, not a tile
    "Ada: 4-0 lx",
])
def test_letters_for_one_only_where_they_mean_one_thing(line: str) -> None:
    _, message = one_s001(line)
    assert "is not a tile" not in message and "the digit 1" not in message


SAMPLE = (ROOT / "samples" / "two-players.block").read_text("utf-8")


@pytest.mark.parametrize(("written", "meant"), [
    ("deal Ada: 5/6 0/5 5-1 2-2 5-5 0-4 5-4", "deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4"),
    ("deal Ada: 56 05 51 22 55 04 54", "deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4"),
    ("deal Ada: 5 6 0-5 5-1 2-2 5-5 O-4 5-4", "deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4"),
])
def test_every_slip_of_a_line_is_fixed(written: str, meant: str) -> None:
    slipped = SAMPLE.replace(meant, written, 1)
    assert slipped != SAMPLE
    fixed = fix_text(slipped)
    assert fixed.text == SAMPLE and all(fix.safe for fix in fixed.applied)
    assert fixed.report.diagnostics == ()


def test_a_record_typed_with_slashes_is_fixed_whole(tmp_path: Path) -> None:
    slashed = re.sub(r"([0-6])-([0-6])", r"\1/\2", SAMPLE)
    assert slashed.count("/") > 90
    path = tmp_path / "slash.block"
    path.write_text(slashed, "utf-8")
    done = run_text("validate", "--fix", str(path))
    assert path.read_text("utf-8") == SAMPLE
    assert done.returncode == 0
    assert done.stderr.splitlines()[-1] == f"Fixed {slashed.count('/')} problems, 0 remaining"


@pytest.mark.parametrize(("written", "meant"), [
    ("Ada: O-O", "Ada: 0-0"), ("Ada: OO", "Ada: 0-0"), ("Ada: 4x0", "Ada: 4-0"),
    ("Ada: 4-00", "Ada: 4-0"), ("Ada: [4|0", "Ada: 4-0"), ("Ada: 4- O", "Ada: 4-0"),
    ("Ada: 0/4R", "Ada: 0-4 R"), ("Ada: 4-l", "Ada: 4-1"), ("Ada: I-4", "Ada: 1-4"),
])
def test_each_named_slip_is_fixed_as_named(written: str, meant: str) -> None:
    text = HEAD + "opener Ada\n" + written + "\n"
    fixed = fix_text(text)
    assert fixed.text == HEAD + "opener Ada\n" + meant + "\n"
    assert len(fixed.applied) == 1 and fixed.applied[0].safe


def test_a_line_no_fix_can_mend_does_not_keep_the_others_from_theirs(tmp_path: Path) -> None:
    """A game with a syntax error no fix mends gets the fixes of its slips, and no other;
    the other games of the file get all of theirs."""
    game = SAMPLE.replace("\nAda: 0-5\n", "\nAda: 0-\n", 1).replace(
        "\nBea: 0-6\n", "\nBea: 0 6\n", 1)
    other = SAMPLE.replace("score Ada 0, Bea 25", "score Ada 0, Bea 26", 1)
    path = tmp_path / "two.block"
    path.write_text(game + "\n" + other, "utf-8")
    done = run_text("validate", "--fix", str(path))
    assert done.returncode == 1
    written = path.read_text("utf-8")
    first, second = written.split("\n# Two players", 1)
    assert "\nAda: 0-\nBea: 0-6\n" in first and "score Ada 0, Bea 25" in first
    assert "\nscore Ada 0, Bea 25\n" in second and "\nscore Ada 0, Bea 26\n" not in second
    assert done.stdout.splitlines()[0] == (
        f"{path}:11:6: error S001 '0-' is not a tile: a pip is missing after the hyphen")
    assert done.stderr.splitlines()[-1] == (
        "Fixed 2 problems, 1 remaining, 1 file with syntax errors left: a game that holds one "
        "gets only the fixes of its slips")


def test_a_side_slip_names_the_side_the_fix_writes(tmp_path: Path) -> None:
    """``l`` after a tile that fits only on the right: the message proposes R, and --fix
    writes R, as one fix."""
    text = HEAD + "opener Ada\nAda: 1-4\nBea: 4-0 l\n"
    column, message = one_s001_validated(text)
    assert (column, message) == (
        10, "'l' is not a side: did you mean 'R'? After the tile write L or left, R or right")
    fixed = fix_text(text)
    assert fixed.text == HEAD + "opener Ada\nAda: 1-4\nBea: 4-0 R\n"
    assert len(fixed.applied) == 1
    fits_left = HEAD + "opener Ada\nAda: 1-4\nBea: 1-0 lft\n"
    assert one_s001_validated(fits_left)[1] == (
        "'lft' is not a side: did you mean 'left'? After the tile write L or left, R or right")
    assert fix_text(fits_left).text.endswith("Bea: 1-0 left\n")


def one_s001_validated(text: str) -> tuple[int, str]:
    (d,) = validate_bytes(text.encode(), "x").diagnostics
    assert d.code == "S001"
    return d.column, d.message.render()
