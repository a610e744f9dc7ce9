"""Round-trip properties over generated records: canonical form and JSON lose nothing."""

from __future__ import annotations

from hypothesis import given

from blocknotation.formats.records.canonical import to_text
from blocknotation.formats.records.record_json import from_json, to_json
from blocknotation.notation.parsing import parse_text

from strategies import record_texts


@given(record_texts())
def test_generated_records_parse_cleanly(text: str) -> None:
    result = parse_text(text.replace("\r\n", "\n"))
    assert result.diagnostics == ()


@given(record_texts())
def test_canonical_form_is_idempotent(text: str) -> None:
    canonical = to_text(parse_text(text.replace("\r\n", "\n")).records)
    again = parse_text(canonical)
    assert again.diagnostics == ()
    assert to_text(again.records) == canonical


@given(record_texts())
def test_text_to_json_to_text_is_the_canonical_form(text: str) -> None:
    record = parse_text(text.replace("\r\n", "\n")).records
    back, problems = from_json(to_json(record))
    assert problems == ()
    assert back == record
    assert back is not None and to_text(back) == to_text(record)


@given(record_texts())
def test_nothing_written_is_lost(text: str) -> None:
    """Every comment and every statement of the input reaches the canonical text."""
    source = text.replace("\r\n", "\n")
    record = parse_text(source).records
    canonical = to_text(record)
    written = [line for line in source.split("\n") if line.strip()]
    assert len([line for line in canonical.splitlines() if line]) == len(written)
