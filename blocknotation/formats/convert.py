"""``blocknot convert``: text records to JSON and JSON back to canonical text.

Converting never judges legality; it refuses only input it cannot read (syntax diagnostics
S001–S003, or a JSON document that is not a valid record or that no text record can say).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, BinaryIO

from ..basics.diagnostics import N_, Diagnostic, Message, diagnostic
from ..reading import records as r
from ..reading.parsing import parse_bytes
from ..reading.records import RecordFile
from ..reading.source import decode
from .canonical import game_lines, to_text
from .json_positions import Path, Scanner, line_column, path_text
from .record_json import from_json, to_json
from .record_writer import JsonWriter
from .text_convert import convert_bytes as convert_bytes
from .text_convert import convert_stream as convert_stream
from .text_convert import looks_like_json as looks_like_json
from .writable import (
    comments_size,
    game_problems,
    game_size,
    not_last_problem,
    size_problem,
)


def convert_json(data: bytes, target: str | None) -> tuple[str | None, tuple[Diagnostic, ...]]:
    """``convert_bytes`` of a record JSON document: to JSON again if ``target`` is "json",
    to text otherwise."""
    source = decode(data)
    if source.text is None:
        return None, source.diagnostics
    record, problems = from_json(source.text)
    if record is None:
        return None, problems
    scanner = Scanner(source.text)
    problems = _placed(record_problems(record), lambda path: _json_place(scanner, path))
    text = to_text(record)
    problems = problems or _unwritable(record, text, _json_place(scanner, ()))
    if problems:
        return None, problems
    return (to_json(record) if target == "json" else text), ()


Place = Callable[[Path], tuple[int, int]]


def text_record_problems(records: RecordFile) -> tuple[Diagnostic, ...]:
    """Why a record read from text cannot be written back as text (``record_problems``), as
    diagnostics at the lines at fault; ``blocknot format`` refuses such a record too."""
    return text_placed(record_problems(records), records)


def text_placed(found: list[tuple[Path, Message]], record: RecordFile) -> tuple[Diagnostic, ...]:
    """The problems ``found`` in a record read from text, at the lines at fault."""
    return _placed(found, lambda path: text_place(record, path), json=False)


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


def _placed(
    found: list[tuple[Path, Message]], place: Place, *, json: bool = True
) -> tuple[Diagnostic, ...]:
    """The problems as diagnostics at their places: in JSON with their JSON path; in a text
    record (``json=False``) at the line of the statement or game at fault."""
    diagnostics = []
    for path, reason in found:
        line, column = place(path)
        if json:
            diagnostics.append(diagnostic("S001", line, column, N_("{path}: {reason}"),
                                          path=path_text(path), reason=reason))
        else:
            diagnostics.append(diagnostic("S001", line, column, reason.template,
                                          **reason.args))
    return tuple(diagnostics)


def _json_place(scanner: Scanner, path: Path) -> tuple[int, int]:
    value_at, _ = scanner.locate(path)
    return line_column(scanner.text, value_at)


def text_place(record: RecordFile, path: Path) -> tuple[int, int]:
    """Where the value at ``path`` of a record read from text was written."""
    value: Any = record
    where = (1, 1)
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part, None)
        if isinstance(value, r.Game):
            where = (value.line, 1)
        elif hasattr(value, "line") and hasattr(value, "column"):
            where = (value.line, value.column)
    return where


def convert_json_stream(
    stream: BinaryIO, target: str | None, out: IO[str]
) -> tuple[tuple[Diagnostic, ...], dict[int, str]]:
    """``convert_stream`` for a record JSON document too large to hold whole: a game at a
    time (``json_stream.JsonGames``), to canonical text unless ``target`` is "json", with
    each game checked as ``convert_bytes`` checks a whole document."""
    from .json_stream import JsonGames
    from .json_text import Written

    games = JsonGames(stream, quick=target != "json")  # quick: games written as they are read
    json_writer = JsonWriter(out) if target == "json" else None
    previous: r.Game | Written | None = None
    for game in games:
        index = games.where[0]
        if isinstance(previous, r.Game):
            found = list(filter(None, [not_last_problem(previous, index - 1)]))
        else:
            found = []  # a game written quickly has hands
        if isinstance(game, Written):  # it can be written and reads back the same
            if found:
                return games.refused(_placed(found, games.place)), {}
            out.write(game.text)
            previous = game
            continue
        found[:0] = game_problems(game, index, first=index == 0)
        found += filter(None, [size_problem(game_size(game), ("games", index))])
        one = RecordFile(games=(game,))
        problems = _placed(found, games.place) or _unwritable(
            one, to_text(one), games.place(("games", index)))
        if problems:
            return games.refused(problems), {}
        if json_writer is not None:
            json_writer.add(game)
        else:
            out.write("".join(f"{line}\n" for line in game_lines(game, first=index == 0)))
        previous = game
    if games.problems:
        return games.problems, {}
    if games.comments:  # read back with the last game, or alone (as ``record_problems``)
        if previous is None:
            found = list(filter(None, [size_problem(comments_size(games.comments),
                                                    ("comments",))]))
        else:
            size = (previous.size if isinstance(previous, Written) else game_size(previous)
                    ) + comments_size(games.comments)
            found = list(filter(None, [size_problem(size, ("games", games.where[0]))]))
        problems = _placed(found, games.place)
        if problems:
            return problems, {}
    if json_writer is not None:
        json_writer.close(games.comments)
    else:
        out.write("".join(f"#{comment}\n" for comment in games.comments))
    return (), {}


def _unwritable(record: RecordFile, text: str, where: tuple[int, int]) -> tuple[Diagnostic, ...]:
    """Why a record read from JSON cannot be written as text, if it cannot: the last check,
    after ``record_problems``, that its text reads back as the same record."""
    again = parse_bytes(text.encode("utf-8", errors="surrogatepass"))
    if again.diagnostics:
        first = again.diagnostics[0]
        return (
            diagnostic(
                "S001", *where,
                N_("this record cannot be written as text: its line {number} would read "
                   "{found} {problem}"),
                number=first.line, found=first.code, problem=first.message,
            ),
        )
    if _content(again.records) != _content(record):
        return (
            diagnostic(
                "S001", *where,
                N_("this record cannot be written as text: it would read back as a different "
                   "record"),
            ),
        )
    return ()


def _content(record: RecordFile) -> Any:
    """What the text form keeps of a record: all but positions."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in {"line", "column"}}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(record.model_dump(mode="json"))


@contextmanager
def spooled_conversion(
    stream: BinaryIO, target: str | None, from_json: bool = False
) -> Iterator[tuple[IO[str] | None, tuple[Diagnostic, ...], dict[int, str]]]:
    """``convert_stream`` into a spool (in memory while small, then on disk), so that nothing
    is written out unless the whole record could be read.  Yields the spool, rewound, or None
    with the diagnostics and the source lines they point at."""
    with tempfile.SpooledTemporaryFile(
        _SPOOL_CHARS, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        convert = convert_json_stream if from_json else convert_stream
        diagnostics, context = convert(stream, target, spool)
        spool.seek(0)
        yield (None if diagnostics else spool), diagnostics, context


_SPOOL_CHARS = 8 << 20
