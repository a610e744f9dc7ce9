"""Arguments and repository contents that once reached an internal error (exit 70): bad
gitignore-style patterns on the command line or in a walked directory's ``.gitignore``,
``generate --mistakes nan``, ``--jobs`` without a bound.  Each is now a usage error (exit 2)
in one line that names what is wrong, or, for ``--jobs`` above the CPUs, a warning.

A bad configuration file (too large, nested too deeply, a bad pattern, ``jobs = 100000``)
is in ``tests/test_config.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from blocknotation.basics.limits import MAX_JOBS
from blocknotation.run.ordered import cpus

from inprocess import run_utf8

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
BAD_PATTERNS = ["[z-a]", "!", "\\", "a/[b-a]/c"]


def tree(root: Path) -> Path:
    (root / "records" / "sub").mkdir(parents=True)
    (root / "records" / "a.block").write_bytes(CLUB)
    (root / "records" / "sub" / "b.block").write_bytes(CLUB)
    return root


@pytest.mark.parametrize("pattern", BAD_PATTERNS)
@pytest.mark.parametrize("option", ["--include", "--exclude"])
@pytest.mark.parametrize("command", [["validate"], ["validate", "--format", "jsonl"],
                                     ["format", "--check"]])
def test_a_bad_pattern_is_a_usage_error_naming_it(
        tmp_path: Path, command: list[str], option: str, pattern: str) -> None:
    root = tree(tmp_path)
    for target in ("records", "records/a.block", "records/*.block"):  # walked, named, a glob
        done = run_utf8(*command, "--isolated", option, pattern, target, cwd=root)
        assert (done.returncode, done.stdout) == (2, ""), (target, done.stderr)
        assert done.stderr == f"blocknot: {option}: {pattern!r} is not a valid gitignore-style " \
                              "pattern\n"


def test_a_bad_gitignore_line_in_a_walked_directory_names_the_file_and_line(
        tmp_path: Path) -> None:
    root = tree(tmp_path)
    (root / ".git").mkdir()
    gitignore = root / "records" / "sub" / ".gitignore"
    gitignore.write_text("# drafts\n*.draft.block\n[z-a]\n", encoding="utf-8")
    done = run_utf8("validate", "--isolated", "records", cwd=root)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"blocknot: {gitignore}, line 3: '[z-a]' is not a valid "
                           "gitignore-style pattern\n")
    italian = run_utf8("validate", "--isolated", "--lang", "it", "records", cwd=root)
    assert italian.returncode == 2
    assert italian.stderr == (f"blocknot: {gitignore}, riga 3: '[z-a]' non è un pattern valido "
                              "in stile gitignore\n")
    # Without .gitignore files the same directory is checked.
    unread = run_utf8("validate", "--isolated", "--no-respect-gitignore", "records", cwd=root)
    assert unread.returncode == 0 and unread.stderr == ""


@pytest.mark.parametrize("rate", ["nan", "NaN", "-nan", "inf", "-inf", "1.5"])
def test_generate_refuses_a_rate_that_is_not_a_fraction(rate: str) -> None:
    done = run_utf8("generate", "--mistakes", rate)
    assert (done.returncode, done.stdout) == (2, "")
    shown = str(float(rate))
    assert done.stderr == (f"blocknot: Invalid value for '--mistakes': {shown} is not in the "
                           "range 0<=x<=1. (see blocknot generate --help)\n")


@pytest.mark.parametrize("jobs", [str(MAX_JOBS + 1), "5000", "100000"])
def test_jobs_beyond_the_bound_is_a_usage_error(jobs: str) -> None:
    done = run_utf8("validate", "--isolated", "--jobs", jobs, str(ROOT / "samples"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"blocknot: Invalid value for '--jobs' / '-j': {jobs} is not in the "
                           f"range 0<=x<={MAX_JOBS}. (see blocknot validate --help)\n")


def test_the_bound_of_jobs_is_the_one_the_help_and_the_docs_give() -> None:
    help_text = run_utf8("validate", "--help").stdout
    assert f"at most {MAX_JOBS})" in " ".join(help_text.split())
    robustness = (ROOT / "docs" / "robustness.md").read_text("utf-8")
    assert f"| `MAX_JOBS` | {MAX_JOBS} worker processes" in robustness


def test_more_jobs_than_cpus_is_allowed_with_a_warning(tmp_path: Path) -> None:
    many = cpus() + 1
    if many > MAX_JOBS:  # pragma: no cover - a machine with more CPUs than the bound
        pytest.skip("more CPUs than --jobs may ask for")
    for number in range(4):
        (tmp_path / f"{number}.block").write_bytes(CLUB + b"\n" + CLUB)
    args = [sys.executable, "-m", "blocknotation", "validate", "--isolated", str(tmp_path)]
    one = subprocess.run(args, capture_output=True, timeout=60, check=False)
    done = subprocess.run([*args, "--jobs", str(many)], capture_output=True, timeout=60,
                          check=False, env={**os.environ, "LC_ALL": "C"})
    assert (done.returncode, done.stdout) == (one.returncode, one.stdout)
    assert done.stderr.decode() == (
        f"blocknot: warning: {many} worker processes for {cpus()} CPUs; more than one per CPU "
        "makes the run no faster\n")
    quiet = subprocess.run([*args, "--jobs", "0"], capture_output=True, timeout=60,
                           check=False)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (one.returncode, one.stdout, b"")
