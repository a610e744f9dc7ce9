"""Records that the parser builds without validating them (``records.trusted``) equal the
records pydantic builds from the same values with full validation.

The parser checks every token as it reads it, so it skips pydantic's validation; if it ever
built a record that validation would build differently (a default left out, a field of the
wrong type), the record would no longer equal its validated copy, nor give the same JSON.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from blocknotation.basics.example_records import example_bytes, example_names
from blocknotation.notation.parsing import parse_text
from blocknotation.notation.records import RecordFile
from blocknotation.simulator.writer import generate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = {
    **{p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "samples").glob("*.block"))},
    "annotated-faults.txt": (ROOT / "tests" / "data" / "annotated-faults.txt").read_text(
        encoding="utf-8"),
    **{name: example_bytes(name).decode("utf-8") for name in example_names()
       if name.endswith(".txt")},
    "generated-partial": "\n".join(generate(seed=7, games=3, partial=True)),
    "generated-claims": "\n".join(generate(seed=8, games=3, claims=True)),
}


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_trusted_records_equal_validated_ones(name: str) -> None:
    built = parse_text(RECORDS[name]).records
    validated = RecordFile.model_validate(built.model_dump())
    assert validated == built
    assert validated.model_dump_json() == built.model_dump_json()
    assert built.games

