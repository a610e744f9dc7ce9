"""Whatever the input, parse, convert and validate answer without raising, in linear time.

Inputs come from the grammar itself (hypothesis's lark support), from well-formed records with
hostile edits, and from arbitrary text and bytes.  Each goes through ``check`` of the fuzz
target (fuzz/fuzz_blocknot.py), which states what every answer must satisfy: no exception,
positions from 1, known codes, text reports free of raw control characters, and whatever
``convert`` writes read back by ``convert``.
"""

from __future__ import annotations

import gc
import importlib.util
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from blocknotation.convert import convert_bytes
from blocknotation.grammar import grammar_text
from blocknotation.parsing import parse_bytes
from blocknotation.pipeline import validate_bytes

from strategies import record_texts

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

#: The grammar without its transformer; from_lark walks its rules.
GRAMMAR = lark.Lark(grammar_text(), parser="lalr", start="file")


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

_QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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


def test_fuzz_smoke() -> None:
    """A short deterministic run of the fuzz target's mutator (the full one: --smoke)."""
    failures = FUZZ.run(count=1500, seed=0)
    assert [reason for _, reason in failures] == []


# --- linear time -----------------------------------------------------------------------------
# Each family of inputs is built at two sizes, eight times apart.  Linear work takes about 8
# times as long on the larger; quadratic work would take 64 times.  The bound, 20, leaves room
# for noise on a loaded machine and still catches anything worse than n log n.

_GAME = '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-3 R\nAda: 3-3 R\n'


def _games(n: int) -> bytes:
    return (_GAME * n).encode()


def _long_hand(n: int) -> bytes:
    moves = "".join("Ada: pass\n" if i % 2 else "Bea: pass\n" for i in range(n))
    return ('[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\n' + moves).encode()


def _many_hands(n: int) -> bytes:
    hands = "".join(f"\nhand {k}\nAda: 1-2\nBea: 2-2 R\n" for k in range(1, n + 1))
    return ('[Players "Ada Bea"]\n' + hands).encode()


def _syntax_errors(n: int) -> bytes:
    return ('[Players "Ada Bea"]\n\nhand 1\n' + "Ada 1-2 } \x1b\n" * n).encode()


def _comments(n: int) -> bytes:
    return ('[Players "Ada Bea"]\n' + "# a remark\n" * n + "\nhand 1\nAda: 1-2 # ok\n").encode()


def _json(n: int) -> bytes:
    text, problems = convert_bytes(_long_hand(n), "json")
    assert text is not None, problems
    return text.encode()


FAMILIES: dict[str, tuple[Callable[[int], bytes], Callable[[bytes], object], int]] = {
    "validate many games": (_games, lambda d: validate_bytes(d, "x"), 150),
    "validate a long hand": (_long_hand, lambda d: validate_bytes(d, "x"), 1000),
    "validate many hands": (_many_hands, lambda d: validate_bytes(d, "x"), 300),
    "parse syntax errors": (_syntax_errors, parse_bytes, 300),
    "parse comments": (_comments, parse_bytes, 2000),
    "convert text to JSON": (_long_hand, lambda d: convert_bytes(d, "json"), 800),
    "convert JSON to text": (_json, lambda d: convert_bytes(d, "text"), 800),
}


def _seconds(work: Callable[[bytes], object], data: bytes) -> float:
    best = float("inf")
    gc.collect()
    for _ in range(3):
        started = time.perf_counter()
        work(data)
        best = min(best, time.perf_counter() - started)
    return best


@pytest.mark.parametrize("family", FAMILIES)
def test_time_grows_linearly(family: str) -> None:
    build, work, n = FAMILIES[family]
    small, large = build(n), build(8 * n)
    work(small)  # warm up: parser tables, imports
    ratio = _seconds(work, large) / _seconds(work, small)
    assert ratio < 20, f"{family}: 8x the input took {ratio:.1f}x the time"
