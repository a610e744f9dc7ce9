"""A mutation run over the engine (``blocknotation/engine/``): do its tests notice?

Each mutant is one small change to one module of the engine, found in its syntax tree:

- ``delete``: a statement that reports a diagnostic is replaced by ``pass`` (a diagnostic
  appended to or added to the problems, ``.illegal_passes[...] = ...``);
- ``drop``: a diagnostic made is dropped (``return None``, ``return []``, ``problem = None``);
- ``false``: the condition of an ``if`` whose body reports a diagnostic is made ``False``;
- ``cmp`` and ``arith``, in the modules that count and bound and in the rules of play
  (``ARITHMETIC``) and in those that read slips (``SLIP_READING``): a comparison moved across
  its boundary or negated (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=`` swapped), a
  ``+`` made ``-`` and a ``-`` made ``+``;
- in the modules that read slips (``amend.py``, ``course.py``, ``later.py``,
  ``earlier.py``, ``candidates.py``), whose conditions choose which lines are read
  otherwise, which ways of reading a hand are kept and what the candidates rest on, rather
  than guard a diagnostic: ``false``, the condition of every ``if`` (and ``elif``), of every
  ``A if C else B`` and of every comprehension's ``if`` made ``False``, and ``true``, each
  made ``True``.

A mutant's id is ``FILE:LINE:COLUMN:KIND`` in the engine's source as it is now; its key,
``FILE FUNCTION CHANGE``, names it by what it changes, and does not move with the lines.
Each mutant is written into a copy of the repository (never the working tree), first on
``PYTHONPATH``, and the engine's tests run on it, stopping at the first failure: the mutant
is *killed* when a test fails or the run passes ``--timeout``, and *survives* when every
test passes.  Only the tests that execute the mutant's lines are run (the quick ones first):
the run first runs every test once on the engine as it is, under coverage, each in a
context of its own (``mutate_plugin.py``), and a test that does not execute a line behaves
the same whatever that line says.  A line run outside any test (at import, while pytest
collects the tests) is given every test; a mutant whose lines no test executes survives
without a run ("no test runs this line").  ``--whole`` runs every test on every mutant.
A survivor listed in ``tools/mutate_equivalent.txt`` (its key and why no input can tell it
from the engine) is *equivalent*; any other survivor is a hole in the tests.  The message
catalogue's and the registry's tests are left out on purpose: a mutant must be caught by
what the engine reports, not by a msgid or a module name that vanished from the source.

    python tools/mutate.py --list
    python tools/mutate.py --jobs 2 --json mutants.json
    python tools/mutate.py --sample 4 --seed 1
    python tools/mutate.py --jobs 2 --module engine/amend.py engine/later.py
    python tools/mutate.py --only engine/scoring.py:55:29:cmp engine/deals.py:58:9:delete

It exits 0 when every mutant is killed or equivalent, 1 when one survives unexplained, and
2 when the tests fail on the engine as it is.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import difflib
import json
import os
import py_compile
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from mutate_plugin import FIXTURE

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "blocknotation" / "engine"
EQUIVALENT = ROOT / "tools" / "mutate_equivalent.txt"
#: The modules whose comparisons and arithmetic are flipped: scoring, totals, bounds, reach,
#: the claims and counts that use them, and the rules of play's predicates.
ARITHMETIC = {"scoring.py", "totals.py", "bounds.py", "jointly.py", "reach.py", "claims.py",
              "hand_replay.py", "rules.py", "knowledge.py", "table.py"}
#: The modules that read a slip otherwise than written: which lines are read otherwise, which
#: ways of reading a hand are kept, a later ``score`` line as a claim of an earlier hand or
#: explained by one, the candidates.  Their
#: conditions choose, rather than guard a diagnostic, so every one is made false and true,
#: and their comparisons and arithmetic are flipped too.
SLIP_READING = {"amend.py", "course.py", "later.py", "earlier.py", "candidates.py"}
#: The engine's tests, in two runs: the quick ones, then (for what they let through) the
#: longer ones.  Each stops at its first failure.
QUICK_TESTS = ["tests" + f"/test_{name}.py" for name in (
    "cases", "judging", "bounds_verdicts", "engine_chain", "engine_game", "engine_scoring",
    "reach", "disputed_endings", "totals_properties", "bounds_properties", "engine_properties",
    "one_slip", "candidates", "case_messages", "explain", "golden_reports", "known_lines",
    "table", "amend_lines", "amend_every_line", "move_quotes", "unfit_reported")]
LONG_TESTS = ["tests" + f"/test_{name}.py" for name in (
    "mutations", "simulate", "usual_moves", "one_engine", "review_inputs", "generate_mistakes",
    "fix", "fix_work", "api", "games_api", "report_json")]
#: The tests that reach the engine but are left out of the run, and why: what they check
#: lies outside it (the analysis, the exports, the language server, the served pages, the
#: command line as a user runs it, start-up), or is this tool itself.
LEFT_OUT = {
    "analysis_engine": "the analysis's search", "analysis_heavy": "the analysis's search",
    "analysis_reference": "the analysis's search", "export": "the export's files",
    "export_duckdb": "the export's files", "export_failures": "the export's files",
    "highlight": "the highlighter", "lsp_completion_table": "the language server",
    "mutate": "this tool", "readme_examples": "the README's commands, run as printed",
    "readme_library": "the README's library example", "run_api": "the library's runners",
    "serve_api": "blocknot serve", "standings": "the standings", "standings_page":
    "the standings' page", "startup": "what the package imports at start-up"}
PYTEST = ["-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-n", "0"]
#: Each comparison moved across its boundary (or negated), each ``+`` and ``-`` swapped.
FLIPPED: dict[type[ast.AST], tuple[str, str]] = {
    ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
    ast.Eq: ("==", "!="), ast.NotEq: ("!=", "=="), ast.Add: ("+", "-"), ast.Sub: ("-", "+"),
}


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change to the module at ``path``: the bytes from (line, byte) to (line, byte) of
    ``span`` replaced by ``new``; ``what`` says what it does, for the table."""

    id: str
    path: str
    what: str
    function: str
    span: tuple[int, int, int, int]
    new: str
    nth: int = 0
    """Which of the mutants that change the same text in the same function this is (1, 2,
    ... in the order of their places), 0 when it is the only one."""
    lines: tuple[int, ...] = ()
    """The lines a test must execute to meet the change: the change's own and those of the
    head of the statement that holds it (coverage records a statement at one of them)."""

    def source(self, original: bytes | None = None) -> str:
        """The module's text (``original``, else as it is in the repository) with this
        change made."""
        text = (ROOT / self.path).read_bytes() if original is None else original
        lines = text.splitlines(keepends=True)
        first, start, last, end = self.span
        head = b"".join(lines[: first - 1]) + lines[first - 1][:start]
        tail = lines[last - 1][end:] + b"".join(lines[last:])
        return (head + self.new.encode() + tail).decode()

    @property
    def key(self) -> str:
        """``FILE FUNCTION CHANGE``: the mutant named by what it changes, where."""
        base = f"{self.id.split(':', 1)[0]} {self.function} {self.what}"
        return f"{base} #{self.nth}" if self.nth else base


