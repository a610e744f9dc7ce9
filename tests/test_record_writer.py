"""``convert`` of a text record writes its JSON from the plain form (``record_writer``,
``text_convert``), and records' JSON with the same writer: the bytes and the diagnostics are
those of the records' own dump and checks, kept in ``tests/reference_record_json.py``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_record_json import reference_convert, reference_convert_stream, reference_json

from blocknotation.formats.records import text_bounds, writable
from blocknotation.formats.records.convert import convert_bytes, convert_stream
from blocknotation.formats.records.record_json import from_json, to_json
from blocknotation.formats.records.record_writer import _STATEMENTS, document_json
from blocknotation.notation import records as r
from blocknotation.notation import stream
from blocknotation.notation.parsing import parse_bytes
from blocknotation.notation.reader import read_source
from blocknotation.notation.source import decode
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate, generate_games

from seeded_sample import files_sampled
from strategies import examples, mutated, record_texts

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*(ROOT / "samples").rglob("*.block"), *(ROOT / "tests" / "cases").glob("*/*")])


def assert_same(data: bytes) -> None:
    """Whole and a game at a time, to JSON (and to text): what ``convert`` wrote before."""
    for target in (None, "json", "text"):
        assert convert_bytes(data, target) == reference_convert(data, target)
        out, expected = io.StringIO(), io.StringIO()
        found = convert_stream(io.BytesIO(data), target, out)
        assert found == reference_convert_stream(io.BytesIO(data), target, expected)
        if not found[0]:
            assert out.getvalue() == expected.getvalue()
    parsed = parse_bytes(data)
    if not parsed.diagnostics:
        written = reference_json(parsed.records)
        assert to_json(parsed.records) == written
        assert document_json(read_source(decode(data)).records) == written


@pytest.mark.parametrize("path", files_sampled("record writer", FILES))
def test_samples_and_cases(path: Path) -> None:
    assert_same(path.read_bytes())


@pytest.mark.parametrize(("partial", "claims", "counts_only"), [
    (False, True, False), (True, True, False), (True, False, False), (False, False, True)])
def test_generated_records(partial: bool, claims: bool, counts_only: bool) -> None:
    # Six games: each kind has games of 2, 3 and 4 players.
    games = generate(seed=5, games=6, partial=partial, claims=claims, counts_only=counts_only)
    assert_same("\n".join(games).encode())


def test_generated_records_with_mistakes() -> None:
    # A mistake in every game: thirteen codes between the six (D202, E502-E507, P401,
    # P403-P406, T302).
    games = generate_games(seed=57, games=6, partial=True)
    assert_same("\n".join(add_mistakes(games, 1.0, seed=57)).encode())


@given(record_texts())
def test_written_records(text: str) -> None:
    assert_same(text.encode())


@given(mutated())
def test_broken_records(text: str) -> None:
    assert_same(text.encode())


@pytest.mark.parametrize("data", [
    b"", b"\n\n", b"# only a comment\n", b"\xef\xbb\xbf[A \"1\"]\r\nhand 1\r\nAda: 1-2\r\n",
    b"hand 1\nAda: 1-2 L # no tags\n#\n# closing\n",
    b'[Tag "a \\"quoted\\" \\\\ value"]\n[Empty ""]\nhand 01\n',
    # Characters a terminal acts on or hides, in comments and a tag value, and beyond the BMP.
    '[T "\x1b[31m\u200b\u2028\x7f"]\n# \x1b \u202e bidi\nhand 1 #\u00a0nbsp\n'
    'Zoë: 3-4 # 🀱\n'.encode(),
    b"[A \"1\"]\nhand 1\nAda: 1-9\n", b"[A \"1\"]\nhand 1\n\xff\n", b"hand 1\n\0\n",
    b"[A \"1\"]\nhand 1\nAda: 1-2\n[B \"2\"]\n# between\n\nhand 1\nBea: pass\n",
    b"score Ada 1,Bea 2\npoints none\nhand 1\nshow Cy:-\npoints Ada 007\n",
])
def test_awkward_records(data: bytes) -> None:
    assert_same(data)


@pytest.mark.parametrize("comment", [4991, 9990, 9991, 9992])
def test_lines_near_the_longest_line(comment: int) -> None:
    # Read with no space before the tile and the comment, written with them: a line of
    # 10,000 characters at most (9991 and 9992 are refused), which only the exact check says.
    line = f"Ada:1-2#{'x' * comment}"
    assert_same(f"hand 1\n{line}\n".encode())
    found = convert_bytes(f"hand 1\n{line}\n".encode(), "json")[1]
    assert [(d.code, d.line) for d in found] == ([("S001", 2)] if comment > 9990 else [])


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(record_texts(), min_size=1, max_size=6))
def test_games_near_the_largest_game(texts: list[str]) -> None:
    """With games of at most 400 characters (read a chunk of at most 800 at a time), many
    are too large, and only the exact check can say which."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(writable, "MAX_GAME_TEXT", 400)
        monkeypatch.setattr(text_bounds, "MAX_GAME_TEXT", 400)
        monkeypatch.setattr(stream, "MAX_INPUT_BYTES", 800)
        assert_same("\n".join(texts).encode())


def test_json_converted_again() -> None:
    for path in FILES:
        parsed = parse_bytes(path.read_bytes())
        if parsed.diagnostics:
            continue
        written = reference_json(parsed.records)
        assert convert_bytes(written.encode(), "json") == (written, ())


def test_records_only_json_can_hold() -> None:
    """Record shapes that only JSON holds (no tags, a hand without statements, a show of no
    tiles, null points) are written as their dump writes them."""
    document = json.dumps({"games": [{"hands": [
        {"number": 7, "line": 1, "column": 1, "comment": "\u0007"},
        {"number": 8, "line": 2, "column": 3, "comments": ["a", "b\\"], "statements": [
            {"kind": "show", "line": 3, "column": 1, "player": "Ada", "tiles": []},
            {"kind": "points", "line": 4, "column": 1, "player": None, "points": None},
            {"kind": "score", "line": 5, "column": 9, "entries": [
                {"player": "Ada", "total": 0}, {"player": "Bea", "total": 999999999}]},
            {"kind": "blocked", "line": 6, "column": 1, "comments": ["\u200f"]}]}]}],
        "comments": ["end \u2029"]})
    record, problems = from_json(document)
    assert problems == () and record is not None
    assert to_json(record) == reference_json(record)


def test_keys_in_the_order_of_the_records_fields() -> None:
    parsed = parse_bytes(b'[A "1"]\nhand 1\nopener Ada\ndeal Ada: 1-2\nAda: 1-2\nBea: pass\n'
                         b"show Bea: -\ndomino Ada\nblocked\npoints Ada 3\nscore Ada 3\n")
    game = parsed.records.games[0]
    written = json.loads(document_json(parsed.records))["games"][0]
    hand = written["hands"][0]
    statements = game.hands[0].statements
    pairs = [*zip(game.tags, written["tags"], strict=True),
             *zip(statements, hand["statements"], strict=True)]
    assert {item.kind for item, _ in pairs} == set(_STATEMENTS)  # every kind, once
    for item, shown in pairs:
        assert list(shown) == list(type(item).model_fields)
    assert list(hand) == list(r.Hand.model_fields)
