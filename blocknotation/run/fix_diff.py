"""The unified diff of ``validate --fix --diff``, written a game at a time.

``rewrite.diff_text`` diffs two whole texts as ``difflib.unified_diff`` does, its lines
matched without the "popular line" heuristic (``autojunk=False``), which would otherwise
judge a line popular by how long the whole text is.  Here the lines
of each game come as they are fixed (``add``): each game's lines before and after are
matched by ``difflib.SequenceMatcher``, their edit operations are joined into those of the
whole file, and the hunks are cut from them as ``SequenceMatcher.get_grouped_opcodes``
cuts them (three lines of context, a new hunk after more than six unchanged lines) and
written as soon as they are whole.  Only the lines of the hunk being gathered are held, so
the diff of a file of any size is written in little memory.  A game's first lines (blank
lines, comments, tags) are never changed by a fix, so each change is matched within its
game; ``tests/test_fix_diff.py`` checks the diff against ``diff_text`` of the whole texts.
Where a line comes back (a ``hand 2`` line written twice), difflib over the whole text may
pair it otherwise, its longest matching block starting in an earlier game: the diff then
removes the other copy, and is as good (it turns the text before into the text after, with
the same lines removed and added).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from ..basics.diagnostics import printable

_CONTEXT = 3
_NO_NEWLINE = "\\ No newline at end of file\n"


@dataclass(slots=True)
class _Op:
    """One edit operation over the whole file: lines ``i1:i2`` before, ``j1:j2`` after.  A
    change holds all its lines (``before``, ``after``); an unchanged run (``same``) its
    first and last ``_CONTEXT`` lines (``head``, ``tail``), and all of them (``before``)
    while it has no more than twice as many."""

    same: bool
    i1: int
    i2: int
    j1: int
    j2: int
    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    head: list[str] = field(default_factory=list)
    tail: list[str] = field(default_factory=list)

    @property
    def length(self) -> int:
        return self.i2 - self.i1

    def lines(self, i1: int, i2: int) -> list[str]:
        """The unchanged lines ``i1:i2``: all of them, or the first or last few."""
        if self.length <= 2 * _CONTEXT:
            return self.before[i1 - self.i1 : i2 - self.i1]
        return self.head[: i2 - i1] if i1 == self.i1 else self.tail[len(self.tail) - (i2 - i1):]

    def join(self, other: _Op) -> None:
        """``other``, which follows this one and is of its kind, taken into it."""
        if self.same:
            n, la, lb = _CONTEXT, self.length, other.length
            if la < n:
                self.head = (self.before + other.head)[:n]
            if lb < n:
                self.tail = ((self.before if la <= 2 * n else self.tail) + other.before)[-n:]
            else:
                self.tail = other.tail
            self.before = self.before + other.before if la + lb <= 2 * n else []
        else:
            self.before += other.before
            self.after += other.after
        self.i2, self.j2 = other.i2, other.j2


def _same(i: int, j: int, lines: Sequence[str]) -> _Op:
    n = len(lines)
    return _Op(True, i, i + n, j, j + n, list(lines) if n <= 2 * _CONTEXT else [], [],
               list(lines[:_CONTEXT]), list(lines[-_CONTEXT:]) if n else [])


class StreamDiff:
    """A unified diff headed with ``path``, as ``rewrite.diff_text`` writes it, of lines
    given a game at a time; ``write`` takes each piece of it."""

    def __init__(self, path: str, write: Callable[[str], object]) -> None:
        self.path = printable(path)
        self.write = write
        self.i = self.j = 0
        self.held: _Op | None = None  # the last operation, which the next may join
        self.first = True
        self.group: list[tuple[_Op, int, int, int, int]] = []
        self.started = False

    def add(self, before: Sequence[str], after: Sequence[str]) -> None:
        """The lines (with their line ends) of the next part of the file, before and after."""
        if before == after:
            self._take(_same(self.i, self.j, before))
        else:
            matcher = SequenceMatcher(None, before, after, autojunk=False)  # as diff_text
            for tag, i1, i2, j1, j2 in matcher.get_opcodes():
                if tag == "equal":
                    self._take(_same(self.i + i1, self.j + j1, before[i1:i2]))
                else:
                    self._take(_Op(False, self.i + i1, self.i + i2, self.j + j1,
                                   self.j + j2, list(before[i1:i2]), list(after[j1:j2])))
        self.i += len(before)
        self.j += len(after)

    def close(self) -> None:
        """The end of the file: the last hunk."""
        held, self.held = self.held, None
        if held is not None:
            self._place(held, held.i1, held.i2, held.j1, held.j2, last=True)
        if self.group and not (len(self.group) == 1 and self.group[0][0].same):
            self._emit()

    def _take(self, op: _Op) -> None:
        if op.i1 == op.i2 and op.j1 == op.j2:
            return
        held = self.held
        if held is not None and held.same == op.same:
            held.join(op)
            return
        if held is not None:
            self._place(held, held.i1, held.i2, held.j1, held.j2)
        self.held = op

    def _place(self, op: _Op, i1: int, i2: int, j1: int, j2: int, last: bool = False) -> None:
        """An operation into the hunk being gathered (``get_grouped_opcodes``)."""
        if op.same and self.first:
            i1, j1 = max(i1, i2 - _CONTEXT), max(j1, j2 - _CONTEXT)
        if op.same and last:
            i2, j2 = min(i2, i1 + _CONTEXT), min(j2, j1 + _CONTEXT)
        self.first = False
        if op.same and i2 - i1 > 2 * _CONTEXT:
            self.group.append((op, i1, min(i2, i1 + _CONTEXT), j1, min(j2, j1 + _CONTEXT)))
            self._emit()
            i1, j1 = max(i1, i2 - _CONTEXT), max(j1, j2 - _CONTEXT)
        self.group.append((op, i1, i2, j1, j2))

    def _emit(self) -> None:
        group, self.group = self.group, []
        out: list[str] = []
        if not self.started:
            self.started = True
            out += (f"--- {self.path}\n", f"+++ {self.path}\n")
        (_, i1, _, j1, _), (_, _, i2, _, j2) = group[0], group[-1]
        out.append(f"@@ -{_range(i1, i2)} +{_range(j1, j2)} @@\n")
        for op, a1, a2, _, _ in group:
            if op.same:
                out += (" " + line for line in op.lines(a1, a2))
                continue
            out += ("-" + line for line in op.before)
            out += ("+" + line for line in op.after)
        self.write("".join(line if line.endswith("\n") else line + "\n" + _NO_NEWLINE
                           for line in out))


def _range(start: int, stop: int) -> str:
    """A hunk's range as ``difflib`` writes it (``_format_range_unified``)."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"


class WholeDiff(StreamDiff):
    """The diff of the whole texts at once (``rewrite.diff_text``), held until the end: for
    a record with LF line ends beside CRLF ones, whose every LF line changes (it is written
    back with CRLF), so many changes that difflib over the whole may pair them otherwise
    than game by game."""

    def __init__(self, path: str, write: Callable[[str], object]) -> None:
        super().__init__(path, write)
        self.name = path
        self.before: list[str] = []
        self.after: list[str] = []

    def add(self, before: Sequence[str], after: Sequence[str]) -> None:
        self.before += before
        self.after += after

    def close(self) -> None:
        from .rewrite import diff_text

        self.write(diff_text(self.name, "".join(self.before), "".join(self.after)))
