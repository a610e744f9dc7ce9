"""What validation produces: the diagnostics and the recomputed results of every game.

Plain frozen values handed from the engine to the outputs (text, JSON, annotated).  Nothing
here knows how it is printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..basics.diagnostics import Diagnostic, Message
from ..basics.marks import IgnoreMark
from .analysis import HandAnalysis

Outcome = Literal["domino", "blocked", "unfinished"]
Status = Literal["won", "drawn", "decided", "in_progress"]


@dataclass(frozen=True, slots=True)
class Ground:
    """A line of the record, and how a reading reads it otherwise than written (``a play
    of 5-6``, to be said ``line 23 was a play of 5-6``): what a candidate rests on."""

    line: int
    read_as: Message


@dataclass(frozen=True, slots=True)
class Candidate:
    """One value a hand's points may have where the readings of the record disagree on
    them: how the hand ended, who won it and what each player scored in that reading
    (``points`` None: not known in it either), and the lines it reads otherwise than
    written (none: the record as written)."""

    outcome: Outcome | None
    winner: str | None
    points: Mapping[str, int] | None
    grounds: tuple[Ground, ...]


@dataclass(slots=True)  # not frozen: one is built per hand, and frozen ones cost twice as much
class HandResult:
    """One hand as the engine recomputed it.

    ``remaining`` maps each player to the pips they still hold (None: cannot be known);
    ``points`` maps each player to the points scored in this hand, or is None when the
    hand's points cannot be known; ``score`` is the running total after this hand (None from
    the first hand whose points are unknown on).  ``unverified`` is true when the points rest
    on a ``points`` claim the engine could not check, and ``settled_by_claims`` when the hand
    was scored from its shows and claims alone (no moves recorded).  ``ends`` gives, for the
    line of each play after which the chain is certain, its two end values (left, right).
    """

    number: int
    line: int
    opener: str | None
    outcome: Outcome | None
    winner: str | None
    remaining: Mapping[str, int | None]
    points: Mapping[str, int] | None
    score: Mapping[str, int] | None
    unverified: bool = False
    settled_by_claims: bool = False
    replayed: bool = True
    ends: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    placed: Mapping[int, tuple[tuple[int, int], Literal["L", "R"] | None]] = field(
        default_factory=dict)
    """For the line of each play placed as written while the chain was certain: the tile as
    it lies in the chain, read from left to right, and the end it went to (None for the
    opening tile).  The chain descriptions and drawings are built from it."""
    doubt: tuple[int, ...] = ()
    """The lines of the slips whose readings disagree on this hand's figures: the figures
    they disagree on are None (the engine's ``choose.py``)."""
    candidates: tuple[Candidate, ...] = ()
    """Where the readings disagree on the points (``points`` None, ``doubt`` set): each
    value they give and what it rests on, at most five (``engine/candidates.py``)."""
    more_candidates: int = 0
    """How many other candidates there are, beyond those given."""
    analysis: HandAnalysis | None = None
    """The value of each move under best play, when the hand was analysed (``blocknot
    analyse``, ``validate --analyse``: ``blocknotation.analysis``); None otherwise."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: its players, target, hands, final totals and status."""

    index: int
    line: int
    players: tuple[str, ...]
    target: int | None
    hands: tuple[HandResult, ...]
    score: Mapping[str, int] | None
    status: Status | None
    """How the game stands (R18); None when its totals are not known and somebody may have
    reached the target."""
    winner: str | None


@dataclass(frozen=True, slots=True)
class Piece:
    """The report of one game chunk of a file: its games, diagnostics and the source lines
    that its syntax diagnostics point at.  A file's report is its pieces in order.

    Public: ``blocknotation.validate_stream`` yields one per game.  ``games`` holds the game
    of the chunk (none when its lines hold no game, only comments, and for a decoding problem,
    which ends the stream)."""

    games: tuple[GameResult, ...]
    diagnostics: tuple[Diagnostic, ...]
    context: Mapping[int, str]
    #: Diagnostics left out by ``# blocknot: ignore`` comments (``suppress.py``).
    suppressed: int = 0
    #: The ``ignore-file`` codes written in the chunk, and the file's codes that suppressed
    #: something in it: those never used are reported once the file is read (S004).
    file_marks: tuple[IgnoreMark, ...] = ()
    file_used: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Tally:
    """Running counts for a file's summary line, kept while its pieces stream past."""

    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    suppressed: int = 0

    def add(self, piece: Piece) -> Tally:
        errors = sum(1 for d in piece.diagnostics if d.is_error)
        return Tally(
            self.games + len(piece.games),
            self.hands + sum(len(g.hands) for g in piece.games),
            self.errors + errors,
            self.warnings + len(piece.diagnostics) - errors,
            self.suppressed + piece.suppressed,
        )

    def plus(self, other: Tally) -> Tally:
        return Tally(self.games + other.games, self.hands + other.hands,
                     self.errors + other.errors, self.warnings + other.warnings,
                     self.suppressed + other.suppressed)


@dataclass(frozen=True, slots=True)
class Rendered:
    """A piece of a report as written out, and its counts.  Formatting is done where the
    piece was validated (in a worker, with ``--jobs``), so only text crosses processes."""

    tally: Tally
    lines: tuple[str, ...]
    """Text output: the lines to write.  JSON: each diagnostic as a JSON object."""
    games: str = ""
    """JSON: the piece's games, as they appear in the ``games`` array."""
    file_marks: tuple[IgnoreMark, ...] = ()
    """The piece's ``ignore-file`` codes, and those of the file used in it (``Piece``)."""
    file_used: frozenset[str] = frozenset()

    @staticmethod
    def join(pieces: Sequence[Rendered], separator: str) -> Rendered:
        """Consecutive pieces as one; ``separator`` goes between their games."""
        tally = Tally()
        for piece in pieces:
            tally = tally.plus(piece.tally)
        return Rendered(
            tally, tuple(line for piece in pieces for line in piece.lines),
            separator.join([piece.games for piece in pieces if piece.tally.games]),
            tuple(mark for piece in pieces for mark in piece.file_marks),
            frozenset().union(*(piece.file_used for piece in pieces)),
        )


@dataclass(frozen=True, slots=True)
class FileReport:
    """Everything known about one input file."""

    path: str
    diagnostics: tuple[Diagnostic, ...]
    games: tuple[GameResult, ...] = ()
    #: The source lines that syntax diagnostics point at, to show them with a caret.
    context: Mapping[int, str] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    @property
    def valid(self) -> bool:
        return self.errors == 0
