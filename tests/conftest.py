"""Shared test set-up: hypothesis profiles (CI runs derandomised), paths, long tests first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import strategies
from strategies import CI_EXAMPLES

DEV_EXAMPLES = 25

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

settings.register_profile(
    "ci", derandomize=True, max_examples=CI_EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# CI's profile without ``--run-slow`` (which .ci/run always gives): the same examples every
# time, as many as a developer's run draws; the whole count is the ``slow`` marker's.
settings.register_profile(
    "ci-sample", derandomize=True, max_examples=DEV_EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# A developer's run draws new examples every time, so fewer per run still add up; CI's run
# (HYPOTHESIS_PROFILE=ci, set by .ci/run) is the thorough one, the same examples every time.
# A test that sets its own count takes it from strategies.examples: its count in CI, as many
# in proportion under the others.
settings.register_profile(
    "dev", max_examples=DEV_EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.too_slow]
)
# A long run by hand (HYPOTHESIS_PROFILE=thorough): many more examples where a test does not
# set its own count.
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: The test modules that take longest (2 to 10 seconds each, with the processes they start,
#: under either hypothesis profile), longest first.  pytest-xdist gives each worker a whole
#: module at a time (``--dist loadfile``), in the order the modules come
#: (``--no-loadscope-reorder``): a long module left for the end would keep one core busy
#: while the other waits.  The other modules keep their order, after these.
LONG_MODULES = (
    "tests/test_schema_agreement.py",
    "tests/test_io_failures.py",
    "tests/test_worker_chaos.py",
    "tests/test_signals_close_documents.py",
    "tests/test_gzip_bounds.py",
    "tests/test_every_file_answered.py",
    "tests/test_edges_fuzz.py",
    "tests/test_readme_examples.py",
    "tests/test_html_browser.py",
    "tests/test_json_text_refusals.py",
    "tests/test_json_text.py",
    "tests/test_cli_hygiene.py",
    "tests/test_record_writer.py",
    "tests/test_scale.py",
    "tests/test_badinput.py",
    "tests/test_one_engine.py",
    "tests/test_generate_mistakes.py",
    "tests/test_fix_reference.py",
    "tests/test_format_fix_properties.py",
    "tests/test_simulate.py",
    "tests/test_lsp.py",
    "tests/test_lsp_protocol.py",
    "tests/test_lsp_machine.py",
    "tests/test_lsp_random.py",
    "tests/test_io_reading.py",
    "tests/test_robustness_properties.py",
    "tests/test_mutations.py",
    "tests/test_text_bounds.py",
    "tests/test_i18n.py",
    "tests/test_startup.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true",
                     help="also run the tests marked slow (.ci/run does): the whole runs of "
                          "what the other tests check on a seeded sample")


def pytest_configure(config: pytest.Config) -> None:
    strategies.RUN_SLOW = config.getoption("--run-slow")
    if os.environ.get("HYPOTHESIS_PROFILE") == "ci" and not strategies.RUN_SLOW:
        settings.load_profile("ci-sample")
    config.addinivalue_line(
        "markers", "slow: the whole of a check that the suite runs on a seeded sample, or a "
                   "check whose input alone costs seconds (the documentation site built, a "
                   "family of inputs counted call by call); run by --run-slow, as .ci/run "
                   "runs it")


#: The one test that drives Chromium in every run: the HTML report opened offline without
#: errors.  The others that drive it (every test that uses a ``browser`` fixture) launch a
#: browser of their own module, seconds of CPU each, and run under ``--run-slow``.
BROWSER_SMOKE = "tests/test_html_browser.py::test_opens_offline_without_errors"


def _drives_chromium(item: pytest.Item) -> bool:
    """Whether ``item`` drives Chromium and is not the smoke test: one of the slow marker's."""
    return "browser" in getattr(item, "fixturenames", ()) and item.nodeid != BROWSER_SMOKE


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests of the longest modules first, in the order above; the others keep theirs.
    The tests marked slow, and those that drive Chromium but the smoke test, are skipped
    unless ``--run-slow``."""
    rank = {path: place for place, path in enumerate(LONG_MODULES)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(LONG_MODULES)))
    for item in items:
        if _drives_chromium(item):
            item.add_marker(pytest.mark.slow)
    if not config.getoption("--run-slow"):
        later = pytest.mark.skip(reason="slow: run by --run-slow (.ci/run)")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(later)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under coverage (``.ci/run``), the data of this process saved as soon as its tests are
    done.  A worker of pytest-xdist is otherwise saved at its exit, last of its exit
    handlers, and a worker slow to exit is ended by xdist before its data is written: the
    lines its tests ran in this process (every command run through ``inprocess.run``) would
    be lost from the figure."""
    try:
        import coverage
    except ImportError:
        return
    measuring = coverage.Coverage.current()
    if measuring is not None:
        measuring.stop()
        measuring.save()
