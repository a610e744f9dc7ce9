"""Shared test set-up: hypothesis profiles (CI runs derandomised) and paths."""

from __future__ import annotations

import os
from pathlib import Path

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
