"""One version of a document, checked: the report of the whole text, and its records.

The report comes from the same pipeline as ``blocknot validate`` (a game at a time, the
quick way for clean games), so the editor shows exactly what the command reports.  The
records (the full parse, with every statement's position) are needed only by hover and
completion, and are read the first time one of them asks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import records as r
from ..engine.tiles import index
from ..names import name_key
from ..parsing import ParseResult, parse_bytes
from ..pipeline import validate_bytes
from ..report import FileReport, GameResult, HandResult
from .settings import Settings


def encoded(text: str) -> bytes:
    """The editor's text as the bytes of a file; a lone surrogate (which no UTF-8 file can
    hold) is kept as its bytes so that the decoder reports it as S003."""
    return text.encode("utf-8", "surrogatepass")


@dataclass(slots=True)
class Analysis:
    """A document's text, its settings and its report; its records on demand."""

    text: str
    path: str
    settings: Settings
    report: FileReport
    _parsed: ParseResult | None = field(default=None, repr=False)

    @classmethod
    def of(cls, text: str, path: str, settings: Settings) -> Analysis:
        return cls(text, path, settings, validate_bytes(encoded(text), path, settings.selection))

    @property
    def parsed(self) -> ParseResult:
        if self._parsed is None:
            self._parsed = parse_bytes(encoded(self.text))
        return self._parsed

    def game_at(self, line: int) -> GameResult | None:
        """The game whose lines hold ``line``."""
        return game_at(self.report.games, line)

    def hand_at(self, line: int) -> tuple[GameResult, HandResult] | None:
        """The game and the hand whose lines hold ``line``."""
        return hand_at(self.report.games, line)

    def record_hand(self, line: int) -> r.Hand | None:
        """The hand of the records whose lines hold ``line``."""
        return record_hand(self.parsed.records, line)


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
