"""The mutation run of the engine (``tools/mutate.py``) works: it finds the mutants, runs
the tests on a few of them in a copy of the repository, and scores them.

The whole run takes long (the README's Development section gives its score); here three
mutants that the hand-written cases kill are run against those cases alone.  They are found
by what they change, not by their ids, which move with the engine's lines.  The tests that
start such a run (pytest in a copy of the repository, under coverage: some 40 s of CPU
together) are under the ``slow`` marker, which CI runs.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "mutate.py"
ID = re.compile(r"engine/\w+\.py:\d+:\d+:(delete|drop|false|true|cmp|arith)")
#: Three changes the cases must catch: a blocked hand's winner not subtracting its own pips
#: (R15), a tie for the lowest total scoring, a deal of the wrong size not reported (D201).
CHOSEN = ("`sum(added) - low`: `-` -> `+`", "`remaining.count(low) > 1`: `>` -> `>=`",
          "`problems.append(diagnostic('D201'")


def mutate(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, check=False)


def listed() -> dict[str, str]:
    """id -> what it changes, as ``--list`` shows them."""
    return {ident: what for ident, (what, _) in shown().items()}


def shown() -> dict[str, tuple[str, str]]:
    """id -> (what it changes, the function it is in)."""
    done = mutate("--list")
    assert done.returncode == 0, done.stderr
    *rows, last = done.stdout.splitlines()
    found = {}
    for row in rows:
        ident, rest = row.split("  ", 1)
        what, function = rest.rsplit("  [in ", 1)
        found[ident] = (what, function.removesuffix("]"))
    assert last == f"{len(found)} mutants"
    return found


def test_every_kind_of_mutant_is_found_with_its_id() -> None:
    found = listed()
    assert all(ID.fullmatch(ident) for ident in found)
    assert {ident.rsplit(":", 1)[1] for ident in found} == {
        "delete", "drop", "false", "true", "cmp", "arith"}
    assert len(found) > 200


def test_the_modules_that_read_slips_have_every_condition_made_false_and_true() -> None:
    """In amend.py, course.py, later.py and candidates.py every condition is flipped both
    ways, not only those that guard a diagnostic; only the two modules asked for are run."""
    done = mutate("--list", "--module", "engine/later.py", "engine/candidates.py")
    assert done.returncode == 0, done.stderr
    *rows, last = done.stdout.splitlines()
    assert last == f"{len(rows)} mutants"
    files = {row.split(":", 1)[0] for row in rows}
    assert files == {"engine/later.py", "engine/candidates.py"}
    later = (ROOT / "blocknotation" / "engine" / "later.py").read_text("utf-8").splitlines()
    guards = [n for n, text in enumerate(later, 1) if text.lstrip().startswith("if ")]
    for kind in ("false", "true"):
        flipped = {int(row.split(":")[1]) for row in rows
                   if row.startswith("engine/later.py:") and row.split()[0].endswith(kind)}
        assert set(guards) <= flipped, kind
    assert any(":cmp " in row for row in rows if row.startswith("engine/candidates.py:"))
    assert mutate("--list", "--module", "engine/nowhere.py").returncode == 2


def test_the_equivalent_mutants_named_are_mutants() -> None:
    """Each key of the file names a mutant of the engine as it is: by what it changes and
    in which function, so that it holds when lines above it move."""
    keys = set()
    for ident, (what, function) in shown().items():
        name, _, nth = function.partition(" #")  # the same change twice in one function
        keys.add(f"{ident.split(':', 1)[0]} {name} {what}" + (f" #{nth}" if nth else ""))
    lines = (ROOT / "tools" / "mutate_equivalent.txt").read_text(encoding="utf-8").splitlines()
    entries = [line.split(" :: ", 1) for line in lines
               if line.strip() and not line.startswith("#")]
    assert all(len(entry) == 2 and entry[1].strip() for entry in entries), \
        "a key, then ' :: ' and why it is equivalent"
    assert [key for key, _ in entries if key not in keys] == []


def test_every_test_of_the_engine_is_run_or_left_out_with_a_reason() -> None:
    """A test file that imports the engine (or the package's top level, which asks it) is
    among the run's tests or named as left out, with why: a new test of the engine is not
    forgotten by the run."""
    tool = _tool()
    run = {Path(path).stem.removeprefix("test_") for path in [*tool.QUICK_TESTS,
                                                              *tool.LONG_TESTS]}
    engine = re.compile(r"^(from|import) blocknotation(\.engine\b| import)", re.MULTILINE)
    reaching = {path.stem.removeprefix("test_") for path in (ROOT / "tests").glob("test_*.py")
                if engine.search(path.read_text("utf-8"))}
    assert sorted(reaching - run - set(tool.LEFT_OUT)) == []
    assert sorted(set(tool.LEFT_OUT) & run) == []


@pytest.mark.slow
def test_three_mutants_are_run_and_killed() -> None:
    found = listed()
    chosen = [next(ident for ident, what in found.items() if what.startswith(change))
              for change in CHOSEN]
    done = mutate("--only", *chosen, "--jobs", "2", "--no-baseline",
                  "--tests", "tests/test_cases.py", "tests/test_engine_scoring.py")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = done.stdout.splitlines()
    for ident in chosen:
        (row,) = [row for row in rows if row.startswith(ident + " ")]
        assert re.match(rf"{re.escape(ident)} +killed +`.*\[tests[/]test_\w+\.py::", row), row
    assert "killed 3 / 3 (timeouts 0); equivalent 0; survived 0" in rows


def _tool() -> ModuleType:
    """``tools/mutate.py`` as a module (with ``tools/`` on the path, for its plugin)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        spec = importlib.util.spec_from_file_location("mutate", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["mutate"] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "tools"))


