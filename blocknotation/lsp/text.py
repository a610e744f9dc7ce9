"""A document's text as the changes leave it, put together only when it is read whole.

A change to a text of a few megabytes would copy it whole (a Python string cannot be changed
in place), some milliseconds for each key typed.  ``Text`` keeps instead the text the last
check read and one window of it changed: the changes that fall in or near the window (keys
typed in one place) change the window alone, and the text is put together once, when it is
read whole (when it is checked, or a request needs it).  What finding a change's range needs
(the lines of one game, a count of line ends) is read from the pieces.
"""

from __future__ import annotations

#: Characters a window may span before the text is put together.
_WINDOW = 1 << 16


class Text:
    """``base[:low] + middle + base[high:]``, read in pieces or put together once."""

    __slots__ = ("_base", "_window", "length")

    def __init__(self, base: str, window: tuple[int, int, str] | None = None) -> None:
        self._base = base
        self._window = window
        self.length = len(base) if window is None else (
            len(base) - (window[1] - window[0]) + len(window[2]))

    def whole(self) -> str:
        """The text, put together if a window was changed (once: it is kept)."""
        if self._window is not None:
            low, high, middle = self._window
            self._base = "".join((self._base[:low], middle, self._base[high:]))
            self._window = None
        return self._base

    def slice(self, start: int, stop: int) -> str:
        """Characters ``start`` to ``stop`` of the text, read from its pieces."""
        if self._window is None:
            return self._base[start:stop]
        low, high, middle = self._window
        end = low + len(middle)
        start, stop = max(start, 0), min(stop, self.length)
        parts = []
        if start < low:
            parts.append(self._base[start:min(stop, low)])
        if start < end and stop > low:
            parts.append(middle[max(start - low, 0):min(stop, end) - low])
        if stop > end:
            parts.append(self._base[max(start, end) - end + high:stop - end + high])
        return "".join(parts)

    def replaced(self, start: int, stop: int, new: str) -> Text:
        """The text once characters ``start`` to ``stop`` are ``new``: the window widened to
        hold the change, or the text put together first when the change is far from it."""
        if self._window is None:
            return Text(self._base, (start, stop, new))
        low, high, middle = self._window
        end = low + len(middle)
        first, last = min(low, start), max(end, stop)
        if last - first > _WINDOW:
            return Text(self.whole(), (start, stop, new))
        merged = "".join((self.slice(first, start), new, self.slice(stop, last)))
        return Text(self._base, (first, last - end + high, merged))

    def same(self, text: str) -> bool:
        """Whether this is ``text`` itself, put together (not merely equal to it)."""
        return self._window is None and self._base is text
