"""``blocknot convert``: text records to JSON and JSON back to canonical text.

Converting never judges legality; it refuses only input it cannot read (syntax diagnostics
S001–S003, or a JSON document that is not a valid record or that no text record can say).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any, BinaryIO

from .diagnostics import N_, Diagnostic, diagnostic
from .limits import MAX_LINE_LENGTH
from .output.canonical import game_lines, to_text
from .output.record_json import JsonWriter, from_json, to_json
from .parsing import parse_bytes
from .records import RecordFile
from .source import decode
from .stream import chunks_of


def looks_like_json(data: bytes) -> bool:
    """A record JSON document starts with ``{`` (after white space and a BOM)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def convert_bytes(data: bytes, target: str | None) -> tuple[str | None, tuple[Diagnostic, ...]]:
    """Convert ``data`` to ``target`` ("json" or "text"; None: the other form).

    Returns the converted text, or None and the diagnostics that say why it cannot be read.
    """
    if looks_like_json(data):
        source = decode(data)
        if source.text is None:
            return None, source.diagnostics
        record, problems = from_json(source.text)
        if record is None:
            return None, problems
        text = to_text(record)
        problems = _unwritable(record, text)
        if problems:
            return None, problems
        return (to_json(record) if target == "json" else text), ()
    parsed = parse_bytes(data)
    if parsed.diagnostics:
        return None, parsed.diagnostics
    return (to_text(parsed.records) if target == "text" else to_json(parsed.records)), ()


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
    first = True
    for chunk in chunks_of(stream):
        if isinstance(chunk, Diagnostic):  # not UTF-8, or a game too large: it says it all
            return (chunk,), {}
        parsed = chunk.parse()
        if parsed.diagnostics or problems:
            lines = chunk.lines
            problems += parsed.diagnostics
            context.update(
                (d.line, lines[d.line - chunk.first_line][:MAX_LINE_LENGTH])
                for d in parsed.diagnostics if 0 <= d.line - chunk.first_line < len(lines)
            )
            continue
        for game in parsed.records.games:
            if json_writer is not None:
                json_writer.add(game)
            else:
                out.write("".join(f"{line}\n" for line in game_lines(game, first=first)))
            first = False
        comments = parsed.records.comments  # a file's last comments close its last chunk
    if problems:
        return tuple(problems), context
    if json_writer is not None:
        json_writer.close(comments)
    else:
        out.write("".join(f"#{comment}\n" for comment in comments))
    return (), {}


def convert_json_stream(
    stream: BinaryIO, target: str | None, out: IO[str]
) -> tuple[tuple[Diagnostic, ...], dict[int, str]]:
    """``convert_stream`` for a record JSON document too large to hold whole: a game at a
    time (``json_stream.JsonGames``), to canonical text unless ``target`` is "json", with
    each game checked as ``convert_bytes`` checks a whole document."""
    from .json_stream import JsonGames

    games = JsonGames(stream)
    json_writer = JsonWriter(out) if target == "json" else None
    first = True
    for game in games:
        one = RecordFile(games=(game,))
        problems = _unwritable(one, to_text(one))
        if not problems and not first and not game.tags:
            problems = _unwritable(RecordFile(games=(game, game)), to_text(
                RecordFile(games=(game, game))))
        if problems:
            return problems, {}
        if json_writer is not None:
            json_writer.add(game)
        else:
            out.write("".join(f"{line}\n" for line in game_lines(game, first=first)))
        first = False
    if games.problems:
        return games.problems, {}
    tail = RecordFile(comments=games.comments)
    problems = _unwritable(tail, to_text(tail))
    if problems:
        return problems, {}
    if json_writer is not None:
        json_writer.close(games.comments)
    else:
        out.write("".join(f"#{comment}\n" for comment in games.comments))
    return (), {}


def _unwritable(record: RecordFile, text: str) -> tuple[Diagnostic, ...]:
    """Why a record read from JSON cannot be written as text, if it cannot.

    JSON can hold what the notation cannot write (a keyword as a player's name, a NUL in a
    comment, a game without tags after another); its text would then read back as something
    else, or not at all.  Such a record is refused rather than converted into a different one.
    """
    again = parse_bytes(text.encode("utf-8", errors="surrogatepass"))
    if again.diagnostics:
        first = again.diagnostics[0]
        return (
            diagnostic(
                "S001", 1, 1,
                N_("this record cannot be written as text: its line {number} would read "
                   "{found} {problem}"),
                number=first.line, found=first.code, problem=first.message,
            ),
        )
    if _content(again.records) != _content(record):
        return (
            diagnostic(
                "S001", 1, 1,
                N_("this record cannot be written as text: it would read back as a different "
                   "record (an empty game, or a game without tags after the first?)"),
            ),
        )
    return ()


def _content(record: RecordFile) -> Any:
    """What the text form keeps of a record: all but positions and comments' trailing space."""

    def strip(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: strip(v, k) for k, v in value.items() if k not in {"line", "column"}}
        if isinstance(value, list):
            return [strip(v, key) for v in value]
        if isinstance(value, str) and key in {"comment", "comments"}:
            return value.rstrip()
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
