"""Converting a text record a game at a time (``convert_stream``, for files too large to hold
whole) gives what converting it whole (``convert_bytes``) gives."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given

from blocknotation.formats.records.convert import convert_bytes, convert_stream
from blocknotation.simulator.writer import generate

from strategies import record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))


def assert_same(data: bytes) -> None:
    for target in ("json", "text"):
        whole, problems = convert_bytes(data, target)
        out = io.StringIO()
        found, _context = convert_stream(io.BytesIO(data), target, out)
        assert found == problems
        if whole is not None:
            assert out.getvalue() == whole


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples(sample: Path) -> None:
    assert_same(sample.read_bytes())


def test_many_games_with_comments() -> None:
    games = list(generate(seed=8, games=10, partial=True, claims=True))
    text = "# first\n" + "\n# between\n\n".join(games) + "\n# last\n#\n"
    assert_same(text.encode())


@given(record_texts())
def test_written_records(text: str) -> None:
    assert_same(text.replace("\r\n", "\n").encode())


@pytest.mark.parametrize("data", [b"", b"\n", b"# only\n", b'[A "\x1b"]\nhand 1\n# \xe2\x80\x8b\n',
                                  b"hand 1\nAda: 1-9\n", b"[A \"1\"]\nhand 1\n\xff\n"])
def test_awkward_records(data: bytes) -> None:
    assert_same(data)
