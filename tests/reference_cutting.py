"""Cutting a file into games line by line: the definition ``stream.chunks_of`` is tested
against (it does the same work a block of a megabyte at a time)."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.notation import stream
from blocknotation.notation.reader import statement_kind
from blocknotation.notation.stream import Chunk, _too_large


def game_chunks(
    lines: Iterable[str | Diagnostic],
) -> Iterator[Chunk | Diagnostic]:
    """Group decoded lines into games; a diagnostic from decoding ends them, without the
    game it falls in (its text is not whole)."""
    current: list[str] = []
    size = 0  # characters in `current`, line ends included
    first = 1
    has_hand = False
    tail = 0  # where the run of blank and comment-only lines at the end of `current` starts
    for number, item in enumerate(lines, start=1):
        if isinstance(item, Diagnostic):
            yield item
            return
        body = item.lstrip(" \t")
        if body and body[0] != "#":
            if has_hand and body[0] == "[" and statement_kind(item) == "tag":
                yield Chunk(first, "\n".join(current[:tail]))
                current = current[tail:]
                first = number - len(current)
                size = sum(len(line) + 1 for line in current)
                has_hand = False
            elif not has_hand and body.startswith("hand") and statement_kind(item) == "hand":
                has_hand = True
            tail = len(current) + 1
        current.append(item)
        size += len(item) + 1
        if size > stream.MAX_INPUT_BYTES:  # looked up here: tests lower it
            head = next((line.lstrip(" \t")[:1] for line in current if line.strip(" \t")), "")
            yield _too_large(first, head)
            return
    if current:
        yield Chunk(first, "\n".join(current))


class Pipe(io.RawIOBase):
    """``data`` as a stream that cannot be read twice, as a pipe is read (``read1``)."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        return self._data.readinto(buffer)