@dataclass(slots=True)
class Result:
    id: str
    key: str
    what: str
    status: str  # killed, timeout, survived, equivalent
    by: str
    seconds: float
    tests: int | None = None
    """How many tests were run on the mutant, ``None`` when every test was."""


def makers(trees: Sequence[ast.Module]) -> set[str]:
    """The functions that make diagnostics: ``diagnostic``, every ``check_*`` and the engine's
    functions that return a diagnostic, one or none, or a list of them."""
    found = {"diagnostic"}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.returns is not None:
                returns = ast.unparse(node.returns)
                if returns in ("Diagnostic", "Diagnostic | None", "list[Diagnostic]"):
                    found.add(node.name)
    return found - {"at"}  # a reading's problems at a stage, looked up, not made


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _makes(node: ast.expr, names: set[str]) -> bool:
    """Whether an expression is a diagnostic made (or one of several, or a list of them)."""
    if isinstance(node, ast.Call):
        name = _name(node.func)
        return name in names or name.startswith("check_")
    if isinstance(node, ast.BoolOp):
        return any(_makes(value, names) for value in node.values)
    if isinstance(node, ast.IfExp):
        return _makes(node.body, names) or _makes(node.orelse, names)
    if isinstance(node, ast.List | ast.Tuple):
        return any(_makes(elt, names) for elt in node.elts)
    return False


