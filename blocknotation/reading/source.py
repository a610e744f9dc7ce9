"""From bytes to text: the first stage of the pipeline.

Decoding is blocknot's, not the locale's: strict UTF-8, one leading byte-order mark dropped,
CRLF read as a line end.  Invalid UTF-8 and NUL bytes are reported as S003 with the line and
column (counted in characters, as an editor shows them) where they occur.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH

BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Source:
    """Decoded text with LF line ends, or None when the bytes are not text we can read."""

    text: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def too_large() -> Diagnostic:
    """S001 for an input beyond ``MAX_INPUT_BYTES``: refused whole, before any reading."""
    return diagnostic(
        "S001", 1, 1,
        N_("the input is larger than {limit} bytes, the most blocknot reads; "
           "split it into smaller files"),
        limit=MAX_INPUT_BYTES,
    )


def undecodable(data: bytes, at: int, line: int, column: int) -> Diagnostic:
    """S003 for bytes that are not UTF-8, at byte ``at`` of ``data`` (line and column given)."""
    if line == 1 and data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return diagnostic("S003", 1, 1, N_("the file looks like UTF-16; save it as UTF-8"))
    return diagnostic(
        "S003", line, column,
        N_("byte 0x{byte:02X} is not valid UTF-8 here; save the file as UTF-8"),
        byte=data[at],
    )


def nul_byte(line: int, column: int) -> Diagnostic:
    """S003 for a NUL byte, which no text record holds."""
    return diagnostic(
        "S003", line, column,
        N_("a NUL byte: this is not UTF-8 text (UTF-16 perhaps?); save it as UTF-8"),
    )


def decode(data: bytes) -> Source:
    """Decode a record's bytes.

    Returns the text with CRLF turned into LF, or ``text=None`` and an S003 diagnostic when
    the bytes are not UTF-8 or hold a NUL byte (S001 when there are more than
    ``MAX_INPUT_BYTES`` of them: nothing is read then).
    """
    if len(data) > MAX_INPUT_BYTES:
        return Source(None, (too_large(),))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        bom = 3 if data.startswith(BOM.encode()) else 0
        good = data[bom : error.start].decode("utf-8").replace("\r\n", "\n")
        line, column = _position(good, len(good))
        return Source(None, (undecodable(data, error.start, line, column),))
    return from_text(text)


def from_text(text: str) -> Source:
    """A record's text as ``decode`` leaves it: one leading byte-order mark dropped, CRLF
    read as LF, a NUL byte refused (S003).  ``parse_text`` reads a ``str`` this way, so the
    library reads what the command line reads."""
    text = text.removeprefix(BOM).replace("\r\n", "\n")
    nul = text.find("\0")
    if nul >= 0:
        line, column = _position(text, nul)
        return Source(None, (nul_byte(line, column),))
    return Source(text)


def context_lines(data: bytes, wanted: set[int]) -> dict[int, str]:
    """The text of the ``wanted`` lines of a record, as an editor shows them.

    Used to show a syntax error's line with a caret; undecodable bytes are replaced.  A line
    is cut after ``MAX_LINE_LENGTH`` characters: a longer one is reported at its column 1.
    """
    if not wanted:
        return {}
    text = data[:MAX_INPUT_BYTES].decode("utf-8", errors="replace")
    text = text.replace("\r\n", "\n").removeprefix(BOM)
    return {
        number: line[:MAX_LINE_LENGTH]
        for number, line in enumerate(text.split("\n"), start=1)
        if number in wanted
    }
