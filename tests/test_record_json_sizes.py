"""A game is bounded by what it holds, not by the size of its JSON: whatever ``convert``
writes, it reads back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.basics import limits
from blocknotation.basics.limits import MAX_INPUT_BYTES
from blocknotation.formats.records import text_bounds, writable
from blocknotation.formats.records.convert import convert_bytes, convert_json_stream, convert_stream
from blocknotation.notation import parsing, stream
from blocknotation.notation import source as reading_source

from inprocess import Done
from inprocess import run as run_bytes
from strategies import examples, record_texts


def long_game(hands: int) -> str:
    lines = ['[Players "Ada Bea"]']
    for number in range(1, hands + 1):
        lines += ["", f"# hand {number}, played under the pergola", f"hand {number}",
                  f"Ada: 1-2 # opening of hand {number}", "Bea: 2-3 R # a reply", "Ada: pass",
                  "Bea: pass"]
    return "\n".join(lines) + "\n"


def run(*args: str) -> Done:
    return run_bytes(*args)


def test_a_long_game_converts_to_json_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An input bound of an eighth of MAX_INPUT_BYTES (256 KiB), so that a game of 500 hands,
    # not 3,000, is past it as JSON: the command reads its bound from these modules.
    bound = MAX_INPUT_BYTES // 8
    for module in (limits, stream, reading_source, parsing):
        monkeypatch.setattr(module, "MAX_INPUT_BYTES", bound)
    text = long_game(500)
    assert 40_000 < len(text) < bound
    source, as_json, back = tmp_path / "long.txt", tmp_path / "long.json", tmp_path / "back.txt"
    source.write_text(text, encoding="utf-8")
    assert run("convert", str(source), "-o", str(as_json)).returncode == 0
    assert as_json.stat().st_size > bound  # one game of more JSON than the input bound
    done = run("convert", str(as_json), "-o", str(back))
    assert done.returncode == 0, done.stderr
    assert back.read_text(encoding="utf-8") == text
    again = run("convert", str(as_json), "--to", "json")
    assert again.returncode == 0 and again.stdout == as_json.read_bytes()


def limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """Games of at most 400 characters, read back a chunk of at most 800 at a time."""
    monkeypatch.setattr(writable, "MAX_GAME_TEXT", 400)
    monkeypatch.setattr(text_bounds, "MAX_GAME_TEXT", 400)  # the bound that spares the check
    monkeypatch.setattr(stream, "MAX_INPUT_BYTES", 800)
    return 400


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> int:
    return limit(monkeypatch)


def test_a_game_too_large_to_read_back_is_refused_at_its_line(small_limits: int) -> None:
    # Read at most 800 characters at a time, the game fits; written canonically it would not.
    game = "[Players 'Ada Bea']\nhand 1\n" + "Ada:1-2#\n" * 36
    text = '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\n' + game.replace("'", '"')
    assert len(game) < small_limits
    found, _ = convert_stream(io.BytesIO(text.encode()), "json", io.StringIO())
    ((problem),) = found
    assert (problem.code, problem.line, problem.column) == ("S001", 5, 1)
    assert problem.message.render() == (
        "this game takes 425 characters as text, more than the 400 of a game "
        "blocknot converts (a game of Block takes about 2000)")


def test_the_same_game_in_json_is_refused_where_it_starts(small_limits: int) -> None:
    written, _ = convert_bytes(long_game(2).encode() + b'\n[P "x"]\n' + b"hand 1\n", "json")
    assert written is not None
    bigger = written.replace('"x"', '"' + "y" * 500 + '"')
    found, _ = convert_json_stream(io.BytesIO(bigger.encode()), "text", io.StringIO())
    ((problem),) = found
    start = bigger.index('{\n      "tags": [\n        {"kind": "tag", "line": 17')
    assert (problem.line, problem.column) == (bigger.count("\n", 0, start) + 1, 5)
    assert problem.message.render().startswith(
        "$.games[1]: this game takes 516 characters as text, more than the 400")


@settings(max_examples=examples(15, whole=40), deadline=None)
@given(st.lists(record_texts(), min_size=1, max_size=8))
def test_whatever_convert_writes_it_reads_back(texts: list[str]) -> None:
    data = "\n".join(texts).replace("\r\n", "\n").encode()
    with pytest.MonkeyPatch.context() as monkeypatch:
        limit(monkeypatch)
        for target in ("text", "json"):
            _written_reads_back(data, target)


def _written_reads_back(data: bytes, target: str) -> None:
    """If ``convert`` writes ``data`` as ``target``, what it wrote converts again to itself."""
    out = io.StringIO()
    found, _ = convert_stream(io.BytesIO(data), target, out)
    if found:
        return
    written = out.getvalue().encode()
    read = convert_json_stream if target == "json" else convert_stream
    again = io.StringIO()
    problems, _ = read(io.BytesIO(written), target, again)
    assert problems == ()
    assert again.getvalue().encode() == written


def test_a_game_of_too_many_objects_is_refused_before_its_records_are_built(
    small_limits: int,
) -> None:
    hands = ",".join('{"number": 1, "line": 1, "column": 1}' for _ in range(101))
    document = ('{"games": [\n {"tags": [{"line": 1, "column": 1, "key": "P", "value": "x"}], '
                f'"hands": [{hands}]}}\n]}}')
    found, _ = convert_json_stream(io.BytesIO(document.encode()), "text", io.StringIO())
    ((problem),) = found
    assert (problem.line, problem.column) == (2, 2)
    assert problem.message.render() == (
        "$.games[0]: this game holds 102 tags, hands, statements and score entries; written as "
        "text it would take more than the 400 characters of a game blocknot converts")
