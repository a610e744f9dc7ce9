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
from typing import IO, BinaryIO, cast

from ..basics.diagnostics import printable
from ..formats.annotated import annotated_pieces
from ..formats.report_text import piece_lines, summary_line
from ..pipeline import Selection
from ..report.values import Tally
from .output import output_file, say, scratch, stdout_is_terminal
from .runner import Input

_SPOOL_BYTES = 8 * 1024 * 1024


def run_annotated(stream: BinaryIO, name: str, selection: Selection, strict: bool, lang: str,
                  chain: bool) -> int:
    """Annotate the record read from ``stream`` to standard output; returns the exit status
    (2 when the file could not be read whole)."""
    source = Input(stream)
    tally = Tally()
    refused = False
    with scratch(), tempfile.SpooledTemporaryFile(_SPOOL_BYTES) as text, \
            tempfile.SpooledTemporaryFile(_SPOOL_BYTES, mode="w+", encoding="utf-8") as report:
        for annotated, piece in annotated_pieces(cast(BinaryIO, source), selection, lang, chain):
            tally = tally.add(piece)
            refused = refused or annotated is None
            report.writelines(f"{line}\n" for line in piece_lines(piece, name, lang))
            if not refused and annotated is not None:
                text.write(annotated.encode("utf-8"))
        if source.problem is not None:
            say(f"blocknot: cannot read {printable(name)}: {source.problem}\n")
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
