"""A check repeated over many files or seeds runs on a sample in every run and on all of them
under the ``slow`` marker (``pytest --run-slow``, as .ci/run and the mutation run run it).

The sample is one item in ``SAMPLED``, each item drawn by itself with ``SEED``, the check's
name and the item's id: the same every run, and an item keeps its draw when others are added
or removed.  Every case file still runs in every run through tests/test_cases.py; the checks
sampled here are the other properties that each file, or each seed, is put through.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

#: The seed of the draw, and one in how many items the suite's run checks.
SEED, SAMPLED = 35, 8
CASES = Path(__file__).resolve().parent / "cases"


def in_sample(name: str, ident: str) -> bool:
    """Whether the item ``ident`` of the check ``name`` runs without ``--run-slow``."""
    return random.Random(f"{SEED}:{name}:{ident}").randrange(SAMPLED) == 0


def seeded_sample(name: str, items: Iterable[Any],
                  ident: Callable[[Any], str] = str) -> list[Any]:
    """``items`` as parameters of the check ``name``, each with its id; those outside the
    sample marked ``slow``."""
    params = []
    for item in items:
        key = ident(item)
        marks = () if in_sample(name, key) else (pytest.mark.slow,)
        params.append(pytest.param(item, id=key, marks=marks))
    return params


def file_id(path: Path) -> str:
    """A file's id among the parameters: its folder and its name (``P405/x.txt``)."""
    return f"{path.parent.name}/{path.name}"


def files_sampled(name: str, paths: Iterable[Path]) -> list[Any]:
    """``paths`` as parameters of the check ``name``: the case files under tests/cases/ a
    sample, every other file (the bundled samples) in every run."""
    params = []
    for path in paths:
        sampled = path.parent.parent != CASES or in_sample(name, file_id(path))
        params.append(pytest.param(path, id=file_id(path),
                                   marks=() if sampled else (pytest.mark.slow,)))
    return params