#: Tests that reach ``scoring.blocked`` each its own way; the last never does.
REACHING = '''
import subprocess
import sys

import pytest

from blocknotation.engine.scoring import blocked


@pytest.fixture(scope="module")
def shared():
    return blocked([3, 5, 9])


def test_direct():
    assert blocked([4, 6]).winner == 0


def test_first_to_ask(shared):
    assert shared.winner == 0


def test_second_to_ask(shared):
    assert shared.points == (11, 0, 0)


def test_in_a_process():
    code = "from blocknotation.engine.scoring import blocked; print(blocked([2, 7]).winner)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "0\\n"


def test_elsewhere():
    assert sorted([2, 1]) == [1, 2]
'''


def _short(node: str) -> str:
    """A node id from its file's name on: ``test_reaching.py::test_direct``."""
    return node.rpartition("/")[2]


@pytest.mark.slow
def test_a_mutant_runs_every_test_that_executes_its_line(tmp_path: Path) -> None:
    """The tests chosen for a mutant of ``blocked`` are every test that executes it: called
    directly, through a fixture shared with a later test (which uses the value without
    executing the line), in a process the test starts; not the test that never reaches it.
    A line run at import is run by every test."""
    tool = _tool()
    (tmp_path / "test_reaching.py").write_text(REACHING, encoding="utf-8")
    found = tool.covering(tool.Sandbox(None), [str(tmp_path / "test_reaching.py")],
                          tmp_path)
    # Node ids are the test run's own, relative to the directory pytest takes as its root
    # (the temporary directory's parent when the checkout lies under it too): compared by
    # file name and test.
    assert {_short(one) for one in found.order} == {
        f"test_reaching.py::test_{name}" for name in (
            "direct", "first_to_ask", "second_to_ask", "in_a_process", "elsewhere")}
    (mutant,) = [m for m in tool.all_mutants()
                 if m.what == "`remaining.count(low) > 1`: `>` -> `>=`"]
    assert [_short(one) for one in found.tests(mutant) or []] == [
        f"test_reaching.py::test_{name}" for name in (
            "direct", "first_to_ask", "second_to_ask", "in_a_process")]
    source = (ROOT / mutant.path).read_text(encoding="utf-8").splitlines()
    defined = source.index("def blocked(remaining: Sequence[int]) -> Count:") + 1
    assert found.tests(replace(mutant, lines=(defined,))) is None
    assert found.tests(replace(mutant, path=mutant.path.replace("scoring", "unheard"))) == []


@pytest.mark.slow
def test_a_mutant_no_test_reaches_survives_so_named(tmp_path: Path) -> None:
    """A mutant whose lines no chosen test executes is run against nothing and survives."""
    tool = _tool()
    (mutant,) = [m for m in tool.all_mutants()
                 if m.what == "`remaining.count(low) > 1`: `>` -> `>=`"]
    runs = tool.runs_of([], [["tests/test_engine_scoring.py"]])
    result = tool.Sandbox(tmp_path).mutate(mutant, runs, 60)
    assert (result.status, result.by, result.tests) == ("survived", tool.NO_TEST, 0)


@pytest.mark.slow
def test_a_mutant_is_killed_by_a_test_chosen_for_it(tmp_path: Path) -> None:
    """The whole way, on one test file: its tests are mapped to the lines they run, and the
    mutant is killed by the one test that checks a blocked hand's subtraction, run with the
    few others that reach the line."""
    found = listed()
    (chosen,) = [ident for ident, what in found.items() if what.startswith(CHOSEN[0])]
    out = tmp_path / "results.json"
    done = mutate("--only", chosen, "--tests", "tests/test_engine_scoring.py", "--json",
                  str(out), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    (result,) = json.loads(out.read_text(encoding="utf-8"))
    assert result["status"] == "killed"
    assert result["by"] == ("tests/test_engine_scoring.py::"
                            "test_blocked_lowest_alone_scores_the_others_minus_its_own")
    every = (ROOT / "tests" / "test_engine_scoring.py").read_text("utf-8").count("\ndef test_")
    assert 0 < result["tests"] < every
