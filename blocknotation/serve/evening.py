"""The evening: the games the server keeps in its folder, and every entry written to them.

Each game is one record file, ``DIR/<id>.block``, its id made by the server from the date,
the table and a count (``2026-12-03-t3-g1``); a request names a game by its id, which is
looked up among the server's own, never turned into a path.  An entry is applied under the
game's lock, in this order: a key seen before is answered with the record as it is (the
phone sent it again: nothing is applied twice); an entry made on another version of the
record than the one on disk is a conflict; the entry is judged (``judge.py``); the new text
is put in canonical form, its step written to the journal, then the record appended to (or
rewritten whole, for an undo or a correction), each flushed to the disk before the entry
is acknowledged.
"""

from __future__ import annotations

import datetime
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..basics.diagnostics import Diagnostic
from ..basics.game_sizes import RULES_TARGET
from ..formats.records.canonical import named_text, tag_text
from ..formats.records.formatting import format_text
from ..pipeline import EVERYTHING, Selection
from .entries import Sent, Setup
from .journal import FOLDER, Journal, digest
from .judge import EntryRefused, judged
from .limits import ENTRIES_PER_MINUTE, GAMES_PER_MINUTE, MAX_GAMES, MAX_RECORD_BYTES
from .live import Live, read_live
from .store import append_durably, replace_durably

#: A game's id, as the server makes it: its date, its table and its count at that table.
GAME_ID = re.compile(r"(\d{4}-\d{2}-\d{2})-t([1-9][0-9]{0,2})-g([1-9][0-9]{0,3})")


@dataclass(frozen=True, slots=True)
class Glance:
    """A game at a glance, for the director's page: kept beside every game, while its full
    state (``EveningGame.live``) is let go once the game is over (memory stays flat as the
    evening's games end)."""

    players: tuple[str, ...]
    phase: str
    hand: int | None
    turn: str | None
    score: Mapping[str, int] | None
    status: str | None
    winner: str | None
    problems: tuple[Diagnostic, ...]


