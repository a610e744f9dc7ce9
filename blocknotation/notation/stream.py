"""Reading a record file a game at a time, so that a file of any size fits in memory.

``chunks_of`` decodes a binary stream exactly as ``source.decode`` decodes a whole file
(strict UTF-8, one BOM, CRLF) and cuts it where a new game starts, which is where the parser
would start one: at a tag line that follows a hand.  The comments and blank lines just before
that tag go with the new game, since an own-line comment belongs to the statement after it.
Reading the chunks one by one therefore gives the same records, with the same positions, as
reading the whole file at once.

A file that is not UTF-8 text gives one S003, and no chunk: a file that can be read twice (a
file on disk, gzip data in one: ``gunzip.gunzip_again``) is looked through first
(``unreadable.first_problem``); a stream that cannot (a pipe) is read as it comes, so its
games before the one that holds the bad byte are given, and the reading ends there, without
that game.

A game is held in memory whole while it is read, so a game chunk is bounded like a whole
input: one of more than ``MAX_INPUT_BYTES`` characters (line ends included) is not read, and
the stream ends there with S001 at its first line.

``chunks_of`` works a block of a megabyte at a time: it decodes a block in one call
(``source.decoded_block``) and finds where games start with regular expressions that skip
from line end to line end, so that a large file costs little more than reading it.  A block
that is not plain text (bad UTF-8, a NUL byte, a line that never ends) is decoded line by line
by ``source.read_lines`` from its first line on.  ``tests/test_stream.py`` checks that the
chunks are those of the line-by-line definition kept in ``tests/reference_cutting.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from ..basics.diagnostics import Diagnostic, diagnostic
from ..basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH
from .reader import statement_kind
from .source import decoded_block, raw_lines, read_lines
from .unreadable import BOM_BYTES, SNIFF_BYTES, first_problem, not_text

if TYPE_CHECKING:
    from .parsing import ParseResult
    from .reader import ParsedRecord

#: Bytes read at a time by ``chunks_of``.
BLOCK_BYTES = 1 << 20
#: Lines handed on at a time once ``read_lines`` has taken over.
_BLOCK_LINES = 10_000
#: A line this long without its end in sight is left to ``read_lines`` (four bytes at most
#: per character, and room for the line end).
_LONG_LINE_BYTES = 4 * MAX_LINE_LENGTH + 2


@dataclass(frozen=True, slots=True)
class Chunk:
    """The lines of one game (or of the lines before the first game), joined by LF, and the
    number of the first."""

    first_line: int
    text: str
    _lines: list[str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def lines(self) -> list[str]:
        """The chunk's lines, split once: the reading and the report both need them (the
        same list each time, not to be changed)."""
        lines = self._lines
        if lines is None:
            lines = self.text.split("\n")
            object.__setattr__(self, "_lines", lines)
        return lines

    def read(self) -> ParsedRecord:
        """The game's plain form (``reader.py``), what validation replays."""
        from .reader import read_text_lines

        return read_text_lines(self.lines, self.first_line)

    def parse(self) -> ParseResult:
        """The game's records (``parsing.py``)."""
        # Imported here: the records load pydantic, which validation never needs.
        from .parsing import as_records

        return as_records(self.read())


def _too_large(line: int, head: str = "") -> Diagnostic:
    """S001 for a game of more than ``MAX_INPUT_BYTES`` characters that starts at ``line``;
    ``head`` is its first character other than white space: a file that starts with ``{`` is
    record JSON, said in one diagnostic (``json_input.json_hint`` for a smaller one)."""
    if line == 1 and head == "{":
        return diagnostic(
            "S001", 1, 1,
            "record_json",
        )
    return diagnostic(
        "S001", line, 1,
        "large_game",
        limit=MAX_INPUT_BYTES,
    )


# --- a block at a time ---------------------------------------------------------------------

#: The line end before a line that may start a game's first hand (``hand``), or a new game
#: (a tag).  Searching from the LF lets the regular expression engine skip to line ends.
_HAND = re.compile(r"\n[ \t]*hand")
_TAG = re.compile(r"\n[ \t]*\[")


