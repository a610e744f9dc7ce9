"""Records to JSON and back: the lossless interchange form of ``blocknot convert``.

The JSON holds the record exactly as written: tags in order, every statement with its line
and column, every comment.  Reading JSON is strict: unknown keys, duplicate keys, a wrong
type (``true``, ``"6"`` or ``6.0`` where an integer belongs) or a pip outside 0–6 are refused
with the JSON path, line and column of the problem.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from ...basics.diagnostics import Diagnostic, message_part
from ...basics.limits import MAX_NUMBER_DIGITS
from ...notation.records import RecordFile
from .json_positions import JsonProblem, Scanner, may_hold_surrogates
from .json_problems import found_diagnostic, translated
from .record_writer import document_json


def to_json(record: RecordFile) -> str:
    """The record as a JSON document, one statement per line, ending with a newline: what
    ``record_writer`` writes (the writer of a text record's plain form too).

    Characters a terminal would act on or hide (controls, bidi controls, zero-width
    characters) are written as ``\\u`` escapes, so the document is safe to print and still
    reads back to the same record.
    """
    return document_json(record)


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
            found = JsonProblem(0, (), message_part("S001", "not_valid_json"))
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
