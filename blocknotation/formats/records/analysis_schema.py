"""The JSON Schema of a hand's ``analysis`` object in the report (``blocknot analyse
--format json``, ``validate --analyse``; written by ``reports/analysis_json.py``): part of
``blocknot schema --report``."""

from __future__ import annotations

from typing import Any


def _object(required: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": required, "required": list(required),
            "additionalProperties": False}


def analysis_schema() -> dict[str, Any]:
    """Either a hand analysed, every move valued, or one that was not, and why."""
    name_or_null = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    whole = {"type": "integer", "minimum": 0}
    pip = {"type": "integer", "minimum": 0, "maximum": 6}
    move = {
        "tile": {"anyOf": [{"type": "array", "items": pip, "minItems": 2, "maxItems": 2},
                           {"type": "null"}]},
        "side": {"enum": ["L", "R", None]},
    }
    ending = _object({"outcome": {"enum": ["domino", "blocked"]}, "winner": name_or_null,
                      "points": whole})
    value = _object({
        "line": {"type": "integer", "minimum": 1}, "player": {"type": "string"},
        "move": _object(move), "before": {"type": "integer"}, "after": {"type": "integer"},
        "given_away": whole, "mistake": {"type": "boolean"}, "ending": ending,
        "best": {"type": "array", "minItems": 1,
                 "items": _object({**move, "ending": ending})},
    })
    analysed = _object({
        "analysed": {"const": True}, "search": {"enum": ["minimax", "maxn"]},
        "threshold": {"type": "integer", "minimum": 1}, "nodes": whole,
        "start": {"anyOf": [ending, {"type": "null"}]},
        "forced": {"anyOf": [_object({"player": {"type": "string"}, "points": whole}),
                             {"type": "null"}]},
        "moves": {"type": "array", "items": value},
    })
    refused = _object({"analysed": {"const": False},
                       "reason": {"enum": ["deals", "moves", "too_large", "time"]},
                       "message": {"type": "string"}})
    return {"description": "The analysis of the hand under best play (blocknot analyse, "
                           "validate --analyse): docs/analysis.md.",
            "oneOf": [analysed, refused]}
