"""One version of a document, checked: its diagnostics, and what the requests ask of a game.

The report comes from the same pipeline as ``blocknot validate``, a game at a time, and only
the games a change touched are checked again (``cut.py``), so the editor shows exactly what
the command reports and typing in one game of a long evening costs that game's check.  What
the requests need of a game beyond its diagnostics (its results, the ends and totals; its
records, every statement with its position; its fixes) is made for the games they ask about,
when they ask, and the last few are kept (``Memory``) while their games stay as they are.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict, deque
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..basics.diagnostics import Diagnostic
from ..basics.names import name_key
from ..engine.course import ReplayedHand
from ..engine.table import Table, table_of
from ..engine.tiles import index
from ..fixing.edits import Fix, moved_fix
from ..fixing.fixes import find_fixes
from ..notation import records as rec
from ..notation.stream import Chunk
from ..pipeline import is_json, judged, validate_chunk
from ..report.values import GameResult, HandResult, Piece
from .cut import EMPTY, Cut, CutGame, Fresh, chunk_at, cutting, finished
from .ranges import Anchor, Lines, Place
from .seen import Seen
from .settings import ClientSettings

T = TypeVar("T")


class _Recent(Generic[T]):
    """The last ``size`` values made for some games, by the game's piece and place: a piece
    stands for the game's text (a game whose text changed has another), and a game moved
    without diagnostics keeps its piece, so its place is part of the key."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[int, int, int], tuple[Piece, T]] = OrderedDict()

    def get(self, piece: Piece, line: int, number: int) -> T | None:
        key = (id(piece), line, number)
        found = self.kept.get(key)
        if found is None or found[0] is not piece:
            return None
        self.kept.move_to_end(key)
        return found[1]

    def put(self, piece: Piece, line: int, number: int, value: T) -> T:
        key = (id(piece), line, number)
        self.kept[key] = (piece, value)
        self.kept.move_to_end(key)
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)
        return value


@dataclass(slots=True)
class Memory:
    """What a document keeps from one version to the next: the results and records of the
    last games asked about (a game on screen is asked about again and again), fixes by
    the text of their games (fixes do not depend on a game's place), the games checked
    lately, by their texts (``seen.py``), and the lines above the last lines completed,
    replayed (``above``: a line typed a key at a time is completed at each key, the lines
    above it the same)."""

    results: _Recent[tuple[GameResult, ...]] = field(default_factory=lambda: _Recent(32))
    records: _Recent[rec.RecordFile] = field(default_factory=lambda: _Recent(8))
    fixes: OrderedDict[tuple[object, ...], tuple[Fix, ...]] = field(default_factory=OrderedDict)
    seen: Seen[CutGame] = field(default_factory=Seen)
    above: _Above = field(default_factory=OrderedDict)


#: Games whose fixes a document keeps, and lines above a line completed.
_FIXES_KEPT = 64
_ABOVE_KEPT = 8
#: The lines above a line, by their first line and text: replayed and read as records.
_Above = OrderedDict[tuple[int, str], "Above"]


@dataclass(frozen=True, slots=True)
class Above:
    """The lines of a game above a line being written, as ``validate`` reads them cut short
    there: its ``games`` (the report's results), its ``records``, and ``last``, its last
    hand as the replay left it, with the ways of reading it the engine kept (the line being
    written goes on that hand, or starts the next)."""

    games: tuple[GameResult, ...]
    records: rec.RecordFile
    last: ReplayedHand | None

    def tables(self, hand_line: int, seat: int) -> tuple[Table, ...]:
        """The ways of reading the hand at ``hand_line`` that the engine kept, each a
        ``Table`` where it stands after the hand's last line (a hand read as written has
        one; a slip may leave several); before the lead of a first hand with no opener
        line, where anyone may lead, with ``seat`` on turn.  None when that hand is not
        the last the engine replayed (a syntax error in it: it is not replayed)."""
        last = self.last
        if last is None or last.result is None or last.result.line != hand_line:
            return ()
        names = last.game.seats.names
        tables = (table_of(world, names, seat) for world in last.readings)
        return tuple(table for table in tables if table is not None)


