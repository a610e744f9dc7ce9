"""Record files that carry their expected diagnostics in their first line.

Every file under ``tests/cases/`` (in the folder of the code it was written for, or in
``clean/`` or ``analyse/``: docs/development.md says which) starts with ``# expect:
CODE@LINE …`` listing every diagnostic that parsing and replaying it must report (an empty
list: none at all).  The files are read as bytes and go through ``parse_bytes`` like any
input, so S003 cases are files too.  A second test keeps the catalogue honest: every code
has a case that shows it.

The same files go through the command a user runs, ``blocknot validate --format json``: all of
them in one real process (``python -m blocknotation``), and each on its own through click's
runner for its exit status (a seeded sample, all of them under ``--run-slow``): 1 when an
error is expected, else 0 (warnings alone pass).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from blocknotation import validate
from blocknotation.basics.diagnostics import CATALOGUE
from blocknotation.cli.commands import cli
from blocknotation.engine import replay
from blocknotation.notation.parsing import parse_bytes

from expect import expectations
from inprocess import run
from seeded_sample import files_sampled

CASES = Path(__file__).resolve().parent / "cases"
FILES = sorted(p for p in CASES.glob("*/*") if p.suffix in {".txt", ".bin"})


def reported(data: bytes) -> Counter[tuple[str, int]]:
    """What the engine finds, once the record's suppression comments have had their say
    (the library's ``validate``: S004 and S005, a file without a hand, are the pipeline's,
    not a rule's)."""
    if b"blocknot:" in data or b"\nhand " not in b"\n" + data:
        return Counter((d.code, d.line) for d in validate(data).diagnostics)
    parsed = parse_bytes(data)
    problems, _ = replay(parsed)
    return Counter((d.code, d.line) for d in (*parsed.diagnostics, *problems))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_case(path: Path) -> None:
    data = path.read_bytes()
    assert reported(data) == expectations(data)


def test_every_code_has_a_case() -> None:
    shown = {code for path in FILES for code, _ in expectations(path.read_bytes())}
    assert sorted(set(CATALOGUE) - shown) == []


def test_each_case_is_in_the_folder_of_its_code() -> None:
    """A code's cases sit together in a folder named after it (``tests/cases/P405/``), one
    at least reporting it; records that report nothing in ``clean/``, the analysis's
    records in ``analyse/``."""
    folders = {path.parent.name for path in FILES}
    assert folders == {*CATALOGUE, "clean", "analyse"}
    for code in CATALOGUE:
        assert any(code in {c for c, _ in expectations(path.read_bytes())}
                   for path in (CASES / code).iterdir()), code
    assert not any(expectations(path.read_bytes()) for path in (CASES / "clean").iterdir())
    assert len(FILES) == sum(1 for path in CASES.rglob("*") if path.is_file())


def test_there_are_clean_cases() -> None:
    assert any(not expectations(p.read_bytes()) for p in FILES)


def expected_status(path: Path) -> int:
    """The exit status ``validate`` must give: 1 when an error is expected, else 0."""
    codes = expectations(path.read_bytes())
    return 1 if any(CATALOGUE[code].severity == "error" for code, _ in codes) else 0


def listed(file: dict[str, Any]) -> Counter[tuple[str, int]]:
    return Counter((d["code"], d["line"]) for d in file["diagnostics"])


def test_cases_through_the_command_in_one_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "blocknotation", "validate", "--format", "json",
         *map(str, FILES)], capture_output=True, timeout=120, check=False)
    assert done.stderr == b""
    files = json.loads(done.stdout)["files"]
    assert [f["path"] for f in files] == [str(p) for p in FILES]
    for path, file in zip(FILES, files, strict=True):
        assert (path.name, listed(file)) == (path.name, expectations(path.read_bytes()))
        assert (path.name, file["valid"]) == (path.name, expected_status(path) == 0)
    assert done.returncode == max(map(expected_status, FILES)) == 1


def test_the_clean_and_warning_cases_pass_the_command_together() -> None:
    passing = [str(p) for p in FILES if expected_status(p) == 0]
    assert len(passing) >= 4
    done = run("validate", *passing)
    assert (done.returncode, done.stderr) == (0, b"")


# Every file's exit status is also checked above, by the one process's ``valid`` flags; each
# file on its own through the runner on a seeded sample, all of them under --run-slow.
@pytest.mark.parametrize("path", files_sampled("case_exit_status", FILES))
def test_case_exit_status(path: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)])
    (file,) = json.loads(result.stdout)["files"]
    assert listed(file) == expectations(path.read_bytes())
    assert result.exit_code == expected_status(path)
