"""A season's standings: every game's figures (``figures.py``) added up per player, in
groups (``by``: one for the whole season, or one per event, date or file).

Rows are ordered by games won, then points for (more first), then name; a row whose figure
is unknown comes after those where it is known.  The counted games of a group are kept in
season order for its chart: by the ``Date`` tag (dates compare as text, which orders ISO
dates, YYYY-MM-DD), games of one date in the order read, then the games without a date in
the order read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..basics.diagnostics import Message
from ..basics.os_reasons import os_reason
from .figures import Count, Figures, GameFigures, game_figures
from .read import Loose
from .sources import Opener, SeasonInput, Unreadable, games_of, open_path, reason

By = Literal["event", "date", "file"]
BY: tuple[By, ...] = ("event", "date", "file")


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line of the table (None: unknown; ``average`` is None also without a
    hand played); ``also``: the other spellings met that count as this player."""

    player: str
    also: tuple[str, ...]
    games: int
    won: Count
    drawn: Count
    lost: Count
    hands: int
    domino: Count
    blocked: Count
    points_for: Count
    points_against: Count
    average: float | None
    p405: int
    p407: int


@dataclass(frozen=True, slots=True)
class Apart:
    """A game that is not in the table: in progress (or not known to be over), or left out
    for its errors."""

    file: str
    game: int
    line: int
    date: str | None
    event: str | None
    players: tuple[str, ...]
    status: str | None
    score: Mapping[str, int] | None
    errors: int
    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NoGame:
    """A file that gave no game: the codes reported of it (S003 for UTF-16 or a NUL byte,
    S001 for JSON that is not a record to check, S005 for a file without a hand...), and
    for one that could not be read, why."""

    file: str
    codes: tuple[str, ...]
    reason: str | None = None
    #: ``reason`` as words to tell in the user's language (``basics.os_reasons``).
    words: Message | str | None = None


@dataclass(frozen=True, slots=True)
class Point:
    """A counted game in season order, and each player's points in it (None: unknown)."""

    file: str
    game: int
    date: str | None
    points: Mapping[str, int | None]


@dataclass(frozen=True, slots=True)
class Group:
    """The standings of a group of games (``key``: its event, date or file; None for the
    whole season, or for the games without the tag)."""

    key: str | None
    rows: tuple[Row, ...]
    in_progress: tuple[Apart, ...]
    excluded: tuple[Apart, ...]
    season: tuple[Point, ...]

    def totals(self) -> dict[str, list[int | None]]:
        """Each player's points for after each game of ``season`` (None once unknown), for
        the players of the table who played a game."""
        out: dict[str, list[int | None]] = {row.player: [] for row in self.rows if row.games}
        for point in self.season:
            for player, series in out.items():
                before = series[-1] if series else 0
                if player in point.points:
                    got = point.points[player]
                    series.append(None if before is None or got is None else before + got)
                else:
                    series.append(before)
        return out


@dataclass(frozen=True, slots=True)
class Standings:
    """What ``standings`` found: the groups, and what was read to find them.

    ``games`` counts every game read, ``counted`` those in the tables; ``errors`` the
    errors reported (those of excluded games and those outside any game too);
    ``unreadable`` the files that could not be read whole, each with the reason; ``no_game``
    every file that gave no game, with why."""

    by: By | None
    include_invalid: bool
    groups: tuple[Group, ...]
    files: int
    games: int
    counted: int
    errors: int
    unreadable: tuple[tuple[str, str], ...] = ()
    no_game: tuple[NoGame, ...] = ()


@dataclass(slots=True)
class _Group:
    key: str | None
    figures: dict[str, Figures] = field(default_factory=dict)
    spellings: dict[str, set[str]] = field(default_factory=dict)
    in_progress: list[Apart] = field(default_factory=list)
    excluded: list[Apart] = field(default_factory=list)
    season: list[tuple[tuple[bool, str, int], Point]] = field(default_factory=list)

    def done(self) -> Group:
        rows = sorted((_row(player, line, self.spellings.get(player, set()))
                       for player, line in self.figures.items()), key=_rank)
        return Group(self.key, tuple(rows), tuple(self.in_progress), tuple(self.excluded),
                     tuple(point for _, point in sorted(self.season, key=lambda s: s[0])))