class _Readings:
    """What the replay of the lines above keeps (an ``engine.course.ReplayCache``): the last
    hand it replayed; it takes nothing from an earlier replay, and saves nothing to resume
    from."""

    saves = False

    def __init__(self) -> None:
        self.last: ReplayedHand | None = None

    def kept(self, at: ReplayedHand) -> None:
        if at.result is not None:
            self.last = at

    def again(self, k: int) -> ReplayedHand | None:
        del k
        return None


@dataclass(slots=True)
class Analysis:
    """A document's text, its settings, its cut (each game with its report) and lines."""

    text: str
    path: str
    settings: ClientSettings
    cut: Cut
    lines: Lines
    diagnostics: tuple[Diagnostic, ...]
    """What ``blocknot validate`` reports for the text, in its order."""
    memory: Memory = field(default_factory=Memory, repr=False)

    @classmethod
    def of(cls, text: str, path: str, settings: ClientSettings, encoding: str,
           before: Analysis | None = None, change: tuple[int, int, int] | None = None
           ) -> Analysis:
        """``text`` checked; ``before``: the last version's analysis, whose unchanged games
        are not checked again; ``change``: where the two texts differ, when it is known."""
        return finished(cls.steps(text, path, settings, encoding, before, change))

    @classmethod
    def steps(cls, text: str, path: str, settings: ClientSettings, encoding: str,
              before: Analysis | None = None, change: tuple[int, int, int] | None = None
              ) -> Generator[None, None, Analysis]:
        """``of``, a game at a time (``cut.cutting``)."""
        memory = before.memory if before is not None else Memory()
        fresh: Fresh = deque(maxlen=memory.results.size)
        old = before.cut if before is not None and before.settings == settings else EMPTY
        done = yield from cutting(text, settings.selection, old,
                                  before.text if before else "", fresh,
                                  change if old is not EMPTY else None, memory.seen)
        for piece, line, number, games in fresh:
            memory.results.put(piece, line, number, games)
        anchors: Sequence[Anchor] = done.games if done.end is None else (
            *done.games, Place(*done.tail))
        return cls(text, path, settings, done, Lines(text, anchors, encoding),
                   done.diagnostics(), memory)

    def game_at(self, line: int) -> GameResult | None:
        """The game whose lines hold ``line``."""
        found = self._held(line)
        return None if found is None else found[1]

    def hand_at(self, line: int) -> tuple[GameResult, HandResult] | None:
        """The game and the hand whose lines hold ``line``."""
        game = self.game_at(line)
        return None if game is None else hand_at((game,), line)

    def games_between(self, first: int, last: int) -> Iterator[tuple[GameResult, int]]:
        """The games with lines from ``first`` to ``last``, each with the line where the
        next chunk starts (or one past the last line)."""
        games = self.cut.games
        start = max(bisect.bisect_right(games, first, key=_line) - 2, 0)
        for at in range(start, len(games)):
            if games[at].line > last:
                break
            after = games[at + 1].line if at + 1 < len(games) else self.lines.count + 1
            for result in self.results(games[at]):
                yield result, after

    def results(self, game: CutGame) -> tuple[GameResult, ...]:
        """The results of the game of a chunk, checked again if they were not kept."""
        if not game.games:
            return ()
        found = self.memory.results.get(game.piece, game.line, game.number)
        if found is None:
            piece = validate_chunk(chunk_at(self.text, game), game.number, self.cut.selection)
            found = self.memory.results.put(game.piece, game.line, game.number,
                                            piece.games)
        return found

    def records_of_game(self, line: int) -> rec.RecordFile | None:
        """The records of the game whose lines hold ``line`` (parsed on first need)."""
        found = self._held(line)
        if found is None:
            return None
        game = found[0]
        records = self.memory.records.get(game.piece, game.line, game.number)
        if records is None:
            records = self.memory.records.put(game.piece, game.line, game.number,
                                              chunk_at(self.text, game).parse().records)
        return records

    def record_hand(self, line: int) -> rec.Hand | None:
        """The hand of the records whose lines hold ``line``."""
        records = self.records_of_game(line)
        return None if records is None else record_hand(records, line)

    def chunk_between(self, start: int, stop: int) -> Chunk:
        """Lines ``start`` to ``stop`` (not included), as a chunk the pipeline reads: a game
        cut short, which is validated or parsed alone, its statements at their lines."""
        kept = [self.lines.text(line) for line in range(start, stop)]
        if start == 1 and kept and self.lines.bom:
            kept[0] = kept[0][1:]
        return Chunk(start, "\n".join(kept))

    def above(self, start: int, line: int) -> Above:
        """Lines ``start`` to ``line`` (not included) replayed, and read as records: the
        game above a line being written, as ``validate`` reads it cut short there."""
        chunk = self.chunk_between(start, line)
        key = (chunk.first_line, chunk.text)
        kept = self.memory.above
        found = kept.get(key)
        if found is None:
            readings = _Readings()
            games = validate_chunk(chunk, 1).games if is_json(chunk) else judged(
                chunk, 1, keep=readings).games
            found = kept[key] = Above(games, chunk.parse().records, readings.last)
            while len(kept) > _ABOVE_KEPT:
                kept.popitem(last=False)
        kept.move_to_end(key)
        return found

    def fixes_between(self, first: int, last: int) -> list[Fix]:
        """The fixes on lines ``first`` to ``last``: ``--fix``'s, found for each game there
        alone.  A document with a syntax error gets none, as ``--fix`` has it."""
        if any(d.code.startswith("S") and d.is_error for d in self.diagnostics):
            return []
        games = self.cut.games
        found: list[Fix] = []
        start = max(bisect.bisect_right(games, first, key=_line) - 1, 0)
        for game in games[start:]:
            if game.line > last:
                break
            found += [f for f in self._fixes(game) if first <= f.line <= last]
        return found

    def _fixes(self, game: CutGame) -> Iterator[Fix]:
        text = self.text[game.offset:game.offset + game.size]
        settings = self.settings
        key = (text, self.cut.selection, settings.lang)
        fixes = self.memory.fixes.get(key)
        if fixes is None:
            fixes = find_fixes(text, path=self.path, lang=settings.lang,
                               selection=self.cut.selection)
            self.memory.fixes[key] = fixes
            while len(self.memory.fixes) > _FIXES_KEPT:
                self.memory.fixes.popitem(last=False)
        self.memory.fixes.move_to_end(key)
        return (moved_fix(f, game.line - 1) for f in fixes)

    def _held(self, line: int) -> tuple[CutGame, GameResult] | None:
        """The chunk and the game whose lines hold ``line``: the last game that starts at or
        above it (the comments just above a game are the end of the game before)."""
        games = self.cut.games
        at = bisect.bisect_right(games, line, key=_line) - 1
        while at >= 0:
            for result in reversed(self.results(games[at])):
                if result.line <= line:
                    return games[at], result
            at -= 1
        return None


