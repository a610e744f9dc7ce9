"""Why a record JSON document is refused, in users' words, at its path, line and column.

pydantic's messages ("Tuple should have at least 1 item after validation", "Unable to extract
tag using discriminator 'kind'") speak of Python, not of records; each error is told here
as what is wrong and what is expected, translatable like every message of blocknot.
"""

from __future__ import annotations

import json
from typing import Any

from ...basics.diagnostics import Diagnostic, Message, diagnostic, message_part
from ...basics.limits import MAX_STATEMENTS_PER_HAND
from .json_positions import JsonProblem, Path, Scanner, line_column, path_text, shown

_KINDS = ("opener", "deal", "play", "pass", "show", "domino", "blocked", "points", "score")
_KIND_SET = frozenset(_KINDS)


def found_diagnostic(text: str, found: JsonProblem, base: tuple[int, int] = (0, 0)) -> Diagnostic:
    """The diagnostic of a problem ``found`` in ``text``; ``base`` (lines, columns) moves a
    position in a piece of text to the same place in the whole document."""
    line, column = line_column(text, found.at)
    if line == 1:
        column += base[1]
    return diagnostic(
        "S002" if found.pip else "S001", line + base[0], column,
        "json_path", path=path_text(found.path), reason=found.reason,
    )


def _found(value: Any) -> str:
    """A JSON value as written, to quote in a message."""
    try:
        return shown(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return shown(repr(value))


def record_path(loc: tuple[int | str, ...]) -> Path:
    """pydantic's location as a JSON path: without the statement kind that tags the union."""
    path: list[int | str] = []
    for part in loc:
        if not (path and isinstance(path[-1], int) and part in _KIND_SET):
            path.append(part)
    return tuple(path)


def translated(error: Any, scanner: Scanner) -> JsonProblem:
    """One pydantic error as a ``JsonProblem``: where it is and why, in users' words."""
    path = record_path(error["loc"])
    kind = error["type"]
    value_at, key_at = scanner.locate(path)
    if kind == "missing" and path and isinstance(path[-1], int):  # a tile's second pip
        value_at, _ = scanner.locate(path[:-1])
        return JsonProblem(value_at, path[:-1],
                           message_part("S001", "tile_array", found=_found(error.get("input"))))
    if kind == "missing":
        value_at, _ = scanner.locate(path[:-1])
        return JsonProblem(value_at, path[:-1],
                           message_part("S001", "missing_key", key=str(path[-1])))
    if kind == "extra_forbidden":
        return JsonProblem(key_at if key_at is not None else value_at, path,
                           message_part("S001", "unknown_key", key=str(path[-1])))
    reason, pip = _reason(kind, path, error)
    return JsonProblem(value_at, path, reason, pip)


def _reason(kind: str, path: Path, error: Any) -> tuple[Message, bool]:
    found = _found(error.get("input"))
    context = error.get("ctx") or {}
    last = path[-1] if path else ""
    if kind in {"greater_than_equal", "less_than_equal"}:
        if "tile" in path or "tiles" in path:
            return message_part("S002", "pip_value", found=found), True
        least = 1 if last in {"line", "column"} else 0
        return message_part("S001", "number_range", least=least, found=found), False
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return message_part("S001", simple, found=found), False
    if kind in {"too_short", "too_long"}:
        return _length(kind, path, context, found), False
    if kind == "literal_error":
        return _literal(last, found), False
    if kind == "union_tag_invalid":
        return message_part("S001", "unknown_kind", found=_found(context.get("tag")),
                    kinds=_KINDS), False
    if kind == "union_tag_not_found":
        return message_part("S001", "kind_missing", kinds=_KINDS), False
    if kind == "string_too_long":
        return message_part("S001", "long_text", actual=len(error.get("input") or ""),
                    limit=context.get("max_length")), False
    if kind == "one_line":
        return message_part("S001", "text_holds", char=str(context.get("char"))), False
    return message_part("S001", "not_record_value", found=found), False


#: pydantic's errors told in one sentence each: the keys of S001's messages.
_SIMPLE = {
    "int_type": "expected_number",
    "string_type": "expected_string",
    "tuple_type": "expected_array",
    "list_type": "expected_array",
    "model_type": "expected_object",
    "model_attributes_type": "expected_object",
    "dict_type": "expected_object",
    "string_pattern_mismatch": "tag_key",
    "player_name": "player_name",
    "keyword_name": "keyword_found",
    "version": "version",
    "points_pair": "points_pair",
}


def _length(kind: str, path: Path, context: Any, found: str) -> Message:
    last = path[-1] if path else ""
    if ("tile" in path and last != "tiles") or (isinstance(last, int) and "tiles" in path):
        return message_part("S001", "tile_array", found=found)
    if last == "tiles":
        return message_part("S001", "empty_deal")
    if last == "entries":
        return message_part("S001", "empty_score")
    if last == "statements":
        return message_part("S001", "long_hand_json", limit=MAX_STATEMENTS_PER_HAND)
    if kind == "too_short":
        return message_part("S001", "too_short", count=context.get("min_length"), found=found)
    return message_part("S001", "too_long", count=context.get("max_length"), found=found)


def _literal(last: int | str, found: str) -> Message:
    expected = {"side": '"L", "R" or null', "notation": '"blocknot"', "version": "1"}.get(
        str(last), ""
    )
    if expected:
        return message_part("S001", "expected_literal", expected=expected, found=found)
    return message_part("S001", "not_record_value", found=found)
