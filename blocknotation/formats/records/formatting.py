"""``blocknot format``: a record's text in canonical form (docs/notation.md, "Canonical form").

The canonical text is the one ``blocknot convert`` writes (``canonical.py``): the
same writer, so formatting and converting never disagree, and every comment is kept where
``convert`` keeps it.  A record with a syntax error is not formatted: it could not be written
back whole.  A record JSON document is formatted as record JSON, as ``blocknot convert``
writes it; one that is not a valid record is refused with ``convert``'s diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...basics.diagnostics import Diagnostic


@dataclass(frozen=True, slots=True)
class FormatResult:
    """The canonical text (None when the record cannot be read) and, then, why: its
    syntax diagnostics (S001-S003), in the order of the text."""

    text: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def format_text(text: str) -> FormatResult:
    """The canonical form of a record's text (lines ended with LF, no byte-order mark).

    The text is read as ``parse`` reads it; formatting its result again gives it back
    unchanged.  Never raises on a bad record: a record with syntax errors gives ``text``
    None and the diagnostics."""
    from ...notation.parsing import parse_text
    from .canonical import to_text
    from .placing import text_record_problems

    parsed = parse_text(text)
    if parsed.diagnostics:
        return FormatResult(None, parsed.diagnostics)
    problems = text_record_problems(parsed.records)
    if problems:
        return FormatResult(None, problems)
    return FormatResult(to_text(parsed.records))


def format_bytes(data: bytes) -> FormatResult:
    """``format_text`` of a file's bytes, decoded as ``blocknot validate`` decodes them
    (UTF-8, one BOM, CRLF); bytes that are not UTF-8 text give S003.  Bytes beyond
    ``MAX_INPUT_BYTES`` are formatted a game at a time (``convert.convert_stream``), each
    game as large as ``convert`` allows."""
    from ...basics.limits import MAX_INPUT_BYTES
    from ...notation.source import decode
    from .text_convert import looks_like_json

    if looks_like_json(data):
        return _json(data, MAX_INPUT_BYTES)
    if len(data) > MAX_INPUT_BYTES:
        import io

        from .text_convert import convert_stream

        out = io.StringIO()
        problems, _ = convert_stream(io.BytesIO(data), "text", out)
        return FormatResult(None, problems) if problems else FormatResult(out.getvalue())
    source = decode(data)
    if source.text is None:
        return FormatResult(None, source.diagnostics)
    return format_text(source.text)


def _json(data: bytes, whole: int) -> FormatResult:
    """A record JSON document as ``blocknot convert`` writes record JSON: whole, or a game
    at a time beyond ``whole`` bytes."""
    import io

    if len(data) > whole:
        from .json_convert import convert_json_stream

        out = io.StringIO()
        problems, _ = convert_json_stream(io.BytesIO(data), "json", out)
        return FormatResult(None, problems) if problems else FormatResult(out.getvalue())
    from .json_convert import convert_json

    text, problems = convert_json(data, "json")
    return FormatResult(text, problems)
