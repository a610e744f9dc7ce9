"""``blocknot validate --format annotated``: one record out, a game at a time.

The annotated text gathers in a spooled temporary file (in memory while small) and is
written only once the whole file has been read: a record with a syntax error anywhere is
refused (its unreadable lines could not be written back), and then its report goes to
standard error instead.  On a terminal, the record's own comments are shown with their
control characters escaped, as messages are (``<U+001B>``); written to a file or a pipe, the
text is exact.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, BinaryIO, cast

from ..basics.diagnostics import printable
from ..formats.reports.annotated import annotate_chunk
from ..formats.reports.report_text import piece_lines, summary_line
from ..notation.parsing import as_records
from ..pipeline import EVERYTHING, Selection, read_and_validate
from ..report.values import Piece, Tally
from .inputs import Input, as_text
from .output import output_file, say, scratch, stdout_is_terminal
from .problems import cannot_read_line

if TYPE_CHECKING:
    from ..notation.reader import ParsedRecord

_SPOOL_BYTES = 8 * 1024 * 1024

#: How a file's pieces are read, each with the parsed it was replayed from.
Pairs = Callable[[BinaryIO], Iterable[tuple["ParsedRecord | None", Piece]]]


def run_annotated(stream: BinaryIO, name: str, selection: Selection, strict: bool, lang: str,
                  chain: bool, pairs: Pairs | None = None) -> int:
    """Annotate the record read from ``stream`` to standard output; returns the exit status
    (2 when the file could not be read whole).  ``pairs``: how the file's pieces are read
    (``pipeline.read_and_validate`` unless told; ``blocknot analyse`` analyses them too)."""
    source = Input(as_text(stream))  # read as the other formats read it
    tally = Tally()
    refused = False
    with scratch(), tempfile.SpooledTemporaryFile(_SPOOL_BYTES) as text, \
            tempfile.SpooledTemporaryFile(_SPOOL_BYTES, mode="w+", encoding="utf-8") as report:
        for annotated, piece in annotated_pieces(cast(BinaryIO, source), selection, lang, chain,
                                                 pairs):
            tally = tally.add(piece)
            refused = refused or annotated is None
            report.writelines(f"{line}\n" for line in piece_lines(piece, name, lang))
            if not refused and annotated is not None:
                text.write(annotated.encode("utf-8"))
        if source.error is not None:
            say(cannot_read_line(printable(name), source.error, lang))
            return 2
        if refused:
            report.seek(0)
            while block := report.read(1 << 20):
                say(block)
            say(summary_line(name, tally, lang) + "\n")
            return 1
        text.seek(0)
        _write(text)
    return 1 if tally.errors or (strict and tally.warnings) else 0


def _write(text: IO[bytes]) -> None:
    terminal = stdout_is_terminal()
    with output_file("-") as out:
        if not terminal:
            shutil.copyfileobj(text, out)
            return
        for line in text:
            out.write(printable(line.decode("utf-8").rstrip("\n")).encode("utf-8") + b"\n")


def annotated_pieces(
    stream: BinaryIO, selection: Selection = EVERYTHING, lang: str = "en", chain: bool = False,
    pairs: Pairs | None = None,
) -> Iterator[tuple[str | None, Piece]]:
    """A record file annotated a game at a time, so that a file of any size can be: each
    game chunk's annotated text (None when the chunk has syntax diagnostics) and its piece
    of the report.  The texts joined are the annotated file."""
    games = 0
    lines_out = 0  # lines of annotated text written before this chunk's
    read = pairs(stream) if pairs is not None else read_and_validate(stream, selection)
    for parsed, piece in read:
        continued = games > 0
        games += len(piece.games)
        if parsed is None or parsed.diagnostics:
            yield None, piece
            continue
        records = as_records(parsed).records  # the records the canonical writer takes
        text = annotate_chunk(records, piece, lang, chain, continued, lines_out)
        lines_out += text.count("\n")
        yield text, piece
