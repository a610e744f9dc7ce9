"""Records to JSON and back: the lossless interchange form of ``blocknot convert``.

The JSON holds the record exactly as written: tags in order, every statement with its line
and column, every comment.  Reading JSON is strict: unknown keys, duplicate keys, a wrong
type (``true``, ``"6"`` or ``6.0`` where an integer belongs) or a pip outside 0–6 are refused
with the JSON path, line and column of the problem.
"""

from __future__ import annotations

import json
from typing import IO, Any

from pydantic import ValidationError

from ..basics.diagnostics import N_, Diagnostic, Message
from ..basics.limits import MAX_NUMBER_DIGITS
from ..reading.records import Game, RecordFile
from .json_positions import Found, Scanner, may_hold_surrogates
from .json_problems import found_diagnostic, translated
from .visible import visible_json

# Arrays written one element per line; everything else is written compactly, so that each
# tag and each statement takes one line.
_EXPANDED = frozenset({"games", "tags", "hands", "statements"})


def to_json(record: RecordFile) -> str:
    """The record as a JSON document, one statement per line, ending with a newline.

    Characters a terminal would act on or hide (controls, bidi controls, zero-width
    characters) are written as ``\\u`` escapes, so the document is safe to print and still
    reads back to the same record.
    """
    return visible_json(_dump(record.model_dump(mode="json"), "") + "\n")


class JsonWriter:
    """``to_json`` a game at a time, for a file read a game at a time: the same text.

    ``to_json`` writes the document's games one per element of its ``games`` array, each
    with ``_dump`` at the array's indent; the writer writes the same around each game as it
    comes, then the file's trailing comments and the end.
    """

    _HEAD = '{\n  "notation": "blocknot",\n  "version": 1,\n  "games": ['

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.games = 0

    def add(self, game: Game) -> None:
        text = _dump(game.model_dump(mode="json"), "    ")
        self.out.write(visible_json((",\n    " if self.games else self._HEAD + "\n    ") + text))
        self.games += 1

    def close(self, comments: tuple[str, ...]) -> None:
        end = f'\n  ],\n  "comments": {json.dumps(list(comments), ensure_ascii=False)}\n}}\n'
        self.out.write(visible_json(end if self.games else self._HEAD + end[3:]))


#: ``json.dumps(value, ensure_ascii=False)`` without building an encoder at every call.
_compact = json.JSONEncoder(ensure_ascii=False).encode


def _dump(value: Any, indent: str) -> str:
    # A value with no expanded array (a statement, a tag) is one compact line.  Its keys are
    # field names, all ASCII, so encoding it whole writes what encoding key by key would.
    if not isinstance(value, dict) or not any(key in _EXPANDED for key in value):
        return _compact(value)
    inner = indent + "  "
    parts = []
    for key, item in value.items():
        if key in _EXPANDED and isinstance(item, list) and item:
            rows = ",\n".join(inner + "  " + _dump(element, inner + "  ") for element in item)
            parts.append(f"{json.dumps(key)}: [\n{rows}\n{inner}]")
        else:
            parts.append(f"{json.dumps(key)}: {_compact(item)}")
    return "{\n" + ",\n".join(inner + part for part in parts) + "\n" + indent + "}"


class _Refused(ValueError):
    """What ``json.loads`` must not let through; ``json_positions`` then says where."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen = dict(pairs)
    if len(seen) != len(pairs):
        raise _Refused
    return seen


def _integer(digits: str) -> int:
    # Refused before int() runs: converting thousands of digits costs quadratic time, and a
    # number the text notation cannot hold would make a record that converts one way only.
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Refused
    return int(digits)


def _refuse(text: str) -> Any:
    raise _Refused


def from_json(
    text: str, base: tuple[int, int] = (0, 0)
) -> tuple[RecordFile | None, tuple[Diagnostic, ...]]:
    """Read a record JSON document strictly; on failure, diagnostics naming the JSON path,
    line and column of each problem.

    Numbers are whole and written with digits only (``1.0``, ``1e0`` and ``true`` are not
    1), keys are not repeated, strings hold characters (no lone surrogate).  ``base``
    (lines, columns) places a document cut out of a larger one (``json_stream``).
    """
    scanner = Scanner(text)
    try:
        json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_integer,
                   parse_float=_refuse, parse_constant=_refuse)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        found = scanner.first_problem()
        if found is None:  # the scanner knows every refusal; this is a fallback only
            found = Found(0, (), Message(N_("not valid JSON")))
        return None, (found_diagnostic(text, found, base),)
    if may_hold_surrogates(text):
        found = scanner.first_problem()
        if found is not None:
            return None, (found_diagnostic(text, found, base),)
    try:
        return RecordFile.model_validate_json(text), ()
    except ValidationError as error:
        problems = [translated(e, scanner) for e in error.errors(include_url=False)]
        return None, tuple(found_diagnostic(text, p, base) for p in problems)