def _reports(node: ast.expr, names: set[str]) -> bool:
    """Whether what is added to a list holds a diagnostic made, or a problem found."""
    return any(_makes(n, names) if isinstance(n, ast.Call) else
               isinstance(n, ast.Name) and n.id in ("problem", "problems")
               for n in ast.walk(node) if isinstance(n, ast.expr))


def _empty(annotation: str) -> str | None:
    """What a value of this type is with no diagnostic in it, if it can be that."""
    if annotation.endswith("| None") or annotation == "None":
        return "None"
    return "[]" if annotation.startswith("list[") else None


def dropped(stmt: ast.stmt, returns: ast.expr | None, names: set[str]
            ) -> tuple[str, str] | None:
    """What a statement that reports a diagnostic becomes with it gone (kind, new text)."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        func = stmt.value.func
        if isinstance(func, ast.Attribute) and func.attr in ("append", "extend") and (
                _name(func.value) == "problems" or _reports(stmt.value, names)):
            return "delete", "pass"
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and (
            _name(stmt.target) == "problems" or _reports(stmt.value, names)):
        return "delete", "pass"
    if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Subscript) and _name(t.value) == "illegal_passes"
            for t in stmt.targets):
        return "delete", "pass"
    if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and _makes(stmt.value, names)):
        empty = {ast.List: "[]", ast.Tuple: "()"}.get(type(stmt.value), "None")
        return "drop", f"{stmt.targets[0].id} = {empty}"
    if not isinstance(stmt, ast.Return) or stmt.value is None or returns is None:
        return None
    value = stmt.value
    if isinstance(value, ast.Tuple) and isinstance(returns, ast.Subscript) and isinstance(
            returns.slice, ast.Tuple) and len(returns.slice.elts) == len(value.elts):
        parts = []
        for elt, kind in zip(value.elts, returns.slice.elts, strict=True):
            part = _empty(ast.unparse(kind)) if _makes(elt, names) else ast.unparse(elt)
            if part is None:
                return None
            parts.append(part)
        return ("drop", f"return {', '.join(parts)}") if parts != [
            ast.unparse(e) for e in value.elts] else None
    nothing = _empty(ast.unparse(returns))
    return ("drop", f"return {nothing}") if nothing and _makes(value, names) else None


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``body``, nested ones included, but not those of nested functions."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(stmt, field, []))
        for handler in getattr(stmt, "handlers", []):
            yield from _statements(handler.body)


def _span(node: ast.expr | ast.stmt) -> tuple[int, int, int, int]:
    assert node.end_lineno is not None and node.end_col_offset is not None
    return node.lineno, node.col_offset, node.end_lineno, node.end_col_offset


def _operator(lines: list[bytes], after: ast.expr, before: ast.expr, symbol: str
              ) -> tuple[int, int]:
    """Where the operator ``symbol`` between two operands is (line, byte offset)."""
    line, col = after.end_lineno or 0, after.end_col_offset or 0
    while line <= before.lineno:
        text = lines[line - 1]
        stop = before.col_offset if line == before.lineno else len(text)
        code = text[col:stop].split(b"#", 1)[0]
        at = re.search(rb"(?<![<>=!+\-])" + re.escape(symbol.encode()) + rb"(?![<>=+\-])", code)
        if at:
            return line, col + at.start()
        line, col = line + 1, 0
    raise AssertionError(f"no {symbol} between the operands at line {after.lineno}")


def _operators(node: ast.AST) -> Iterator[tuple[str, ast.expr, ast.AST, ast.expr, str]]:
    """The comparisons and additions of ``node`` to flip: (kind, the operand before the
    operator, the operator, the operand after it, ``=`` for an augmented assignment)."""
    if isinstance(node, ast.Compare):
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            if type(op) in FLIPPED:
                yield "cmp", left, op, right, ""
            left = right
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        yield "arith", node.left, node.op, node.right, ""
    elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add | ast.Sub):
        yield "arith", node.target, node.op, node.value, "="


def _head(stmt: ast.stmt) -> range:
    """The lines of a statement, or of its head when it holds a body (``if C:``, ``def``)."""
    body = getattr(stmt, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
        return range(stmt.lineno, max(stmt.lineno, body[0].lineno - 1) + 1)
    return range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1)


def _holder(heads: list[range], span: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The lines to look up for a change at ``span``: its own and the head of the innermost
    statement whose head holds its first line."""
    around = [head for head in heads if span[0] in head]
    head = min(around, key=len) if around else range(span[0], span[0] + 1)
    return tuple(sorted(set(head) | set(range(span[0], span[2] + 1))))


