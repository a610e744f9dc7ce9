"""Why a record JSON document is refused, in users' words, at its path, line and column.

pydantic's messages ("Tuple should have at least 1 item after validation", "Unable to extract
tag using discriminator 'kind'") speak of Python, not of records; each error is told here
as what is wrong and what is expected, translatable like every message of blocknot.
"""

from __future__ import annotations

import json
from typing import Any

from ...basics.diagnostics import N_, Diagnostic, Message, diagnostic
from ...basics.limits import MAX_STATEMENTS_PER_HAND
from .json_positions import Found, Path, Scanner, line_column, path_text, shown

_KINDS = ("opener", "deal", "play", "pass", "show", "domino", "blocked", "points", "score")
_KIND_SET = frozenset(_KINDS)


def found_diagnostic(text: str, found: Found, base: tuple[int, int] = (0, 0)) -> Diagnostic:
    """The diagnostic of a problem ``found`` in ``text``; ``base`` (lines, columns) moves a
    position in a piece of text to the same place in the whole document."""
    line, column = line_column(text, found.at)
    if line == 1:
        column += base[1]
    return diagnostic(
        "S002" if found.pip else "S001", line + base[0], column,
        N_("{path}: {reason}"), path=path_text(found.path), reason=found.reason,
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


def translated(error: Any, scanner: Scanner) -> Found:
    """One pydantic error as a ``Found``: where it is and why, in users' words."""
    path = record_path(error["loc"])
    kind = error["type"]
    value_at, key_at = scanner.locate(path)
    if kind == "missing" and path and isinstance(path[-1], int):  # a tile's second pip
        value_at, _ = scanner.locate(path[:-1])
        return Found(value_at, path[:-1], Message(
            N_("a tile is an array of two pips, found {found}"),
            {"found": _found(error.get("input"))}))
    if kind == "missing":
        value_at, _ = scanner.locate(path[:-1])
        return Found(value_at, path[:-1], Message(
            N_('the key "{key}" is missing here'), {"key": str(path[-1])}))
    if kind == "extra_forbidden":
        return Found(key_at if key_at is not None else value_at, path, Message(
            N_('unknown key "{key}": record JSON has no such key here (see `blocknot schema`)'),
            {"key": str(path[-1])}))
    reason, pip = _reason(kind, path, error)
    return Found(value_at, path, reason, pip)


def _reason(kind: str, path: Path, error: Any) -> tuple[Message, bool]:
    found = _found(error.get("input"))
    context = error.get("ctx") or {}
    last = path[-1] if path else ""
    if kind in {"greater_than_equal", "less_than_equal"}:
        if "tile" in path or "tiles" in path:
            return Message(N_("pip {found} is outside 0–6: a double-six set has pips 0 to 6"),
                           {"found": found}), True
        least = 1 if last in {"line", "column"} else 0
        return Message(N_("expected a whole number from {least} to 999999999, found {found}"),
                       {"least": least, "found": found}), False
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return Message(simple, {"found": found}), False
    if kind in {"too_short", "too_long"}:
        return _length(kind, path, context, found), False
    if kind == "literal_error":
        return _literal(last, found), False
    if kind == "union_tag_invalid":
        return Message(N_('unknown statement kind {found}; expected one of {kinds}'),
                       {"found": _found(context.get("tag")), "kinds": _KINDS}), False
    if kind == "union_tag_not_found":
        return Message(N_('a statement needs the key "kind", one of {kinds}'),
                       {"kinds": _KINDS}), False
    if kind == "string_too_long":
        return Message(
            N_("a text of {actual} characters; a line of a record holds at most {limit}"),
            {"actual": len(error.get("input") or ""), "limit": context.get("max_length")},
        ), False
    if kind == "one_line":
        return Message(N_("this text holds {char}, which no line of a text record can hold"),
                       {"char": str(context.get("char"))}), False
    return Message(N_("this value is not what a record holds here: {found}"),
                   {"found": found}), False


_SIMPLE = {
    "int_type": N_("expected a whole number, found {found}"),
    "string_type": N_("expected a string, found {found}"),
    "tuple_type": N_("expected an array, found {found}"),
    "list_type": N_("expected an array, found {found}"),
    "model_type": N_("expected an object, found {found}"),
    "model_attributes_type": N_("expected an object, found {found}"),
    "dict_type": N_("expected an object, found {found}"),
    "string_pattern_mismatch": N_(
        "a tag key starts with an ASCII letter and goes on with ASCII letters, digits or _; "
        "found {found}"),
    "player_name": N_(
        "{found} is not a player name: a name starts with a letter and goes on with letters, "
        "combining marks, digits, _, ' or -"),
    "keyword_name": N_(
        "{found} is a keyword of the notation and cannot be a player's name"),
    "version": N_("expected the version 1, written 1, found {found}"),
    "points_pair": N_(
        'a points claim gives both "player" and "points", or neither (both null) for '
        "`points none`"),
}


def _length(kind: str, path: Path, context: Any, found: str) -> Message:
    last = path[-1] if path else ""
    if ("tile" in path and last != "tiles") or (isinstance(last, int) and "tiles" in path):
        return Message(N_("a tile is an array of two pips, found {found}"), {"found": found})
    if last == "tiles":
        return Message(N_("a deal lists at least one tile"), {})
    if last == "entries":
        return Message(N_("a score claim names at least one player"), {})
    if last == "statements":
        return Message(N_("a hand holds at most {limit} statements"),
                       {"limit": MAX_STATEMENTS_PER_HAND})
    if kind == "too_short":
        return Message(N_("expected at least {count} items, found {found}"),
                       {"count": context.get("min_length"), "found": found})
    return Message(N_("expected at most {count} items, found {found}"),
                   {"count": context.get("max_length"), "found": found})


def _literal(last: int | str, found: str) -> Message:
    expected = {"side": '"L", "R" or null', "notation": '"blocknot"', "version": "1"}.get(
        str(last), ""
    )
    if expected:
        return Message(N_("expected {expected}, found {found}"),
                       {"expected": expected, "found": found})
    return Message(N_("this value is not what a record holds here: {found}"), {"found": found})