def _row(player: str, line: Figures, spellings: set[str]) -> Row:
    return Row(player, tuple(sorted(spellings)), line.games, line.won, line.drawn, line.lost,
               line.hands, line.domino, line.blocked, line.points_for, line.points_against,
               line.average, line.p405, line.p407)


def _rank(row: Row) -> tuple[bool, int, bool, int, str]:
    return (row.won is None, -(row.won or 0), row.points_for is None, -(row.points_for or 0),
            row.player)


class Season:
    """The standings being added up, a game at a time."""

    def __init__(self, by: By | None = None, include_invalid: bool = False) -> None:
        self.by = by
        self.include_invalid = include_invalid
        self.groups: dict[str | None, _Group] = {}
        self.files = self.games = self.counted = self.errors = 0
        self.unreadable: list[tuple[str, str]] = []
        self.no_game: list[NoGame] = []
        self._file = _File()

    def add(self, game: GameFigures) -> None:
        """One game's part, in the order read."""
        key = None if self.by is None else {
            "event": game.event, "date": game.date, "file": game.file}[self.by]
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = _Group(key)
        self.games += 1
        self.errors += game.errors
        for player, line in game.figures.items():
            group.figures.setdefault(player, Figures()).add(line)
        for player, written in game.spellings.items():
            group.spellings.setdefault(player, set()).add(written)
        if game.state == "counted":
            self.counted += 1
            points = {p: (None if game.score is None else game.score[p]) for p in game.players}
            order = (game.date is None, game.date or "", self.games)
            group.season.append((order, Point(game.file, game.index, game.date, points)))
            return
        apart = Apart(game.file, game.index, game.line, game.date, game.event, game.players,
                      game.status, game.score, game.errors, game.codes)
        (group.excluded if game.state == "excluded" else group.in_progress).append(apart)

    def read(self, item: GameFigures | Loose) -> None:
        """What the file being read gave: a game's part, or diagnostics outside any game."""
        if isinstance(item, Loose):
            self.errors += sum(1 for d in item.diagnostics if d.is_error)
            self._file.codes.update(d.code for d in item.diagnostics)
        else:
            self._file.games += 1
            self.add(item)

    def unread(self, file: str, error: OSError) -> None:
        """The file being read could not be read whole, for ``error``."""
        self.unreadable.append((file, reason(error)))
        self._file.reason = reason(error)
        self._file.words = os_reason(error)

    def ended(self, file: str) -> None:
        """The file being read is done: listed apart if it gave no game."""
        seen, self._file = self._file, _File()
        if not seen.games:
            self.no_game.append(NoGame(file, tuple(sorted(seen.codes)), seen.reason,
                                       seen.words))

    def standings(self) -> Standings:
        groups = list(self.groups.values())
        if not groups and self.by is None:
            groups = [_Group(None)]
        if self.by == "date":
            groups.sort(key=lambda g: (g.key is None, g.key or ""))
        return Standings(self.by, self.include_invalid, tuple(g.done() for g in groups),
                         self.files, self.games, self.counted, self.errors,
                         tuple(self.unreadable), tuple(self.no_game))


@dataclass(slots=True)
class _File:
    """What the file being read gave so far."""

    games: int = 0
    codes: set[str] = field(default_factory=set)
    reason: str | None = None
    words: Message | str | None = None


def standings_of(sources: Iterable[SeasonInput], *, by: By | None = None,
                 include_invalid: bool = False, unreadable: Unreadable | None = None,
                 opener: Opener = open_path) -> Standings:
    """The standings of every game of ``sources``; ``unreadable`` is told of each file that
    could not be read whole."""
    season = Season(by, include_invalid)
    sources = list(sources)
    season.files = len(sources)

    def failed(source: SeasonInput, error: OSError) -> None:
        season.unread(source.name, error)
        if unreadable is not None:
            unreadable(source, error)

    for source, item in games_of(sources, failed, opener,
                                 lambda source: season.ended(source.name)):
        season.read(item if isinstance(item, Loose)
                    else game_figures(item, source.aliases, include_invalid))
    return season.standings()
