"""Record files that carry their expected diagnostics in their first line.

Every file under ``tests/cases/`` starts with ``# expect: CODE@LINE …`` listing every
diagnostic that parsing and replaying it must report (an empty list: none at all).  The
files are read as bytes and go through ``parse_bytes`` like any input, so S003 cases are
files too.  A second test keeps the catalogue honest: every code has a case that shows it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from blocknotation.diagnostics import CATALOGUE
from blocknotation.engine import replay
from blocknotation.parsing import parse_bytes

from expect import expectations

CASES = Path(__file__).resolve().parent / "cases"
FILES = sorted(p for p in CASES.iterdir() if p.suffix in {".txt", ".bin"})
def reported(data: bytes) -> Counter[tuple[str, int]]:
    parsed = parse_bytes(data)
    problems, _ = replay(parsed)
    return Counter((d.code, d.line) for d in (*parsed.diagnostics, *problems))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_case(path: Path) -> None:
    data = path.read_bytes()
    assert reported(data) == expectations(data)


def test_every_code_has_a_case() -> None:
    shown = {code for path in FILES for code, _ in expectations(path.read_bytes())}
    assert sorted(set(CATALOGUE) - shown) == []


def test_there_are_clean_cases() -> None:
    assert any(not expectations(p.read_bytes()) for p in FILES)
