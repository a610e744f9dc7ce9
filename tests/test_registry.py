"""The registry (``blocknotation/basics/codes/``) leads to everything about a code: each
entry names the modules whose checks raise it, and those are exactly the modules that do."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from blocknotation.basics.codes import CATALOGUE
from blocknotation.basics.example_records import examples_dir

PACKAGE = Path(__file__).resolve().parent.parent / "blocknotation"
CODE = re.compile(r"^[SGDTPE]\d{3}$")


def _constants(tree: ast.Module) -> dict[str, str]:
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def raised_in(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The modules (paths under the package) that call ``diagnostic(CODE, …)``, by code: the
    code written as a literal, or as a string constant of the module."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "diagnostic" and node.args):
                continue
            first = node.args[0]
            code = (first.value if isinstance(first, ast.Constant)
                    else constants.get(first.id) if isinstance(first, ast.Name) else None)
            if isinstance(code, str) and CODE.match(code):
                found[code].add(path.relative_to(package).as_posix())
    return found


def test_every_entry_names_the_modules_that_raise_its_code() -> None:
    raised = raised_in()
    assert set(raised) == set(CATALOGUE)
    for code, entry in CATALOGUE.items():
        assert (code, set(entry.checks)) == (code, raised[code])


def test_the_scan_finds_a_check_and_misses_none(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        'P = "P405"\n'
        'def f():\n    return diagnostic(P, 1, 1, "x")\n'
        'def g():\n    return diagnostic("E504", 1, 1, "y")\n'
        'def h():\n    return other("E505")\n', "utf-8")
    assert raised_in(tmp_path) == {"P405": {"m.py"}, "E504": {"m.py"}}


def test_the_rules_codes_are_checked_in_the_engine() -> None:
    # A rule's check is in the module of its area of the rules: the engine, for every code
    # but the reading ones (S).
    for code, entry in CATALOGUE.items():
        if not code.startswith("S"):
            assert all(check.startswith("engine/") for check in entry.checks), code


def test_every_entry_has_its_texts_and_examples() -> None:
    names = {path.name for path in examples_dir().iterdir()}
    for code, entry in CATALOGUE.items():
        assert entry.what and entry.why and entry.summary, code
        assert {entry.bad, entry.good} <= names, code
