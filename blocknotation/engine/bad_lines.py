"""The lines of a record that hold syntax errors: a hand or tag block that holds one is not
judged by the rules (its checks would report the missing line again)."""

from __future__ import annotations

from bisect import bisect_left


class BadLines:
    """The lines that had syntax errors, to ask whether a span of lines holds one."""

    def __init__(self, lines: frozenset[int]) -> None:
        self._lines = sorted(lines)

    def __bool__(self) -> bool:
        return bool(self._lines)

    def any_in(self, first: int, end: int) -> bool:
        """Whether a bad line lies in ``first <= line < end``."""
        i = bisect_left(self._lines, first)
        return i < len(self._lines) and self._lines[i] < end
