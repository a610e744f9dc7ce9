"""The lone CRs of a text: where the client's lines and blocknot's part.

The protocol's lines end at LF, CRLF or a lone CR, blocknot's at LF alone: each lone CR is
a line more for the client (``ranges.Lines`` converts positions by those before them).  They
are found once in a document's text, and after each change only around it (``edited``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

_LONE_CR = re.compile(r"\r(?!\n)")


class LoneCRs:
    """Each lone CR's offset, the blocknot line that holds it, and the client line (from 0)
    that starts just after it."""

    def __init__(self, offsets: list[int], lines: list[int]) -> None:
        self.offsets = offsets
        self.lines = lines
        self.starts = [line + at for at, line in enumerate(lines)]

    @classmethod
    def of(cls, text: str, at: int = 0, stop: int | None = None, line: int = 1) -> LoneCRs:
        """Those of ``text`` before ``stop``, its first character at offset ``at`` on line
        ``line`` (a character may follow ``stop``, to tell whether a CR just before it is
        lone)."""
        offsets: list[int] = []
        lines: list[int] = []
        stop = len(text) if stop is None else stop
        if text.find("\r", 0, stop) >= 0:
            start = 0
            for found in _LONE_CR.finditer(text):
                if found.start() >= stop:
                    break
                line += text.count("\n", start, found.start())
                start = found.start()
                offsets.append(at + start)
                lines.append(line)
        return cls(offsets, lines)

    def edited(self, around: Callable[[int, int], str], start: int, stop: int, size: int,
               lines: int, line_of: Callable[[int], int]) -> LoneCRs:
        """Those of the text once characters ``start`` to ``stop`` became ``size``
        characters and ``lines`` lines more, made from these: the CR just before the change
        and those it put in are looked for again (``around``: characters of the new text;
        ``line_of``: the line of an offset before the change)."""
        offsets = self.offsets
        kept = bisect.bisect_left(offsets, start - 1)
        after = bisect.bisect_left(offsets, stop)
        chars = size - (stop - start)
        low = max(start - 1, 0)
        near = around(low, start + size + 1)
        found = LoneCRs.of(near, low, start + size - low, line_of(low)) if "\r" in near \
            else NO_LONE_CR
        return LoneCRs([*offsets[:kept], *found.offsets, *(o + chars for o in offsets[after:])],
                       [*self.lines[:kept], *found.lines,
                        *(line + lines for line in self.lines[after:])])


NO_LONE_CR = LoneCRs([], [])
