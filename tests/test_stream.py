"""Reading a file a game at a time gives what reading it whole gives."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.notation import records as r
from blocknotation.notation import stream
from blocknotation.notation.parsing import parse_bytes
from blocknotation.notation.source import read_lines
from blocknotation.notation.stream import Chunk, chunks_of
from blocknotation.notation.unreadable import first_problem
from blocknotation.simulator.writer import generate

from reference_cutting import Pipe, game_chunks
from strategies import examples, record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))


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
        # Whole-file decoding refuses the file; a stream read line by line gives the games
        # before the bad byte's, then the same S003 (a NUL byte beyond the first line is
        # told as a binary file's by both).
        assert [d for d in problems if d.code == "S003"][-1:] == list(whole.diagnostics)
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


@settings(max_examples=examples(20, whole=60))
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


# --- a block at a time: ``chunks_of`` gives the chunks of ``game_chunks(read_lines(…))`` ----


@contextmanager
def blocks_of(size: int, long_line: int) -> Iterator[None]:
    """Read ``size`` bytes at a time, and leave lines longer than ``long_line`` to read_lines."""
    saved = stream.BLOCK_BYTES, stream._LONG_LINE_BYTES
    stream.BLOCK_BYTES, stream._LONG_LINE_BYTES = size, long_line
    try:
        yield
    finally:
        stream.BLOCK_BYTES, stream._LONG_LINE_BYTES = saved


def assert_same_chunks(data: bytes) -> None:
    reference = list(game_chunks(read_lines(io.BytesIO(data))))
    assert list(chunks_of(io.BytesIO(data).readlines())) == reference  # not readable: by lines
    # A file that can be read twice is looked through first: a bad byte leaves it unread.
    problem = first_problem(io.BytesIO(data))
    whole = reference if problem is None else [problem]
    for size, long_line in [(stream.BLOCK_BYTES, stream._LONG_LINE_BYTES), (1, 4), (7, 16),
                            (64, 1 << 20)]:
        with blocks_of(size, long_line):
            assert list(chunks_of(io.BytesIO(data))) == whole, (size, long_line)
            if problem is None:  # a pipe is read as it comes, as the definition reads it
                assert list(chunks_of(Pipe(data))) == reference, (size, long_line)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples_a_block_at_a_time(sample: Path) -> None:
    assert_same_chunks(sample.read_bytes())


def test_many_games_a_block_at_a_time() -> None:
    games = list(generate(seed=4, games=30, partial=True, claims=True))
    text = "# leading\n" + "\n  # between games\n\n".join(games) + "# trailing"
    assert_same_chunks(text.encode())
    assert_same_chunks(text.encode().replace(b"\n", b"\r\n"))


@given(record_texts(), st.sampled_from([b"\n", b"\r\n", b"\r"]), st.booleans(),
       st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
           [b"\xff", b"\x00", b"\r", b"\xc3", b"\xef\xbb\xbf", b"\n[T \"v\"]\n", b"\nhand 9\n"]
       )), max_size=2))
def test_records_a_block_at_a_time(
    text: str, ending: bytes, bom: bool, insertions: list[tuple[int, bytes]]
) -> None:
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode().replace(b"\n", ending)
    for at, piece in insertions:
        at %= len(data) + 1
        data = data[:at] + piece + data[at:]
    assert_same_chunks(data)


@pytest.mark.parametrize(
    "data",
    [
        b"", b"\n", b"\n\n", b"\r", b"\r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\n", b"x", b"x\r",
        b"hand 1\nAda: 1-2 \xff\n", b"\xff\xfeh\x00", b"hand 1\n\x00\n", b"a\r\r\nhand 1\r",
        b"[P \"x\"]\nhand 1\n\n# c\n \t\n[Q \"y\"]\nhand 1\n# end", b"hand 1\r\n[T \"v\"]",
        b"[A \"1\"]\nhand 1\n[B \"2\"]\n[C \"3\"]\nhand 1\nhand 2\n[D \"4\"]\n",
        b"  [A \"1\"]\n  hand 1\n\t[B \"2\"]\nhandy: 1-2\n[C \"3\"]",
        b"x" * 100 + b"\n" + b"y" * 100, b"hand 1\n" + b"#" * 100 + b"\xff",
    ],
)
def test_awkward_files_a_block_at_a_time(data: bytes) -> None:
    assert_same_chunks(data)


@pytest.mark.parametrize("limit", [40, 300, 2000])
def test_a_game_too_large_to_hold_ends_the_stream(limit: int) -> None:
    games = list(generate(seed=6, games=6, partial=True, claims=True))
    data = "\n# between\n\n".join(games).encode() + b"\n\xff"
    saved = stream.MAX_INPUT_BYTES
    stream.MAX_INPUT_BYTES = limit
    try:
        reference = list(game_chunks(read_lines(io.BytesIO(data))))
        assert isinstance(reference[-1], Diagnostic) and reference[-1].code == "S001"
        # A stream is read as it comes: the game too large ends it before the bad byte; a
        # file that can be read twice is looked through first, and is not UTF-8.
        (problem,) = chunks_of(io.BytesIO(data))
        assert (problem.code, problem.line) == ("S003", data.count(b"\n") + 1)
        for size, long_line in [(stream.BLOCK_BYTES, 1 << 20), (5, 1 << 20), (97, 30)]:
            with blocks_of(size, long_line):
                assert list(chunks_of(Pipe(data))) == reference, (size, long_line)
    finally:
        stream.MAX_INPUT_BYTES = saved
