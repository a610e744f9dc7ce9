"""The evening's standings, live: the figures of ``blocknot standings DIR``, added up again
when a record changes, each file read and validated again only once it has changed.

The files are those the command finds in the folder (``sources``, made by the command line
from the folder and its configuration, aliases included); each file's games are kept by the
file's size and time of change, and the table is made by the standings' own ``Season``
from them, as ``season.standings.standings_of`` makes it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence

from ..basics.diagnostics import Message
from ..season.aliases import AliasProblem
from ..season.figures import GameFigures, game_figures
from ..season.read import Loose
from ..season.sources import SeasonInput, games_of, reason
from ..season.standings import Season, Standings
from ..season.text import standings_text

Stamp = tuple[int, int]
#: What a file adds to the standings, kept until it changes: each game's figures, or the
#: errors outside any game, or why its aliases cannot count it; and why it could not be read.
Part = GameFigures | int | Message


class LiveStandings:
    """The standings of the files ``sources()`` names, kept between two calls."""

    def __init__(self, sources: Callable[[], Sequence[SeasonInput]]) -> None:
        self.sources = sources
        self._read: dict[str, tuple[Stamp, list[Part], str | None]] = {}
        self._lock = threading.Lock()

    def standings(self) -> Standings | Message:
        """The standings now, or why they cannot be added up (aliases that make one player of
        two players of a game)."""
        with self._lock:
            sources = list(self.sources())
            season = Season()
            season.files = len(sources)
            for source in sources:
                parts, problem = self._parts(source)
                if problem is not None:
                    season.unreadable.append((source.name, problem))
                for part in parts:
                    if isinstance(part, Message):
                        return part
                    if isinstance(part, int):
                        season.errors += part
                    else:
                        season.add(part)
            self._read = {k: v for k, v in self._read.items() if k in {s.path for s in sources}}
            return season.standings()

    def forget(self, path: str) -> None:
        """``path`` has changed: read it again next time, whatever its size and time say."""
        with self._lock:
            self._read = {k: v for k, v in self._read.items()
                          if os.path.abspath(k) != os.path.abspath(path)}

    def text(self, lang: str) -> str | Message:
        """The standings as ``blocknot standings DIR --lang LANG`` prints them."""
        found = self.standings()
        return found if isinstance(found, Message) else standings_text(found, lang)

    def players(self) -> list[str]:
        """Every player of the folder's records, by the name the aliases count them as."""
        found = self.standings()
        if isinstance(found, Message):
            return []
        names = {row.player for group in found.groups for row in group.rows}
        for group in found.groups:
            for apart in (*group.in_progress, *group.excluded):
                names.update(apart.players)
        return sorted(names, key=str.casefold)

    def _parts(self, source: SeasonInput) -> tuple[list[Part], str | None]:
        """What a file adds to the standings, worked out again only when it has changed."""
        try:
            status = os.stat(source.path)
        except OSError as error:
            return [], reason(error)
        stamp = (status.st_mtime_ns, status.st_size)
        kept = self._read.get(source.path)
        if kept is not None and kept[0] == stamp:
            return kept[1], kept[2]
        problems: list[str] = []
        parts: list[Part] = []
        for _, item in games_of([source], lambda s, e: problems.append(reason(e))):
            if isinstance(item, Loose):
                parts.append(sum(1 for d in item.diagnostics if d.is_error))
                continue
            try:
                parts.append(game_figures(item, source.aliases, False))
            except AliasProblem as clash:
                parts.append(clash.words)
        self._read[source.path] = (stamp, parts, problems[0] if problems else None)
        return parts, problems[0] if problems else None
