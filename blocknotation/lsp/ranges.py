"""Positions between blocknot and the editor.

blocknot counts lines from 1 and columns from 1 in code points of the decoded line (a leading
byte-order mark dropped, CRLF read as LF); the Language Server Protocol counts both from 0
and columns in the units the client and server agreed on, UTF-16 unless told otherwise, in
which a character outside the Basic Multilingual Plane (``𝔸da``) takes two.  The
conversion of units is pygls's ``PositionCodec``; this module only shifts the origins and
keeps the lines as blocknot splits them (at LF alone).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from ..basics.diagnostics import Diagnostic
from ..reading.source import BOM


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as blocknot numbers them, each without its line end."""
    lines = text.split("\n")
    return [line.removesuffix("\r") for line in lines] if "\r" in text else lines


class Lines:
    """A document's lines, and conversions between blocknot's positions and the client's."""

    def __init__(self, text: str, codec: PositionCodec) -> None:
        self.lines = split_lines(text)
        self.codec = codec
        # blocknot drops a leading byte-order mark, so its columns on line 1 start after it.
        self.bom = 1 if text.startswith(BOM) else 0

    def position(self, line: int, column: int) -> types.Position:
        """The client position of blocknot's ``line`` and ``column`` (both from 1)."""
        if line > len(self.lines):
            return types.Position(line=len(self.lines) - 1, character=self.width(len(self.lines)))
        shift = self.bom if line == 1 else 0
        return self.codec.position_to_client_units(
            self.lines, ServerTextPosition(line - 1, max(column - 1 + shift, 0)))

    def range(self, d: Diagnostic) -> types.Range:
        """The range of a diagnostic: from its start to the end of what it points at."""
        end_line, end_column = d.end
        return types.Range(start=self.position(d.line, d.column),
                           end=self.position(end_line, end_column))

    def width(self, line: int) -> int:
        """The length of blocknot's ``line`` (from 1) in client units."""
        return int(self.codec.client_num_units(self.lines[line - 1]))

    def end_of(self, line: int) -> types.Position:
        """The client position just past the last character of ``line`` (from 1)."""
        return types.Position(line=line - 1, character=self.width(line))

    def clamped(self, position: types.Position) -> types.Position:
        """``position`` inside the document: a line past the end becomes the end of the last
        line, a character past the end of its line the end of that line."""
        last = len(self.lines)
        if position.line >= last:
            return self.end_of(last)
        width = self.width(position.line + 1)
        if position.character > width:
            return types.Position(line=position.line, character=width)
        return position

    def located(self, position: types.Position) -> tuple[int, int]:
        """blocknot's line and column (from 1) of a client position."""
        at = self.codec.position_from_client_units(self.lines, position)
        shift = self.bom if at.line == 0 else 0
        return at.line + 1, at.character + 1 - shift

    def text(self, line: int) -> str:
        """blocknot's ``line`` (from 1), or the empty string past the end."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""


def inside(position: tuple[int, int], start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether a (line, column) lies in the range from ``start`` to ``end`` (end included, so
    that a cursor just after a token still finds it)."""
    return start <= position <= end
