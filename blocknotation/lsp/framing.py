"""The messages of a byte stream, as the Language Server Protocol frames them, whatever the
stream holds.

A message is a header of ``Name: value`` lines, each ended by CRLF, an empty line, and a
body of exactly ``Content-Length`` bytes.  A header that cannot be trusted (no
``Content-Length``, ``Content-Lenth``, a length that is not digits, ``-5``, one beyond
``MAX_MESSAGE_BYTES``, a header that never ends) is logged and skipped with what follows it,
up to the next ``Content-Length:``: a body holds no raw line break inside a string, so the
next header is found where the skipped body ends, and every later message is read as it
came.  Nothing is held beyond the bounds, however long the stream: a header of
``MAX_HEADER_BYTES`` at most, a body of ``MAX_MESSAGE_BYTES``, and what is skipped is read
and dropped a block at a time.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import BinaryIO

from ..basics.limits import MAX_MESSAGE_BYTES

log = logging.getLogger(__name__)

#: Bytes of one message's header, its empty line included; a longer one is skipped.
MAX_HEADER_BYTES = 8 * 1024
#: Bytes read at a time.
_BLOCK = 64 * 1024

_END = b"\r\n\r\n"
_NEXT = re.compile(rb"content-length:", re.IGNORECASE)
_DIGITS = re.compile(rb"[0-9]+")


class Frames:
    """The bodies of the messages on ``stream``, one at a time (``next``)."""

    def __init__(self, stream: BinaryIO) -> None:
        read: Callable[[int], bytes] = getattr(stream, "read1", None) or stream.read
        self._read = read
        self._buffer = bytearray()
        self._ended = False

    @property
    def held(self) -> int:
        """The bytes read and not yet handed on: ``MAX_HEADER_BYTES`` and a block at most,
        between messages."""
        return len(self._buffer)

    def next(self) -> bytearray | None:
        """The next message's body, or None once the stream has ended."""
        while True:
            end = self._header_end()
            if end is None:
                return None
            header = bytes(self._buffer[:end])
            length = _length(header)
            if isinstance(length, str):
                start = _after_junk(header)
                if start is not None:
                    log.warning("bytes that are no message before a header: %r; skipped",
                                header[:min(start, 80)])
                    del self._buffer[:start]
                else:  # the body follows, of unknown length: skip past the header
                    log.warning("%s; the message is skipped", length)
                    self._skip(end + len(_END))
                continue
            del self._buffer[:end + len(_END)]
            body = self._exactly(length)
            if body is None:
                log.warning("the stream ended inside a message of %d bytes", length)
            return body

    def _fill(self) -> bool:
        """Read more into the buffer; False at the end of the stream."""
        if self._ended:
            return False
        more = self._read(_BLOCK)
        if not more:
            self._ended = True
            return False
        self._buffer += more
        return True

    def _header_end(self) -> int | None:
        """Where the header that starts the buffer ends (its empty line); a header longer
        than ``MAX_HEADER_BYTES`` is skipped.  None at the end of the stream."""
        searched = 0
        while (end := self._buffer.find(_END, max(searched - 3, 0))) < 0:
            if len(self._buffer) > MAX_HEADER_BYTES:
                log.warning("a message header of more than %d bytes: skipped", MAX_HEADER_BYTES)
                self._skip(1)
                searched = 0
                continue
            searched = len(self._buffer)
            if not self._fill():
                if self._buffer.strip():
                    log.warning("the stream ended inside a message header")
                return None
        return end

    def _skip(self, start: int) -> None:
        """Drop the buffer up to the next ``Content-Length:`` from ``start`` on, reading
        (and dropping) as far as it takes."""
        while (found := _NEXT.search(self._buffer, start)) is None:
            keep = len(b"content-length:") - 1
            del self._buffer[:max(len(self._buffer) - keep, 0)]
            start = 0
            if not self._fill():
                self._buffer.clear()
                return
        del self._buffer[:found.start()]

    def _exactly(self, length: int) -> bytearray | None:
        """The next ``length`` bytes, read into one buffer of that size: a large message is
        held once, not again in the pieces it came in."""
        body = bytearray(length)
        view = memoryview(body)
        have = min(len(self._buffer), length)
        view[:have] = self._buffer[:have]
        del self._buffer[:have]
        while have < length:
            more = b"" if self._ended else self._read(min(length - have, 1 << 20))
            if not more:
                self._ended = True
                return None
            view[have:have + len(more)] = more
            have += len(more)
        return body


def _length(header: bytes) -> int | str:
    """The ``Content-Length`` of a header, or why it cannot be trusted."""
    lengths = []
    for line in header.strip().split(b"\r\n"):
        name, colon, value = line.partition(b":")
        if not colon:
            return f"a message header line without a colon: {line[:80]!r}"
        if name.strip().lower() == b"content-length":
            lengths.append(value.strip())
    if len(set(lengths)) != 1:
        return f"a message header without one Content-Length: {header[:80]!r}"
    if _DIGITS.fullmatch(lengths[0]) is None:
        return f"Content-Length {lengths[0][:80]!r} is not a number of bytes"
    length = int(lengths[0]) if len(lengths[0]) <= 12 else MAX_MESSAGE_BYTES + 1
    if length > MAX_MESSAGE_BYTES:
        return (f"a message of {lengths[0][:20].decode()} bytes is more than the "
                f"{MAX_MESSAGE_BYTES} a message may hold")
    return length


def _after_junk(header: bytes) -> int | None:
    """Where a header that can be trusted starts in ``header``, after bytes that are no
    header (written without a line end, or lines without a colon); None when there is
    none."""
    found = list(_NEXT.finditer(header))
    if not found or found[-1].start() == 0:
        return None
    start = found[-1].start()
    before = header[:start]
    glued = not before.endswith(b"\r\n")
    if not glued and any(b":" in line for line in before.split(b"\r\n")):
        return None  # a header of its own: the body that follows is skipped with it
    return start if isinstance(_length(header[start:]), int) else None
