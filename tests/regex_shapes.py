"""Regular expressions whose failed match backtracks exponentially, found by their shape.

Python's ``re`` backtracks.  A repeated group holding an alternation whose branches can
begin with the same character (``(?:[A-Za-z]|[^\\x00-\\x7f])*`` on ``é``) gives each
character of a run two ways to be matched, so a match that fails at the end of the run tries
two to the power of its length ways first.  ``overlapping_branches`` finds that shape in a
pattern: under every repeat of unbounded (or large) count, each choice whose ways can begin
with a common character: two branches of an alternation, a part taken or skipped
(``(?:\\d\\d?)*``), an inner repeat gone on with or left (``(?:\\d+\\d)*``).  A choice
outside every repeat (``\\d*\\d``) costs at most a power of the length, and is left alone.
It errs on the safe side: ways that start alike but part after it are named too.

A character is tried from a sample: every ASCII character and a few of other scripts,
spaces, digits and marks, enough to tell the classes blocknot's patterns use apart.
"""

from __future__ import annotations

import re
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

#: Characters each class is tried on.
SAMPLE = tuple(chr(i) for i in range(128)) + tuple(
    "é今А\u00a0\u2003\u0300٣\u0661ßİ\u200b\u2028\U0001f600\x85\ufeff"
)
#: A repeat allowed at least this many times is a repeat here.
LARGE = 16

_CATEGORIES = {
    c.CATEGORY_DIGIT: r"\d", c.CATEGORY_NOT_DIGIT: r"\D", c.CATEGORY_SPACE: r"\s",
    c.CATEGORY_NOT_SPACE: r"\S", c.CATEGORY_WORD: r"\w", c.CATEGORY_NOT_WORD: r"\W",
    c.CATEGORY_UNI_DIGIT: r"\d", c.CATEGORY_UNI_NOT_DIGIT: r"\D", c.CATEGORY_UNI_SPACE: r"\s",
    c.CATEGORY_UNI_NOT_SPACE: r"\S", c.CATEGORY_UNI_WORD: r"\w",
    c.CATEGORY_UNI_NOT_WORD: r"\W", c.CATEGORY_LINEBREAK: r"\n",
    c.CATEGORY_UNI_LINEBREAK: r"\n",
}
_REPEATS = {c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT}
_ZERO_WIDTH = {c.AT, c.ASSERT, c.ASSERT_NOT}


def _in_set(items: list[tuple[Any, Any]], char: str) -> bool:
    negate, found = False, False
    for op, arg in items:
        if op is c.NEGATE:
            negate = True
        elif op in (c.LITERAL, c.LITERAL_IGNORE, c.LITERAL_UNI_IGNORE):
            found |= ord(char) == arg
        elif op in (c.RANGE, c.RANGE_UNI_IGNORE):
            found |= arg[0] <= ord(char) <= arg[1]
        elif op is c.CATEGORY:
            found |= re.fullmatch(_CATEGORIES[arg], char) is not None
        else:  # pragma: no cover - a set item this checker does not know
            raise ValueError(f"set item {op}")
    return found != negate


def _one(op: Any, arg: Any) -> set[str] | None:
    """The sample characters a one-character item matches; None for another item."""
    if op in (c.LITERAL, c.LITERAL_IGNORE, c.LITERAL_UNI_IGNORE):
        return {ch for ch in SAMPLE if ord(ch) == arg}
    if op is c.NOT_LITERAL:
        return {ch for ch in SAMPLE if ord(ch) != arg}
    if op is c.ANY:
        return set(SAMPLE)
    if op is c.IN:
        return {ch for ch in SAMPLE if _in_set(arg, ch)}
    return None


def first(items: Any) -> tuple[set[str], bool]:
    """The sample characters a match of the sequence ``items`` can begin with, and whether
    it can match nothing."""
    found: set[str] = set()
    for op, arg in items:
        head, empty = _first_of(op, arg)
        found |= head
        if not empty:
            return found, False
    return found, True


def _first_of(op: Any, arg: Any) -> tuple[set[str], bool]:
    single = _one(op, arg)
    if single is not None:
        return single, False
    if op is c.SUBPATTERN:
        return first(arg[3])
    if op is c.ATOMIC_GROUP:
        return first(arg)
    if op in _REPEATS:
        head, empty = first(arg[2])
        return head, empty or arg[0] == 0
    if op is c.BRANCH:
        heads = [first(branch) for branch in arg[1]]
        return set().union(*(h for h, _ in heads)), any(e for _, e in heads)
    if op in _ZERO_WIDTH:
        return set(), True
    if op is c.GROUPREF_EXISTS:
        _, yes, no = arg
        a, b = first(yes), first(no) if no is not None else (set(), True)
        return a[0] | b[0], a[1] or b[1]
    return set(SAMPLE), True  # a back reference: anything


def overlapping_branches(pattern: str | bytes, flags: int = 0) -> list[str]:
    """Each choice under a large repeat whose ways overlap: the characters two branches of an
    alternation can both begin with (a branch that can match nothing counts with what
    follows it), or both taking and skipping an optional part, or both going on and leaving
    an inner repeat (empty for two ways that both match nothing)."""
    text = pattern.decode("latin-1") if isinstance(pattern, bytes) else pattern
    found: list[str] = []
    _walk(list(_parser.parse(text, flags)), None, found)
    return found


def _walk(items: list[Any], after: set[str] | None, found: list[str]) -> None:
    """Check ``items``; ``after`` is what may follow them inside the innermost large repeat
    (its own start, as it goes round), None outside every repeat."""
    for index, (op, arg) in enumerate(items):
        rest, rest_empty = first(items[index + 1 :])
        follow = None if after is None else rest | (after if rest_empty else set())
        if op is c.BRANCH:
            heads = [first(branch) for branch in arg[1]]
            if follow is not None:
                _check([(h | (follow if e else set()), e) for h, e in heads], found)
            for branch in arg[1]:
                _walk(list(branch), follow, found)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            _repeat(arg, follow, found)
        elif op is c.SUBPATTERN:
            _walk(list(arg[3]), follow, found)
        elif op is c.POSSESSIVE_REPEAT:
            _walk(list(arg[2]), None, found)
        elif op is c.ATOMIC_GROUP:
            _walk(list(arg), None, found)
        elif op in (c.ASSERT, c.ASSERT_NOT):
            _walk(list(arg[1]), None, found)
        elif op is c.GROUPREF_EXISTS:
            for part in arg[1:]:
                if part is not None:
                    _walk(list(part), follow, found)


def _repeat(arg: Any, follow: set[str] | None, found: list[str]) -> None:
    low, high, body = arg
    head, _ = first(body)
    large = high is c.MAXREPEAT or high >= LARGE
    if follow is not None and (large or high > low):
        _check([(head, False), (follow, False)], found)  # once more, or on
    if large:
        _walk(list(body), head | (follow or set()), found)
    elif follow is not None:
        _walk(list(body), head | follow if high > 1 else follow, found)
    else:
        _walk(list(body), None, found)


def _check(ways: list[tuple[set[str], bool]], found: list[str]) -> None:
    for i, (a, a_empty) in enumerate(ways):
        for b, b_empty in ways[i + 1 :]:
            common = a & b
            if common or (a_empty and b_empty):
                found.append("".join(sorted(common))[:20])
