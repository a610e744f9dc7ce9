"""Reading the `# expect: CODE@LINE …` header that test records carry on their first line."""

from __future__ import annotations

import re
from collections import Counter

HEADER = re.compile(rb"# expect:([^\n]*)\r?\n")
ITEM = re.compile(r"([A-Z]\d{3})@([1-9]\d*)")


def expectations(data: bytes) -> Counter[tuple[str, int]]:
    """The (code, line) multiset a record's header promises (empty: no diagnostics)."""
    match = HEADER.match(data)
    assert match is not None, "a test record starts with a `# expect:` line"
    items = match.group(1).decode("ascii").split()
    found = [ITEM.fullmatch(item) for item in items]
    assert all(found), f"malformed expectations: {items!r}"
    return Counter((m.group(1), int(m.group(2))) for m in found if m)