def _conditions(tree: ast.Module) -> Iterator[ast.expr]:
    """The conditions of ``tree``: of each ``if`` (and ``elif``), each ``A if C else B``
    and each ``if`` of a comprehension."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If | ast.IfExp):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs


def mutants_of(path: Path, names: set[str]) -> list[Mutant]:
    """The mutants of one module, in the order of their places."""
    relative = path.relative_to(ROOT / "blocknotation").as_posix()
    lines = path.read_bytes().splitlines(keepends=True)
    tree = ast.parse(path.read_bytes())
    found: list[Mutant] = []
    scopes = sorted((n.lineno, n.end_lineno or n.lineno, n.name) for n in ast.walk(tree)
                    if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))

    def within(line: int) -> str:
        """The innermost function holding ``line`` (``-`` at module level)."""
        names = [name for first, last, name in scopes if first <= line <= last]
        return names[-1] if names else "-"

    heads = [_head(n) for n in ast.walk(tree) if isinstance(n, ast.stmt)]

    def add(line: int, col: int, kind: str, what: str, span: tuple[int, int, int, int],
            new: str) -> None:
        column = len(lines[line - 1][:col].decode()) + 1
        found.append(Mutant(f"{relative}:{line}:{column}:{kind}", f"blocknotation/{relative}",
                            what, within(line), span, new, lines=_holder(heads, span)))

    def short(node: ast.AST) -> str:
        text = ast.unparse(node).split("\n")[0]
        return text if len(text) <= 60 else text[:57] + "..."

    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    for function in functions:
        reporting = set()
        for stmt in _statements(function.body):
            change = dropped(stmt, function.returns, names)
            if change is not None:
                reporting.add(stmt)
                kind, new = change
                add(stmt.lineno, stmt.col_offset, kind, f"`{short(stmt)}` -> `{new}`",
                    _span(stmt), new)
        for stmt in _statements(function.body):
            if isinstance(stmt, ast.If) and reporting & set(_statements(stmt.body)):
                add(stmt.test.lineno, stmt.test.col_offset, "false",
                    f"if `{short(stmt.test)}` -> if False", _span(stmt.test), "False")
    if path.name in SLIP_READING:
        guarded = {m.span for m in found}  # the ``false`` of a guard is made already
        for test in _conditions(tree):
            if within(test.lineno) == "-":
                continue  # ``if TYPE_CHECKING``: imports, not the rules
            for value in ("False", "True"):
                if value == "True" or _span(test) not in guarded:
                    add(test.lineno, test.col_offset, value.lower(),
                        f"if `{short(test)}` -> if {value}", _span(test), value)
    if path.name in ARITHMETIC | SLIP_READING:
        for node in ast.walk(tree):
            for kind, after, op, before, assigned in _operators(node):
                symbol, flipped = FLIPPED[type(op)]
                symbol, flipped = symbol + assigned, flipped + assigned
                line, col = _operator(lines, after, before, symbol)
                add(line, col, kind, f"`{short(node)}`: `{symbol}` -> `{flipped}`",
                    (line, col, line, col + len(symbol)), flipped)
    found.sort(key=lambda m: (m.span, m.id))
    seen: dict[str, int] = {}
    for m in found:
        seen[m.key] = seen.get(m.key, 0) + 1
    nth: dict[str, int] = {}
    for k, m in enumerate(found):
        if seen[m.key] > 1:
            nth[m.key] = nth.get(m.key, 0) + 1
            found[k] = replace(m, nth=nth[m.key])
    return found


def all_mutants() -> list[Mutant]:
    paths = sorted(ENGINE.glob("*.py"))
    names = makers([ast.parse(p.read_bytes()) for p in paths])
    found = [m for path in paths for m in mutants_of(path, names)]
    assert len({m.id for m in found}) == len(found), "two mutants share an id"
    return found


def equivalents(path: Path = EQUIVALENT) -> dict[str, str]:
    """The survivors explained: key -> why no input tells them from the engine.  Each line
    of the file is ``KEY :: WHY``; a key that two mutants share (the same change twice in one
    function) explains both."""
    listed = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, why = line.partition(" :: ")
            listed[key.strip()] = why.strip()
    return listed


@dataclass(frozen=True, slots=True)
class Run:
    """One run of pytest for a mutant: these test files, and of them only the tests named
    (``None``: every test of the files)."""

    paths: tuple[str, ...]
    only: tuple[str, ...] | None = None


def _slow(paths: tuple[str, ...]) -> list[str]:
    """``--run-slow`` for the repository's tests (tests/conftest.py has it): a check that the
    suite runs on a sample runs whole here, so that a mutant meets every example and item
    CI's run gives (tests/strategies.py, tests/seeded_sample.py).  Test files elsewhere (this
    tool's own tests) do not know the option."""
    return ["--run-slow"] if all(p.startswith("tests/") for p in paths) else []


