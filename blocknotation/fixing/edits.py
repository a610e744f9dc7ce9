"""Fixes as values: what a fix replaces in a record's text, and applying fixes to the text.

``find_fixes`` (``fixes.py``) finds them, ``blocknot validate --fix`` applies them, and an
editor can offer each as a code action.  Positions are counted as diagnostics count them:
lines and columns from 1, columns in characters (code points), the end column just past the
last character replaced, so an insertion has its end equal to its start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import pairwise

_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text from (``start_line``, ``start_column``) up to, not including,
    (``end_line``, ``end_column``) with ``new_text`` (an insertion when both are equal).
    ``new_text`` ends its lines with LF; in a text written with CRLF they become CRLF."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int
    new_text: str

    @property
    def start(self) -> tuple[int, int]:
        return self.start_line, self.start_column

    @property
    def end(self) -> tuple[int, int]:
        return self.end_line, self.end_column


@dataclass(frozen=True, slots=True)
class Fix:
    """The edits that fix one problem.

    ``code``, ``line`` and ``column`` are those of the diagnostic it fixes (for a claim that
    is missing, which no diagnostic reports, the code of that kind of claim at its hand's
    line).  ``safe`` fixes write what the engine has proved; an unsafe one picks one of the
    readings the record allows (``--unsafe-fixes``).  ``title`` says what it does, in the
    language asked for."""

    code: str
    line: int
    column: int
    safe: bool
    title: str
    edits: tuple[Edit, ...]


def moved_fix(fix: Fix, lines: int) -> Fix:
    """``fix`` ``lines`` lines lower: found in a game's text alone, placed in its file."""
    if not lines:
        return fix
    return replace(fix, line=fix.line + lines, edits=tuple(
        replace(e, start_line=e.start_line + lines, end_line=e.end_line + lines)
        for e in fix.edits))


def _overlaps(a: Edit, b: Edit) -> bool:
    """Whether two edits touch the same text.  Two insertions at one place do not: they
    go in in the order of their fixes."""
    if a.start == a.end and b.start == b.end:
        return False
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def compatible(fixes: Iterable[Fix]) -> tuple[list[Fix], list[Fix]]:
    """The fixes that can be applied together, in the order given (a fix that overlaps one
    kept before it is left out), and those left out."""
    kept: list[Fix] = []
    left: list[Fix] = []
    taken: list[Edit] = []
    for fix in fixes:
        if any(_overlaps(edit, other) for edit in fix.edits for other in taken):
            left.append(fix)
            continue
        kept.append(fix)
        taken += fix.edits
    return kept, left


def apply_fixes(text: str, fixes: Iterable[Fix], *, first_line: int = 1,
                crlf: bool | None = None) -> str:
    """``text`` with the edits of ``fixes`` made, bottom-up; a fix that overlaps one before
    it is not applied (fix again to apply it).  A leading byte-order mark and CRLF line ends
    are kept; positions count from after the mark, as the parser does.  ``first_line``: the
    number of the text's first line, when it is a part of a file (one game); ``crlf``:
    whether new lines end with CRLF (default: when the text has a CRLF)."""
    kept, _ = compatible(fixes)
    edits = [(edit, order) for order, fix in enumerate(kept) for edit in fix.edits]
    if not edits:
        return text
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    crlf = "\r\n" in body if crlf is None else crlf
    lines = body.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        index = min(max(line - first_line + 1, 1), len(lines)) - 1
        width = len(lines[index]) - (1 if crlf and lines[index].endswith("\r") else 0)
        return starts[index] + min(max(column, 1) - 1, width)

    # Bottom-up; among insertions at one place, the later fix first, so the first ends first.
    placed = [(offset(*edit.start), offset(*edit.end),
               edit.new_text.replace("\n", "\r\n") if crlf else edit.new_text)
              for edit, _ in sorted(edits, key=lambda e: (e[0].start, e[0].end, e[1]),
                                    reverse=True)]
    if any(start > stop for start, stop, _ in placed) or any(
            stop > start for (start, _, _), (_, stop, _) in pairwise(placed)):
        # Positions past a line's end meet: each edit made on the text the later ones left.
        for start, stop, new in placed:
            body = body[:start] + new + body[stop:]
        return bom + body
    pieces: list[str] = []
    end = len(body)
    for start, stop, new in placed:  # the text cut once, however many edits a game has
        pieces += (body[stop:end], new)
        end = start
    pieces.append(body[:end])
    return bom + "".join(reversed(pieces))
