"""Inline suppression: `# blocknot: ignore[...]` on a line, `# blocknot: ignore-file[...]`
anywhere, counted in every report; `--no-suppress` shows everything.  Run as a user runs it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from inprocess import TextDone, run_utf8

ROOT = Path(__file__).resolve().parent.parent
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8")
G105 = (ROOT / "blocknotation" / "examples" / "G105.bad.txt").read_text("utf-8")
#: G105 at line 2 and P405 at line 12 of one game.
BOTH = P405.replace('[Players "Ada Bea"]\n', '[Players "Ada Bea"]\n[Target "50"]\n', 1)


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> TextDone:
    environment = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return run_utf8(*args, stdin=stdin, cwd=cwd, env=environment)


def test_a_line_comment_suppresses_its_codes_on_that_line(tmp_path: Path) -> None:
    text = BOTH.replace("Bea: pass    # 0-1", "Bea: pass    # blocknot: ignore[P4] 0-1")
    (tmp_path / "a.block").write_text(text, "utf-8")
    done = run("validate", "a.block", cwd=tmp_path)
    assert done.returncode == 0
    first, result, summary = done.stdout.splitlines()
    assert first.startswith("a.block:2:1: warning G105 ")
    assert result.startswith("a.block: game 1: ")
    assert summary == "a.block: 1 game, 1 hand, 0 errors, 1 warning, 1 suppressed"
    everything = run("validate", "--no-suppress", "a.block", cwd=tmp_path)
    assert everything.returncode == 1
    assert everything.stdout.splitlines()[-1] == "a.block: 1 game, 1 hand, 1 error, 1 warning"
    elsewhere = text.replace("# blocknot: ignore[P4] 0-1", "# 0-1").replace(
        "Ada: 4-0 L", "Ada: 4-0 L  # blocknot: ignore[P405]")
    (tmp_path / "b.block").write_text(elsewhere, "utf-8")
    assert run("validate", "b.block", cwd=tmp_path).returncode == 1  # another line: no effect


def test_a_file_comment_anywhere_suppresses_everywhere(tmp_path: Path) -> None:
    text = BOTH + "\n" + G105 + "\n# blocknot: ignore-file[G105]\n"
    (tmp_path / "a.block").write_text(text, "utf-8")
    for jobs in ("1", "2"):
        done = run("validate", "--jobs", jobs, "--format", "json", "a.block", cwd=tmp_path)
        (report,) = json.loads(done.stdout)["files"]
        assert [d["code"] for d in report["diagnostics"]] == ["P405"]
        assert (report["errors"], report["warnings"], report["suppressed"]) == (1, 0, 2)
    lines = run("validate", "--format", "jsonl", "a.block", cwd=tmp_path).stdout.splitlines()
    assert [json.loads(line)["suppressed"] for line in lines] == [1, 1]


def test_standard_input_honours_a_file_comment_in_its_own_game(tmp_path: Path) -> None:
    text = BOTH + "\n" + G105 + "# blocknot: ignore-file[G105]\n"
    done = run("validate", "--format", "jsonl", "-", cwd=tmp_path, stdin=text.encode())
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert [d["code"] for d in first["diagnostics"]] == ["G105", "P405"]
    assert (second["diagnostics"], second["suppressed"]) == ([], 1)


def test_a_bare_ignore_suppresses_every_code_of_its_line(tmp_path: Path) -> None:
    text = BOTH.replace('[Target "50"]', '[Target "50"]  # blocknot: ignore')
    (tmp_path / "a.block").write_text(text, "utf-8")
    done = run("validate", "--statistics", "a.block", cwd=tmp_path)
    assert done.stdout == "1  P405  a player passes while holding a tile that fits\n"


def test_a_line_comment_that_suppresses_nothing_is_s004_at_its_code(tmp_path: Path) -> None:
    text = BOTH.replace("Bea: pass    # 0-1", "Bea: pass    # blocknot: ignore[P4, G105] 0-1")
    (tmp_path / "a.block").write_text(text, "utf-8")
    line = 13  # the pass of P405.bad.txt's line 12, under the Target tag
    assert text.splitlines()[line - 1].startswith("Bea: pass    # blocknot: ignore[P4, G105]")
    column = text.splitlines()[line - 1].index("G105") + 1
    done = run("validate", "--format", "json", "a.block", cwd=tmp_path)
    (report,) = json.loads(done.stdout)["files"]
    found = [(d["code"], d["line"], d["column"], d["end_column"], d["game"], d["hand"])
             for d in report["diagnostics"]]
    assert found == [("G105", 2, 1, 14, 1, None),
                     ("S004", line, column, column + 4, 1, 1)]
    assert (report["errors"], report["warnings"], report["suppressed"]) == (0, 2, 1)
    assert done.returncode == 0  # a warning
    # Named on the line, or ignored, S004 is not reported; --no-suppress reports no S004.
    named = text.replace("ignore[P4, G105]", "ignore[P4, G105, S004]")
    (tmp_path / "b.block").write_text(named, "utf-8")
    summary = run("validate", "b.block", cwd=tmp_path).stdout.splitlines()[-1]
    assert summary == "b.block: 1 game, 1 hand, 0 errors, 1 warning, 2 suppressed"
    ignored = run("validate", "--ignore", "S004", "a.block", cwd=tmp_path).stdout
    assert "S004" not in ignored
    everything = run("validate", "--no-suppress", "--format", "json", "a.block", cwd=tmp_path)
    (report,) = json.loads(everything.stdout)["files"]
    assert [d["code"] for d in report["diagnostics"]] == ["G105", "P405"]


def test_an_unused_comment_in_a_clean_game_is_reported(tmp_path: Path) -> None:
    clean = (ROOT / "blocknotation" / "examples" / "G105.good.txt").read_text("utf-8")
    text = clean.replace("Ada: 5-6\n", "Ada: 5-6   # blocknot: ignore\n", 1)
    (tmp_path / "a.block").write_text(text, "utf-8")
    line = text.splitlines().index("Ada: 5-6   # blocknot: ignore") + 1
    done = run("validate", "a.block", cwd=tmp_path)
    first = done.stdout.splitlines()[0]
    column = text.splitlines()[line - 1].index("ignore") + 1
    assert first == (f"a.block:{line}:{column}: warning S004 this ignore comment suppresses "
                     "nothing: nothing is reported on this line; remove it")


def test_a_file_comment_that_suppresses_nothing_is_reported_after_the_file(
        tmp_path: Path) -> None:
    text = "# blocknot: ignore-file[E507, G105]\n" + BOTH + "\n" + G105
    (tmp_path / "a.block").write_text(text, "utf-8")
    for jobs in ("1", "2"):
        done = run("validate", "--jobs", jobs, "--format", "json", "a.block", cwd=tmp_path)
        (report,) = json.loads(done.stdout)["files"]
        found = [(d["code"], d["line"], d["column"], d["game"]) for d in report["diagnostics"]]
        assert found == [("P405", 14, 1, 1), ("S004", 1, 25, None)], jobs
        assert "no E507 diagnostic is reported in this file" in report["diagnostics"][1]["message"]
        assert report["suppressed"] == 2
    lines = run("validate", "--format", "jsonl", "a.block", cwd=tmp_path).stdout.splitlines()
    last = json.loads(lines[-1])
    assert (last["game"], [d["code"] for d in last["diagnostics"]]) == (None, ["S004"])
    github = run("validate", "--format", "github", "a.block", cwd=tmp_path).stdout
    assert "::warning file=a.block,line=1,col=25,endLine=1,endColumn=29,title=S004::" in github
