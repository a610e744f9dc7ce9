"""Shared test set-up: hypothesis profiles (CI runs derandomised), paths, long tests first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

settings.register_profile(
    "ci", derandomize=True, max_examples=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# A developer's run draws new examples every time, so fewer per run still add up; CI's run
# (HYPOTHESIS_PROFILE=ci, set by .ci/run) is the thorough one, the same examples every time.
settings.register_profile(
    "dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# A long run by hand (HYPOTHESIS_PROFILE=thorough): many more examples where a test does not
# set its own count.
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: The longest tests (several seconds each), run first: pytest-xdist hands out tests in order,
#: so a long one left for the end would keep one core busy while the other waits.  None of
#: them shares a module-scoped fixture, so moving them does not set one up twice.
LONG_TESTS = (
    "tests/test_schema_agreement.py::test_near_misses_are_judged_alike",
    "tests/test_schema_agreement.py::test_generated_records_are_accepted_by_both",
    "tests/test_robustness_properties.py::test_grammar_strings_never_raise",
    "tests/test_record_json_sizes.py::test_a_long_game_converts_to_json_and_back",
    "tests/test_scale.py::test_the_dask_recipe_equals_the_command",
    "tests/test_record_json_strict.py::test_a_large_streamed_document_gives_positions_in_the_file",
    "tests/test_record_json_sizes.py::test_whatever_convert_writes_it_reads_back",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, in the order above; the others keep theirs."""
    rank = {nodeid: place for place, nodeid in enumerate(LONG_TESTS)}
    items.sort(key=lambda item: rank.get(item.nodeid, len(LONG_TESTS)))
