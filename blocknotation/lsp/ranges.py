"""Positions between blocknot and the editor.

blocknot counts lines from 1 and columns from 1 in code points of the decoded line (a leading
byte-order mark dropped, CRLF read as LF); the Language Server Protocol counts both from 0
and columns in the units the client and server agreed on, UTF-16 unless told otherwise, in
which a character outside the Basic Multilingual Plane (``𝔸da``) takes two.  This module
converts between the two.

The protocol's lines end at LF, CRLF or a lone CR, blocknot's at LF alone (CRLF read as LF):
they are the same lines unless the text holds a lone CR, which blocknot reports (S001) and
keeps as a character of its line.  A blocknot line with lone CRs is then several lines of
the client's, and a position is converted by the lone CRs before it (``LoneCRs``), so that
a range or a hint points at what ``blocknot validate`` points at.

A document's lines are not split once for all: a 10 MB record has some 400,000.  ``Lines``
finds a line from the nearest line whose place in the text it knows (where each chunk of
the cut starts, ``cut.py``), and keeps the lines of the last chunk it looked in; a change
inside that chunk changes those lines, so that the next change there finds them split
(keys typed in one game cost the lines they change, not the game's).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from lsprotocol import types

from ..basics.diagnostics import Diagnostic
from ..notation.source import BOM
from .lone import LoneCRs
from .text import Text


def split_lines(lines: list[str]) -> list[str]:
    """Lines split at LF as blocknot numbers them, each without its line end: a CR before
    the LF taken off (a CR at the very end is a lone CR, a character of its line)."""
    return [*(line.removesuffix("\r") for line in lines[:-1]), lines[-1]]


def units(text: str, encoding: str) -> int:
    """The length of ``text`` in the client's units."""
    if text.isascii() or encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def characters(text: str, count: int, encoding: str) -> int:
    """How many characters of ``text`` its first ``count`` client units hold (all of it
    when it is shorter; a unit inside a character counts that character)."""
    if text.isascii() or encoding == types.PositionEncodingKind.Utf32:
        return min(count, len(text))
    seen = 0
    for index, char in enumerate(text):
        if seen >= count:
            return index
        seen += units(char, encoding)
    return len(text)


class Anchor(Protocol):
    """A line whose place in the text is known (a chunk of the cut is one)."""

    @property
    def line(self) -> int: ...

    @property
    def offset(self) -> int: ...


class Place(NamedTuple):
    """A line and where it starts in the text."""

    line: int
    offset: int


