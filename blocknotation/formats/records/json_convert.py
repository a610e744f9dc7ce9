"""``blocknot convert`` of a record JSON document: to canonical text, or to JSON again, whole
or a game at a time, refused at the JSON path, line and column of what cannot be written."""

from __future__ import annotations

from typing import IO, Any, BinaryIO

from ...basics.diagnostics import Diagnostic, diagnostic
from ...notation import records as rec
from ...notation.parsing import parse_bytes
from ...notation.records import RecordFile
from ...notation.source import decode
from .canonical import game_lines, to_text
from .json_positions import Scanner
from .placing import json_place, placed, record_problems
from .record_json import from_json, to_json
from .record_writer import JsonWriter
from .writable import comments_size, game_problems, game_size, not_last_problem, size_problem


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
    problems = placed(record_problems(record), lambda path: json_place(scanner, path))
    text = to_text(record)
    problems = problems or _unwritable(record, text, json_place(scanner, ()))
    if problems:
        return None, problems
    return (to_json(record) if target == "json" else text), ()


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
    previous: rec.Game | Written | None = None
    for game in games:
        index = games.where[0]
        if isinstance(previous, rec.Game):
            found = list(filter(None, [not_last_problem(previous, index - 1)]))
        else:
            found = []  # a game written quickly has hands
        if isinstance(game, Written):  # it can be written and reads back the same
            if found:
                return games.refused(placed(found, games.place)), {}
            out.write(game.text)
            previous = game
            continue
        found[:0] = game_problems(game, index, first=index == 0)
        found += filter(None, [size_problem(game_size(game), ("games", index))])
        one = RecordFile(games=(game,))
        problems = placed(found, games.place) or _unwritable(
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
        problems = placed(found, games.place)
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
                "text_would_read",
                number=first.line, found=first.code, problem=first.message,
            ),
        )
    if _content(again.records) != _content(record):
        return (diagnostic("S001", *where, "text_reads_otherwise"),)
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


