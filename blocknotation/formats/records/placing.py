"""Where the problems of a record that cannot be converted stand: in a JSON document at their
JSON path, line and column; in a record read from text at the line of the statement at fault."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...basics.diagnostics import Diagnostic, Message, diagnostic, stated
from ...notation import records as rec
from ...notation.records import RecordFile
from .json_positions import Path, Scanner, line_column, path_text
from .writable import (
    comments_size,
    game_problems,
    game_size,
    not_last_problem,
    size_problem,
)

Place = Callable[[Path], tuple[int, int]]


def text_record_problems(records: RecordFile) -> tuple[Diagnostic, ...]:
    """Why a record read from text cannot be written back as text (``record_problems``), as
    diagnostics at the lines at fault; ``blocknot format`` refuses such a record too."""
    return text_placed(record_problems(records), records)


def text_placed(found: list[tuple[Path, Message]], record: RecordFile) -> tuple[Diagnostic, ...]:
    """The problems ``found`` in a record read from text, at the lines at fault."""
    return placed(found, lambda path: text_place(record, path), json=False)


def record_problems(record: RecordFile) -> list[tuple[Path, Message]]:
    """Why ``record`` cannot be written so that it reads back the same (``writable``)."""
    found: list[tuple[Path, Message]] = []
    last = len(record.games) - 1
    for index, game in enumerate(record.games):
        found += game_problems(game, index, first=index == 0)
        if index < last:
            found += filter(None, [not_last_problem(game, index)])
        size = game_size(game) + (comments_size(record.comments) if index == last else 0)
        found += filter(None, [size_problem(size, ("games", index))])
    if not record.games:
        found += filter(None, [size_problem(comments_size(record.comments), ("comments",))])
    return found


def placed(
    found: list[tuple[Path, Message]], place: Place, *, json: bool = True
) -> tuple[Diagnostic, ...]:
    """The problems as diagnostics at their places: in JSON with their JSON path; in a text
    record (``json=False``) at the line of the statement or game at fault."""
    diagnostics = []
    for path, reason in found:
        line, column = place(path)
        if json:
            diagnostics.append(diagnostic("S001", line, column, "json_path",
                                          path=path_text(path), reason=reason))
        else:
            diagnostics.append(stated("S001", line, column, reason))
    return tuple(diagnostics)


def json_place(scanner: Scanner, path: Path) -> tuple[int, int]:
    value_at, _ = scanner.locate(path)
    return line_column(scanner.text, value_at)


def text_place(record: RecordFile, path: Path) -> tuple[int, int]:
    """Where the value at ``path`` of a record read from text was written."""
    value: Any = record
    where = (1, 1)
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part, None)
        if isinstance(value, rec.Game):
            where = (value.line, 1)
        elif hasattr(value, "line") and hasattr(value, "column"):
            where = (value.line, value.column)
    return where


