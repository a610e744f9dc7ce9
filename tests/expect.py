"""Expected diagnostics written as ``CODE@LINE …``: in the ``# expect:`` header that test
records under ``tests/cases/`` carry on their first line, and in
``tests/data/examples-expected.toml`` for the examples of ``blocknot rules``."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

HEADER = re.compile(rb"# expect:([^\n]*)\r?\n")
ITEM = re.compile(r"([A-Z]\d{3})@([1-9]\d*)")
EXAMPLES_EXPECTED = Path(__file__).resolve().parent / "data" / "examples-expected.toml"


def items(text: str) -> Counter[tuple[str, int]]:
    """The (code, line) multiset of ``CODE@LINE CODE@LINE …`` (empty: no diagnostics)."""
    words = text.split()
    found = [ITEM.fullmatch(word) for word in words]
    assert all(found), f"malformed expectations: {words!r}"
    return Counter((m.group(1), int(m.group(2))) for m in found if m)


def expectations(data: bytes) -> Counter[tuple[str, int]]:
    """The (code, line) multiset a record's header promises (empty: no diagnostics)."""
    match = HEADER.match(data)
    assert match is not None, "a test record starts with a `# expect:` line"
    return items(match.group(1).decode("ascii"))


def example_expectations() -> dict[str, Counter[tuple[str, int]]]:
    """For each example file of ``blocknot rules``, the diagnostics it must report."""
    with EXAMPLES_EXPECTED.open("rb") as file:
        table = tomllib.load(file)
    return {name: items(text) for name, text in table.items()}
