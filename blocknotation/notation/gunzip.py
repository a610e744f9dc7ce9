"""Gzip-compressed input, recognised by its magic bytes and read as a stream.

A record file or standard input that starts with the gzip magic bytes is read decompressed,
a block at a time; damage to the compressed data (a truncated file, corrupt data) is an
``OSError`` like any other failure to read, so it is reported as "cannot read", never as an
interruption or an internal error.  Nothing is decompressed past ``MAX_GUNZIP_BYTES``: a
small file that would decompress to more (a "gzip bomb") cannot be read whole either.  Gzip
data in a file on disk can be decompressed again from its start (``gunzip_again``), so that
it is looked through for bytes that are not UTF-8 before any game of it is read, as a plain
file is.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO, cast

from ..basics.diagnostics import N_, Message
from ..basics.limits import GUNZIP_RATIO, MAX_GUNZIP_BYTES, MAX_INPUT_BYTES

if TYPE_CHECKING:
    import gzip

GZIP_MAGIC = b"\x1f\x8b"


class GzipDamage(OSError):
    """Damaged gzip data: a failure to read whose reason (``words``) can be told in the
    user's language."""

    def __init__(self, words: Message) -> None:
        super().__init__(words.render())
        self.words = words


def truncated() -> GzipDamage:
    return GzipDamage(Message(N_("the gzip data stops before its end (a truncated file)")))


def damaged(detail: object) -> GzipDamage:
    return GzipDamage(Message(N_("the gzip data is damaged ({detail})"), {"detail": str(detail)}))


def too_large() -> GzipDamage:
    return GzipDamage(Message(
        N_("it decompresses to more than {ratio} times its size or {limit} bytes, the most "
           "blocknot reads of a gzip input"), {"ratio": GUNZIP_RATIO, "limit": MAX_GUNZIP_BYTES}))


def maybe_gunzip(stream: BinaryIO) -> BinaryIO:
    """``stream``, or its decompressed content when it starts with the gzip magic bytes.

    The stream need not be seekable (standard input): the first bytes are peeked through a
    buffer, never consumed."""
    buffered = stream if isinstance(stream, io.BufferedReader | io.BufferedRandom) else (
        io.BufferedReader(_Raw(stream)))
    if buffered.peek(2)[:2] == GZIP_MAGIC:
        import gzip  # only for a gzip-compressed input

        compressed = _Counted(buffered)
        unzipped = gzip.GzipFile(fileobj=compressed, mode="rb")
        return io.BufferedReader(_Damaged(unzipped, compressed))
    return buffered


def gunzip_again(stream: BinaryIO) -> BinaryIO | None:
    """The decompressed content of ``stream``, a file on disk (seekable) that holds gzip
    data from where it stands, as a stream that can be read again from its start
    (``Again``): so that it can be looked through before it is read, as a plain file is;
    None when ``stream`` cannot be read twice or is no gzip data."""
    try:
        if not stream.seekable():
            return None
        start = stream.tell()
        magic = stream.read(2)
        stream.seek(start)
    except (OSError, ValueError):
        return None
    if magic != GZIP_MAGIC:
        return None

    def opened() -> BinaryIO:
        stream.seek(start)
        return maybe_gunzip(cast(BinaryIO, _Kept(stream)))

    return io.BufferedReader(Again(opened))


class Again(io.RawIOBase):
    """A stream (``opened()`` gives it, from its start) that can be read again from its
    start: ``seek(0)`` opens it again."""

    def __init__(self, opened: Callable[[], BinaryIO]) -> None:
        super().__init__()
        self._opened = opened
        self._stream = opened()
        self._at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if (offset, whence) not in ((0, io.SEEK_SET), (self._at, io.SEEK_SET), (0, io.SEEK_CUR)):
            raise io.UnsupportedOperation("only the start can be read again")
        if offset == 0 and whence == io.SEEK_SET and self._at:
            self._stream = self._opened()
            self._at = 0
        return self._at

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        read = getattr(self._stream, "read1", None) or self._stream.read
        data = read(len(buffer))
        buffer[: len(data)] = data
        self._at += len(data)
        return len(data)


class _Kept(io.RawIOBase):
    """``stream`` read through, never closed here (its owner closes it)."""

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
        super().close()  # not the stream: it is read again


def gunzipped(data: bytes) -> bytes:
    """``data`` (gzip data) decompressed whole, within the same bounds as a stream: beyond
    them, ``GzipDamage`` (``too_large``); damaged data raises what ``gzip.decompress``
    raises."""
    import gzip

    compressed = _Counted(io.BufferedReader(_Raw(io.BytesIO(data))))
    unzipped = gzip.GzipFile(fileobj=compressed, mode="rb")
    out = bytearray()
    while block := unzipped.read(1 << 20):
        out += block
        if len(out) > allowed(compressed.count):
            raise too_large()
    return bytes(out)


class _Counted:
    """The compressed bytes, counted as the decompressor takes them."""

    def __init__(self, stream: io.BufferedReader | io.BufferedRandom) -> None:
        self.stream = stream
        self.count = 0

    def read(self, size: int = -1, /) -> bytes:
        data = self.stream.read(size)
        self.count += len(data)
        return data

    def seek(self, offset: int, /) -> int:  # gzip only seeks to start again, which no one asks
        return self.stream.seek(offset)


def allowed(compressed: int) -> int:
    """How many bytes ``compressed`` bytes of gzip data may decompress to."""
    return min(MAX_GUNZIP_BYTES, max(MAX_INPUT_BYTES, GUNZIP_RATIO * compressed))


class _Damaged(io.RawIOBase):
    """Decompressed gzip data, whose damage (a truncated file, corrupt data) is an
    ``OSError`` like any other failure to read, never an ``EOFError`` or ``zlib.error``; so is
    a byte beyond what ``allowed`` allows, which nothing decompresses past."""

    def __init__(self, unzipped: gzip.GzipFile, compressed: _Counted) -> None:
        super().__init__()
        self._unzipped = unzipped
        self._compressed = compressed
        self._given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        # Within what is allowed so far; at its end, one byte more, which reading may allow
        # (more compressed input taken), or which is the one too many.
        room = max(1, allowed(self._compressed.count) - self._given)
        try:
            done = self._unzipped.readinto(memoryview(buffer)[:room])
        except EOFError:
            raise truncated() from None
        except zlib.error as error:
            raise damaged(error) from None
        self._given += done
        if self._given > allowed(self._compressed.count):
            raise too_large()
        return done

    def close(self) -> None:
        self._unzipped.close()
        super().close()


class _Raw(io.RawIOBase):
    """A binary stream as a raw one, so that it can be buffered and peeked."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        read = getattr(self._stream, "read1", None) or self._stream.read  # what has come
        data = read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._stream.close()
        super().close()


#: The notation's own file extension; a directory is searched for these files (and their
#: gzip-compressed form).
