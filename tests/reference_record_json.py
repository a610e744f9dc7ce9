"""The record JSON as ``convert`` wrote it from records before ``record_writer``: ``json.dumps``
of the records' ``model_dump``, laid out one statement a line.  Kept here only to test the
writer against it (``test_record_writer.py``): the package writes the JSON in one place.

``reference_convert`` and ``reference_convert_stream`` are ``convert`` of a text record as it
was: every game read into records, checked exactly (``writable``), dumped.
"""

from __future__ import annotations

import json
from typing import IO, Any, BinaryIO

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.basics.limits import MAX_LINE_LENGTH
from blocknotation.formats.records.canonical import game_lines, to_text
from blocknotation.formats.records.convert import text_placed, text_record_problems
from blocknotation.formats.records.visible import visible_json
from blocknotation.formats.records.writable import (
    comments_size,
    game_problems,
    game_size,
    size_problem,
)
from blocknotation.notation import records as r
from blocknotation.notation.parsing import parse_bytes
from blocknotation.notation.stream import chunks_of

# Arrays written one element per line; everything else is written compactly, so that each
# tag and each statement takes one line.
_EXPANDED = frozenset({"games", "tags", "hands", "statements"})
_compact = json.JSONEncoder(ensure_ascii=False).encode


def _dump(value: Any, indent: str) -> str:
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


def reference_json(record: r.RecordFile) -> str:
    """The record as a JSON document, as ``record_json.to_json`` wrote it."""
    return visible_json(_dump(record.model_dump(mode="json"), "") + "\n")


class ReferenceWriter:
    """``reference_json`` a game at a time."""

    _HEAD = '{\n  "notation": "blocknot",\n  "version": 1,\n  "games": ['

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.games = 0

    def add(self, game: r.Game) -> None:
        text = _dump(game.model_dump(mode="json"), "    ")
        self.out.write(visible_json((",\n    " if self.games else self._HEAD + "\n    ") + text))
        self.games += 1

    def close(self, comments: tuple[str, ...]) -> None:
        end = f'\n  ],\n  "comments": {json.dumps(list(comments), ensure_ascii=False)}\n}}\n'
        self.out.write(visible_json(end if self.games else self._HEAD + end[3:]))


def reference_convert(data: bytes, target: str | None) -> tuple[str | None, tuple[Diagnostic, ...]]:
    """``convert_bytes`` of a text record as it was."""
    parsed = parse_bytes(data)
    if parsed.diagnostics:
        return None, parsed.diagnostics
    problems = text_record_problems(parsed.records)
    if problems:
        return None, problems
    if target == "text":
        return to_text(parsed.records), ()
    return reference_json(parsed.records), ()


def reference_convert_stream(
    stream: BinaryIO, target: str | None, out: IO[str]
) -> tuple[tuple[Diagnostic, ...], dict[int, str]]:
    """``convert_stream`` as it was: each chunk's records checked exactly, then dumped."""
    writer = None if target == "text" else ReferenceWriter(out)
    problems: list[Diagnostic] = []
    context: dict[int, str] = {}
    comments: tuple[str, ...] = ()
    last: r.Game | None = None
    first = True
    for chunk in chunks_of(stream):
        if isinstance(chunk, Diagnostic):
            return (chunk,), {}
        parsed = chunk.parse()
        found = parsed.diagnostics or _chunk_problems(parsed.records, first)
        if found or problems:
            lines = chunk.lines
            problems += found
            context.update(
                (d.line, lines[d.line - chunk.first_line][:MAX_LINE_LENGTH])
                for d in found if 0 <= d.line - chunk.first_line < len(lines)
            )
            continue
        for game in parsed.records.games:
            if writer is not None:
                writer.add(game)
            else:
                out.write("".join(f"{line}\n" for line in game_lines(game, first=first)))
            first, last = False, game
        comments = parsed.records.comments
    if not problems and last is not None and comments:
        size = size_problem(game_size(last) + comments_size(comments), ("games", 0))
        problems += text_placed([size] if size else [], r.RecordFile(games=(last,)))
    if problems:
        return tuple(problems), context
    if writer is not None:
        writer.close(comments)
    else:
        out.write("".join(f"#{comment}\n" for comment in comments))
    return (), {}


def _chunk_problems(record: r.RecordFile, first: bool) -> tuple[Diagnostic, ...]:
    found = [
        problem
        for index, game in enumerate(record.games)
        for problem in (*game_problems(game, index, first=first and index == 0),
                        *filter(None, [size_problem(game_size(game), ("games", index))]))
    ]
    return text_placed(found, record)
