"""What ``blocknot format`` and ``validate --fix`` share: reading a record to rewrite, writing
it back in place, showing a diff, and reporting a record that cannot be read.

A gzip-compressed file is read decompressed and, when its text changes, written back
compressed.  A file is written whole or not at all (``output.output_file``), keeping its
mode; one whose text does not change is not touched.
"""

from __future__ import annotations

import difflib
import io
import os
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from ..basics.diagnostics import N_, Diagnostic, Message, printable
from ..basics.limits import MAX_INPUT_BYTES
from ..notation.gunzip import GZIP_MAGIC, GzipDamage, gunzipped
from .inputs import open_input
from .output import OutputFailed, output_file, say

_BOM = b"\xef\xbb\xbf"
_NO_NEWLINE = "\\ No newline at end of file\n"


class Unreadable(Exception):
    """A file that cannot be read: the reason (``reason``), for one line on standard error
    (exit 2)."""

    def __init__(self, reason: OSError | Message) -> None:
        super().__init__(str(reason) if isinstance(reason, OSError) else reason.render())
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Stored:
    """A record's bytes as stored (decompressed), and how they were stored."""

    data: bytes
    compressed: bool = False

    def text_to_store(self, text: str) -> bytes:
        """``text`` (LF line ends) as this file stores it: CRLF line ends and a byte-order
        mark when the file had them."""
        if b"\r\n" in self.data:
            text = text.replace("\n", "\r\n")
        data = text.encode("utf-8", "surrogatepass")
        return _BOM + data if self.data.startswith(_BOM) else data


def read_stored(path: str, stdin: bytes | None = None) -> Stored:
    """The bytes of ``path`` (``stdin``: what standard input held), decompressed when they
    start with the gzip magic bytes."""
    if stdin is None:
        try:
            with open_input(path) as handle:  # a FIFO found in a directory is not opened
                data = handle.read(MAX_INPUT_BYTES + 1)
                data += handle.read() if len(data) > MAX_INPUT_BYTES else b""
        except OSError as error:
            raise Unreadable(error) from None
    else:
        data = stdin
    if not data.startswith(GZIP_MAGIC):
        return Stored(data)
    try:
        return Stored(gunzipped(data), compressed=True)
    except GzipDamage as error:  # within bounds: a gzip bomb is not decompressed whole
        raise Unreadable(error.words) from None
    except (OSError, EOFError, zlib.error) as error:
        raise Unreadable(Message(N_("not a valid gzip file ({detail})"),
                                 {"detail": str(error)})) from None


def write_stored(path: str, stored: Stored, data: bytes) -> None:
    """Write ``data`` to ``path`` in place (compressed again if it was), as
    ``write_stream`` does."""
    write_stream(path, stored.compressed, io.BytesIO(data))


def write_stream(path: str, compressed: bool, data: BinaryIO) -> None:
    """Write the bytes of ``data`` (from where it stands) to ``path`` in place, compressed
    with gzip when ``compressed`` (as ``gzip.compress(..., mtime=0)`` would), a block at a
    time.

    A symbolic link is followed: the file it points to is rewritten, the link stays.  A
    file with more than one hard link is overwritten in place, so that every name of it
    sees the new text; any other file is replaced whole or not at all."""
    real = os.path.realpath(path)
    try:
        linked = os.stat(real).st_nlink > 1
    except OSError:
        linked = False
    if not linked:
        with output_file(real) as out:
            _copy(data, out, compressed)
        return
    try:
        with open(real, "r+b") as handle:
            _copy(data, handle, compressed)
            handle.truncate()
    except OSError as error:
        raise OutputFailed(path, error) from None


def _copy(data: BinaryIO, out: BinaryIO, compressed: bool) -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31) if compressed else None
    while block := data.read(1 << 20):
        out.write(block if packer is None else packer.compress(block))
    if packer is not None:
        out.write(packer.flush())


def diff_text(path: str, before: str, after: str) -> str:
    """A unified diff of a record's text, headed with its path as ``ruff format --diff``
    heads it; a last line without a line end is marked as ``diff`` marks it, so that
    ``patch`` can apply the diff."""
    shown = printable(path)
    lines = _unified(before.splitlines(True), after.splitlines(True), shown)
    return "".join(line if line.endswith("\n") else line + "\n" + _NO_NEWLINE
                   for line in lines)


def _unified(a: list[str], b: list[str], name: str) -> Iterator[str]:
    """``difflib.unified_diff`` of ``a`` and ``b``, with lines matched without the
    "popular line" heuristic (``autojunk=False``): a line that comes back in many hands
    (``domino Søren``) is matched like any other, so the diff does not depend on how long
    the text is, and ``--fix --diff`` can write it a game at a time (``fix_diff.py``)."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for index, group in enumerate(matcher.get_grouped_opcodes(3)):
        if index == 0:
            yield f"--- {name}\n"
            yield f"+++ {name}\n"
        first, last = group[0], group[-1]
        yield (f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in a[i1:i2])
                continue
            if tag in ("replace", "delete"):
                yield from ("-" + line for line in a[i1:i2])
            if tag in ("replace", "insert"):
                yield from ("+" + line for line in b[j1:j2])


def _range(start: int, stop: int) -> str:
    """A hunk's range as ``unified_diff`` writes it: ``3,4``; ``3`` for one line; ``2,0``
    (the line before) for none."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start if length == 0 else start + 1},{length}"


def show_refusal(path: str, data: bytes, diagnostics: Sequence[Diagnostic], lang: str) -> None:
    """The diagnostics of a record that cannot be read, compiler style, on standard
    error."""
    from ..formats.reports.report_text import report_lines
    from ..notation.source import context_lines
    from ..report.values import FileReport

    context = context_lines(data, {d.line for d in diagnostics})
    report = FileReport(path, tuple(diagnostics), (), context)
    say("".join(f"{line}\n" for line in list(report_lines(report, lang))[:-1]))
