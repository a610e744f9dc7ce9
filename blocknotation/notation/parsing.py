"""From text to records: the public parse, the plain form (``reader.py``) made records.

``parse_text`` never judges legality (that is the engine's work) and never stops at the first
bad line: every bad line is reported (S001, S002), every good one is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic
from ..basics.limits import MAX_INPUT_BYTES
from . import plain
from . import records as rec
from .reader import ParsedRecord, read_source
from .reader import statement_kind as statement_kind
from .source import decode, from_text, too_large


@dataclass(frozen=True, slots=True)
class ParseResult:
    """The records read from a text and the syntax diagnostics (S001–S003) met on the way.

    ``records`` holds every statement that could be read; ``bad_lines`` the lines that could
    not, so that later stages know which parts of a record are incomplete.
    """

    records: rec.RecordFile
    diagnostics: tuple[Diagnostic, ...]
    bad_lines: frozenset[int] = frozenset()

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def as_records(parsed: ParsedRecord) -> ParseResult:
    """The records of a plain parse."""
    return ParseResult(rec.from_plain(parsed.records), parsed.diagnostics, parsed.bad_lines)


def parse_bytes(data: bytes) -> ParseResult:
    """Decode and parse a record file's bytes (see ``source.decode``)."""
    return as_records(read_source(decode(data)))


def parse_text(text: str) -> ParseResult:
    """Parse a record's text into records and syntax diagnostics.

    The text is read as the command line reads a file (``source.from_text``): one leading
    byte-order mark is dropped, CRLF is a line end, and a NUL byte is S003.  Lines are read
    by the line reader (``line_reader``) and, when it declines one, by Lark.  A text of more
    than ``MAX_INPUT_BYTES`` characters is not read (S001).
    """
    return as_records(read_text(text))


def read_text(text: str) -> ParsedRecord:
    """``parse_text``'s result in the plain form, without the records' models."""
    if len(text) > MAX_INPUT_BYTES:
        return ParsedRecord(plain.PlainRecordFile(), (too_large(),), frozenset())
    return read_source(from_text(text))
