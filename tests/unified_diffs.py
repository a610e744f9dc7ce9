"""A unified diff applied to the lines it was made from, as ``patch`` would apply it: what the
tests of ``validate --fix --diff`` check a printed diff by."""

from __future__ import annotations

import re

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n")


def applied(before: list[str], diff: str) -> list[str]:
    """``before`` with the hunks of a unified diff applied, checking their context."""
    lines = diff.splitlines(True)[2:] if diff else []
    out: list[str] = []
    at = 0
    k = 0
    while k < len(lines):
        start = int(_HUNK.fullmatch(lines[k]).group(1))  # type: ignore[union-attr]
        k += 1
        cut = start - 1 if start else 0
        out += before[at:cut]
        at = cut
        while k < len(lines) and not lines[k].startswith("@@"):
            mark, text = lines[k][0], lines[k][1:]
            if k + 1 < len(lines) and lines[k + 1] == "\\ No newline at end of file\n":
                text = text.removesuffix("\n")
                k += 1
            if mark in " -":
                assert before[at] == text
                at += 1
            if mark in " +":
                out.append(text)
            k += 1
    return out + before[at:]
