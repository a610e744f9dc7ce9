"""From bytes to text: the first stage of the pipeline, and the one place that decodes.

Decoding is blocknot's, not the locale's: strict UTF-8, one leading byte-order mark dropped,
CRLF read as a line end.  A file that is not UTF-8 text gets one S003, at its first bad byte,
and nothing else in it is read (``unreadable.py`` tells what the bytes look like: another
encoding, UTF-16, a binary file).  Line and column are counted in characters, as an editor
shows them.  A whole input is decoded by ``decode``; a stream by ``read_lines`` (line by line,
up to its first bad byte) or, a block at a time, by ``decoded_block``, which
``stream.chunks_of`` uses until a block is not plain text and then hands the rest to
``read_lines``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..basics.diagnostics import Diagnostic, diagnostic
from ..basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH
from .encoding_guess import SAMPLE_BYTES
from .unreadable import (
    BOM_BYTES,
    not_text,
    nul_byte,
    problem_in,
    whole_characters,
)

BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class DecodedText:
    """Decoded text with LF line ends, or None when the bytes are not text we can read."""

    text: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def too_large() -> Diagnostic:
    """S001 for an input beyond ``MAX_INPUT_BYTES``: refused whole, before any reading."""
    return diagnostic(
        "S001", 1, 1,
        "large_input",
        limit=MAX_INPUT_BYTES,
    )


def decode(data: bytes) -> DecodedText:
    """Decode a record's bytes.

    Returns the text with CRLF turned into LF, or ``text=None`` and one S003 diagnostic when
    the bytes are not UTF-8 text (``not_text``, ``undecodable``, ``nul_byte``; S001 when
    there are more than ``MAX_INPUT_BYTES`` of them: nothing is read then).
    """
    if len(data) > MAX_INPUT_BYTES:
        return DecodedText(None, (too_large(),))
    refused = not_text(data)
    if refused is not None:
        return DecodedText(None, (refused,))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        bom = len(BOM_BYTES) if data.startswith(BOM_BYTES) else 0
        problem = problem_in(data[bom:], 1, 0)  # the first bad byte, or a NUL before it
        assert problem is not None
        return DecodedText(None, (problem,))
    return from_text(text)


def from_text(text: str) -> DecodedText:
    """A record's text as ``decode`` leaves it: one leading byte-order mark dropped, CRLF
    read as LF, a NUL byte refused (S003).  ``parse_text`` reads a ``str`` this way, so the
    library reads what the command line reads."""
    text = text.removeprefix(BOM).replace("\r\n", "\n")
    nul = text.find("\0")
    if nul >= 0:
        line, column = _position(text, nul)
        return DecodedText(None, (nul_byte(line, column),))
    return DecodedText(text)


def context_lines(data: bytes, wanted: set[int]) -> dict[int, str]:
    """The text of the ``wanted`` lines of a record, as an editor shows them.

    Used to show a syntax error's line with a caret; undecodable bytes are replaced.  A line
    is cut after ``MAX_LINE_LENGTH`` characters: a longer one is reported at its column 1.
    """
    if not wanted:
        return {}
    text = data[:MAX_INPUT_BYTES].decode("utf-8", errors="replace")
    text = text.replace("\r\n", "\n").removeprefix(BOM)
    return {
        number: line[:MAX_LINE_LENGTH]
        for number, line in enumerate(text.split("\n"), start=1)
        if number in wanted
    }


# --- a stream, line by line or a block at a time (``stream.chunks_of`` cuts it) -----------


def read_lines(
    stream: BinaryIO | Iterable[bytes], first_line: int = 1
) -> Iterator[str | Diagnostic]:
    """Decoded lines without their line ends, up to the first that is not UTF-8 text: that
    line ends the stream with its S003 diagnostic (a first line that is no text at all ends
    it before anything is read: ``not_text``).

    ``first_line`` is the number of the stream's first line, when it starts inside a file."""
    lines = _bounded(stream)
    for number, raw in enumerate(lines, start=first_line):
        if number == 1:
            refused = not_text(raw)
            if refused is not None:
                yield refused
                return
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        if number == 1 and raw.startswith(BOM_BYTES):
            raw = raw[len(BOM_BYTES):]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = "\0"  # told by ``problem_in``
        if "\0" in text:
            problem = problem_in(raw + b"\n" + _following(lines), number, 0)
            assert problem is not None
            yield problem
            return
        yield text


