"""``blocknot convert`` of a text record: its JSON written from the plain form, without
building records (and without loading pydantic).

A text record is read into the plain form (``notation/reader.py``), as validation reads it, and
its JSON is written straight from that form by the one record JSON writer
(``record_writer``).  Before anything is written, ``convert`` makes sure the record would read
back the same from its canonical text (``writable``): ``text_bounds`` proves it at little cost
for any ordinary record, and only when it cannot are the records built and checked exactly
(``convert.text_record_problems``).  Canonical text (``--to text``) is written from records.
Record JSON is converted by ``convert.convert_json``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, BinaryIO

from ...basics.collector import collector_paused
from ...basics.diagnostics import Diagnostic
from ...basics.limits import MAX_LINE_LENGTH
from ...notation import plain as p
from ...notation.reader import read_source
from ...notation.source import decode
from ...notation.stream import chunks_of
from .record_writer import JsonWriter, document_json
from .text_bounds import surely_writable

if TYPE_CHECKING:
    from ...notation import records as rec


def looks_like_json(data: bytes) -> bool:
    """A record JSON document starts with ``{`` (after white space and a BOM)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def convert_bytes(data: bytes, target: str | None) -> tuple[str | None, tuple[Diagnostic, ...]]:
    """Convert ``data`` to ``target`` ("json" or "text"; None: the other form).

    Returns the converted text, or None and the diagnostics that say why it cannot be read
    or could not be read back once written.
    """
    if looks_like_json(data):
        from .json_convert import convert_json  # pydantic is loaded only where needed

        return convert_json(data, target)
    with collector_paused():  # a whole file (at most MAX_INPUT_BYTES) read and written
        source = decode(data)
        parsed = read_source(source)
        if parsed.diagnostics:
            return None, parsed.diagnostics
        if target == "text" or not surely_writable(parsed.records, source.text or ""):
            from .canonical import to_text
            from .placing import text_record_problems

            records = _records(parsed.records)
            problems = text_record_problems(records)
            if problems:
                return None, problems
            if target == "text":
                return to_text(records), ()
        return document_json(parsed.records), ()


def _records(record: p.PlainRecordFile) -> rec.RecordFile:
    from ...notation.records import from_plain

    return from_plain(record)


def convert_stream(
    stream: BinaryIO, target: str | None, out: IO[str]
) -> tuple[tuple[Diagnostic, ...], dict[int, str]]:
    """Convert a text record read from ``stream`` a game at a time (``stream.chunks_of``), to
    JSON unless ``target`` is "text", writing to ``out`` as it goes: a file of any size
    converts in little memory, as long as each game fits (``MAX_INPUT_BYTES``).

    Returns the diagnostics (and the source lines they point at) when the record cannot be
    read; what ``out`` holds is then to be thrown away.  Otherwise ``out`` holds what
    ``convert_bytes`` gives for the same bytes.
    """
    json_writer = None if target == "text" else JsonWriter(out)
    problems: list[Diagnostic] = []
    context: dict[int, str] = {}
    comments: tuple[str, ...] = ()
    last: p.PlainGame | None = None
    proven = True  # the last game is surely writable with the file's closing comments
    first = True
    for chunk in chunks_of(stream):
        if isinstance(chunk, Diagnostic):  # not UTF-8, or a game too large: it says it all
            return (chunk,), {}
        parsed = chunk.read()
        record = parsed.records
        proven = not parsed.diagnostics and surely_writable(
            record, chunk.text, chunk.first_line, first=first)
        found = parsed.diagnostics or (() if proven else _chunk_problems(record, first))
        if found or problems:
            lines = chunk.lines
            problems += found
            context.update(
                (d.line, lines[d.line - chunk.first_line][:MAX_LINE_LENGTH])
                for d in found if 0 <= d.line - chunk.first_line < len(lines)
            )
            continue
        if json_writer is not None:
            for game in record.games:
                json_writer.add(game)
        else:
            _write_text(_records(record).games, first, out)
        if record.games:
            first, last = False, record.games[-1]
        comments = record.comments  # a file's last comments close its last chunk
    if not problems and last is not None and comments and not proven:
        problems += _closing_problems(last, comments)
    if problems:
        return tuple(problems), context
    if json_writer is not None:
        json_writer.close(comments)
    else:
        out.write("".join(f"#{comment}\n" for comment in comments))
    return (), {}


def _write_text(games: Iterable[rec.Game], first: bool, out: IO[str]) -> None:
    from .canonical import game_lines

    for game in games:
        out.write("".join(f"{line}\n" for line in game_lines(game, first=first)))
        first = False


def _chunk_problems(record: p.PlainRecordFile, first: bool) -> tuple[Diagnostic, ...]:
    """``convert.record_problems`` of a chunk's games (without the file's closing comments,
    which are checked with the last game once the file has been read)."""
    from .placing import text_placed
    from .writable import game_problems, game_size, size_problem

    records = _records(record)
    found = [
        problem
        for index, game in enumerate(records.games)
        for problem in (*game_problems(game, index, first=first and index == 0),
                        *filter(None, [size_problem(game_size(game), ("games", index))]))
    ]
    return text_placed(found, records)


def _closing_problems(last: p.PlainGame, comments: tuple[str, ...]) -> tuple[Diagnostic, ...]:
    """Why the file's last game, with its closing comments, is too large to convert."""
    from .placing import text_placed
    from .writable import comments_size, game_size, size_problem

    closing = _records(p.PlainRecordFile((last,)))
    size = size_problem(game_size(closing.games[0]) + comments_size(comments), ("games", 0))
    return text_placed([size] if size else [], closing)
