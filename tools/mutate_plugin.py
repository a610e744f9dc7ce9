"""The pytest plugin of the mutation run (``tools/mutate.py``), loaded with ``-p mutate_plugin``.

Two jobs, each asked for by an environment variable:

- ``BLOCKNOT_MUTATE_MAP=FILE``: the run on the engine as it is, under coverage, that finds
  which tests execute which lines.  Each test is measured in a context named by its node id
  (``Coverage.switch_context``), and so are the processes it starts: its node id is put in
  ``BLOCKNOT_MUTATE_TEST``, which the coverage configuration of those processes reads as their
  static context.  A fixture shared by several tests (scope module, class, session) is set up
  in a context of its own, ``fixture BASEID::NAME``, since the tests after the first use what
  it computed without executing it again.  The engine's caches are emptied before each test,
  so that no test leans on a value another test worked out.  FILE receives the tests in the
  order they ran, the fixtures each asks for, how long each took and whether it passed.
- ``BLOCKNOT_MUTATE_ONLY=FILE``: a mutant's run; the tests not named in FILE (one node id a
  line) are deselected.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

FIXTURE = "fixture "


def _coverage() -> Any:
    import coverage

    return coverage.Coverage.current()


def _empty_caches() -> None:
    """Empty every ``functools`` cache of the package's modules."""
    for name, module in list(sys.modules.items()):
        if name.startswith("blocknotation.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", "") == name:
                    clear()


class Map:
    """Measures each test in a context of its own and writes what ran."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.tests: dict[str, dict[str, Any]] = {}
        self.current = ""

    def switch(self, context: str) -> None:
        cov = _coverage()
        if cov is not None:
            cov.switch_context(context)
        os.environ["BLOCKNOT_MUTATE_TEST"] = context

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        self.tests[item.nodeid] = {"fixtures": sorted(getattr(item, "fixturenames", ())),
                                   "seconds": 0.0, "passed": True}
        self.current = item.nodeid
        _empty_caches()
        self.switch(item.nodeid)
        yield
        self.current = ""
        self.switch("")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef: Any) -> Generator[None, None, None]:
        shared = fixturedef.scope != "function"
        if shared:
            self.switch(f"{FIXTURE}{fixturedef.baseid}::{fixturedef.argname}")
        yield
        if shared:
            self.switch(self.current)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        test = self.tests.get(report.nodeid)
        if test is not None:
            test["seconds"] += report.duration
            test["passed"] = test["passed"] and not report.failed

    def pytest_sessionfinish(self) -> None:
        self.target.write_text(json.dumps(self.tests), encoding="utf-8")


class Only:
    """Keeps the tests named, in the order pytest collects them."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        kept = [item for item in items if item.nodeid in self.names]
        dropped = [item for item in items if item.nodeid not in self.names]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_configure(config: pytest.Config) -> None:
    mapped = os.environ.get("BLOCKNOT_MUTATE_MAP")
    if mapped:
        config.pluginmanager.register(Map(Path(mapped)), "mutate-map")
    only = os.environ.get("BLOCKNOT_MUTATE_ONLY")
    if only:
        names = set(Path(only).read_text(encoding="utf-8").splitlines())
        config.pluginmanager.register(Only(names), "mutate-only")