def _following(lines: Iterator[bytes]) -> bytes:
    """The lines after a line that is not UTF-8, up to ``SAMPLE_BYTES``: what the encoding
    it looks written in is guessed from, as when the file is read whole."""
    taken = bytearray()
    for raw in lines:
        taken += raw
        if len(taken) >= SAMPLE_BYTES:
            break
    return bytes(taken)


def decoded_block(raw: bytes) -> str | None:
    """``raw`` decoded with CRLF as LF, or None when it is not UTF-8 or holds a NUL byte."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if "\0" in text else text.replace("\r\n", "\n")


def raw_lines(head: bytes, stream: BinaryIO | Iterable[bytes]) -> Iterator[bytes]:
    """The lines of ``head`` and then of ``stream``; a line cut between the two is joined."""
    *whole, partial = head.split(b"\n")
    for line in whole:
        yield line + b"\n"
    if hasattr(stream, "read"):
        # Read on through the bound, so that a line begun in ``head`` is bounded too.
        yield from _bounded(io.BufferedReader(Prefixed(partial, stream)))  # type: ignore[arg-type]
        return
    rest = iter(stream)
    joined = partial + next(rest, b"")
    if joined:
        yield joined
    yield from rest


#: Bytes of one line read at most: enough for MAX_LINE_LENGTH characters of any width.
_LINE_BYTES = 4 * MAX_LINE_LENGTH + 8
#: Bytes of an over-long line read past and dropped before the reading gives up on the file.
_SKIP_BYTES = 64 * 1024 * 1024


def _bounded(stream: BinaryIO | Iterable[bytes]) -> Iterator[bytes]:
    """The lines of ``stream``, none held longer than ``_LINE_BYTES``.

    An over-long line must not fill the memory: what lies beyond the bound is read and
    dropped.  The kept start is still longer than ``MAX_LINE_LENGTH`` characters, so the
    parser reports the line as too long (S001) and reads on at the next one.  A line with no
    end in sight after ``_SKIP_BYTES`` ends the reading there; so does, at once, a long line
    whose kept start already ends it (a NUL byte: ``/dev/zero``).
    """
    readline = getattr(stream, "readline", None)
    if readline is None:
        yield from stream
        return
    while line := readline(_LINE_BYTES):
        if len(line) == _LINE_BYTES and not line.endswith(b"\n"):
            if _ends_reading(whole_characters(line)):  # what follows cannot matter
                yield whole_characters(line)
                return
            skipped = 0
            while (more := readline(_LINE_BYTES)) and not more.endswith(b"\n"):
                skipped += len(more)
                if skipped > _SKIP_BYTES:  # no end in sight (``/dev/zero``): stop reading
                    yield whole_characters(line)
                    return
            line = whole_characters(line) + (b"\n" if more else b"")
        yield line


def _ends_reading(kept: bytes) -> bool:
    """Whether ``read_lines`` stops at a line that starts with ``kept``: one that is not
    UTF-8 text (what lies beyond the kept start of a long line is dropped unread anyway)."""
    return problem_in(kept, 1, 0) is not None


class Prefixed(io.RawIOBase):
    """The bytes ``head`` and then the rest of ``stream``: input read ahead, given back.

    Wrap it in ``io.BufferedReader`` to read it by blocks or by lines."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        super().__init__()
        self._head = memoryview(head)
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)
