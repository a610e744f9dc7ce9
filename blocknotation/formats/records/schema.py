"""The JSON Schemas blocknot publishes (``blocknot schema``, ``blocknot schema --report``).

Written out rule by rule rather than generated from the records, so that they state exactly
what the reader accepts, in JSON Schema 2020-12 that any validator understands:
``tests/test_schema_agreement.py`` checks, for generated documents and near-misses, that a
record JSON document is accepted by the schema exactly when ``convert`` accepts it, and that
every report the test suite produces matches the report schema.
"""

from __future__ import annotations

from typing import Any

from ...basics.limits import MAX_GAME_TEXT, MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from ...basics.names import KEYWORDS, NAME_REGEX
from ...notation.records import MAX_NUMBER, TAG_KEY_PATTERN
from .analysis_schema import analysis_schema

DIALECT = "https://json-schema.org/draft/2020-12/schema"
RECORD_ID = "urn:blocknot:schema:record-json:1"
REPORT_ID = "urn:blocknot:schema:report-json:1"

_UNSTATED = (
    "Rules blocknot checks that JSON Schema cannot state: a number is written with digits "
    "only (6.0 and 6e0 are the number 6 to JSON Schema, but blocknot refuses them, as it "
    "refuses NaN and lone surrogates); written as text, each statement with its comment fits "
    f"on a line of {MAX_LINE_LENGTH} characters; a game takes at most {MAX_GAME_TEXT} "
    "characters as text; and a game without hands is the last game, since the tags of a game "
    "after it would join it."
)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _integer(least: int, most: int = MAX_NUMBER) -> dict[str, Any]:
    return {"type": "integer", "minimum": least, "maximum": most}


def _array(items: dict[str, Any], **bounds: int) -> dict[str, Any]:
    return {"type": "array", "items": items, **bounds}


def _object(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": list(required),
        "additionalProperties": False,
    }


_POSITION = {"line": _ref("position"), "column": _ref("position")}
_COMMENTS = {
    "comments": _array(_ref("oneLine")),
    "comment": {"anyOf": [_ref("oneLine"), {"type": "null"}]},
}