class Sandbox:
    """A copy of the repository to run mutants in, its modules compiled against their text
    (checked-hash bytecode), so that a module put back is never read from a mutant's."""

    def __init__(self, base: Path | None) -> None:
        """A new copy under ``base``; ``None``: the repository itself, to find which tests
        run which lines without a mutant (the tests of this tool)."""
        self.root = ROOT
        if base is not None:
            self.root = Path(tempfile.mkdtemp(prefix="mutant-", dir=base))
            shutil.copytree(ROOT, self.root, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
                ".git", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache",
                ".ruff_cache", "artefacts", "*.pyc", "*.egg-info", "dist", "build",
                # coverage's data, which the suite's other processes write and combine
                # while this copies (CI runs the suite under coverage)
                ".coverage", ".coverage.*"))
            compileall.compile_dir(
                self.root / "blocknotation", quiet=1,
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("PYTEST", "COV_", "COVERAGE_", "HYPOTHESIS",
                                         "BLOCKNOT_MUTATE"))}
        self.env |= {"PYTHONPATH": os.pathsep.join((str(self.root), str(self.root / "tools"))),
                     "PYTHONDONTWRITEBYTECODE": "1", "HYPOTHESIS_PROFILE": "ci",
                     "PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8"}

    def pytest(self, run: Run, timeout: float, env: dict[str, str] | None = None
               ) -> subprocess.CompletedProcess[str]:
        """One run of pytest, with the plugin of the mutation run (``mutate_plugin.py``)."""
        env = self.env | (env or {})
        if run.only is not None:
            named = self.root / "mutate-only.txt"
            named.write_text("\n".join(run.only) + "\n", encoding="utf-8")
            env["BLOCKNOT_MUTATE_ONLY"] = str(named)
        return subprocess.run(
            [sys.executable, "-m", "pytest", *PYTEST, *_slow(run.paths), "-p", "mutate_plugin",
             *run.paths],
            cwd=self.root, env=env, capture_output=True, text=True, check=False,
            timeout=timeout)

    def run(self, runs: list[Run], timeout: float) -> tuple[str, str]:
        """Run the test runs in turn: ("killed", the failing test), ("timeout", the run) or
        ("survived", "")."""
        deadline = time.monotonic() + timeout
        for run in runs:
            try:
                done = self.pytest(run, max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                return "timeout", run.paths[0]
            if done.returncode == 5:  # no test collected: a test named that is not there
                raise AssertionError(f"no test ran of {run}:\n{done.stdout}{done.stderr}")
            if done.returncode != 0:
                failed = re.search(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.MULTILINE)
                return "killed", failed.group(1) if failed else f"exit {done.returncode}"
        return "survived", ""

    def mutate(self, mutant: Mutant, runs: list[Run], timeout: float) -> Result:
        target = self.root / mutant.path
        original = target.read_bytes()  # as the copy was made: the repository may change
        started = time.monotonic()
        source = mutant.source(original)
        # A mutant parses, and changes what the module does, not just how it is written.
        assert ast.dump(ast.parse(source)) != ast.dump(ast.parse(original)), mutant.id
        try:
            target.write_text(source, encoding="utf-8")
            status, by = self.run(runs, timeout) if runs else ("survived", NO_TEST)
        finally:
            target.write_bytes(original)
        return Result(mutant.id, mutant.key, mutant.what, status, by,
                      round(time.monotonic() - started, 1),
                      sum(len(run.only) for run in runs if run.only is not None)
                      if all(run.only is not None for run in runs) else None)


#: What a survivor that no test executed is said to be.
NO_TEST = "no test runs this line"
#: The coverage configuration of the run that finds which tests execute which lines: the
#: processes a test starts take its node id as their context (``BLOCKNOT_MUTATE_TEST``).
COVERAGE_RC = """\
[run]
data_file = {data}
parallel = true
source_pkgs = blocknotation.engine
context = ${{BLOCKNOT_MUTATE_TEST}}
concurrency = thread, multiprocessing
disable_warnings = no-data-collected, module-not-measured, module-not-imported
"""


@dataclass(frozen=True, slots=True)
class Covering:
    """Which tests execute which lines of the engine, from one run on the engine as it is.

    ``lines`` maps a module (``blocknotation/engine/course.py``, say) and a line to the node
    ids of the tests that executed it, or to ``None`` where the line ran outside any test (at
    import, or while pytest collected the tests) and so for every test.  ``order`` holds the
    tests as they ran, ``seconds`` what each took."""

    order: tuple[str, ...]
    seconds: dict[str, float]
    lines: dict[str, dict[int, frozenset[str] | None]]

    def tests(self, mutant: Mutant) -> list[str] | None:
        """The tests that execute the mutant's lines, in the order they ran; ``None`` for
        every test."""
        found: set[str] = set()
        measured = self.lines.get(mutant.path, {})
        for line in mutant.lines:
            tests = measured.get(line, frozenset())
            if tests is None:
                return None
            found |= tests
        return [test for test in self.order if test in found]


def _tests_of(context: str, fixtures: dict[str, list[str]]) -> frozenset[str] | None:
    """The tests a coverage context stands for: a test's node id, a shared fixture's (every
    test that asks for it), or none at all (``None``: every test)."""
    if context.startswith(FIXTURE):
        base, _, name = context.removeprefix(FIXTURE).rpartition("::")
        return frozenset(t for t, names in fixtures.items()
                         if name in names and t.startswith(base))
    return frozenset((context,)) if context in fixtures else None


def read_covering(tests: dict[str, dict[str, Any]], data: Any, root: Path) -> Covering:
    """The covering found: ``tests`` as the plugin wrote them, ``data`` coverage's
    ``CoverageData`` of the run in ``root``."""
    fixtures = {test: list(about["fixtures"]) for test, about in tests.items()}
    lines: dict[str, dict[int, frozenset[str] | None]] = {}
    for filename in data.measured_files():
        path = Path(filename).resolve().relative_to(root.resolve()).as_posix()
        table: dict[int, frozenset[str] | None] = {}
        for line, contexts in data.contexts_by_lineno(filename).items():
            found: set[str] = set()
            for context in contexts:
                named = _tests_of(context, fixtures)
                if named is None:
                    break
                found |= named
            else:
                table[line] = frozenset(found)
                continue
            table[line] = None
        lines[path] = table
    return Covering(tuple(tests), {t: float(a["seconds"]) for t, a in tests.items()}, lines)


def covering(box: Sandbox, paths: list[str], base: Path) -> Covering:
    """Run the tests once on the engine as it is, under coverage, each test in a context of
    its own (``mutate_plugin.py``); exit 2 when one fails."""
    import coverage

    rc, data, written = base / "coverage.rc", base / "coverage" / "data", base / "tests.json"
    data.parent.mkdir()
    rc.write_text(COVERAGE_RC.format(data=data), encoding="utf-8")
    done = box.pytest(Run(tuple(paths)), 3600 * 4, {
        "COVERAGE_PROCESS_START": str(rc), "BLOCKNOT_MUTATE_MAP": str(written)})
    tests = json.loads(written.read_text(encoding="utf-8")) if written.exists() else {}
    if done.returncode != 0 or not tests or not all(t["passed"] for t in tests.values()):
        failed = re.search(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.MULTILINE)
        print("the engine's tests do not pass on the engine as it is: "
              + (failed.group(1) if failed else done.stdout[-2000:] + done.stderr[-2000:]),
              file=sys.stderr)
        raise SystemExit(2)
    combined = coverage.Coverage(config_file=str(rc))
    combined.combine(strict=True)
    return read_covering(tests, combined.get_data(), box.root)


def runs_of(tests: list[str] | None, lists: list[list[str]]) -> list[Run]:
    """A mutant's pytest runs: each list of test files in turn, only the tests named (all
    of them when ``tests`` is ``None``), a list none of whose tests is named left out."""
    if tests is None:
        return [Run(tuple(paths)) for paths in lists]
    runs = []
    for paths in lists:
        chosen = [t for t in tests if t.split("::", 1)[0] in paths]
        if chosen:
            files = tuple(dict.fromkeys(t.split("::", 1)[0] for t in chosen))
            runs.append(Run(files, tuple(chosen)))
    return runs


def run_all(mutants: list[Mutant], lists: list[list[str]], jobs: int, timeout: float | None,
            baseline: bool, select: bool) -> list[Result]:
    """Run each mutant's tests.  With ``select``, first find which tests execute which
    lines (``covering``, which checks that they pass on the engine as it is), and run for
    each mutant only the tests that execute its lines.  ``timeout`` None: five times what the
    tests run take on the engine as it is (at least one minute for the tests chosen, two
    for every test), so that a loaded machine kills no mutant."""
    with tempfile.TemporaryDirectory(prefix="blocknot-mutate-") as base:
        boxes: queue.Queue[Sandbox] = queue.Queue()
        for _ in range(max(1, min(jobs, len(mutants)))):
            boxes.put(Sandbox(Path(base)))
        whole = 600.0 if timeout is None else timeout
        found: Covering | None = None
        if select or baseline:
            box = boxes.get()
            started = time.monotonic()
            if select:
                found = covering(box, [p for paths in lists for p in paths], Path(base))
                print(f"which tests run which lines: {len(found.order)} tests in "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
            else:
                status, by = box.run([Run(tuple(paths)) for paths in lists], 3600)
                if status != "survived":
                    print(f"the engine's tests do not pass on the engine as it is: {by}",
                          file=sys.stderr)
                    raise SystemExit(2)
            boxes.put(box)
            if timeout is None:
                whole = max(120.0, 5 * (time.monotonic() - started))

        def limit(runs: list[Run]) -> float:
            if timeout is not None or found is None or any(r.only is None for r in runs):
                return whole
            return max(60.0, 5 * sum(found.seconds[t] for r in runs for t in r.only or ()))

        def one(mutant: Mutant) -> Result:
            runs = runs_of(found.tests(mutant) if found else None, lists)
            box = boxes.get()
            try:
                result = box.mutate(mutant, runs, limit(runs))
            finally:
                boxes.put(box)
            print(f"{result.status:<9} {result.seconds:6.1f}s  {mutant.id}"
                  + (f"  ({result.tests} tests)" if result.tests is not None else ""),
                  file=sys.stderr, flush=True)
            return result

        with ThreadPoolExecutor(max_workers=boxes.qsize()) as pool:
            return list(pool.map(one, mutants))


def report(results: list[Result], listed: dict[str, str]) -> int:
    """Print the table and the score; the exit status."""
    for result in results:
        if result.status == "survived" and result.key in listed:
            result.status, result.by = "equivalent", listed[result.key]
    width = max((len(r.id) for r in results), default=10)
    for result in results:
        print(f"{result.id:<{width}}  {result.status:<10}  {result.what}"
              + (f"  [{result.by}]" if result.by else ""))
    killed = sum(r.status in ("killed", "timeout") for r in results)
    same = [r for r in results if r.status == "equivalent"]
    holes = [r.id for r in results if r.status == "survived"]
    stale = [r.id for r in results if r.status in ("killed", "timeout") and r.key in listed]
    print(f"\nkilled {killed} / {len(results)} "
          f"(timeouts {sum(r.status == 'timeout' for r in results)}); "
          f"equivalent {len(same)}; survived {len(holes)}")
    for r in same:
        print(f"  equivalent {r.id}: {listed[r.key]}")
    for ident in holes:
        print(f"  SURVIVED {ident}")
    for ident in stale:
        print(f"  listed as equivalent but killed: {ident}")
    return 1 if holes else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--diff", action="store_true", help="with --list: show each change")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--module", nargs="+", metavar="FILE",
                        help="run only the mutants of these modules (engine/amend.py)")
    parser.add_argument("--sample", type=int, metavar="N", help="run N mutants drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--timeout", type=float, metavar="SECONDS",
                        help="how long a mutant's tests may take before it counts as killed "
                        "(default: five times what they take on the engine as it is)")
    parser.add_argument("--tests", nargs="+", metavar="PATH",
                        help="run these tests instead of the engine's")
    parser.add_argument("--no-baseline", action="store_true",
                        help="do not first check that the tests pass on the engine as it is "
                        "(nor find which tests run which lines: every mutant runs them all)")
    parser.add_argument("--whole", action="store_true",
                        help="run every test on every mutant, not only those that execute "
                        "its lines")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the results here")
    args = parser.parse_args(argv)
    mutants = all_mutants()
    if args.only:
        by_id = {m.id: m for m in mutants}
        unknown = [i for i in args.only if i not in by_id]
        if unknown:
            parser.error(f"no such mutant: {' '.join(unknown)}")
        mutants = [by_id[i] for i in args.only]
    if args.module:
        known = {m.id.split(":", 1)[0] for m in mutants}
        unknown = [name for name in args.module if name not in known]
        if unknown:
            parser.error(f"no mutants in: {' '.join(unknown)}")
        mutants = [m for m in mutants if m.id.split(":", 1)[0] in args.module]
    if args.sample is not None:
        chosen = random.Random(args.seed).sample(range(len(mutants)), min(args.sample,
                                                                          len(mutants)))
        mutants = [mutants[i] for i in sorted(chosen)]
    if args.list:
        for mutant in mutants:
            print(f"{mutant.id}  {mutant.what}  [in {mutant.function}"
                  + (f" #{mutant.nth}" if mutant.nth else "") + "]")
            if args.diff:
                before = (ROOT / mutant.path).read_text(encoding="utf-8").splitlines(True)
                sys.stdout.writelines(difflib.unified_diff(
                    before, mutant.source().splitlines(True), mutant.path, mutant.id, n=1))
        print(f"{len(mutants)} mutants")
        return 0
    tests = [args.tests] if args.tests else [QUICK_TESTS, LONG_TESTS]
    started = time.monotonic()
    results = run_all(mutants, tests, args.jobs, args.timeout, not args.no_baseline,
                      not (args.whole or args.no_baseline))
    status = report(results, equivalents())
    print(f"{len(results)} mutants in {time.monotonic() - started:.0f} s with {args.jobs} jobs")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1) + "\n",
                             encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
