"""Whatever the input, parse, convert and validate answer without raising, in linear work.

Inputs come from the grammar itself (hypothesis's lark support), from well-formed records with
hostile edits, and from arbitrary text and bytes.  Each goes through ``check`` of the fuzz
target (fuzz/fuzz_blocknot.py), which states what every answer must satisfy: no exception,
positions from 1, known codes, text reports free of raw control characters, and whatever
``convert`` writes read back by ``convert``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType, ModuleType

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from blocknotation.notation.grammar import grammar_text

from strategies import examples, record_texts

ROOT = Path(__file__).resolve().parent.parent


def _fuzz_target() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_blocknot", ROOT / "fuzz/fuzz_blocknot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz_target()
check: Callable[[bytes], None] = FUZZ.check

# --- inputs ----------------------------------------------------------------------------------

#: The grammar without its transformer; from_lark walks its rules.  from_lark builds a
#: regular-expression strategy for every terminal, even one given its own strategy below:
#: NAME's class of every letter and mark of Unicode took it two seconds, for a strategy
#: never drawn from (names come from ``_names``), so NAME's pattern is narrowed to ASCII here.
GRAMMAR = lark.Lark(
    re.sub(r"^NAME: .*$", r"NAME: /[A-Za-z][A-Za-z0-9_'\-]*/", grammar_text(), flags=re.M),
    parser="lalr", start="file",
)


def _padded(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    # from_lark joins tokens with nothing between them; a space keeps `deal` and `Ada` apart
    return strategy.map(lambda token: f" {token} ")


_names = st.sampled_from(["Ada", "Bea", "Cy", "Nicolò", "D'Amico", "Łukasz", "hand", "L"])
_pip = st.one_of(st.integers(0, 6), st.integers(0, 99)).map(str)
_tiles = st.one_of(
    st.builds("{}-{}".format, _pip, _pip),
    st.builds("[{}|{}]".format, _pip, _pip),
)
#: Strategies for the grammar's regular-expression terminals: mostly sensible values, some
#: near the edges (keywords as names, pips and numbers too large), so that many generated
#: records parse and reach the engine.
GRAMMAR_TOKENS: dict[str, st.SearchStrategy[str]] = {
    "NAME": _padded(_names),
    "TILE": _padded(_tiles),
    "INT": _padded(st.one_of(st.integers(0, 130).map(str), st.just("1234567890"))),
    "TAG_KEY": st.sampled_from(["Players", "Target", "Event", "Date"]),
    "STRING": st.sampled_from(['"Ada Bea"', '"Ada, Bea, Cy"', '"61"', '""', '"A\\"B"',
                               '"Ada Ada"', '"Ada Bea Cy Di Ed"', '"x"']),
    "COMMENT": st.text(
        st.characters(blacklist_categories=["Cs"], blacklist_characters="\n\r"), max_size=10
    ).map("#{}".format),
    "WS": st.sampled_from([" ", "\t", "  "]),
}
for _keyword in ("HAND", "OPENER", "DEAL", "SHOW", "DOMINO", "POINTS", "SCORE"):
    GRAMMAR_TOKENS[_keyword] = st.just(_keyword.lower() + " ")

grammar_strings = from_lark(GRAMMAR, explicit=GRAMMAR_TOKENS)

#: Characters that matter to the notation, and characters that break naive readers.
_ALPHABET = st.sampled_from(
    list("hand opener deal pass show domino blocked points score none LR:-[|]\"#,\\ \t\n")
    + list("0123456789") + ["Ada", "Bea", "\r", "\x00", "\x1b", "\u202e", "\u200b",
                            "\ufeff", "٣", "１", "ò", "\u2028", "{", "}", "\U0001f600"]
)
notation_soup = st.lists(_ALPHABET, max_size=120).map("".join)


@st.composite
def damaged_records(draw: st.DrawFn) -> bytes:
    """A well-formed record with a few bytes inserted, deleted or replaced."""
    data = bytearray(draw(record_texts()).encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.sampled_from(
            [b"\x00", b"\xff", b"\r", b"\n", b"\xc3", b"7", b"99999999999", b"#", b"[", b'"',
             b":", b"-", b"pass", b"hand 0\n", b'[Players "Ada"]\n', b"\x1b[2J", b""]
        ))
        del data[at : at + draw(st.integers(0, 3))]
        data[at:at] = piece
    return bytes(data)


# --- never raises ------------------------------------------------------------------------------

_QUICK = settings(max_examples=examples(60), deadline=None,
                  suppress_health_check=[HealthCheck.too_slow])


@_QUICK
@given(grammar_strings)
def test_grammar_strings_never_raise(text: str) -> None:
    check(text.encode("utf-8", errors="surrogatepass"))


@_QUICK
@given(damaged_records())
def test_damaged_records_never_raise(data: bytes) -> None:
    check(data)


@_QUICK
@given(notation_soup)
def test_arbitrary_text_never_raises(text: str) -> None:
    check(text.encode("utf-8", errors="surrogatepass"))


@_QUICK
@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    check(data)


def test_check_can_fail() -> None:
    """The property above is not vacuous: ``check`` does raise on a broken promise."""
    with pytest.raises(FUZZ.Finding):
        FUZZ._check_printable("a\x1b[2Jb", "here")


# The fuzz target's deterministic run (``python fuzz/fuzz_blocknot.py --smoke``: 5,000 inputs
# from seed 0, of which a run here would be the first few) is run by .ci/run, where
# tests/test_readme_examples.py checks that it is written verbatim; it is not repeated here.


# --- linear work -----------------------------------------------------------------------------
# Each family of inputs (benchmarks/linear_time.py, which also times them) is built at two
# sizes, FACTOR times apart, and the calls made while working on each are counted (Python
# functions and built-ins alike, through ``sys.setprofile``): no clock, so no noise.  Linear
# work makes about FACTOR times the calls on the larger input (exactly 4.0 ± 0.05 today); a
# loop over what was read so far makes about FACTOR squared.  The bound leaves 10 % for what
# grows like n log n.

FACTOR = 4


def _linear_time() -> ModuleType:
    path = ROOT / "benchmarks" / "linear_time.py"
    spec = importlib.util.spec_from_file_location("linear_time", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LINEAR = _linear_time()


def _calls(work: Callable[[bytes], object], data: bytes) -> int:
    """The calls of functions, Python's or built in, made by ``work(data)``."""
    calls = 0

    def count(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        work(data)
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("family", list(LINEAR.FAMILIES))
def test_work_grows_linearly(family: str) -> None:
    build, work, n = LINEAR.FAMILIES[family]
    small, large = build(n), build(FACTOR * n)
    work(small)  # warm up: parser tables, imports, caches
    ratio = _calls(work, large) / _calls(work, small)
    assert ratio < 1.1 * FACTOR, f"{family}: {FACTOR}x the input made {ratio:.1f}x the calls"


def test_counting_calls_catches_quadratic_work() -> None:
    """The check above can fail: work that rereads what it read so far is caught."""

    def rereading(data: bytes) -> None:
        for end in range(0, len(data), 16):
            sum(1 for _ in data[:end].splitlines())

    game = LINEAR._GAME.encode()
    ratio = _calls(rereading, game * 4 * FACTOR) / _calls(rereading, game * 4)
    assert ratio > 1.1 * FACTOR
