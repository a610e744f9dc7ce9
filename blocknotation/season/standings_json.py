"""The standings as JSON (``blocknot standings --format json``), and its JSON Schema
(``blocknot schema --standings``).

The keys never change with the language; a figure the records do not tell is ``null``
(``average`` is also null for a player without a hand played).  The schema is written out
by hand, as the report's is (``formats/records/schema.py``), and ``tests/test_standings.py``
checks documents against it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .columns import KEYS
from .standings import Apart, Group, Point, Row, Standings

DIALECT = "https://json-schema.org/draft/2020-12/schema"
STANDINGS_ID = "urn:blocknot:schema:standings-json:1"


def row_object(row: Row) -> dict[str, Any]:
    found = {key: getattr(row, key) for key in KEYS}
    found["also"] = list(row.also)
    return found


def _apart(game: Apart, excluded: bool) -> dict[str, Any]:
    found: dict[str, Any] = {
        "file": game.file, "game": game.game, "line": game.line, "date": game.date,
        "event": game.event, "players": list(game.players),
    }
    if excluded:
        found.update(errors=game.errors, codes=list(game.codes))
    else:
        found.update(status=game.status, score=_counts(game.score))
    return found


def _counts(values: Mapping[str, int | None] | None) -> dict[str, int | None] | None:
    return None if values is None else dict(values)


def _point(point: Point) -> dict[str, Any]:
    return {"file": point.file, "game": point.game, "date": point.date,
            "points": _counts(point.points)}


def group_object(group: Group) -> dict[str, Any]:
    return {
        "key": group.key,
        "players": [row_object(row) for row in group.rows],
        "in_progress": [_apart(game, False) for game in group.in_progress],
        "excluded": [_apart(game, True) for game in group.excluded],
        "season": [_point(point) for point in group.season],
    }


def standings_object(standings: Standings) -> dict[str, Any]:
    s = standings
    return {
        "by": s.by, "include_invalid": s.include_invalid, "files": s.files, "games": s.games,
        "counted": s.counted, "errors": s.errors,
        "groups": [group_object(group) for group in s.groups],
        "unreadable": [{"path": path, "reason": why} for path, why in s.unreadable],
        "no_game": [{"file": f.file, "codes": list(f.codes), "reason": f.reason}
                    for f in s.no_game],
    }


def standings_json(standings: Standings) -> str:
    return json.dumps(standings_object(standings), ensure_ascii=False, indent=2) + "\n"


def _object(required: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": required, "required": list(required),
            "additionalProperties": False}


def standings_schema() -> dict[str, Any]:
    """The JSON Schema of ``blocknot standings --format json``."""
    whole = {"type": "integer", "minimum": 0}
    count = {"anyOf": [whole, {"type": "null"}]}
    text = {"type": "string"}
    text_or_null = {"anyOf": [text, {"type": "null"}]}
    names = {"type": "array", "items": text}
    counts = {"anyOf": [{"type": "object", "additionalProperties": count}, {"type": "null"}]}
    row = _object({
        "player": text, "games": whole, "won": count, "drawn": count, "lost": count,
        "hands": whole, "domino": count, "blocked": count, "points_for": count,
        "points_against": count,
        "average": {"anyOf": [{"type": "number", "minimum": 0}, {"type": "null"}]},
        "p405": whole, "p407": whole, "also": names,
    })
    where = {"file": text, "game": {"type": "integer", "minimum": 1},
             "line": {"type": "integer", "minimum": 1}, "date": text_or_null,
             "event": text_or_null, "players": names}
    in_progress = _object({**where, "status": {"enum": ["in_progress", None]},
                           "score": counts})
    excluded = _object({**where, "errors": {"type": "integer", "minimum": 1},
                        "codes": {"type": "array", "items": {
                            "type": "string", "pattern": "^[SGDTPE][0-9]{3}$"}}})
    point = _object({"file": text, "game": {"type": "integer", "minimum": 1},
                     "date": text_or_null, "points": counts})
    group = _object({
        "key": text_or_null, "players": {"type": "array", "items": row},
        "in_progress": {"type": "array", "items": in_progress},
        "excluded": {"type": "array", "items": excluded},
        "season": {"type": "array", "items": point},
    })
    return {
        "$schema": DIALECT,
        "$id": STANDINGS_ID,
        "title": "blocknot standings",
        "description": "The standings of `blocknot standings --format json`: one group for "
                       "the season, or one per event, date or file (--by); null where the "
                       "records do not tell a figure.",
        "$comment": "The keys keep their names and meanings; a later blocknot may add keys, "
                    "and publishes its schema with them.",
        **_object({
            "by": {"enum": ["event", "date", "file", None]},
            "include_invalid": {"type": "boolean"},
            "files": whole, "games": whole, "counted": whole, "errors": whole,
            "groups": {"type": "array", "items": group},
            "unreadable": {"type": "array", "items": _object({"path": text, "reason": text})},
            "no_game": {"type": "array", "items": _object({
                "file": text, "codes": {"type": "array", "items": {
                    "type": "string", "pattern": "^[SGDTPE][0-9]{3}$"}},
                "reason": text_or_null})},
        }),
    }
