"""One version of a document, checked: the report of the whole text, and its records.

The report comes from the same pipeline as ``blocknot validate`` (a game at a time, the
quick way for clean games), so the editor shows exactly what the command reports.  A
document keeps the report of each of its games (``Checker``): after a change only the games
whose text or place changed are checked again, so that typing in one game of a long evening
costs that game's check.  The records (the full parse, with every statement's position)
are needed only by hover and completion: those of one game are read the first time one of
them asks about it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..basics.diagnostics import Diagnostic
from ..basics.names import name_key
from ..engine.tiles import index
from ..pipeline import EVERYTHING, Selection, chunks_of, collect, validate_chunk
from ..reading import records as r
from ..reading.source import BOM
from ..reading.stream import Chunk
from ..report.values import FileReport, GameResult, HandResult, Piece
from .ranges import split_lines
from .settings import Settings


def encoded(text: str) -> bytes:
    """The editor's text as the bytes of a file; a lone surrogate (which no UTF-8 file can
    hold) is kept as its bytes so that the decoder reports it as S003."""
    return text.encode("utf-8", "surrogatepass")


_Key = tuple[str, int, int, tuple[Diagnostic, ...], Selection]


class Checker:
    """A document's games, each with the report it got, for the next version of the text."""

    def __init__(self) -> None:
        self.pieces: dict[_Key, Piece] = {}

    def report(self, data: bytes, path: str, selection: Selection = EVERYTHING) -> FileReport:
        """What ``pipeline.validate_bytes`` reports, reusing the pieces of games whose
        text, first line and number are as they were at the last call."""
        kept: dict[_Key, Piece] = {}
        pieces = []
        games = 0
        for chunk in chunks_of(io.BytesIO(data)):
            if isinstance(chunk, Diagnostic):
                piece = validate_chunk(chunk, games + 1, selection)
            else:
                key = (chunk.text, chunk.first_line, games + 1, chunk.undecodable, selection)
                piece = self.pieces.get(key) or validate_chunk(chunk, games + 1, selection)
                kept[key] = piece
            games += len(piece.games)
            pieces.append(piece)
        self.pieces = kept
        return collect(path, pieces)


@dataclass(slots=True)
class Analysis:
    """A document's text, its settings and its report; its records on demand."""

    text: str
    path: str
    settings: Settings
    report: FileReport
    _records: dict[int, r.RecordFile] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, text: str, path: str, settings: Settings, checker: Checker) -> Analysis:
        return cls(text, path, settings, checker.report(encoded(text), path, settings.selection))

    def records_of_game(self, line: int) -> r.RecordFile | None:
        """The records of the game whose lines hold ``line`` (parsed on first need)."""
        game = self.game_at(line)
        if game is None:
            return None
        if game.line not in self._records:
            chunk = game_chunk(self.text, self.report.games, game.line)
            self._records[game.line] = chunk.parse().records
        return self._records[game.line]

    def game_at(self, line: int) -> GameResult | None:
        """The game whose lines hold ``line``."""
        return game_at(self.report.games, line)

    def hand_at(self, line: int) -> tuple[GameResult, HandResult] | None:
        """The game and the hand whose lines hold ``line``."""
        return hand_at(self.report.games, line)

    def record_hand(self, line: int) -> r.Hand | None:
        """The hand of the records whose lines hold ``line``."""
        records = self.records_of_game(line)
        return None if records is None else record_hand(records, line)


def game_chunk(text: str, games: tuple[GameResult, ...], start: int,
               stop: int | None = None) -> Chunk:
    """The game that starts at line ``start`` as the pipeline cuts it, up to the next game
    (or to line ``stop``, not included): validated or parsed alone, its statements keep
    their line numbers, and the other games cost nothing."""
    following = [g.line for g in games if g.line > start]
    end = min([*following[:1], *([stop] if stop is not None else [])], default=None)
    lines = split_lines(text.removeprefix(BOM) if start == 1 else text)
    kept = lines[start - 1:] if end is None else lines[start - 1:end - 1]
    return Chunk(start, "\n".join(kept))


def game_at(games: tuple[GameResult, ...], line: int) -> GameResult | None:
    found = None
    for game in games:
        if game.line > line:
            break
        found = game
    return found


def hand_at(games: tuple[GameResult, ...], line: int) -> tuple[GameResult, HandResult] | None:
    game = game_at(games, line)
    if game is None:
        return None
    found = None
    for hand in game.hands:
        if hand.line > line:
            break
        found = hand
    return None if found is None else (game, found)


def record_hand(record: r.RecordFile, line: int) -> r.Hand | None:
    found = None
    for game in record.games:
        for hand in game.hands:
            if hand.line > line:
                return found
            found = hand
    return found


def plays(hand: r.Hand) -> Iterator[r.Play]:
    """The plays of a hand, in order."""
    return (s for s in hand.statements if isinstance(s, r.Play))


def still_held(hand: r.Hand, player: str, before: int) -> tuple[r.Tile, ...] | None:
    """The tiles ``player`` holds in ``hand`` once the plays above line ``before`` are made,
    as written in the deal; None when the deal is not recorded.  Bookkeeping only: whether
    the plays were legal is the engine's word, in the diagnostics."""
    key = name_key(player)
    deal = next((s for s in hand.statements
                 if isinstance(s, r.Deal) and name_key(s.player) == key), None)
    if deal is None:
        return None
    gone = {index(p.tile) for p in plays(hand) if p.line < before and name_key(p.player) == key}
    return tuple(tile for tile in deal.tiles if index(tile) not in gone)