class Lines:
    """A document's lines, found from the places of some of them (``anchors``, the first
    at line 1, offset 0: the chunks of the cut), and conversions between blocknot's
    positions and the client's."""

    def __init__(self, text: str | Text, anchors: Sequence[Anchor], encoding: str,
                 known: tuple[list[int], list[int]] | None = None) -> None:
        self._text = text if isinstance(text, Text) else Text(text)
        # The known places as two lists, their lines and their offsets (``known``: given
        # so): a change moves those below it as numbers, a few microseconds for hundreds.
        if known is None:
            anchors = anchors or [Place(1, 0)]
            known = [a.line for a in anchors], [a.offset for a in anchors]
        self._firsts, self._offsets = known
        self.encoding = encoding
        self._count: int | None = None
        self._region: tuple[int, list[str], list[int]] = (0, [], [])
        #: Whether the region's text holds no CR (its lines are then the text's pieces).
        self._plain = False
        self._lone: LoneCRs | None = None
        # blocknot drops a leading byte-order mark, so its columns on line 1 start after it.
        self.bom = 1 if self._text.slice(0, 1) == BOM else 0

    @property
    def source(self) -> str:
        """The text (put together on first need after changes, ``text.Text``)."""
        return self._text.whole()

    @property
    def length(self) -> int:
        return self._text.length

    @property
    def count(self) -> int:
        """How many lines the document has (the empty one after a last line end counts)."""
        if self._count is None:
            tail = self._text.slice(self._offsets[-1], self.length)
            self._count = self._firsts[-1] + tail.count("\n")
        return self._count

    @property
    def lone(self) -> LoneCRs:
        """The text's lone CRs (found on first need, or from those before a change)."""
        if self._lone is None:
            self._lone = LoneCRs.of(self.source)
        return self._lone

    def lone_before(self, offset: int) -> int:
        """How many lone CRs the text holds before character ``offset``."""
        return bisect.bisect_left(self.lone.offsets, offset)

    def known_from(self, other: Lines) -> None:
        """Take what ``other``, lines of the same text, found of it (its lone CRs)."""
        if self._lone is None and other._text.same(self.source):
            self._lone = other._lone

    def line_of(self, offset: int) -> int:
        """The line (from 1) that holds character ``offset``."""
        at = bisect.bisect_right(self._offsets, offset) - 1
        return self._firsts[at] + self._text.slice(self._offsets[at], offset).count("\n")

    def text(self, line: int) -> str:
        """blocknot's ``line`` (from 1), without its line end, or "" past the end."""
        if not 0 < line <= self.count:
            return ""
        first, found, _ = self._lines_near(line)
        return found[line - first] if line - first < len(found) else ""

    def offset(self, line: int) -> int:
        """Where ``line`` (from 1) starts in the text; the end of the text past the end."""
        first, _, starts = self._lines_near(max(line, 1))
        at = max(line, 1) - first
        return starts[at] if at < len(starts) else self.length

    def _lines_near(self, line: int) -> tuple[int, list[str], list[int]]:
        """The lines from the anchor at or above ``line`` to the next one: the first's
        number, each without its line end, and where each starts (kept for the next
        question, most often about the same game)."""
        at = bisect.bisect_right(self._firsts, line) - 1
        first, offset = self._firsts[at], self._offsets[at]
        if self._region[0] != first:
            stop = self._offsets[at + 1] if at + 1 < len(self._offsets) else self.length
            chunk = self._text.slice(offset, stop)
            raw = chunk.split("\n")
            starts = list(itertools.accumulate(map((1).__add__, map(len, raw[:-1])),
                                               initial=offset))
            self._plain = "\r" not in chunk
            self._region = (first, raw if self._plain else split_lines(raw), starts)
        return self._region

    def edited(self, start: int, stop: int, new: str) -> Lines:
        """The lines once characters ``start`` to ``stop`` are replaced by ``new``: the
        places before the change kept, those after it moved, and the lone CRs with them (a
        change costs the places and the text near it, not the whole text)."""
        lines = new.count("\n") - self._text.slice(start, stop).count("\n")
        chars = len(new) - (stop - start)
        firsts, offsets = self._firsts, self._offsets
        kept = bisect.bisect_right(offsets, start)
        after = bisect.bisect_right(offsets, stop)
        moved = firsts[after:] if not lines else [line + lines for line in firsts[after:]]
        known = (firsts[:kept] + moved,
                 offsets[:kept] + [offset + chars for offset in offsets[after:]])
        edited = Lines(self._text.replaced(start, stop, new), (), self.encoding, known)
        if self._count is not None:
            edited._count = self._count + lines
        if kept == after and self._firsts[kept - 1] == self._region[0] and self._plain \
                and "\r" not in new:  # the change falls in the region, no place between
            edited._region = _region_edited(self._region, start, stop, new)
            edited._plain = True
        if self._lone is not None:
            edited._lone = self._lone.edited(edited._text.slice, start, stop, len(new), lines,
                                             self.line_of)
        return edited

    def position(self, line: int, column: int) -> types.Position:
        """The client position of blocknot's ``line`` and ``column`` (both from 1)."""
        if line > self.count:
            return self.end_of(self.count)
        text = self.text(line)
        before = max(column - 1 + (self.bom if line == 1 else 0), 0)
        if self.lone.offsets:
            start = self.offset(line)
            return self._client(line, start, start + min(before, len(text)))
        return types.Position(line=line - 1, character=units(text[:before], self.encoding))

    def range(self, d: Diagnostic) -> types.Range:
        """The range of a diagnostic: from its start to the end of what it points at."""
        end_line, end_column = d.end
        return types.Range(start=self.position(d.line, d.column),
                           end=self.position(end_line, end_column))

    def end_of(self, line: int) -> types.Position:
        """The client position just past the last character of ``line`` (from 1)."""
        text = self.text(line)
        if self.lone.offsets:
            start = self.offset(line)
            return self._client(line, start, start + len(text))
        return types.Position(line=line - 1, character=units(text, self.encoding))

    def clamped(self, position: types.Position) -> types.Position:
        """``position`` inside the document: a line past the end becomes the end of the last
        line, a character past the end of its line the end of that line."""
        if self.lone.offsets:
            line, start, at = self._found(position)
            return self._client(line, start, at)
        if position.line >= self.count:
            return self.end_of(self.count)
        width = units(self.text(position.line + 1), self.encoding)
        if position.character > width:
            return types.Position(line=position.line, character=width)
        return position

    def located(self, position: types.Position) -> tuple[int, int]:
        """blocknot's line and column (from 1) of a client position (clamped to the
        document)."""
        if self.lone.offsets:
            line, start, at = self._found(position)
            return line, at - start + 1 - (self.bom if line == 1 else 0)
        line = min(position.line + 1, self.count)
        text = self.text(line)
        shift = self.bom if line == 1 else 0
        if position.line >= self.count:
            return line, len(text) + 1 - shift
        return line, characters(text, position.character, self.encoding) + 1 - shift

    def offset_of(self, position: types.Position) -> int:
        """The character of the text at a client position (clamped to the document)."""
        if self.lone.offsets:
            return self._found(position)[2]
        if position.line >= self.count:
            return self.length
        line = position.line + 1
        return self.offset(line) + characters(self.text(line), position.character,
                                              self.encoding)

    def _client(self, line: int, start: int, at: int) -> types.Position:
        """The client position of character ``at`` of blocknot's ``line``, which starts at
        ``start``: a client line more for each lone CR before it."""
        offsets = self.lone.offsets
        before = bisect.bisect_left(offsets, at)
        if before > bisect.bisect_left(offsets, start):
            start = offsets[before - 1] + 1
        return types.Position(line=line - 1 + before,
                              character=units(self._text.slice(start, at), self.encoding))

    def _found(self, position: types.Position) -> tuple[int, int, int]:
        """The blocknot line of a client position, where that line starts, and the character
        of the text at the position (clamped to the document), the text holding lone CRs."""
        lone = self.lone
        at = bisect.bisect_right(lone.starts, position.line) - 1  # the lone CRs before: at + 1
        if at >= 0 and lone.starts[at] == position.line:  # the line starts after a lone CR
            line, begin = lone.lines[at], lone.offsets[at] + 1
            start = self.offset(line)
        else:
            line = position.line - at
            if line > self.count:
                line = self.count
                start = self.offset(line)
                return line, start, start + len(self.text(line))
            start = begin = self.offset(line)
        end = start + len(self.text(line))
        if at + 1 < len(lone.offsets) and lone.offsets[at + 1] < end:
            end = lone.offsets[at + 1]
        return line, start, begin + characters(self._text.slice(begin, end), position.character,
                                                self.encoding)


def _region_edited(region: tuple[int, list[str], list[int]], start: int, stop: int, new: str
                   ) -> tuple[int, list[str], list[int]]:
    """The lines of a region, and where each starts, once characters ``start`` to ``stop``
    (which it holds) are ``new``: the lines the change falls in are split again, those
    after it move."""
    first, found, starts = region
    low = bisect.bisect_right(starts, start) - 1
    high = bisect.bisect_right(starts, stop) - 1
    middle = "".join((found[low][:start - starts[low]], new,
                      found[high][stop - starts[high]:])).split("\n")
    chars = len(new) - (stop - start)
    return (first, [*found[:low], *middle, *found[high + 1:]],
            [*starts[:low], *itertools.accumulate(map((1).__add__, map(len, middle[:-1])),
                                                  initial=starts[low]),
             *map(chars.__add__, starts[high + 1:])])


def inside(position: tuple[int, int], start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether a (line, column) lies in the range from ``start`` to ``end`` (end included, so
    that a cursor just after a token still finds it)."""
    return start <= position <= end
