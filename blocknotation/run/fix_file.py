"""One record through ``validate --fix``, a game at a time, in memory that does not grow
with the file.

The record is read as a stream of game chunks (``stream.chunks_of``); each game is fixed
(``fixing.rounds``), its fixed text written to a spool (a temporary file beyond a few
megabytes), its lines diffed (``fix_diff.StreamDiff``) with ``--diff``, and its report
written to another spool.  The record is read a few times over, never held: once first, for
what must be known before its first game is written (its ``ignore-file`` comments, its line
ends, its byte-order mark), then with the fixing, and with ``--diff`` once more beside it,
for the lines as stored.  A record with a syntax error gets no fix; its report is then that
of the record as it is, as ``--fix`` always gave it (one line for a file that is not UTF-8).
Standard input, a pipe or a device is copied to a temporary file first, so that it can be
read again.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import BinaryIO, cast

from ..basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH
from ..notation.gunzip import GZIP_MAGIC, maybe_gunzip
from ..pipeline import Selection, file_end, validate_stream
from ..report.values import Piece, Tally

#: Bytes a spool holds in memory before it moves to a temporary file.
SPOOL_BYTES = 8 << 20
_BLOCK = 1 << 20
_BOM = b"\xef\xbb\xbf"


class Rereadable:
    """A record that can be read again: a regular file by its path, anything else (a pipe,
    a device) from a temporary copy of its bytes, standard input (``-``) from the copy
    ``stdin`` (``copied``)."""

    def __init__(self, path: str, stdin: str | None, stack: ExitStack) -> None:
        self.stack = stack
        if path == "-":
            path = stdin if stdin is not None else copied(io.BytesIO(), stack)
        elif not _regular(path):
            path = copied(stack.enter_context(_opened(path)), stack)
        self.path = path
        self.compressed = _head(path, stack) == GZIP_MAGIC

    def open(self) -> Reader:
        """The record's bytes from the start, decompressed."""
        handle = self.stack.enter_context(_opened(self.path))
        try:
            return Reader(maybe_gunzip(handle))
        except OSError as error:
            raise ReadFailed(error) from None


class ReadFailed(Exception):
    """The record could not be read (``error``): a failure of the input, never of a spool
    or an output."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class Reader:
    """A record's decompressed bytes, whose failures are ``ReadFailed``."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def read(self, size: int = -1) -> bytes:
        try:
            return self.stream.read(size)
        except OSError as error:
            raise ReadFailed(error) from None

    def read1(self, size: int = -1) -> bytes:
        try:
            return self.stream.read1(size)  # type: ignore[attr-defined,no-any-return]
        except OSError as error:
            raise ReadFailed(error) from None

    def readline(self) -> bytes:
        try:
            return self.stream.readline()
        except OSError as error:
            raise ReadFailed(error) from None


def copied(stream: BinaryIO, stack: ExitStack) -> str:
    """The path of a temporary copy of what ``stream`` holds (kept until ``stack`` ends)."""
    copy = stack.enter_context(tempfile.NamedTemporaryFile(prefix="blocknot-"))  # noqa: SIM115
    while block := Reader(stream).read(_BLOCK):
        copy.write(block)  # an OSError here is the copy's (``output.scratch``)
    copy.flush()
    return copy.name


