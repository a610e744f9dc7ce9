"""The pipeline's chunks of an editor's text, cut from any line of it.

``stream.chunks_of`` cuts a file's bytes into games as ``blocknot validate`` does; a document
cut again after a change is cut from the chunk above the change (``cut.py``).  Here the text
from a line on is read as the bytes of a file, encoded a few thousand characters at a time
as the cutting goes (the rest of a long document is never encoded), and each chunk comes
with its place in the document: its line numbers moved to where it starts, and how many
characters of the text it holds.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from ..basics.diagnostics import Diagnostic
from ..notation.stream import Chunk
from ..notation.unreadable import SNIFF_BYTES, first_problem, not_text
from ..pipeline import chunks_of
from .moved import moved


def encoded(text: str) -> bytes:
    """The editor's text as the bytes of a file; a lone surrogate (which no UTF-8 file can
    hold) is kept as its bytes so that the decoder reports it as S003."""
    return text.encode("utf-8", "surrogatepass")


def unreadable(text: str) -> Diagnostic | None:
    """The S003 of a document that a file of its bytes would be in whole (a NUL, a lone
    surrogate, a binary start: ``unreadable.first_problem``), as ``blocknot validate`` gives
    it, instead of any game; None for text.  Plain text is told by two scans in C, not
    encoded whole."""
    head = not_text(encoded(text[:SNIFF_BYTES]))
    if head is not None:
        return head
    if "\0" not in text:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate
            pass
        else:
            return None
    return first_problem(io.BytesIO(encoded(text)))


def chunks(text: str, offset: int, line: int, stop: int | None = None
           ) -> Iterator[tuple[Chunk, int] | Diagnostic]:
    """The chunks of ``text`` from ``offset`` (where line ``line`` starts) to ``stop``, as
    the pipeline cuts a file, with their sizes in the text; a problem that ends the reading
    comes last."""
    shift = line - 1
    at = offset
    for item in chunks_of(_Encoded(text, offset, len(text) if stop is None else stop)):
        if isinstance(item, Diagnostic):
            yield moved(item, shift, 0)
            return
        chunk = Chunk(item.first_line + shift, item.text)
        size = _size(text, at, item.text)
        yield chunk, size
        at += size


def _size(text: str, at: int, chunk: str) -> int:
    """The characters of ``text`` from ``at`` that hold the lines of ``chunk``: as many as it
    has, and the line end, where the text is as the chunk reads it (no CR, no byte-order
    mark, nothing undecodable or over-long); else counted by lines."""
    end = at + len(chunk)
    if text.startswith(chunk, at) and (end == len(text) or text[end] == "\n"):
        return len(chunk) + (end < len(text))
    found = at
    for _ in range(chunk.count("\n") + 1):
        found = text.find("\n", found) + 1
        if not found:
            return len(text) - at
    return found - at


#: Characters encoded at a time for the cutting: a few games.
_PIECE = 1 << 13


class _Encoded(io.RawIOBase):
    """Characters ``start`` to ``stop`` of a text as the bytes of a file, encoded as they
    are read, a little at a time."""

    def __init__(self, text: str, start: int, stop: int) -> None:
        super().__init__()
        self._text, self._at, self._stop = text, start, stop

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        most = _PIECE if size < 0 else max(1, min(size // 4, _PIECE))
        piece = self._text[self._at:min(self._at + most, self._stop)]
        self._at += len(piece)
        return encoded(piece)

    def readinto(self, buffer: Any) -> int:
        data = self.read1(len(buffer))
        buffer[:len(data)] = data
        return len(data)
