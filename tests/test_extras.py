"""The ``test`` extra installs what the tests import and no more; the tools a developer runs
besides (ruff, mypy, the documentation site's) are in ``dev``, which ``.ci/run`` installs."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]

#: The module each distribution of the test extra is imported as.
IMPORTED_AS = {"dask": "dask", "pygls": "pygls", "pygments": "pygments", "pytest": "pytest",
               "hypothesis": "hypothesis", "jsonschema": "jsonschema",
               "playwright": "playwright", "pyyaml": "yaml", "pyarrow": "pyarrow",
               "duckdb": "duckdb", "disarm": "disarm", "httpx": "httpx"}
#: Distributions the tests use without importing them: pytest loads xdist by name
#: (``-p xdist.plugin`` in pyproject.toml).
USED_BY_NAME = {"pytest-xdist": "xdist.plugin"}
#: Imported by the tests, installed with another: lsprotocol comes with pygls, distributed
#: with dask[distributed], lark with blocknot itself, starlette with its serve extra, coverage
#: with its coverage extra (tests/conftest.py saves the data of each worker under it).
INSTALLED_WITH = {"lsprotocol": "pygls", "distributed": "dask", "lark": "blocknot",
                  "starlette": "blocknot[serve]", "coverage": "blocknot[coverage]"}
#: Extras of blocknot itself that the test extra holds: the server the browser tests start
#: (``blocknot serve``) needs the serve extra; the mutation run that tests/test_mutate.py
#: starts (tools/mutate.py) finds under coverage which tests run which lines.
OWN_EXTRAS = {"blocknot[serve,coverage]"}
#: Imported by tests that are skipped without it, installed by another extra: the built
#: site is checked only where the docs extra is (tests/test_docs_site.py).
SKIPPED_WITHOUT = {"mkdocs": "docs"}


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower()


def _imported() -> set[str]:
    """The top-level modules that the test files import (or ``pytest.importorskip``),
    outside the standard library, the package and the tests' own helpers."""
    own = {p.stem for p in (ROOT / "tests").glob("*.py")}
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "importorskip" and node.args
                  and isinstance(node.args[0], ast.Constant)):
                found.add(str(node.args[0].value).split(".")[0])
    dependencies = {_name(r) for r in PROJECT["dependencies"]}
    return {m for m in found if m not in sys.stdlib_module_names and m not in own
            and m != "blocknotation" and m not in dependencies}


def test_the_test_extra_is_what_the_tests_import() -> None:
    assert {r for r in EXTRAS["test"] if r.startswith("blocknot")} == OWN_EXTRAS
    extra = {_name(r) for r in EXTRAS["test"] if r not in OWN_EXTRAS}
    assert extra - set(USED_BY_NAME) == set(IMPORTED_AS)
    wanted = {IMPORTED_AS[d] for d in extra if d in IMPORTED_AS}
    assert _imported() - set(INSTALLED_WITH) - set(SKIPPED_WITHOUT) == wanted
    assert all(_name(r) == "mkdocs" for r in EXTRAS["docs"] if _name(r) in SKIPPED_WITHOUT)


def test_the_plugins_named_are_in_the_test_extra() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"][
        "ini_options"]["addopts"]
    assert all(f"-p {plugin}" in options for plugin in USED_BY_NAME.values())


def test_the_dev_extra_has_the_tools_and_ci_installs_it() -> None:
    dev = {_name(r) for r in EXTRAS["dev"]}
    assert {"ruff", "mypy"} <= dev
    assert any(r.startswith("blocknot[") and "test" in r and "docs" in r for r in EXTRAS["dev"])
    assert {_name(r) for r in EXTRAS["docs"]} >= {"mkdocs", "mkdocs-material",
                                                   "mkdocstrings", "mkdocs-gen-files"}
    assert not ({"ruff", "mypy", "mkdocs"} & {_name(r) for r in EXTRAS["test"]})
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert ci.index("pip install '.[test]' && pytest") < ci.index("pip install --quiet '.[dev]'")
    assert ci.index("pip install --quiet '.[dev]'") < ci.index("\nmkdocs build --strict")
