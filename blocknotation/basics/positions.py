"""Where a diagnostic ends: the end of the statement or token at fault, read from its line.

The engine gives each diagnostic the line and column where the problem starts.  Tools that
underline a range (editors, SARIF viewers, GitHub annotations) also want where it ends; it is
worked out here from the source line:

- a diagnostic at the first character of its statement covers the whole statement, up to its
  last character before a trailing comment;
- one further in covers the token it points at, up to the next blank, comment or line end.

``end_column`` is the column just past the last character covered, so a range is never empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .diagnostics import Diagnostic


def statement_end(line: str) -> int:
    """The number of characters of ``line`` before its trailing comment and blanks.

    A ``#`` inside a quoted tag value (``[Event "Club #3"]``) does not start a comment."""
    quoted = escaped = False
    end = len(line)
    for index, char in enumerate(line):
        if escaped:
            escaped = False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            end = index
            break
    return len(line[:end].rstrip(" \t"))


def end_column(line: str, column: int) -> int:
    """The column just past the statement or token that starts at ``column`` of ``line``."""
    start = column - 1
    statement = statement_end(line)
    if start >= statement:
        return column + 1
    if line[:start].strip(" \t") == "":
        return statement + 1
    stop = start
    while stop < statement and line[stop] not in " \t#":
        stop += 1
    return max(stop, start + 1) + 1


def with_end(d: Diagnostic, lines: Sequence[str], first_line: int) -> Diagnostic:
    """``d`` with its end set from ``lines`` (numbered from ``first_line``), unless it has
    one or its line is not among them (then it ends one character after it starts)."""
    if d.end_line is not None:
        return d
    at = d.line - first_line
    if 0 <= at < len(lines):
        return replace(d, end_line=d.line, end_column=end_column(lines[at], d.column))
    return replace(d, end_line=d.line, end_column=d.column + 1)
