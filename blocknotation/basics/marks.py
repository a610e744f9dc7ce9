"""Suppression comments as written: ``# blocknot: ignore[G105]`` on a line and
``# blocknot: ignore-file[E507]`` anywhere, read code by code with their places.

What they suppress, and the S004 warning for those that suppress nothing, is ``suppress.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARK = re.compile(r"#.*?\bblocknot:[ \t]*(ignore-file|ignore)(?:\[([^\]\n]*)\])?")
_LISTED = re.compile(r"[^,]+")
#: Every code (``# blocknot: ignore`` without brackets).
ALL = ("",)


@dataclass(frozen=True, slots=True)
class IgnoreMark:
    """One code of a suppression comment, where it is written: ``code`` is "" for a bare
    ``# blocknot: ignore``, whose place is that of the word ``ignore``; ``column`` and
    ``end_column`` are 1-based, the end just past the code."""

    code: str
    line: int
    column: int
    end_column: int
    file_wide: bool
    #: The line the comment is written on, to show under a report of it.
    source: str = ""


def codes_of(listed: str | None) -> tuple[str, ...]:
    """The codes of a comment's brackets (None: no brackets, every code)."""
    if listed is None:
        return ALL
    return tuple(part.strip().upper() for part in listed.split(",") if part.strip())


def marks(line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The codes a line's comment suppresses on the line, and in the whole file."""
    if "blocknot:" not in line:
        return (), ()
    here: tuple[str, ...] = ()
    everywhere: tuple[str, ...] = ()
    for match in MARK.finditer(line):
        if match.group(1) == "ignore":
            here += codes_of(match.group(2))
        elif match.group(2) is not None:
            everywhere += codes_of(match.group(2))
    return here, everywhere


def marks_at(line: str, number: int) -> list[IgnoreMark]:
    """Each code of the suppression comments of ``line`` (line ``number``), with its place.
    A bare ``ignore-file`` names no code, so it suppresses nothing and is no mark."""
    found: list[IgnoreMark] = []
    for match in MARK.finditer(line):
        file_wide = match.group(1) == "ignore-file"
        listed = match.group(2)
        if listed is None:
            if not file_wide:
                found.append(IgnoreMark("", number, match.start(1) + 1, match.end(1) + 1, False,
                                        line))
            continue
        for part in _LISTED.finditer(listed):
            code = part.group().strip()
            if code:
                start = match.start(2) + part.start() + part.group().index(code)
                found.append(IgnoreMark(code.upper(), number, start + 1, start + len(code) + 1,
                                        file_wide, line))
    return found
