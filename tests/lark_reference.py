"""Reading by Lark alone: the reference that the line reader is tested against.

The package reads each line with the line reader first and gives Lark only the lines it
declines; these give Lark every line (or the whole text at once), as the grammar defines
the notation.
"""

from __future__ import annotations

from collections.abc import Sequence

from lark.exceptions import UnexpectedInput

from blocknotation.basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH
from blocknotation.notation.larkparse import Comments, Items, LarkParser
from blocknotation.notation.parsing import ParseResult, as_records, parse_text
from blocknotation.notation.reader import ParsedRecord, assembled, lark, read_text_lines
from blocknotation.notation.source import from_text


def declined(line: str, number: int) -> None:
    """A line reader that reads nothing: every line goes to Lark."""
    return None


def parse_whole(parser: LarkParser, text: str) -> tuple[Items, Comments] | None:
    """A whole text at once (a parse of its own); None after a syntax error.  The package
    parses line by line; this asks the parser's Lark for the whole text, as the grammar
    defines it."""
    parser.start()
    parser._builder.line_offset = 0
    parser._comments.clear()
    try:
        items = parser._parse(text)
    except UnexpectedInput:
        return None
    return items, [(t.line or 1, t[1:]) for t in parser._comments]


def read_with_lark(lines: Sequence[str], first_line: int = 1) -> ParsedRecord:
    return read_text_lines(lines, first_line, reader=declined)


def parse_with_lark(text: str) -> ParseResult:
    """``parse_text`` with Lark parsing the whole text at once (every line by itself when a
    line is too long or the whole parse stops at a syntax error)."""
    source = from_text(text)
    if len(text) > MAX_INPUT_BYTES or source.text is None:
        return parse_text(text)
    lines = source.text.split("\n")
    if all(len(line) <= MAX_LINE_LENGTH for line in lines):
        parser = lark()
        parsed = parse_whole(parser, source.text)
        if parsed is not None:
            return as_records(assembled(*parsed, [], parser.problems))
    return as_records(read_with_lark(lines))