@dataclass(slots=True)
class EveningGame:
    """One game of the evening: its record as on disk, its journal, and the record read:
    ``live`` (read again when asked for after it was let go) and ``glance``."""

    id: str
    path: str
    journal: Journal
    text: str
    selection: Selection
    glance: Glance = field(init=False)
    lock: threading.Lock = field(default_factory=threading.Lock)
    recent: deque[float] = field(default_factory=deque)
    _live: Live | None = None

    def __post_init__(self) -> None:
        self.changed(self.text)

    @property
    def live(self) -> Live:
        """The record read: where the game stands (``live.py``); a game over is read again
        each time it is asked for (its page is seldom opened), and not kept."""
        if self._live is not None:
            return self._live
        return read_live(self.text, os.path.basename(self.path), self.selection)

    def changed(self, text: str) -> None:
        """The record is now ``text``."""
        self.text, self._live = text, None
        live = self.live
        self.glance = _glance(live)
        self._live = None if live.phase == "over" else live

    @property
    def version(self) -> int:
        return self.journal.version

    @property
    def table(self) -> str:
        return GAME_ID.fullmatch(self.id).group(2)  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of an entry: the HTTP status, the game, why it was refused, and the
    verdict on it (the diagnostics ``validate`` now reports from its lines on)."""

    status: int
    game: EveningGame | None = None
    refusal: EntryRefused | None = None
    verdict: tuple[Diagnostic, ...] = ()
    duplicate: bool = False


class Evening:
    """The games of one folder, loaded at start and kept as they are written."""

    def __init__(self, folder: str, selection_for: Callable[[str], Selection] | None = None,
                 event: str | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        self.folder = os.path.abspath(folder)
        self.selection_for = selection_for or (lambda path: EVERYTHING)
        self.event = event
        self.today = today
        self.games: dict[str, EveningGame] = {}
        self.made: dict[str, str] = {}
        """The key of each game's setup, and its id: a setup sent twice makes one game."""
        self.listeners: list[Callable[[EveningGame], None]] = []
        self._lock = threading.Lock()
        self._recent: deque[float] = deque()

    # --- loading ------------------------------------------------------------------------
    def load(self) -> None:
        """Every game of the folder that the server made, its journal made to agree with it."""
        journals = os.path.join(self.folder, FOLDER)
        for name in sorted(os.listdir(self.folder)):
            stem = name.removesuffix(".block")
            if stem != name and GAME_ID.fullmatch(stem):
                self._load(stem)
        if os.path.isdir(journals):
            for name in os.listdir(journals):  # a game whose record was never written
                if name.removesuffix(".jsonl") not in self.games and name.endswith(".jsonl"):
                    os.unlink(os.path.join(journals, name))

    def _load(self, game_id: str) -> None:
        path = os.path.join(self.folder, f"{game_id}.block")
        with open(path, "rb") as handle:
            data = handle.read()
        journal = Journal(os.path.join(self.folder, FOLDER, f"{game_id}.jsonl"))
        journal.recover(data)
        text = data.decode("utf-8", "replace")
        self.games[game_id] = EveningGame(game_id, path, journal, text, self.selection_for(path))
        if journal.first_key is not None:
            self.made[journal.first_key] = game_id

    # --- a new game ---------------------------------------------------------------------
    def create(self, key: str, setup: Setup) -> Answer:
        """A new game at a table, its record made with its tags and its first hand."""
        with self._lock:
            if key in self.made:
                return Answer(200, self.games[self.made[key]], duplicate=True)
            if len(self.games) >= MAX_GAMES or not _within(self._recent, GAMES_PER_MINUTE):
                return Answer(429)
            game_id = self._new_id(setup.table)
            path = os.path.join(self.folder, f"{game_id}.block")
            text = _formatted(self._setup_text(setup))
            journal = Journal(os.path.join(self.folder, FOLDER, f"{game_id}.jsonl"))
            journal.intend(key, digest(text.encode("utf-8")))
            append_durably(path, text.encode("utf-8"))
            game = self.games[game_id] = EveningGame(game_id, path, journal, text,
                                                     self.selection_for(path))
            self.made[key] = game_id
        self._changed(game)
        return Answer(201, game)

    def _new_id(self, table: str) -> str:
        date = self.today().isoformat()
        count = 1 + max((int(m.group(3)) for m in map(GAME_ID.fullmatch, self.games)
                         if m is not None and m.group(1) == date and m.group(2) == table),
                        default=0)
        while os.path.exists(os.path.join(self.folder, f"{date}-t{table}-g{count}.block")):
            count += 1
        return f"{date}-t{table}-g{count}"

    def _setup_text(self, setup: Setup) -> str:
        tags = [("Event", setup.event or self.event), ("Date", self.today().isoformat()),
                ("Table", setup.table), ("Players", " ".join(setup.players))]
        if setup.target is not None and setup.target != RULES_TARGET[len(setup.players)]:
            tags.append(("Target", str(setup.target)))
        lines = [tag_text(k, v) for k, v in tags if v is not None]
        return "\n".join([*lines, "", "hand 1", named_text("opener", setup.opener), ""])

    # --- entries ------------------------------------------------------------------------
    def submit(self, game: EveningGame, sent: Sent) -> Answer:
        """Apply one entry sent by a page (see the module's doc)."""
        with game.lock:
            if sent.key in game.journal.keys:
                return Answer(200, game, duplicate=True)
            if sent.base != game.version:
                return Answer(409, game)
            if not _within(game.recent, ENTRIES_PER_MINUTE):
                return Answer(429, game)
            found = judged(game.live, sent.entry, sent.insist)
            if isinstance(found, EntryRefused):
                return Answer(422, game, found)
            text = _formatted(found, game.text)
            if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
                return Answer(413, game)
            before = game.text
            self._write(game, sent.key, text)
        self._changed(game)
        return Answer(200, game, verdict=verdict(game.live, _first_changed(before, text)))

    def _write(self, game: EveningGame, key: str, text: str) -> None:
        """The journal's step, then the record, each on the disk before this returns; a
        failure to write leaves the journal agreeing with the record as it is."""
        data, old = text.encode("utf-8"), game.text.encode("utf-8")
        game.journal.intend(key, digest(data))
        try:
            if data.startswith(old):
                append_durably(game.path, data[len(old):])
            else:
                replace_durably(game.path, data)
        except OSError:
            with open(game.path, "rb") as handle:
                game.journal.forget_last(handle.read())
            raise
        game.changed(text)

    def _changed(self, game: EveningGame) -> None:
        for listener in list(self.listeners):
            listener(game)


def verdict(live: Live, first: int) -> tuple[Diagnostic, ...]:
    """The diagnostics of the record from line ``first`` on, but the hand in play's E501 (it
    is not over, since it is being played)."""
    return tuple(d for d in open_problems(live) if d.line >= first)


def open_problems(live: Live) -> tuple[Diagnostic, ...]:
    """What ``validate`` reports of the record, but the E501 of the hand in play."""
    start = live.hand.line if live.hand is not None and live.phase in ("moves", "lost") else 0
    return tuple(d for d in live.report.diagnostics
                 if not (d.code == "E501" and start and d.line >= start))


def _glance(live: Live) -> Glance:
    result, hand = live.game, live.hand
    return Glance(live.players, live.phase, None if hand is None else hand.number,
                  None if hand is None else hand.table.turn,
                  None if result is None else result.score,
                  None if result is None else result.status,
                  None if result is None else result.winner, open_problems(live))


def _formatted(text: str, before: str = "") -> str:
    """The text in canonical form (``blocknot format``); as it is when it cannot be read.
    Statements written after a statement are in canonical form already (``judge.py`` writes
    them so): only an edit, or lines after a comment, are formatted again."""
    if before and text.startswith(before) and not before.rsplit("\n", 2)[-2].startswith("#"):
        return text
    found = format_text(text).text
    return text if found is None else found


def _first_changed(before: str, after: str) -> int:
    """The first line at which two texts differ."""
    old, new = before.split("\n"), after.split("\n")
    return next((n for n, (a, b) in enumerate(zip(old, new, strict=False), start=1) if a != b),
                min(len(old), len(new)))


def _within(times: deque[float], per_minute: int) -> bool:
    """Whether one more event keeps ``times`` within ``per_minute`` (and count it if so)."""
    now = time.monotonic()
    while times and times[0] <= now - 60:
        times.popleft()
    if len(times) >= per_minute:
        return False
    times.append(now)
    return True
