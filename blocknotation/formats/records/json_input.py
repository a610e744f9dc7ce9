"""Record JSON read as a record to check: its games, with the lines of the text it was
converted from (``blocknot convert`` records each statement's line and column).

What is keyed by a statement's line (the ends and the side of each play the engine
replays, the analysis of each move, the moves of ``export``, where ``--format annotated``
writes a finding) trusts those lines to be those of a text record: one statement a line,
in the order written.  A document whose lines repeat or go back (every statement at line 1,
two statements on one line) is not such a record: it is refused with S001 at the first
tag, hand or statement whose line does not come after the one before it, and nothing of it
is replayed.  ``convert`` writes the lines of its output afresh, so it reads such a
document as any other.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...basics.diagnostics import Diagnostic, diagnostic, message_part
from ...notation.plain import from_records
from ...notation.reader import ParsedRecord
from .json_positions import JsonProblem, Path, Scanner
from .json_problems import found_diagnostic

if TYPE_CHECKING:
    from ...notation.stream import Chunk


@dataclass(frozen=True, slots=True)
class RecordJson(ParsedRecord):
    """What was read of a record JSON document: its games in the plain form, the lines of
    their statements those the document records."""


def read_record_json(text: str) -> tuple[RecordJson | None, Diagnostic | None]:
    """The record JSON document ``text`` read for checking; or None and the S001 of a line
    that does not come after the one before it; or None, None for a document that is not
    record JSON (``json_hint`` says what it is)."""
    from .record_json import from_json

    record, problems = from_json(text)
    if record is None or problems:
        return None, None
    found = disorder(record)
    if found is not None:
        path, line, before = found
        at, _ = Scanner(text).locate(path)
        return None, found_diagnostic(text, JsonProblem(at, path, message_part(
            "S001", "lines_out_of_order", line=line, before=before)))
    return RecordJson(from_records(record), ()), None


def disorder(record: Any) -> tuple[Path, int, int] | None:
    """The JSON path of the first ``line`` of ``record`` (read by its fields) that does not
    come after the one before it, that line and the one before; None when every line does."""
    before = 0
    for path, line in _lines(record):
        if line <= before:
            return path, line, before
        before = line
    return None


def _lines(record: Any) -> Iterator[tuple[Path, int]]:
    """Each tag's, hand's and statement's line, in the order of the document."""
    for g, game in enumerate(record.games):
        for t, tag in enumerate(game.tags):
            yield ("games", g, "tags", t, "line"), tag.line
        for h, hand in enumerate(game.hands):
            yield ("games", g, "hands", h, "line"), hand.line
            for s, statement in enumerate(hand.statements):
                yield ("games", g, "hands", h, "statements", s, "line"), statement.line


def json_hint(chunk: Chunk) -> Diagnostic | None:
    """One diagnostic for a file that is JSON but not record JSON (instead of an S001 on
    each of its lines), saying what is wrong with it; None when it is not JSON either, or
    is record JSON (``read_record_json`` reads it)."""
    import json

    from .record_json import from_json

    at = len(chunk.text) - len(chunk.text.lstrip(" \t\n"))
    line = chunk.text.count("\n", 0, at) + 1
    column = at - chunk.text.rfind("\n", 0, at)
    record, problems = from_json(chunk.text)
    if record is not None:
        return None
    try:
        json.loads(chunk.text)
    except (ValueError, RecursionError):
        return None  # not JSON either: the text parser says what is wrong, line by line
    return diagnostic("S001", line, column, "invalid_json",
        problem=problems[0].message)
