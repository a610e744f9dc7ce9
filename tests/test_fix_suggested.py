"""``--fix`` writes what the messages propose: every "did you mean" with one candidate is a
fix, safe where checking the record again with it proves it, else unsafe; and ``--fix
--diff`` fails a check while an error remains, as ``validate`` does."""

from __future__ import annotations

import ast
from pathlib import Path

from blocknotation.fixing import spelling, suggested
from blocknotation.fixing.fixes import find_fixes, fix_text

from inprocess import run_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "two-players.block").read_text("utf-8")
RECORD = SAMPLE.replace("Ada", "Giulia")
# Hand 1's first move under a misspelt name (read as Giulia's, whose turn it is) and a side
# that the tile does not fit (it fits only the other end).
SLIPS = (RECORD.replace("\nGiulia: 0-5\n", "\nGiula: 0-5\n", 1)
         .replace("\nGiulia: 4-0 R\n", "\nGiulia: 4-0 L\n", 1))
LINES = RECORD.split("\n")
NAME_LINE = LINES.index("Giulia: 0-5") + 1
SIDE_LINE = LINES.index("Giulia: 4-0 R") + 1


def test_a_name_and_a_side_the_messages_propose_are_safe_fixes() -> None:
    fixes = {fix.code: fix for fix in find_fixes(SLIPS)}
    name, side = fixes["G104"], fixes["P403"]
    assert (name.line, name.safe, name.title) == (NAME_LINE, True, "write Giulia for Giula")
    assert [(e.start_line, e.start_column, e.end_column, e.new_text) for e in name.edits] == [
        (NAME_LINE, 1, 6, "Giulia")]
    assert (side.line, side.safe, side.title) == (SIDE_LINE, True, "write side R for L")
    assert [(e.start_column, e.end_column, e.new_text) for e in side.edits] == [(13, 14, "R")]
    assert fix_text(SLIPS).text == RECORD


def test_a_guess_that_changes_the_record_is_unsafe(tmp_path: Path) -> None:
    # Bea's move under a name an edit from Giulia's: it is Bea's turn, so the move is read
    # as hers, and writing Giulia would make it a move out of turn.
    text = RECORD.replace("\nBea: 0-6\n", "\nGiula: 0-6\n", 1)
    (fix,) = [fix for fix in find_fixes(text) if fix.code == "G104"]
    assert (fix.safe, fix.title) == (False, "write Giulia for Giula")
    path = tmp_path / "club.block"
    path.write_text(text, "utf-8")
    done = run_text("validate", "--fix", str(path))
    assert done.stderr.splitlines()[-1] == (
        "Fixed 0 problems, 1 remaining (1 fixable with --unsafe-fixes)")
    assert path.read_text("utf-8") == text
    unsafe = run_text("validate", "--fix", "--unsafe-fixes", str(path))
    assert "Giula" not in path.read_text("utf-8") and unsafe.returncode == 1


def test_every_did_you_mean_is_a_fix() -> None:
    """Each message template of the package that proposes something is one the fixes know."""
    proposing = set()
    for path in (ROOT / "blocknotation").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "N_" and isinstance(node.args[0], ast.Constant)
                    and "did you mean" in str(node.args[0].value)):
                proposing.add(node.args[0].value)
    known = {*spelling._WORD, *suggested._NAMES, *suggested._SIDES, *spelling._TILES}
    assert proposing and proposing <= known, proposing - known


def test_fix_diff_fails_while_an_error_remains(tmp_path: Path) -> None:
    path = tmp_path / "p405.block"
    path.write_text((ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8"),
                    "utf-8")
    assert run_text("validate", "--fix", str(path)).returncode == 1  # the P405 stays
    done = run_text("validate", "--fix", "--diff", str(path))
    assert (done.returncode, done.stdout) == (1, "")  # nothing to change, an error left
    assert done.stderr.splitlines()[-1] == "Would fix 0 problems, 1 remaining"
    assert run_text("validate", "--fix", "--diff", "--exit-zero", str(path)).returncode == 0
    assert run_text("validate", "--fix", "--exit-zero", str(path)).returncode == 0
    clean = tmp_path / "clean.block"
    clean.write_text(SAMPLE, "utf-8")
    assert run_text("validate", "--fix", "--diff", str(clean)).returncode == 0


def test_fix_diff_exits_as_fix_would_on_errors_not_on_warnings(tmp_path: Path) -> None:
    """A record whose errors the fixes mend, a warning left (a hand that stops, E501):
    --fix --diff shows the change and exits 0, as --fix does; 1 with --strict."""
    path = tmp_path / "side.block"
    text = '[Players "Ada Bea"]\nhand 1\nopener Ada\nAda: 1-4\nBea: 4-0 l\n'
    path.write_text(text, "utf-8")
    done = run_text("validate", "--fix", "--diff", str(path))
    assert done.returncode == 0, done.stderr
    assert "+Bea: 4-0 R" in done.stdout
    assert done.stderr.splitlines()[-1] == "Would fix 1 problem, 1 remaining"
    assert run_text("validate", "--fix", "--diff", "--strict", str(path)).returncode == 1
    assert path.read_text("utf-8") == text
    assert run_text("validate", "--fix", str(path)).returncode == 0
