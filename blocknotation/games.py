"""A game at a time, for pipelines: cut a stream into games, check each one anywhere.

``iter_games`` cuts a record file into the text of its games (each with its first line and
its index in the file); ``validate_game`` checks one such text, in any process or machine,
and returns a plain dict: the very object ``blocknot validate --format jsonl`` writes for
that game, with the file's real line numbers.  Mapping ``validate_game`` over ``iter_games``
of a file gives its JSON Lines report, game for game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from .basics.diagnostics import Diagnostic
from .notation.reader import ParsedRecord
from .notation.stream import Chunk
from .pipeline import EVERYTHING, Selection, chunks_of, validate_chunk
from .report.values import Piece


@dataclass(frozen=True, slots=True)
class GameText:
    """The text of one game of a file (LF line ends), the number of its first line, and its
    index among the file's games (from 1).

    The lines before the first game go with it.  When the bytes are not UTF-8 text, the
    last item has ``problem`` set (the S003 diagnostic) and no text: a file read from a
    stream that cannot be read twice (a pipe) gives its games before the bad byte first."""

    text: str
    first_line: int
    index: int
    problem: Diagnostic | None = None

    @property
    def chunk(self) -> Chunk:
        return Chunk(self.first_line, self.text)


def iter_games(stream: BinaryIO) -> Iterator[GameText]:
    """The games of a record file read from a binary stream, in order, one in memory at a
    time."""
    index = 1
    for chunk in chunks_of(stream):
        if isinstance(chunk, Diagnostic):
            yield GameText("", chunk.line, index, chunk)
            return
        yield GameText(chunk.text, chunk.first_line, index)
        index += 1


def game_digest(chunk: Chunk, parsed: ParsedRecord | None = None) -> str | None:
    """The sha256 (hex) of the game's canonical text, one LF after each line; None when the
    chunk holds no game or has lines that cannot be read (its text would not be whole).
    ``parsed``: the chunk as already read (``Chunk.read``), so that it is read once."""
    from .formats.records.canonical import game_lines

    parsed = chunk.read() if parsed is None else parsed
    if parsed.diagnostics or not parsed.records.games:
        return None
    # The reader's plain form writes the same canonical text as records, without them.
    text = "".join(line + "\n" for line in game_lines(parsed.records.games[0], first=True))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check(game: GameText, selection: Selection = EVERYTHING) -> tuple[Piece, str | None]:
    """The piece of the report for one game, and its digest."""
    if game.problem is not None:
        return validate_chunk(game.problem, game.index, selection), None
    chunk = game.chunk
    parsed = chunk.read()
    piece = validate_chunk(chunk, game.index, selection, parsed=parsed)
    return piece, game_digest(chunk, parsed) if piece.games else None


def validate_game(game: GameText | str, path: str = "<string>", *, first_line: int = 1,
                  index: int = 1, lang: str = "en",
                  selection: Selection = EVERYTHING) -> dict[str, Any] | None:
    """Check one game; the JSON Lines object of ``blocknot validate --format jsonl`` for it.

    ``game`` is an item of ``iter_games`` (its first line and index are its own), or the
    text of a game, whose first line in its file is ``first_line`` and whose index there is
    ``index``.  None when the text holds neither a game nor a diagnostic (only comments)."""
    from .formats.reports.jsonl import piece_object

    if isinstance(game, str):
        game = GameText(game, first_line, index)
    piece, digest = check(game, selection)
    return piece_object(path, piece, digest, lang)
