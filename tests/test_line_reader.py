"""The line reader gives exactly what the Lark parse gives: records and diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from blocknotation.notation.parsing import parse_text
from blocknotation.simulator.writer import generate

from lark_reference import parse_with_lark
from strategies import mutated, record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))


def assert_same(text: str) -> None:
    quick, reference = parse_text(text), parse_with_lark(text)
    assert quick.diagnostics == reference.diagnostics
    assert quick.records == reference.records
    assert quick.bad_lines == reference.bad_lines


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples(sample: Path) -> None:
    assert_same(sample.read_text(encoding="utf-8"))


def test_generated_games() -> None:
    for text in generate(seed=11, games=30, partial=True, claims=True):
        assert_same(text)


@given(record_texts())
def test_well_formed_records(text: str) -> None:
    assert_same(text.replace("\r\n", "\n"))


@given(mutated())
def test_broken_records(text: str) -> None:
    assert_same(text)


@pytest.mark.parametrize(
    "line",
    [
        "pass: 3-5", "hand: 3-5", "none: pass", "L: 1-2", "Ada:3-5L", "Ada: [3|5]R",
        "deal Ada: 1-2 3-4 # c", "deal Ada:1-2", "score Ada 1 ,Bea 2", "points none # x",
        "points Ada 0001", "hand 0", "[ Event\"x\" ] #c", '[Event "a\\\\"]', "Ada: 3-5 left",
        "show Ada:-", "opener none", "domino pass", "Ada: 3-5 # a\rb", "Ada\t:\tpass",
        "blocked # done", "blockedx", "hand 1234567890", "Ada: 1-23", "\x0bAda: 1-2",
        # canonical moves, read by look-ups, and lines that look like them
        "Ada: 1-2 L", "Ada: 1-2 R", "Ada: 1-2", "Ada: pass", "Ada: 1-2 L ", "Ada: 1-2  R",
        "Ada: 7-2", "Ada: 1-2 l", "Ada: pass ", "Ada:  pass", "L: pass", "pass: pass",
        "Zoë: 1-2", "Zoë: 1-2 R", "Ada1: 6-6", "Ada-: 0-0", "٣: 1-2", "\ufeffAda: 1-2",
        "Ada: 1-2 L # c", "Ada: 1-2 R\r", "Ada\u0300: 3-3",
        "points Ada 0", "points Ada 007", "score Ada 1, Bea 2", "hand 02", "hand +1",
        "points Ada ٣", "opener 3x", "score none 1", "points none 3", "deal pass: 1-2",
    ],
)
def test_awkward_lines(line: str) -> None:
    assert_same(f'[Players "Ada Bea"]\nhand 1\n{line}\nAda: 1-2\n')
