"""A file fixed a game at a time, each game in rounds: what ``validate --fix`` does.

A round validates the game once, finds its fixes (``finding.py``), and applies those that
can go in together; the next round validates the fixed game again, until no fix is left
that can be applied (``MAX_ROUNDS`` at most: ruff makes 100).  The last round's validation
is the report of the fixed game.  So a game is validated once when nothing in it can be
fixed, and about twice when something can (three or four times when a fixed ``points``
claim brings out a ``score`` claim to fix), whatever the number of its fixes, and only one
game is held at a time.

Games are fixed one after another as they are read (``stream.chunks_of``), each with the
lines it stands at once the games before it are fixed.  A game with a syntax error first
gets the fixes of its slips (an S001 that names what to write: ``spelling.py``), a round
for each slip of a line; once it reads without error, its other fixes follow.  A game with
a syntax error that no such fix mends gets the fixes of its slips and no other: what the
replay says of a game it could not read whole may be wrong (a hand that holds the line is
not replayed), and a fix must be certain.  The games after it are fixed as any other.  A
file that cannot be decoded (S003) gets no fix at all: ``fix_chunks`` then stops, and the
caller keeps the file as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic
from ..notation.stream import Chunk
from ..pipeline import finished, judged, sides_aimed
from ..report.values import Piece
from .edits import Fix, apply_fixes, compatible
from .finding import FileWide, game_fixes, spelled

#: How many rounds a game is fixed in at most (ruff makes 100); a round fixes what it can.
MAX_ROUNDS = 10
#: How many rounds of spelling fixes a game gets at most before those: a round fixes the
#: first slip of each line, and a line holds no more tiles than the set (a deal typed with
#: a slash for every hyphen takes seven).
MAX_SPELLING_ROUNDS = 28


@dataclass(frozen=True, slots=True)
class FixedGame:
    """One game chunk fixed: its text as read (``chunk``) and as fixed (``text``), the line
    of the fixed file it starts at, the fixes applied in each round (positions in the text
    as it was then, lines numbered from ``first_line``), the report of the fixed text, and
    how many unsafe fixes it still has."""

    chunk: Chunk
    text: str
    first_line: int
    rounds: tuple[tuple[Fix, ...], ...]
    piece: Piece
    unsafe_left: int

    @property
    def applied(self) -> tuple[Fix, ...]:
        return tuple(fix for kept in self.rounds for fix in kept)


def fix_game(chunk: Chunk, first_game: int, first_line: int, wide: FileWide, unsafe: bool
             ) -> FixedGame:
    """``chunk`` with every safe fix applied (and the unsafe ones too with ``unsafe``), in
    rounds; its games are numbered from ``first_game`` and its first line is
    ``first_line`` of the fixed file.  A game that keeps a syntax error gets the fixes of
    its slips alone (see the module)."""
    current = chunk if first_line == chunk.first_line else Chunk(first_line, chunk.text)
    parsed = current.read()
    rounds: list[tuple[Fix, ...]] = []
    while parsed.diagnostics and len(rounds) < MAX_SPELLING_ROUNDS:  # its slips, a round
        spelling = spelled(current, sides_aimed(current, parsed, first_game), wide)
        if not spelling:  # each line's first slip; the next round, the slips after them
            break
        rounds.append(spelling)
        current = Chunk(first_line, apply_fixes(current.text, spelling, first_line=first_line))
        parsed = current.read()
    if parsed.diagnostics:  # a syntax error no fix mends: the fixes of the slips alone
        selection = wide.selection
        piece = finished(judged(current, first_game, selection, parsed=parsed), current,
                         selection)
        return FixedGame(chunk, current.text, first_line, tuple(rounds), piece, 0)
    last = None
    for _ in range(MAX_ROUNDS):
        # Unsafe fixes that are not applied are only counted, once, in the last round; a
        # round replays only the hands the round before changed (and what they change).
        found = game_fixes(current, parsed, first_game, wide, defer=not unsafe, last=last)
        kept, _left = compatible([f for f in found.fixes if f.safe or unsafe])
        if not kept:
            break
        rounds.append(tuple(kept))
        current = Chunk(first_line, apply_fixes(current.text, kept, first_line=first_line))
        parsed, last = current.read(), found.sides
    else:
        found = game_fixes(current, parsed, first_game, wide, defer=not unsafe, last=last)
    left = sum(1 for f in (*found.fixes, *found.rest()) if not f.safe)
    return FixedGame(chunk, current.text, first_line, tuple(rounds), found.piece, left)


def fix_chunks(chunks: Iterable[Chunk | Diagnostic], wide: FileWide, unsafe: bool
               ) -> Iterator[FixedGame | None]:
    """Each game chunk of a file fixed, in order; None, and nothing after it, at a chunk
    that cannot be decoded: the file then gets no fix."""
    games, first_line = 0, 1
    for chunk in chunks:
        fixed = None if isinstance(chunk, Diagnostic) else fix_game(
            chunk, games + 1, first_line, wide, unsafe)
        yield fixed
        if fixed is None:
            return
        games += len(fixed.piece.games)
        first_line += fixed.text.count("\n") + 1
