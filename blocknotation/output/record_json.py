"""Records to JSON and back: the lossless interchange form of ``blocknot convert``.

The JSON holds the record exactly as written: tags in order, every statement with its line
and column, every comment.  Reading JSON is strict: unknown keys, duplicate keys, a wrong
type (``true``, ``"6"`` or ``6.0`` where an integer belongs) or a pip outside 0–6 are refused
with the JSON path of the problem.
"""

from __future__ import annotations

import json
from typing import IO, Any

from pydantic import ValidationError

from ..diagnostics import N_, Diagnostic, diagnostic
from ..limits import MAX_NUMBER_DIGITS
from ..records import Game, RecordFile
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


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, item in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = item
    return seen


class _LongNumber(ValueError):
    pass


def _integer(digits: str) -> int:
    # Refused before int() runs: converting thousands of digits costs quadratic time, and a
    # number the text notation cannot hold would make a record that converts one way only.
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _LongNumber(digits)
    return int(digits)


def from_json(text: str) -> tuple[RecordFile | None, tuple[Diagnostic, ...]]:
    """Read a record JSON document strictly; on failure, diagnostics naming the JSON path."""
    try:
        json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_integer)
    except _DuplicateKey as error:
        return None, (
            diagnostic("S001", 1, 1, N_("duplicate key \"{key}\" in the JSON"), key=str(error)),
        )
    except _LongNumber as error:
        at = text.find(str(error))
        line = text.count("\n", 0, at) + 1
        return None, (
            diagnostic(
                "S001", line, at - text.rfind("\n", 0, at),
                N_("a number of {digits} digits; numbers have at most {limit}"),
                digits=len(str(error).lstrip("-")), limit=MAX_NUMBER_DIGITS,
            ),
        )
    except RecursionError:
        return None, (diagnostic("S001", 1, 1, N_("the JSON is nested too deeply")),)
    except json.JSONDecodeError as error:
        return None, (
            diagnostic("S001", error.lineno, error.colno, N_("not valid JSON: {reason}"),
                       reason=error.msg),
        )
    except ValueError as error:  # e.g. an integer with thousands of digits
        return None, (diagnostic("S001", 1, 1, N_("not valid JSON: {reason}"), reason=str(error)),)
    try:
        return RecordFile.model_validate_json(text), ()
    except ValidationError as error:
        return None, tuple(_problem(e) for e in error.errors(include_url=False))


def _problem(error: Any) -> Diagnostic:
    path = _path(error["loc"])
    is_pip = error["type"] in {"less_than_equal", "greater_than_equal"} and "tile" in path
    code = "S002" if is_pip else "S001"
    return diagnostic(code, 1, 1, N_("{path}: {reason}"), path=path, reason=error["msg"])


_KINDS = frozenset(
    {"opener", "deal", "play", "pass", "show", "domino", "blocked", "points", "score"}
)


def _path(loc: tuple[int | str, ...]) -> str:
    text = "$"
    previous: int | str | None = None
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not (isinstance(previous, int) and part in _KINDS):  # the union's own tag
            text += f".{part}"
        previous = part
    return text
