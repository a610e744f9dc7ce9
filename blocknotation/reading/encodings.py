"""Files written in another encoding, read on purpose (``--encoding``, the ``encoding`` key).

A record is UTF-8 text; a file saved in another encoding gets one S003 (``source.py``).  Where
a club's files come from a machine that saves them in, say, Windows-1252, the user can name
that encoding: the file's bytes are then decoded from it and handed to the reading as UTF-8,
a block at a time, so that everything after this stage reads UTF-8 as usual.  A byte that the
named encoding cannot read either is a failure to read the file, told in words
(``NotInEncoding``), never a guess.
"""

from __future__ import annotations

import codecs
import io
from typing import BinaryIO

from ..basics.diagnostics import N_, Message
from ..basics.encoding_names import is_utf8

#: Bytes read at a time from the file.
_BLOCK = 1 << 16


class NotInEncoding(OSError):
    """A byte that the encoding named for the file cannot read: the file cannot be read."""

    def __init__(self, byte: int, offset: int, encoding: str) -> None:
        self.words = Message(
            N_("byte 0x{byte:02X} at offset {offset} is not {encoding} text either"),
            {"byte": byte, "offset": offset, "encoding": encoding})
        super().__init__(self.words.render())


class Transcoded(io.RawIOBase):
    """The bytes of ``stream``, written in ``encoding``, as UTF-8 bytes."""

    def __init__(self, stream: BinaryIO, encoding: str) -> None:
        super().__init__()
        self._stream = stream
        self._encoding = encoding
        self._decoder = codecs.getincrementaldecoder(encoding)("strict")
        self._read = 0  # bytes of ``stream`` read so far
        self._out = b""  # UTF-8 bytes not yet handed on
        self._done = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while not self._out and not self._done:
            self._fill()
        size = min(len(buffer), len(self._out))
        buffer[:size] = self._out[:size]
        self._out = self._out[size:]
        return size

    def _fill(self) -> None:
        read = getattr(self._stream, "read1", None) or self._stream.read
        data = read(_BLOCK)
        self._done = not data
        held = len(self._decoder.getstate()[0])  # bytes of a character begun before
        try:
            text = self._decoder.decode(data, final=self._done)
        except UnicodeDecodeError as error:
            raise NotInEncoding(error.object[error.start], self._read - held + error.start,
                                self._encoding) from None
        self._read += len(data)
        self._out = text.encode("utf-8", "surrogatepass")

    def close(self) -> None:
        self._stream.close()
        super().close()


def transcoded(stream: BinaryIO, encoding: str | None) -> BinaryIO:
    """``stream`` read as UTF-8: as it is when ``encoding`` is None or UTF-8, else decoded
    from ``encoding`` (``Transcoded``), buffered."""
    if encoding is None or is_utf8(encoding):
        return stream
    return io.BufferedReader(Transcoded(stream, encoding))
