"""``blocknot validate --fix`` through the command, on temporary files: files written in
place, ``--diff``, ``--unsafe-fixes``, standard input, what remains listed, the summary
counts and the exit statuses. The first test runs ``python -m blocknotation`` as a process;
the others run the command in the test process (``tests/inprocess.py``)."""

from __future__ import annotations

from pathlib import Path

from test_fix import CLAIMS, MOVES, UNVERIFIED
from test_format_cli import blocknot

WRONG = MOVES + "domino Ada\npoints Ada 50  # counted\nscore Ada 50, Bea 0\n"
FIXED = MOVES + ("domino Ada\n# was: points Ada 50  # counted\npoints Ada 52\n"
                 "# was: score Ada 50, Bea 0\nscore Ada 52, Bea 0\n")
SIDES = '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-3\nAda: 3-4 R\nBea: 1-4\nAda: 4-6 L\n'


def test_fix_writes_the_file_and_reports_what_remains(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(WRONG)
    (tmp_path / "dispute.block").write_text(UNVERIFIED)
    done = blocknot("validate", "--fix", "club.block", "dispute.block", cwd=tmp_path,
                    process=True)
    assert done.returncode == 1
    assert (tmp_path / "club.block").read_text() == FIXED
    assert (tmp_path / "dispute.block").read_text() == UNVERIFIED
    assert done.stdout.decode() == (
        "club.block: 1 game, 1 hand, 0 errors, 0 warnings\n"
        "dispute.block:8:1: error E505 score claim Ada 20, Bea 0 gives this hand Ada 20, Bea 0, "
        "but the points claim gives Ada 30, Bea 0, and the record cannot tell which is right: "
        "the points of this hand are left unknown\n"
        "dispute.block: 1 game, 1 hand, 1 error, 0 warnings\n")
    assert done.stderr.decode() == "Fixed 2 problems, 1 remaining\n"
    again = blocknot("validate", "--fix", "club.block", cwd=tmp_path)
    assert again.returncode == 0
    assert again.stderr.decode() == "Fixed 0 problems, 0 remaining\n"
    assert (tmp_path / "club.block").read_text() == FIXED


def test_fix_with_diff_prints_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(MOVES)
    done = blocknot("validate", "--fix", "--diff", "club.block", cwd=tmp_path)
    assert done.returncode == 0  # as --fix: no error remains once fixed
    assert done.stdout.decode() == (
        "--- club.block\n+++ club.block\n@@ -16,3 +16,6 @@\n Ada: 1-1 L\n Bea: pass\n"
        " Ada: 1-4 L\n+domino Ada\n+points Ada 52\n+score Ada 52, Bea 0\n")
    assert done.stderr.decode() == "Would fix 3 problems, 0 remaining\n"
    assert (tmp_path / "club.block").read_text() == MOVES
    (tmp_path / "done.block").write_text(MOVES + CLAIMS)
    clean = blocknot("validate", "--fix", "--diff", "done.block", cwd=tmp_path)
    assert (clean.returncode, clean.stdout) == (0, b"")


def test_unsafe_fixes_apply_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "sides.block").write_text(SIDES)
    safe = blocknot("validate", "--fix", "sides.block", cwd=tmp_path)
    assert safe.returncode == 1
    assert (tmp_path / "sides.block").read_text() == SIDES
    assert safe.stderr.decode() == (
        "Fixed 0 problems, 2 remaining (1 fixable with --unsafe-fixes)\n")
    assert "error P404 Bea: 1-4 fits both" in safe.stdout.decode()
    unsafe = blocknot("validate", "--fix", "--unsafe-fixes", "sides.block", cwd=tmp_path)
    assert unsafe.returncode == 0  # only the warning E501 is left
    assert (tmp_path / "sides.block").read_text() == SIDES.replace("Bea: 1-4", "Bea: 1-4 L")
    assert unsafe.stderr.decode() == "Fixed 1 problem, 1 remaining\n"
    strict = blocknot("validate", "--fix", "--strict", "sides.block", cwd=tmp_path)
    assert strict.returncode == 1


def test_standard_input_gives_the_fixed_record_on_standard_output(tmp_path: Path) -> None:
    done = blocknot("validate", "--fix", "-", cwd=tmp_path, stdin=WRONG.encode())
    assert done.returncode == 0
    assert done.stdout.decode() == FIXED
    assert done.stderr.decode() == ("<stdin>: 1 game, 1 hand, 0 errors, 0 warnings\n"
                                    "Fixed 2 problems, 0 remaining\n")


def test_hands_are_renumbered_in_a_gzip_file(tmp_path: Path) -> None:
    import gzip

    text = MOVES + CLAIMS + "\n" + MOVES.replace("hand 1", "hand 3").split("\n\n", 1)[1]
    (tmp_path / "club.block.gz").write_bytes(gzip.compress(text.encode()))
    done = blocknot("validate", "--fix", "--select", "G", "club.block.gz", cwd=tmp_path)
    assert done.returncode == 0
    fixed = gzip.decompress((tmp_path / "club.block.gz").read_bytes()).decode()
    assert fixed == text.replace("hand 3", "hand 2")
    assert done.stderr.decode() == "Fixed 1 problem, 0 remaining\n"


def test_usage_errors(tmp_path: Path) -> None:
    (tmp_path / "x.block").write_text(MOVES)
    for args, message in (
        (("--diff", "x.block"), "blocknot: --diff and --unsafe-fixes go with --fix\n"),
        (("--fix", "--format", "json", "x.block"),
         "blocknot: --fix lists what remains as text: leave out --format\n"),
    ):
        done = blocknot("validate", *args, cwd=tmp_path)
        assert (done.returncode, done.stderr.decode()) == (2, message)
