"""Where the suite's CPU time goes: a pytest plugin that adds up, around each test, the CPU
time of the test process and of the processes it waited for, and prints the costliest
modules and tests at the end.

Run the suite in one process with it (docs/development.md, "The tests")::

    PYTHONPATH=tools pytest -n 0 -p no:cacheprovider -p cpu_costs [--costs-out FILE]

Set-up and tear-down count towards the test they run around (a module's fixture towards
its first test), so a module's figure is all its tests cost; collecting is printed apart.
"""

from __future__ import annotations

import json
import resource
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path

import pytest

_costs: dict[str, float] = {}
_children: dict[str, float] = {}
_collect: list[float] = []


def _children_cpu() -> float:
    """CPU seconds so far, user and system, of the processes this one has waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def _cpu() -> float:
    """CPU seconds so far, user and system, of this process and of the children waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime + _children_cpu()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--costs-out", default=None,
                     help="also write each test's CPU seconds to this JSON file, with those "
                          "of the processes it started")


@pytest.hookimpl(hookwrapper=True)
def pytest_collection() -> Generator[None, None, None]:
    start = _cpu()
    yield
    _collect.append(_cpu() - start)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    start, children = _cpu(), _children_cpu()
    yield
    _costs[item.nodeid] = _costs.get(item.nodeid, 0.0) + _cpu() - start
    _children[item.nodeid] = _children.get(item.nodeid, 0.0) + _children_cpu() - children


def _by_module() -> dict[str, float]:
    modules: dict[str, float] = defaultdict(float)
    for nodeid, seconds in _costs.items():
        modules[nodeid.split("::", 1)[0]] += seconds
    return modules


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    write = terminalreporter.write_line
    modules = _by_module()
    write(f"CPU: collecting {sum(_collect):.1f} s, tests {sum(_costs.values()):.1f} s "
          f"({len(_costs)} tests), of which in the processes they started "
          f"{sum(_children.values()):.1f} s")
    write("The 30 costliest modules (CPU seconds, tests):")
    counts: dict[str, int] = defaultdict(int)
    for nodeid in _costs:
        counts[nodeid.split("::", 1)[0]] += 1
    for module, seconds in sorted(modules.items(), key=lambda kv: -kv[1])[:30]:
        write(f"  {seconds:7.2f}  {counts[module]:5d}  {module}")
    write("The 40 costliest tests (CPU seconds):")
    for nodeid, seconds in sorted(_costs.items(), key=lambda kv: -kv[1])[:40]:
        write(f"  {seconds:7.2f}  {nodeid}")
    out = config.getoption("--costs-out")
    if out:
        both = {nodeid: [seconds, _children[nodeid]] for nodeid, seconds in _costs.items()}
        Path(out).write_text(json.dumps(both, indent=0, sort_keys=True), encoding="utf-8")
