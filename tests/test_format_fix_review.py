"""``blocknot format`` and ``validate --fix`` through the command (in the test process), on
what a review found: standard input kept whole on a syntax error, links followed, diffs that
``patch`` applies, line ends and byte-order marks kept, syntax errors under ``--fix --diff``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_fix import MOVES
from test_fix_cli import SIDES, WRONG
from test_format_cli import CANONICAL, MESSY, blocknot

from inprocess import Done

SYNTAX = '[Players "Ada Bea"]\nhand 1\nAda 1-2   # my notes\n'


def test_format_of_standard_input_with_a_syntax_error_gives_the_text_back(
        tmp_path: Path) -> None:
    done = blocknot("format", "-", cwd=tmp_path, stdin=SYNTAX.encode())
    assert done.returncode == 1
    assert done.stdout == SYNTAX.encode()
    assert done.stderr.decode() == (
        "<stdin>:3:5: error S001 unexpected '1-2'; expected ':'\n"
        "  Ada 1-2   # my notes\n"
        "      ^\n")


@pytest.mark.parametrize(("command", "before", "after"), [
    (("format",), MESSY, CANONICAL),
    (("validate", "--fix"), WRONG, None),
], ids=["format", "fix"])
def test_a_linked_record_is_rewritten_where_it_is(
        tmp_path: Path, command: tuple[str, ...], before: str, after: str | None) -> None:
    # A symbolic link into another folder (the target replaced whole, in its own folder),
    # then a symbolic link to a file with two hard links (written in place).
    (tmp_path / "store").mkdir()
    real = tmp_path / "store" / "real.block"
    real.write_text(before)
    os.chmod(real, 0o640)
    link = tmp_path / "link.block"
    link.symlink_to(os.path.join("store", "real.block"))
    done = blocknot(*command, "link.block", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert os.readlink(link) == os.path.join("store", "real.block")
    written = real.read_text()
    assert written != before
    assert after is None or written == after
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in (tmp_path / "store").iterdir()) == ["real.block"]
    real.write_text(before)
    hard = tmp_path / "hard.block"
    os.link(real, hard)
    again = blocknot(*command, "link.block", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert real.read_text() == hard.read_text() == written
    assert real.stat().st_ino == hard.stat().st_ino
    assert os.readlink(link) == os.path.join("store", "real.block")


@pytest.mark.skipif(shutil.which("patch") is None, reason="needs patch")
@pytest.mark.parametrize("command", [("format", "--diff"), ("validate", "--fix", "--diff")],
                         ids=["format", "fix"])
def test_a_diff_of_a_file_without_a_final_newline_is_a_patch(
        tmp_path: Path, command: tuple[str, ...]) -> None:
    text = (MESSY if command[0] == "format" else WRONG).rstrip("\n")
    (tmp_path / "club.block").write_text(text)
    done = blocknot(*command, "club.block", cwd=tmp_path)
    # format --diff fails on a change; --fix --diff as --fix would (no error remains)
    assert done.returncode == (1 if command[0] == "format" else 0)
    assert b"\n\\ No newline at end of file\n" in done.stdout
    check = subprocess.run(["patch", "--dry-run", "-p0"], cwd=tmp_path, input=done.stdout,
                           capture_output=True, timeout=60, check=False)
    assert check.returncode == 0, check.stdout + check.stderr
    subprocess.run(["patch", "-p0"], cwd=tmp_path, input=done.stdout, capture_output=True,
                   timeout=60, check=True)
    fixed = blocknot(*command, "club.block", cwd=tmp_path)
    assert (fixed.returncode, fixed.stdout) == (0, b"")


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["crlf", "bom-crlf"])
def test_format_keeps_crlf_line_ends_and_the_byte_order_mark(tmp_path: Path, bom: bytes) -> None:
    (tmp_path / "club.block").write_bytes(bom + MESSY.replace("\n", "\r\n").encode())
    done = blocknot("format", "club.block", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "club.block").read_bytes() == bom + CANONICAL.replace(
        "\n", "\r\n").encode()
    check = blocknot("format", "--check", "club.block", cwd=tmp_path)
    assert (check.returncode, check.stderr) == (0, b"0 files would be reformatted, "
                                                   b"1 file already formatted\n")
    piped = blocknot("format", "-", cwd=tmp_path, stdin=MESSY.replace("\n", "\r\n").encode())
    assert piped.stdout == CANONICAL.replace("\n", "\r\n").encode()
    (tmp_path / "lf.block").write_text(MESSY)
    blocknot("format", "lf.block", cwd=tmp_path)
    assert (tmp_path / "lf.block").read_bytes() == CANONICAL.encode()


def test_fix_diff_of_a_record_with_a_syntax_error_lists_it_and_fails(tmp_path: Path) -> None:
    (tmp_path / "bad.block").write_text(SYNTAX)
    (tmp_path / "good.block").write_text(MOVES)
    done = blocknot("validate", "--fix", "--diff", "bad.block", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == b""
    assert done.stderr.decode() == (
        "bad.block:3:5: error S001 unexpected '1-2'; expected ':'\n"
        "  Ada 1-2   # my notes\n"
        "      ^\n"
        "Would fix 0 problems, 1 remaining, 1 file with syntax errors left: a game that holds "
        "one gets only the fixes of its slips\n")
    plain = blocknot("validate", "--fix", "bad.block", cwd=tmp_path)
    assert plain.returncode == 1
    assert plain.stderr.decode() == (
        "Fixed 0 problems, 1 remaining, 1 file with syntax errors left: a game that holds one "
        "gets only the fixes of its slips\n")
    assert (tmp_path / "bad.block").read_text() == SYNTAX


def test_italian_summaries_use_the_singular_for_one(tmp_path: Path) -> None:
    (tmp_path / "sides.block").write_text(SIDES)
    done = blocknot("validate", "--fix", "--diff", "--ignore", "E501", "--lang", "it",
                    "sides.block", cwd=tmp_path)
    assert done.stderr.decode() == (
        "Correggerei 0 problemi, 1 rimasto (1 correggibile con --unsafe-fixes)\n")


def _numbered(numbers: list[str]) -> str:
    hands = "".join(f"\nhand {n}\nAda: 1-2\nBea: 2-3\n" for n in numbers)
    return '[Players "Ada Bea"]\n' + hands


def _g106(done: Done) -> list[str]:
    return [line.split(" error G106 ")[1].split(":")[0]
            for line in done.stdout.decode().splitlines() if " G106 " in line]


@pytest.mark.parametrize(("numbers", "said", "kept"), [
    (["1", "3  # blocknot: ignore[G106]", "4", "9"], ["hand 9 should be hand 4"], ""),
    (["1", "3  # blocknot: ignore[E501, G106]", "4", "9"], ["hand 9 should be hand 4"],
     "  # blocknot: ignore[E501]"),
    (["0", "0", "7"], ["hand 0 should be hand 1", "hand 0 should be hand 2",
                       "hand 7 should be hand 3"], ""),
], ids=["suppressed", "suppressed-among-codes", "zeros"])
def test_hands_are_numbered_as_validate_says_and_no_g106_is_left(
        tmp_path: Path, numbers: list[str], said: list[str], kept: str) -> None:
    (tmp_path / "club.block").write_text(_numbered(numbers))
    before = blocknot("validate", "--select", "G,S", "club.block", cwd=tmp_path)
    assert _g106(before) == said
    fixed = blocknot("validate", "--fix", "--select", "G,S", "club.block", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout
    text = (tmp_path / "club.block").read_text()
    hands = [line for line in text.splitlines() if line.startswith("hand")]
    assert hands == [f"hand {n}" + (kept if n == 2 else "")
                     for n in range(1, len(numbers) + 1)]
    after = blocknot("validate", "--select", "G,S", "club.block", cwd=tmp_path)
    assert after.returncode == 0
    assert _g106(after) == []
    # no S004 made by the fix: the E501 of the second case suppressed nothing already
    assert after.stdout.count(b" S004 ") == before.stdout.count(b" S004 ") == (kept != "")


def test_a_suppression_that_suppresses_nothing_does_not_stop_the_fixes(tmp_path: Path) -> None:
    text = WRONG.replace("[Players", "# blocknot: ignore[P404]\n[Players", 1)
    (tmp_path / "club.block").write_text(text)
    done = blocknot("validate", "--fix", "club.block", cwd=tmp_path)
    assert done.stderr.decode() == "Fixed 2 problems, 1 remaining\n"
    assert " warning S004 " in done.stdout.decode()
    assert "# was: points Ada 50" in (tmp_path / "club.block").read_text()


DISPUTE = ('[Players "Ada Bea Cy"]\n\nhand 1\nopener Ada\nshow Ada: 1-2\nshow Bea: 3-4 6-6\n'
           'show Cy: 0-4\nblocked\npoints Ada 22{mute}\nscore Ada 22, Bea 0, Cy 0\n')


@pytest.mark.parametrize(("mute", "options"), [
    ("  # blocknot: ignore[E504]", ()),
    ("", ("--ignore", "E504")),
    ("", ("--select", "E505")),
], ids=["inline", "ignore", "select"])
def test_a_score_that_carries_a_slip_left_as_it_is_is_not_rewritten(
        tmp_path: Path, mute: str, options: tuple[str, ...]) -> None:
    text = DISPUTE.format(mute=mute)
    (tmp_path / "dispute.block").write_text(text)
    plain = blocknot("validate", *options, "dispute.block", cwd=tmp_path)
    assert (plain.returncode, plain.stdout.decode().count(" error ")) == (0, 0)
    done = blocknot("validate", "--fix", *options, "dispute.block", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr.decode() == "Fixed 0 problems, 0 remaining\n"
    assert (tmp_path / "dispute.block").read_text() == text


def test_a_score_that_carries_a_fixed_slip_is_fixed_after_it(tmp_path: Path) -> None:
    (tmp_path / "dispute.block").write_text(DISPUTE.format(mute=""))
    done = blocknot("validate", "--fix", "dispute.block", cwd=tmp_path)
    assert done.stderr.decode() == "Fixed 2 problems, 0 remaining\n"
    assert (tmp_path / "dispute.block").read_text().endswith(
        "# was: points Ada 22\npoints Ada 20\n# was: score Ada 22, Bea 0, Cy 0\n"
        "score Ada 20, Bea 0, Cy 0\n")


def test_a_corrected_claim_leaves_its_comment_on_the_was_line(tmp_path: Path) -> None:
    text = DISPUTE.format(mute="  # counted twice").replace("score", "  score")
    (tmp_path / "dispute.block").write_bytes(text.replace("\n", "\r\n").encode())
    done = blocknot("validate", "--fix", "dispute.block", cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    assert (tmp_path / "dispute.block").read_bytes().decode().endswith(
        "# was: points Ada 22  # counted twice\r\npoints Ada 20\r\n"
        "  # was: score Ada 22, Bea 0, Cy 0\r\n  score Ada 20, Bea 0, Cy 0\r\n")