def _line(game: CutGame) -> int:
    return game.line



def hand_at(games: tuple[GameResult, ...], line: int) -> tuple[GameResult, HandResult] | None:
    found_game = None
    for game in games:
        if game.line > line:
            break
        found_game = game
    if found_game is None:
        return None
    found = None
    for hand in found_game.hands:
        if hand.line > line:
            break
        found = hand
    return None if found is None else (found_game, found)


def record_hand(record: rec.RecordFile, line: int) -> rec.Hand | None:
    found = None
    for game in record.games:
        for hand in game.hands:
            if hand.line > line:
                return found
            found = hand
    return found


def plays(hand: rec.Hand) -> Iterator[rec.Play]:
    """The plays of a hand, in order."""
    return (s for s in hand.statements if isinstance(s, rec.Play))


def still_held(hand: rec.Hand, player: str, before: int) -> tuple[rec.Tile, ...] | None:
    """The tiles ``player`` holds in ``hand`` once the plays above line ``before`` are made,
    as written in the deal; None when the deal is not recorded.  Bookkeeping only: whether
    the plays were legal is the engine's word, in the diagnostics."""
    key = name_key(player)
    deal = next((s for s in hand.statements
                 if isinstance(s, rec.Deal) and name_key(s.player) == key), None)
    if deal is None:
        return None
    gone = {index(p.tile) for p in plays(hand) if p.line < before and name_key(p.player) == key}
    return tuple(tile for tile in deal.tiles if index(tile) not in gone)

