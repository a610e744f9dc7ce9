"""The bound that spares ``convert`` the exact checks (``text_bounds``): canonical text writes
no line more than twice as long as its source line, no game more than twice its source; and
whatever the bound passes, the exact checks pass."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.basics.limits import MAX_GAME_TEXT
from blocknotation.formats.records import text_bounds, writable
from blocknotation.formats.records.canonical import hand_header, statement_text
from blocknotation.formats.records.convert import record_problems
from blocknotation.formats.records.text_bounds import surely_writable
from blocknotation.formats.records.writable import game_size
from blocknotation.notation import records as r
from blocknotation.notation.parsing import parse_text, read_text

from strategies import examples, mutated, record_texts


def _line(owner: object, text: str) -> int:
    comment = getattr(owner, "comment", None)
    return len(text) + (0 if comment is None else len(comment) + 2)


def assert_bounded(text: str) -> None:
    parsed = parse_text(text)
    if parsed.diagnostics:
        return
    lines = text.replace("\r\n", "\n").removeprefix("\ufeff").split("\n")
    start = 0  # the first source line (0-based) of the next game
    for index, game in enumerate(parsed.records.games):
        items = [*game.tags, *game.hands, *(s for h in game.hands for s in h.statements)]
        for item in items:
            written = hand_header(item) if isinstance(item, r.Hand) else statement_text(item)
            assert _line(item, written) <= 2 * len(lines[item.line - 1])
        last = len(lines) if index == len(parsed.records.games) - 1 else max(
            item.line for item in items)
        assert game_size(game) <= 2 * sum(len(line) + 1 for line in lines[start:last])
        start = last


@given(record_texts())
def test_canonical_text_is_at_most_twice_its_source(text: str) -> None:
    assert_bounded(text)


@given(mutated())
def test_canonical_text_of_broken_records_too(text: str) -> None:
    assert_bounded(text)


def _passed_means_writable(text: str) -> None:
    parsed = read_text(text)
    if parsed.diagnostics:
        return
    source = text.replace("\r\n", "\n").removeprefix("\ufeff")
    if surely_writable(parsed.records, source):
        assert record_problems(parse_text(text).records) == []


@settings(max_examples=examples(20, whole=60))
@given(st.lists(record_texts(), min_size=1, max_size=6), st.integers(40, 1000))
def test_what_the_bound_passes_the_exact_checks_pass(texts: list[str], limit: int) -> None:
    # Small limits, so that the bound and the checks both have work to do.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(writable, "MAX_GAME_TEXT", limit)
        patch.setattr(text_bounds, "MAX_GAME_TEXT", limit)
        _passed_means_writable("\n".join(texts))


def test_ordinary_records_pass_and_absurd_ones_are_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = '[Event "x"]\nhand 1\nAda: 1-2\n'
    assert surely_writable(read_text(game).records, game)
    long_line = f"hand 1\nAda: 1-2 #{'x' * 6000}\n"
    assert not surely_writable(read_text(long_line).records, long_line)
    # Games of at most 20,000 characters (a fiftieth of MAX_GAME_TEXT), for inputs of that
    # size rather than of megabytes: the bound scales with the limit.
    limit = MAX_GAME_TEXT // 50
    monkeypatch.setattr(text_bounds, "MAX_GAME_TEXT", limit)
    many = game * (limit // len(game))
    # One game of many hands: it may be too large.
    big = game + "\n".join(f"hand {n}\nAda: 1-2" for n in range(2, 70_000 // 50)) + "\n"
    assert surely_writable(read_text(many).records, many)  # many small games: each is small
    assert not surely_writable(read_text(big).records, big)
