"""The games of one record file as the validation judged them, each with what was written.

A file is read a game at a time (``pipeline.chunks_of``), each game read once and replayed
by ``pipeline.validate_chunk``, exactly as ``blocknot validate`` does: the same diagnostics,
with the same ``--select``/``--ignore``, ``per-file-ignores`` and ``# blocknot: ignore``
comments, and the diagnostics that end a file (S004, S005, ``pipeline.FileEnd``).  Each game
comes with its plain form as written (tags, hands and statements: ``notation.plain``), which
the standings need for the tags and the tables for the moves.  A record JSON document
(``blocknot convert``'s output) is read as validation reads it, its games with the lines of
the text it was converted from.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from ..basics.diagnostics import Diagnostic
from ..notation.reader import ParsedRecord
from ..pipeline import EVERYTHING, FileEnd, Selection, chunks_of, read_chunk, validate_chunk
from ..report.values import GameResult, Piece
from ..suppress import followed

if TYPE_CHECKING:
    from ..notation import plain as p
    from ..notation.stream import Chunk


@dataclass(frozen=True, slots=True)
class Played:
    """One game of ``file``: what validation made of it, its diagnostics, and the game as
    written (None when what was read of it holds no game: it was not read)."""

    file: str
    result: GameResult
    diagnostics: tuple[Diagnostic, ...]
    written: p.PlainGame | None

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    def tag(self, key: str) -> str | None:
        """The value of the game's first ``key`` tag, if it has one."""
        found = None if self.written is None else self.written.tag(key)
        return None if found is None else found.value


@dataclass(frozen=True, slots=True)
class Loose:
    """Diagnostics of ``file`` that belong to no game (a line before the first game that
    cannot be read, bytes that are not UTF-8, a file without a hand)."""

    file: str
    diagnostics: tuple[Diagnostic, ...]


class FileRead:
    """The games of the file read from ``stream`` (named ``name``), in order, then its loose
    diagnostics.  A failure to read ends the file: the games before it are given, and the
    failure is kept in ``problem``."""

    def __init__(self, name: str, stream: BinaryIO, selection: Selection = EVERYTHING) -> None:
        self.name = name
        self.stream = stream
        self.selection = selection
        self.problem: OSError | None = None

    def __iter__(self) -> Iterator[Played | Loose]:
        end = FileEnd()
        games = 0
        try:
            for chunk in chunks_of(self.stream):
                piece, items = judged(self.name, chunk, games + 1, self.selection)
                games += len(piece.games)
                follow(end, piece)
                yield from items
        except OSError as error:  # the stream's own failure; ``run.inputs.Input`` keeps it
            self.problem = error
        kept = getattr(self.stream, "error", None)
        if self.problem is None and isinstance(kept, OSError):
            self.problem = kept
        yield from ended(self.name, end, self.selection, self.problem is None)


def follow(end: FileEnd, piece: Piece) -> None:
    """What the end of the file needs to know of ``piece`` (``pipeline.file_end``)."""
    end.follow(piece.file_marks, followed(piece), sum(len(g.hands) for g in piece.games),
               any(d.is_error for d in piece.diagnostics))


def ended(name: str, end: FileEnd, selection: Selection, readable: bool) -> Iterator[Loose]:
    """The diagnostics that end file ``name`` (S005, S004): ``pipeline.FileEnd.pieces``."""
    for piece in end.pieces(selection, readable):
        if piece.diagnostics:
            yield Loose(name, piece.diagnostics)


def judged(name: str, chunk: Chunk | Diagnostic, first_game: int, selection: Selection
           ) -> tuple[Piece, list[Played | Loose]]:
    """One chunk of file ``name`` read and replayed (its games numbered from
    ``first_game``): its piece of the report, and its games and loose diagnostics."""
    piece, parsed = _validated(chunk, first_game, selection)
    return piece, list(_split(name, piece, parsed))


def _split(name: str, piece: Piece, parsed: ParsedRecord | None) -> Iterator[Played | Loose]:
    written = () if parsed is None else parsed.records.games
    if len(piece.games) == 1:  # a chunk of text holds one game at most
        game = written[0] if written else None
        yield Played(name, piece.games[0], piece.diagnostics, game)
        return
    indexes = {g.index for g in piece.games}
    for at, result in enumerate(piece.games):  # record JSON: every game of the document
        mine = tuple(d for d in piece.diagnostics if d.game == result.index)
        yield Played(name, result, mine, written[at] if at < len(written) else None)
    loose = tuple(d for d in piece.diagnostics if d.game not in indexes)
    if loose:
        yield Loose(name, loose)


def _validated(chunk: Chunk | Diagnostic, first_game: int,
               selection: Selection) -> tuple[Piece, ParsedRecord | None]:
    """One chunk replayed (``validate_chunk``), and what was read of it (``read_chunk``)."""
    parsed = read_chunk(chunk)
    return validate_chunk(chunk, first_game, selection, parsed=parsed), parsed
