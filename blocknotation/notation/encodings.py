"""Files written in another encoding, read on purpose (``--encoding``, the ``encoding`` key).

A record is UTF-8 text; a file saved in another encoding gets one S003 (``source.py``).  Where
a club's files come from a machine that saves them in, say, Windows-1252, the user can name
that encoding: the file's bytes are then decoded from it and handed to the reading as UTF-8,
a block at a time, so that everything after this stage reads UTF-8 as usual.  A byte that the
named encoding cannot read either, a file cut part way through one of its characters, or
UTF-16 without the byte-order mark that says its byte order is a failure to read the file,
told in words (``NotInEncoding``), never a guess.
"""

from __future__ import annotations

import codecs
import io
from typing import BinaryIO

from ..basics.diagnostics import N_, Message
from ..basics.encoding_names import encoding_name, is_utf8

#: Bytes read at a time from the file.
_BLOCK = 1 << 16


class NotInEncoding(OSError):
    """The file cannot be read in the encoding named for it (``words`` say why)."""

    def __init__(self, words: Message) -> None:
        self.words = words
        super().__init__(words.render())


def _not_read(error: UnicodeError, offset: int, encoding: str) -> NotInEncoding:
    """Why the bytes cannot be read in ``encoding``: a byte it cannot read, the file cut
    part way through a character, or no byte-order mark where the encoding needs one to
    know its byte order (UTF-16, UTF-32); ``offset``: where the bytes decoded started."""
    if isinstance(error, UnicodeDecodeError):
        if error.reason == "truncated data" and error.end == len(error.object):
            return NotInEncoding(Message(N_(
                "it ends part way through a character of {encoding} text: it is not such "
                "text, or it was cut short"), {"encoding": encoding}))
        return NotInEncoding(Message(
            N_("byte 0x{byte:02X} at offset {offset} is not {encoding} text either"),
            {"byte": error.object[error.start], "offset": offset + error.start,
             "encoding": encoding}))
    canonical = encoding_name(encoding) or encoding
    if "BOM" in str(error) and canonical in ("utf-16", "utf-32"):
        return NotInEncoding(Message(N_(
            "it does not start with the byte-order mark that says the byte order of "
            "{encoding} text; name the order instead: --encoding {name}-le or {name}-be"),
            {"encoding": encoding, "name": canonical}))
    return NotInEncoding(Message(N_("it is not {encoding} text"), {"encoding": encoding}))


class Transcoded(io.RawIOBase):
    """The bytes of ``stream``, written in ``encoding``, as UTF-8 bytes."""

    def __init__(self, stream: BinaryIO, encoding: str) -> None:
        super().__init__()
        self._stream = stream
        self._encoding = encoding
        self._decoder = codecs.getincrementaldecoder(encoding)("strict")
        self._read = 0  # bytes of ``stream`` read so far
        self._out = b""  # UTF-8 bytes not yet handed on
        self._ahead: bytes | None = None  # the block read after the one decoded
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
        # A block is read ahead, so that the last is decoded as the last: a file cut part way
        # through a character fails before any of its text is handed on, when it is one block.
        read = getattr(self._stream, "read1", None) or self._stream.read
        data = self._ahead if self._ahead is not None else read(_BLOCK)
        self._ahead = read(_BLOCK) if data else b""
        self._done = not self._ahead
        held = len(self._decoder.getstate()[0])  # bytes of a character begun before
        try:
            text = self._decoder.decode(data, final=self._done)
        except UnicodeError as error:
            raise _not_read(error, self._read - held, self._encoding) from None
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
