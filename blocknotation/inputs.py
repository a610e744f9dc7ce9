"""Opening inputs: plain files, and gzip-compressed ones recognised by their magic bytes."""

from __future__ import annotations

import gzip
import io
from typing import BinaryIO

GZIP_MAGIC = b"\x1f\x8b"


def maybe_gunzip(stream: BinaryIO) -> BinaryIO:
    """``stream``, or its decompressed content when it starts with the gzip magic bytes.

    The stream need not be seekable (standard input): the first bytes are peeked through a
    buffer, never consumed."""
    buffered = stream if isinstance(stream, io.BufferedReader) else io.BufferedReader(
        _Raw(stream))
    if buffered.peek(2)[:2] == GZIP_MAGIC:
        return gzip.GzipFile(fileobj=buffered, mode="rb")  # type: ignore[return-value]
    return buffered


class _Raw(io.RawIOBase):
    """A binary stream as a raw one, so that it can be buffered and peeked."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._stream.close()
        super().close()
