"""Reading a record file a game at a time, so that a file of any size fits in memory.

``read_lines`` decodes a binary stream line by line exactly as ``source.decode`` decodes a
whole file (strict UTF-8, one BOM, CRLF); ``game_chunks`` cuts the lines where a new game
starts, which is where the parser would start one: at a tag line that follows a hand.  The
comments and blank lines just before that tag go with the new game, since an own-line
comment belongs to the statement after it.  Parsing the chunks one by one therefore gives
the same records, with the same positions, as parsing the whole file at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from .diagnostics import Diagnostic
from .parse import ParseResult, parse_lines, statement_kind
from .source import nul_byte, undecodable

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class Chunk:
    """The lines of one game (or of the lines before the first game), and where they start."""

    first_line: int
    lines: list[str]

    def parse(self) -> ParseResult:
        return parse_lines(self.lines, self.first_line)


def read_lines(stream: BinaryIO | Iterable[bytes]) -> Iterator[str | Diagnostic]:
    """Decoded lines without their line ends; an S003 diagnostic ends the stream early."""
    for number, raw in enumerate(stream, start=1):
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        if number == 1 and raw.startswith(_BOM):
            raw = raw[len(_BOM):]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            column = len(raw[: error.start].decode("utf-8")) + 1
            yield undecodable(raw, error.start, number, column)
            return
        nul = text.find("\0")
        if nul >= 0:
            yield nul_byte(number, nul + 1)
            return
        yield text


def game_chunks(lines: Iterable[str | Diagnostic]) -> Iterator[Chunk | Diagnostic]:
    """Group decoded lines into games; a diagnostic from decoding is passed on as it comes."""
    current: list[str] = []
    first = 1
    has_hand = False
    tail = 0  # where the run of blank and comment-only lines at the end of `current` starts
    number = 0
    for item in lines:
        if isinstance(item, Diagnostic):
            if current:
                yield Chunk(first, current)
            yield item
            return
        number += 1
        body = item.lstrip(" \t")
        if not body or body[0] == "#":
            current.append(item)
            continue
        if has_hand and body[0] == "[" and statement_kind(item) == "tag":
            yield Chunk(first, current[:tail])
            current = current[tail:]
            first = number - len(current)
            has_hand = False
        elif not has_hand and body.startswith("hand") and statement_kind(item) == "hand":
            has_hand = True
        current.append(item)
        tail = len(current)
    if current:
        yield Chunk(first, current)
