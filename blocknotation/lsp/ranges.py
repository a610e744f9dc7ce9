"""Positions between blocknot and the editor.

blocknot counts lines from 1 and columns from 1 in code points of the decoded line (a leading
byte-order mark dropped, CRLF read as LF); the Language Server Protocol counts both from 0
and columns in the units the client and server agreed on, UTF-16 unless told otherwise, in
which a character outside the Basic Multilingual Plane (``𝔸da``) takes two.  This module
converts between the two, keeping the lines as blocknot splits them (at LF alone).

A document's lines are not split once for all: a 10 MB record has some 400,000.  ``Lines``
finds a line from the nearest line whose place in the text it knows (where each chunk of
the cut starts, ``cut.py``), and keeps the lines of the last chunk it looked in.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from lsprotocol import types

from ..basics.diagnostics import Diagnostic
from ..reading.source import BOM


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as blocknot numbers them, each without its line end."""
    lines = text.split("\n")
    return [line.removesuffix("\r") for line in lines] if "\r" in text else lines


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

    def __init__(self, text: str, anchors: Sequence[Anchor], encoding: str) -> None:
        self.source = text
        self.anchors: Sequence[Anchor] = anchors or [Place(1, 0)]
        self.encoding = encoding
        self._count: int | None = None
        self._region: tuple[int, list[str]] = (0, [])
        # blocknot drops a leading byte-order mark, so its columns on line 1 start after it.
        self.bom = 1 if text.startswith(BOM) else 0

    @property
    def count(self) -> int:
        """How many lines the document has (the empty one after a last line end counts)."""
        if self._count is None:
            line, offset = self.anchors[-1].line, self.anchors[-1].offset
            self._count = line + self.source.count("\n", offset)
        return self._count

    def text(self, line: int) -> str:
        """blocknot's ``line`` (from 1), without its line end, or "" past the end."""
        if not 0 < line <= self.count:
            return ""
        at = bisect.bisect_right(self.anchors, line, key=_first) - 1
        first, offset = self.anchors[at].line, self.anchors[at].offset
        if self._region[0] != first:
            stop = self.anchors[at + 1].offset if at + 1 < len(self.anchors) else len(
                self.source)
            self._region = (first, split_lines(self.source[offset:stop]))
        found = self._region[1]
        return found[line - first] if line - first < len(found) else ""

    def offset(self, line: int) -> int:
        """Where ``line`` (from 1) starts in the text; the end of the text past the end."""
        at = bisect.bisect_right(self.anchors, max(line, 1), key=_first) - 1
        first, offset = self.anchors[at].line, self.anchors[at].offset
        for _ in range(line - first):
            found = self.source.find("\n", offset)
            if found < 0:
                return len(self.source)
            offset = found + 1
        return offset

    def position(self, line: int, column: int) -> types.Position:
        """The client position of blocknot's ``line`` and ``column`` (both from 1)."""
        if line > self.count:
            return self.end_of(self.count)
        shift = self.bom if line == 1 else 0
        before = self.text(line)[:max(column - 1 + shift, 0)]
        return types.Position(line=line - 1, character=units(before, self.encoding))

    def range(self, d: Diagnostic) -> types.Range:
        """The range of a diagnostic: from its start to the end of what it points at."""
        end_line, end_column = d.end
        return types.Range(start=self.position(d.line, d.column),
                           end=self.position(end_line, end_column))

    def width(self, line: int) -> int:
        """The length of blocknot's ``line`` (from 1) in client units."""
        return units(self.text(line), self.encoding)

    def end_of(self, line: int) -> types.Position:
        """The client position just past the last character of ``line`` (from 1)."""
        return types.Position(line=line - 1, character=self.width(line))

    def clamped(self, position: types.Position) -> types.Position:
        """``position`` inside the document: a line past the end becomes the end of the last
        line, a character past the end of its line the end of that line."""
        if position.line >= self.count:
            return self.end_of(self.count)
        width = self.width(position.line + 1)
        if position.character > width:
            return types.Position(line=position.line, character=width)
        return position

    def located(self, position: types.Position) -> tuple[int, int]:
        """blocknot's line and column (from 1) of a client position (clamped to the
        document)."""
        line = min(position.line + 1, self.count)
        text = self.text(line)
        shift = self.bom if line == 1 else 0
        if position.line >= self.count:
            return line, len(text) + 1 - shift
        return line, characters(text, position.character, self.encoding) + 1 - shift


def _first(anchor: Anchor) -> int:
    return anchor.line


def inside(position: tuple[int, int], start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether a (line, column) lies in the range from ``start`` to ``end`` (end included, so
    that a cursor just after a token still finds it)."""
    return start <= position <= end