def _statement(kind: str, optional: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return _object({"kind": {"const": kind}, **_POSITION, **fields},
                   {**_COMMENTS, **(optional or {})})


def _statements() -> list[dict[str, Any]]:
    player = {"player": _ref("name")}
    tiles = _array(_ref("tile"))
    return [
        _statement("opener", **player),
        _statement("deal", **player, tiles={**tiles, "minItems": 1}),
        _statement("play", {"side": {"enum": ["L", "R", None]}}, **player, tile=_ref("tile")),
        _statement("pass", **player),
        _statement("show", **player, tiles=tiles),
        _statement("domino", **player),
        _statement("blocked"),
        {**_statement("points", player={"anyOf": [_ref("name"), {"type": "null"}]},
                      points={"anyOf": [_ref("count"), {"type": "null"}]}),
         "anyOf": [
             {"properties": {"player": {"type": "string"}, "points": {"type": "integer"}}},
             {"properties": {"player": {"type": "null"}, "points": {"type": "null"}}},
         ]},
        _statement("score", entries=_array(
            _object({"player": _ref("name"), "total": _ref("count")}), minItems=1)),
    ]


def record_schema() -> dict[str, Any]:
    """The JSON Schema of the record JSON that ``convert`` writes and reads."""
    tag = _object(
        {**_POSITION,
         "key": {"type": "string", "pattern": TAG_KEY_PATTERN,
                 "maxLength": MAX_LINE_LENGTH},
         "value": _ref("oneLine")},
        {"kind": {"const": "tag"}, **_COMMENTS},
    )
    hand = _object(
        {"number": _ref("count"), **_POSITION},
        {**_COMMENTS, "statements": _array(_ref("statement"),
                                           maxItems=MAX_STATEMENTS_PER_HAND)},
    )
    game = {
        **_object({}, {"tags": _array(_ref("tag")), "hands": _array(_ref("hand"))}),
        "anyOf": [{"required": ["tags"], "properties": {"tags": {"minItems": 1}}},
                  {"required": ["hands"], "properties": {"hands": {"minItems": 1}}}],
    }
    return {
        "$schema": DIALECT,
        "$id": RECORD_ID,
        "title": "blocknot record JSON, version 1",
        "description": "A Block game record as `blocknot convert` writes and reads it: "
                       "every tag, hand, statement and comment, with its line and column.",
        "$comment": _UNSTATED,
        **_object({}, {
            "notation": {"const": "blocknot"},
            "version": {"const": 1},
            "games": {"type": "array", "prefixItems": [_ref("game")],
                      "items": {"allOf": [_ref("game"), {
                          "required": ["tags"], "properties": {"tags": {"minItems": 1}}}]}},
            "comments": _array(_ref("oneLine")),
        }),
        "$defs": {
            "pip": _integer(0, 6),
            "tile": {"type": "array", "prefixItems": [_ref("pip"), _ref("pip")],
                     "items": False, "minItems": 2},
            "count": _integer(0),
            "position": _integer(1),
            "name": {"type": "string", "pattern": f"^(?:{NAME_REGEX})$(?!\\n)",
                     "maxLength": MAX_LINE_LENGTH, "not": {"enum": sorted(KEYWORDS)}},
            "oneLine": {"type": "string", "not": {"pattern": "[\\n\\r\\x00\\ud800-\\udfff]"},
                        "maxLength": MAX_LINE_LENGTH},
            "tag": tag,
            "statement": {"oneOf": _statements()},
            "hand": hand,
            "game": game,
        },
    }


def report_schema() -> dict[str, Any]:
    """The JSON Schema of the report of ``validate --format json``."""
    counts = {"type": "object", "additionalProperties": {"anyOf": [
        {"type": "integer"}, {"type": "null"}]}}
    text_or_null = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    whole = {"type": "integer", "minimum": 0}
    diagnostic = _object({
        "code": {"type": "string", "pattern": "^[SGDTPE][0-9]{3}$"},
        "severity": {"enum": ["error", "warning"]},
        "message": {"type": "string"},
        "line": {"type": "integer", "minimum": 1},
        "column": {"type": "integer", "minimum": 1},
        "end_line": {"type": "integer", "minimum": 1},
        "end_column": {"type": "integer", "minimum": 1},
        "game": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
        "hand": {"anyOf": [whole, {"type": "null"}]},
    })
    hand = _object({
        "number": whole, "line": {"type": "integer", "minimum": 1}, "opener": text_or_null,
        "outcome": {"enum": ["domino", "blocked", "unfinished", None]}, "winner": text_or_null,
        "remaining": counts, "points": {"anyOf": [counts, {"type": "null"}]},
        "score": {"anyOf": [counts, {"type": "null"}]}, "unverified": {"type": "boolean"},
    }, {"doubt": _array({"type": "integer", "minimum": 1}),
        "candidates": _array(_object({
            "outcome": {"enum": ["domino", "blocked", "unfinished", None]},
            "winner": text_or_null, "points": {"anyOf": [counts, {"type": "null"}]},
            "rests_on": _array(_object({
                "line": {"type": "integer", "minimum": 1}, "reading": {"type": "string"}})),
        }), minItems=2),
        "more_candidates": whole, "analysis": analysis_schema()})
    game = _object({
        "index": {"type": "integer", "minimum": 1}, "line": {"type": "integer", "minimum": 1},
        "players": _array({"type": "string"}),
        "target": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        "hands": _array(hand), "score": {"anyOf": [counts, {"type": "null"}]},
        "status": {"enum": ["won", "drawn", "decided", "in_progress", None]},
        "winner": text_or_null,
    }, {
        "unchecked": _array(_object({
            "hand": whole, "line": {"type": "integer", "minimum": 1},
            "reason": {"type": "string"},
            "cause_line": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
        }), minItems=1),
        "unverified_claims": {"type": "integer", "minimum": 1},
    })
    file = _object({
        "path": {"type": "string"}, "valid": {"type": "boolean"}, "errors": whole,
        "warnings": whole, "suppressed": whole, "diagnostics": _array(diagnostic),
        "games": _array(game),
    }, {"unreadable": {"type": "string"}, "path_bytes": {"type": "string"},
        "encoding": {"type": "string"}})
    return {
        "$schema": DIALECT,
        "$id": REPORT_ID,
        "title": "blocknot validation report",
        "description": "The report of `blocknot validate --format json`: one entry per file.",
        "$comment": "The keys keep their names and meanings; a later blocknot may add keys, "
                    "and publishes its schema with them.",
        **_object({"files": _array(file)}, {"interrupted": {"type": "boolean"}}),
    }
