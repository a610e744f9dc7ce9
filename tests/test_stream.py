"""Reading a file a game at a time gives what reading it whole gives."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocknotation import records as r
from blocknotation.diagnostics import Diagnostic
from blocknotation.parse import parse_bytes
from blocknotation.simulate import generate
from blocknotation.stream import Chunk, game_chunks, read_lines

from strategies import record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.txt"))


def chunked(data: bytes) -> tuple[r.RecordFile, tuple[Diagnostic, ...]]:
    games: list[r.Game] = []
    comments: tuple[str, ...] = ()
    problems: list[Diagnostic] = []
    for chunk in game_chunks(read_lines(io.BytesIO(data))):
        if isinstance(chunk, Diagnostic):
            problems.append(chunk)
            continue
        result = chunk.parse()
        games += result.records.games
        comments = result.records.comments
        problems += result.diagnostics
    return r.RecordFile(games=tuple(games), comments=comments), tuple(problems)


def assert_same(data: bytes) -> None:
    whole = parse_bytes(data)
    records, problems = chunked(data)
    if any(d.code == "S003" for d in whole.diagnostics):
        # Whole-file decoding refuses the file; streaming stops at the bad line.
        assert [d for d in problems if d.code == "S003"] == list(whole.diagnostics)
        return
    assert problems == whole.diagnostics
    assert records == whole.records


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples(sample: Path) -> None:
    assert_same(sample.read_bytes())


def test_many_games_with_comments_between() -> None:
    games = list(generate(seed=3, games=12, partial=True, claims=True))
    text = "# leading\n" + "\n# between games\n\n".join(games) + "# trailing\n"
    assert_same(text.encode())
    chunks = [c for c in game_chunks(read_lines(io.BytesIO(text.encode())))]
    assert len(chunks) == 12
    assert all(isinstance(c, Chunk) for c in chunks)


@given(record_texts(), st.sampled_from([b"\n", b"\r\n"]), st.booleans())
def test_generated_records(text: str, ending: bytes, bom: bool) -> None:
    data = text.replace("\r\n", "\n").encode().replace(b"\n", ending)
    assert_same((b"\xef\xbb\xbf" if bom else b"") + data)


@pytest.mark.parametrize(
    "data",
    [
        b"", b"\n\n", b"\xef\xbb\xbf", b"hand 1\nAda: 1-2 \xff\n", b"\xff\xfeh\x00",
        b"hand 1\n\x00\n", b"[Players \"A B\"]\nhand 1\n[Broken\nhand 2\n[Players \"C D\"]\n",
        b"[P \"x\"]\nhand 1 x\n[Q \"y\"]\nhand 1\n", b"a\r\r\nhand 1\r", b"hand 1\r\n[T \"v\"]",
        b"\xef\xbb\xbfAda \xff\n", b"\xef\xbb\xbf\xef\xbb\xbfhand 1\n",
    ],
)
def test_awkward_files(data: bytes) -> None:
    assert_same(data)