def _opened(path: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as error:
        raise ReadFailed(error) from None


def _head(path: str, stack: ExitStack) -> bytes:
    return Reader(stack.enter_context(_opened(path))).read(2)


def _regular(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True  # opening it says why it cannot be read


@dataclass(frozen=True, slots=True)
class Look:
    """What is known of a record before its first game is written: the codes its
    ``ignore-file`` comments suppress, whether it starts with a byte-order mark, whether it
    has a CRLF line end (then every line of the fixed record ends so), whether its last
    line ends, its size, and whether it has LF line ends beside CRLF ones (``mixed``)."""

    codes: tuple[str, ...]
    bom: bool
    crlf: bool
    final_lf: bool
    size: int
    mixed: bool = False


def look(stream: Reader) -> Look:
    """A pass over the record's bytes (``Look``)."""
    from ..fixing.finding import file_codes_in

    codes: list[str] = []
    size, first, end, crlf, tail = 0, b"", b"", False, b""
    lf = cr_lf = 0
    while block := stream.read(_BLOCK):
        first = first or block[:3]
        crlf = crlf or b"\r\n" in end + block[:1] or b"\r\n" in block
        lf += block.count(b"\n")
        cr_lf += block.count(b"\r\n") + (end + block[:1] == b"\r\n")
        data = tail + block
        cut = data.rfind(b"\n") + 1
        if b"blocknot:" in data[:cut]:
            codes += _codes(data[:cut].split(b"\n")[:-1], size == 0, file_codes_in)
        # A line longer than any that can be read makes the record unreadable: no fix.
        tail = data[cut:][: 4 * MAX_LINE_LENGTH + 8]
        size += len(block)
        end = block[-1:]
    if b"blocknot:" in tail:
        codes += _codes([tail], size == len(tail), file_codes_in)
    return Look(tuple(codes), first == _BOM, crlf, end == b"\n", size, crlf and lf > cr_lf)


def _codes(lines: list[bytes], at_start: bool, codes_in: Callable[[Iterable[str]],
           tuple[str, ...]]) -> tuple[str, ...]:
    if at_start and lines:
        lines = [lines[0].removeprefix(_BOM), *lines[1:]]
    return codes_in(line.rstrip(b"\r").decode("utf-8", "replace") for line in lines
                    if b"blocknot:" in line)


def spool() -> BinaryIO:
    return tempfile.SpooledTemporaryFile(SPOOL_BYTES)  # type: ignore[return-value]


@dataclass(slots=True)
class Report:
    """A record's report as ``--fix`` writes it: its lines but the summary (``lines``, a
    spool of UTF-8 text), the summary, and the counts."""

    path: str
    lang: str
    color: bool
    lines: BinaryIO = field(default_factory=spool)
    tally: Tally = field(default_factory=Tally)
    remaining: int = 0
    unparsable: bool = False

    def add(self, piece: Piece) -> None:
        from ..formats.reports.report_text import piece_lines

        text = "".join(f"{line}\n" for line in piece_lines(piece, self.path, self.lang,
                                                            self.color))
        self.lines.write(text.encode("utf-8", "surrogatepass"))
        self.tally = self.tally.add(Piece(piece.games, piece.diagnostics, {}))
        self.remaining += len(piece.diagnostics)
        self.unparsable |= any(d.code.startswith("S") and d.is_error
                               for d in piece.diagnostics)

    def summary(self) -> str:
        from ..formats.reports.report_text import summary_line

        return summary_line(self.path, self.tally, self.lang) + "\n"

    def chunks(self) -> Iterator[str]:
        """The lines but the summary, a block at a time."""
        self.lines.seek(0)
        reader = io.TextIOWrapper(self.lines, encoding="utf-8", errors="surrogatepass",
                                  newline="")
        while text := reader.read(_BLOCK):
            yield text
        reader.detach()


def report_as_it_is(source: Rereadable, look: Look, selection: Selection, report: Report) -> None:
    """The report of a record that gets no fix: a file that is not UTF-8 (when ``--fix``
    could read it whole) is told in one line, as ``source.decode`` tells it; any other,
    game by game, as ``validate`` reports it."""
    if look.size <= MAX_INPUT_BYTES:
        from ..notation.source import decode

        decoded = decode(source.open().read())
        if decoded.text is None:
            report.add(Piece((), decoded.diagnostics, {}))
            return
    for piece in file_end(validate_stream(cast(BinaryIO, source.open()), selection), selection):
        report.add(piece)


def stored_text(text: str, look: Look) -> bytes:
    """A part of the fixed record's text (LF line ends) as the record stores it: CRLF when
    it has one (``rewrite.Stored.text_to_store``)."""
    return (text.replace("\n", "\r\n") if look.crlf else text).encode("utf-8", "surrogatepass")


@dataclass(slots=True)
class FixedFile:
    """One record through ``--fix``: whether its text changed, the fixed record (``text``,
    as stored, not compressed) and its diff (``diff``) in spools, the fixes applied, the
    unsafe fixes left, and its report."""

    report: Report
    text: BinaryIO
    diff: BinaryIO
    changed: bool = False
    applied: int = 0
    unsafe_left: int = 0
    refused: bool = True


def fix_source(source: Rereadable, name: str, selection: Selection, *, diff: bool, unsafe: bool,
               lang: str, color: bool) -> FixedFile:
    """Fix a record a game at a time (see the module), into spools."""
    from ..fixing.finding import FileWide
    from ..fixing.rounds import fix_chunks
    from ..notation.stream import chunks_of
    from .fix_diff import StreamDiff, WholeDiff

    seen = look(source.open())
    wide = FileWide(selection, lang, selection.file_ignores + seen.codes)
    done = FixedFile(Report(name, lang, color), source.stack.enter_context(spool()),
                 source.stack.enter_context(spool()))
    kind = WholeDiff if seen.mixed else StreamDiff  # see ``WholeDiff``
    differ = kind(name, lambda text: done.diff.write(
        text.encode("utf-8", "surrogatepass"))) if diff else None
    stored = source.open() if diff else None
    bom = _BOM.decode() if seen.bom else ""

    def pieces() -> Iterator[Piece]:
        first = True
        for game in fix_chunks(chunks_of(cast(BinaryIO, source.open())), wide, unsafe):
            if game is None:
                done.changed = False
                return
            done.text.write((_BOM if first and seen.bom else b"") + stored_text(
                ("" if first else "\n") + game.text, seen))
            done.changed |= game.text != game.chunk.text
            done.applied += len(game.applied)
            done.unsafe_left += game.unsafe_left
            if differ is not None and stored is not None:
                raw = b"".join(stored.readline() for _ in game.chunk.lines)
                after = game.text + ("\n" if raw.endswith(b"\n") else "")
                before_text = raw.decode("utf-8", "replace")
                differ.add(before_text.splitlines(True),
                           ((bom if first else "") + stored_text(after, seen).decode(
                               "utf-8", "replace")).splitlines(True))
            first = False
            yield game.piece
        if seen.final_lf and not first:
            done.text.write(stored_text("\n", seen))
        done.refused = False

    for piece in file_end(pieces(), selection):
        done.report.add(piece)
    if done.refused:
        done.report = Report(name, lang, color)
        done.applied = done.unsafe_left = 0
        done.changed = False
        report_as_it_is(source, seen, selection, done.report)
    elif differ is not None:
        differ.close()
    return done
