"""A large record JSON converts a game at a time with the result of reading it whole."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

from blocknotation.formats.records import json_buffer, json_stream
from blocknotation.formats.records.convert import convert_bytes, convert_json_stream
from blocknotation.simulator.writer import generate

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))


def streamed(document: bytes, target: str) -> tuple[str, tuple[str, ...]]:
    out = io.StringIO()
    problems, _ = convert_json_stream(io.BytesIO(document), target, out)
    return out.getvalue(), tuple(d.code for d in problems)


@pytest.fixture(params=[5, 97, 1 << 20], ids=lambda n: f"block{n}")
def block(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(json_stream, "_BLOCK", request.param)
    return int(request.param)


@functools.cache
def as_json(text: str) -> bytes:
    """The record JSON of ``text``, converted once for every block size."""
    document, problems = convert_bytes(text.encode(), "json")
    assert problems == () and document is not None
    return document.encode()


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples_convert_as_whole(sample: Path, block: int) -> None:
    document = as_json(sample.read_text("utf-8"))
    for target in ("text", "json"):
        whole, _ = convert_bytes(document, target)
        assert streamed(document, target) == (whole, ())


def test_many_games(block: int) -> None:
    text = "\n".join(generate(seed=4, games=15, partial=True, claims=True)) + "# the end\n"
    document = as_json(text)
    assert streamed(document, "text") == (text, ())
    # Any layout: the same document written compactly on one line.
    compact = json.dumps(json.loads(document)).encode()
    assert streamed(compact, "text") == (text, ())


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"side": "L"', '"side": "L", "extra": 1'),
        ('"side": "L"', '"side": "L", "side": "R"'),
        ('"tile": [4, 1]', '"tile": [4, 7]'),
        ('"number": 1', '"number": true'),
        ('"number": 1', '"number": 12345678901'),
        ('"version": 1', '"version": 2'),
        ('"version": 1', '"version": 1, "version": 1'),
        ('"player": "Ada"', '"player": "hand"'),
        ("\n}\n", "\n} x\n"),
        ("\n}\n", "\n"),
        ('"games": [', '"games": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],'),
    ],
)
def test_refusals_agree_with_reading_whole(old: str, new: str, block: int) -> None:
    document = as_json('[Players "Ada Bea"]\n\nhand 1\nAda: 4-1\nBea: 1-1 L\n# end\n').decode()
    assert old in document
    bad = document.replace(old, new, 1).encode()
    whole, problems = convert_bytes(bad, "text")
    assert whole is None and problems
    _, codes = streamed(bad, "text")
    assert codes == tuple(p.code for p in problems)


class CountingDecoder:
    """The reader's decoder, adding up the characters each ``raw_decode`` goes over."""

    def __init__(self) -> None:
        self.decoder = json_buffer._DECODER
        self.scanned = 0

    def raw_decode(self, text: str, at: int) -> tuple[object, int]:
        try:
            value, end = self.decoder.raw_decode(text, at)
        except json.JSONDecodeError as error:
            self.scanned += error.pos - at
            raise
        self.scanned += end - at
        return value, end


def test_decoding_work_is_linear(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """However small the blocks, the reader goes over each character a few times at most:
    a value cut off by a block's end is decoded again only once the buffer has doubled.
    (Decoding again after every block, as the reader once did, went over 546 million
    characters of this 118 kB document with 5-byte blocks.)"""
    text = "\n".join(generate(seed=4, games=4, partial=True, claims=True)) + "# the end\n"
    document = as_json(text)
    counting = CountingDecoder()
    monkeypatch.setattr(json_buffer, "_DECODER", counting)
    assert streamed(document, "text") == (text, ())
    assert len(document) // 2 < counting.scanned <= 3 * len(document)
