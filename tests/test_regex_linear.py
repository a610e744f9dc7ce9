"""Every regular expression of blocknot matches in time linear in the line: no repeated
alternation whose branches overlap (tests/regex_shapes.py), and long lines of letters of
other scripts read at once."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import signal
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from lark import Lark

import blocknotation
from blocknotation.basics.names import NAME_REGEX
from blocknotation.formats.records.highlight import BlockLexer
from blocknotation.notation import line_reader
from blocknotation.notation.grammar import grammar_text
from blocknotation.pipeline import validate_bytes

from regex_shapes import overlapping_branches

PACKAGE = Path(blocknotation.__file__).resolve().parent
_CALLS = {"compile", "match", "fullmatch", "search", "findall", "finditer", "sub", "split"}


def _module_patterns() -> Iterator[tuple[str, str | bytes, int]]:
    """The compiled patterns every module of the package holds at its top level."""
    for info in pkgutil.walk_packages(blocknotation.__path__, "blocknotation."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                yield f"{info.name}.{name}", value.pattern, value.flags


def _literal_patterns() -> Iterator[tuple[str, str | bytes, int]]:
    """The patterns written as literals in calls of ``re`` (``re.search(r"…", text)``)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.func.attr in _CALLS and node.args
                    and isinstance(node.args[0], ast.Constant)):
                yield f"{path.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value, 0


def _other_patterns() -> Iterator[tuple[str, str | bytes, int]]:
    """The patterns kept as text: the line reader's, the name's, the grammar's terminals and
    the syntax highlighter's."""
    yield "line_reader._STATEMENT", line_reader._STATEMENT, re.VERBOSE
    yield "line_reader._SCORE_ITEM", line_reader._SCORE_ITEM, 0
    yield "line_reader._NAME", line_reader._NAME, 0
    yield "names.NAME_REGEX", NAME_REGEX, 0
    lark = Lark(grammar_text(), parser="lalr", lexer="contextual", start="file")
    for terminal in lark.terminals:
        yield f"block.lark {terminal.name}", terminal.pattern.to_regexp(), 0
    for state, rules in BlockLexer.tokens.items():
        for rule in rules:
            if isinstance(rule, tuple) and isinstance(rule[0], str):
                yield f"BlockLexer {state} {rule[0][:30]}", rule[0], 0


@cache
def _every_pattern() -> list[tuple[str, str | bytes, int]]:
    """Every pattern, found when a test asks (importing every module and parsing it costs a
    second, which collecting the tests in each worker process would pay)."""
    return [*_module_patterns(), *_literal_patterns(), *_other_patterns()]


def test_patterns_are_found() -> None:
    """The search above reaches the modules, the literals and the kept texts."""
    patterns = _every_pattern()
    names = {name for name, _, _ in patterns}
    assert "blocknotation.notation.line_reader._TAG" in names
    assert "line_reader._STATEMENT" in names
    assert any(name.startswith("block.lark NAME") for name in names)
    assert any(name.startswith("cli/usage_words.py:") for name in names)
    assert len(patterns) > 60


def test_no_repeated_overlapping_alternation() -> None:
    """Each pattern found, by its name: none has a repeated alternation of overlapping
    branches."""
    found = [(name, overlapping_branches(pattern, flags))
             for name, pattern, flags in _every_pattern()]
    assert [(name, shapes) for name, shapes in found if shapes] == []


@pytest.mark.parametrize(
    "pattern",
    [r"(?:[A-Za-z]|[^\x00-\x7f\s])(?:[\w'\-]|[^\x00-\x7f\s])*", r"(?:\d\d|\d)*x",
     r"(a?|b?)+", r"(?:\d\d?)*x", r"(?:\d+\d)*x", r"(?:[^a]|b)*", r"(\w+\s?)*$"],
)
def test_the_shape_is_caught(pattern: str) -> None:
    """The check can fail: the line reader's former name, and the textbook cases."""
    assert overlapping_branches(pattern) != []


def _letters() -> str:
    return ("今日はとても楽しかったです次回もよろしくお願いします" * 200)[:5000]


LONG_LINES = {
    "letters of another script": _letters(),
    "a name and a score with no colon": ("Александра" * 500)[:4996] + " 4-1",
    "a name and a colon-less tile, Latin": "Ada" * 1664 + " 4-1",
    "a deal with a name of letters": "deal " + _letters() + " 1-2",
}


class _TooSlow(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooSlow


@pytest.mark.skipif(sys.platform == "win32", reason="SIGALRM")
@pytest.mark.parametrize("line", LONG_LINES.values(), ids=LONG_LINES.keys())
def test_a_long_line_is_read_at_once(line: str) -> None:
    """A 5,000-character line that is no statement: the reader gives it up at once (about a
    millisecond; before the line reader's name became one class of characters, a line of 30
    such letters took a minute).  The bound, 10 seconds, is generous for a loaded machine;
    ``benchmarks/linear_time.py`` prints the growth over line length."""
    data = f'[Players "Ada Bea"]\n\nhand 1\n{line}\n'.encode()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, 10.0)
    try:
        report = validate_bytes(data, "long.block")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert [(d.code, d.line) for d in report.diagnostics][:1] == [("S001", 4)]


def test_the_name_classes_are_the_former_alternations() -> None:
    """The name as one class of characters admits exactly what its two branches admitted:
    an ASCII letter or any character outside ASCII but a space, then also ASCII digits,
    ``_``, ``'`` and ``-``."""
    every = "".join(chr(i) for i in range(sys.maxunicode + 1) if not 0xD800 <= i <= 0xDFFF)
    start, goes_on = line_reader._NAME_START, line_reader._NAME_GOES_ON
    assert re.findall(start, every) == re.findall(r"[A-Za-z]|[^\x00-\x7f\s]", every)
    assert re.findall(goes_on, every) == re.findall(r"[\w'\-]|[^\x00-\x7f\s]", every)
