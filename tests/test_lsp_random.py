"""Seeded random sessions with ``blocknot lsp`` (``tests/lsp_random.py``): opens, incremental
edits, every request, bursts of keystrokes with requests among them, methods and commands the
server does not have, notebooks, malformed framing.  Every request is answered within a bound,
with its result or the error its case calls for, nothing is written to the log with a
traceback, and once the server has settled its diagnostics are ``blocknot validate``'s on the
same text.

Here on a small setting: ``SEEDS`` sessions of ``STEPS`` steps, bursts of up to 100 keystrokes,
the first ``SAMPLED`` of them in every run and the others under the ``slow`` marker
(``pytest --run-slow``); ``.ci/run`` runs those and 24 sessions of 500 steps with bursts of up
to 500 (``python tests/lsp_random.py --seeds 24 --steps 500 --burst 500``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_random import Session

SEEDS = 20
SAMPLED = 5
STEPS = 30


@pytest.mark.parametrize("seed", [seed if seed < SAMPLED else pytest.param(
    seed, marks=pytest.mark.slow) for seed in range(SEEDS)])
def test_a_random_session(seed: int, tmp_path: Path) -> None:
    figures = Session(seed, tmp_path, burst=100).run(STEPS)
    assert figures.requests > 0 and figures.settled > 0