def chunks_of(stream: BinaryIO | Iterable[bytes]) -> Iterator[Chunk | Diagnostic]:
    """The game chunks of ``stream``, decoded and cut as the module says."""
    if _rereadable(stream):
        problem = first_problem(stream)  # type: ignore[arg-type]
        if problem is not None:
            yield problem
            return
    # ``read1`` where there is one: a pipe's data is taken as it comes, so a game is checked
    # (and ``--format jsonl`` writes it) while a slow writer is still writing the next one.
    read: Callable[[int], bytes] | None = getattr(stream, "read1", None) or getattr(
        stream, "read", None)
    blocks = _by_lines(b"", stream, 1) if read is None else _blocks(read, stream)
    buffer = ""  # the lines of the game being gathered, each after an LF
    first = 1  # the number of its first line
    has_hand = False
    for block in blocks:
        if isinstance(block, Diagnostic):  # the game being read is not whole: not given
            yield block
            return
        at = len(buffer)
        buffer += "\n" + block[:-1]
        start = 0
        # Only a first hand, then a tag after it, matter: look for the one that comes next.
        while match := (_TAG if has_hand else _HAND).search(buffer, at):
            at = match.start()
            end = buffer.find("\n", at + 1)
            kind = statement_kind(buffer[at + 1 : end if end >= 0 else len(buffer)])
            if not has_hand:
                has_hand = kind == "hand"
            elif kind == "tag":
                if at - start > MAX_INPUT_BYTES:
                    yield _too_large(first, _head(buffer, start))
                    return
                cut = _comments_before(buffer, at, start)
                lines = buffer.count("\n", start, cut)
                yield Chunk(first, buffer[start + 1 : cut])
                first += lines
                start, has_hand = cut, False
            at += 1
        buffer = buffer[start:]
        if len(buffer) > MAX_INPUT_BYTES:
            yield _too_large(first, _head(buffer, 0))
            return
    if buffer:
        yield Chunk(first, buffer[1:])


def _rereadable(stream: BinaryIO | Iterable[bytes]) -> bool:
    """Whether ``stream`` can be looked through and then read again from where it stands."""
    seekable = getattr(stream, "seekable", None)
    try:
        return seekable is not None and bool(seekable()) and hasattr(stream, "tell")
    except (OSError, ValueError):
        return False


_NOT_SPACE = re.compile(r"[^ \t\n]")


def _head(buffer: str, start: int) -> str:
    """The first character other than white space from ``start`` on, or ""."""
    match = _NOT_SPACE.search(buffer, start)
    return match.group() if match else ""


def _comments_before(text: str, at: int, floor: int) -> int:
    """Where the run of blank and comment-only lines before the line after the LF at ``at``
    begins (the LF before its first line), going back no further than ``floor``."""
    while at > floor:
        before = text.rfind("\n", floor, at)
        body = text[before + 1 : at].lstrip(" \t")
        if body and body[0] != "#":
            break
        at = before
    return at


def _blocks(
    read: Callable[[int], bytes], stream: Iterable[bytes]
) -> Iterator[str | Diagnostic]:
    """The decoded text of ``stream`` as ``read_lines`` decodes it, in blocks of whole lines,
    each line ending with LF; a problem that ends the reading comes last, as a diagnostic
    (the first bytes read, when they are no text: ``unreadable.not_text``)."""
    first = read(BLOCK_BYTES)
    refused = not_text(first[:SNIFF_BYTES])
    if refused is not None:
        yield refused
        return
    pending: bytes | None = b""  # the start of a line whose end is not read yet; None: done
    line = 1  # the number of the next block's first line
    while pending is not None:
        more, first = (first, b"") if first else (read(BLOCK_BYTES), b"")
        data = pending + more if pending else more
        if not more:  # the end: what is left is the last line, without its LF
            if not data:
                return
            end, pending = len(data), None
        else:
            end = data.rfind(b"\n") + 1
            if end == 0:
                if len(data) > _LONG_LINE_BYTES:
                    yield from _by_lines(data, stream, line)
                    return
                pending = data
                continue
            pending = data[end:]
        raw = data[:end]
        text = decoded_block(raw[3:] if line == 1 and raw.startswith(BOM_BYTES) else raw)
        if text is None:  # not plain text: let the definition say where and why
            yield from _by_lines(data, stream, line)
            return
        if not text.endswith("\n"):
            text += "\n"
        line += text.count("\n")
        yield text


def _by_lines(
    head: bytes, stream: Iterable[bytes], first_line: int
) -> Iterator[str | Diagnostic]:
    """The rest of the stream, from the bytes ``head`` already read on, by ``read_lines``."""
    lines: list[str] = []
    for item in read_lines(raw_lines(head, stream), first_line):
        if isinstance(item, Diagnostic):
            if lines:
                yield "\n".join(lines) + "\n"
            yield item
            return
        lines.append(item)
        if len(lines) >= _BLOCK_LINES:
            yield "\n".join(lines) + "\n"
            lines = []
    if lines:
        yield "\n".join(lines) + "\n"
