"""A document cut into games, each with its report, and cut again where a change falls.

The cut is the pipeline's (``stream.chunks_of``), so a document is checked as ``blocknot
validate`` checks a file.  After a change, the text before it and after it is as it was:
the chunks above the one before the change keep their reports; from that one on, the text
is cut again until a cut falls where one fell before, below the change, and from there on
the chunks are the old ones, moved (``moved.shifted``) when the change added or removed
lines or games.  Cutting starts a chunk early because a change at the top of a game can move
the cut above it (a comment line that becomes a statement joins the game before); from a cut
on, the cutting depends on nothing before it, so where the cuts meet again the rest is as it
was.  A chunk cut again whose text is that of an old one keeps its report, moved if it must
be: only a game whose text changed is checked again, and every game when the codes of the
``ignore-file`` comments, which apply to all, have changed.  A game whose text is one it had
lately (a key typed and erased, an undo) takes the report it had then (``seen.py``).

The ``ignore-file`` codes, and whether a file of the text's bytes is text at all, are those
``blocknot validate`` finds in the file (``whole.py``).  The cut is made a game at a time
(``cutting`` yields after each chunk it checks), so that the server answers a request that
comes meanwhile.

The report is what ``blocknot validate`` gives for the text (``tests/test_lsp_incremental.py``
holds the two equal on random edits, ``tests/test_lsp_random.py`` after random sessions).
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import NamedTuple, TypeVar

from ..basics.diagnostics import Diagnostic
from ..notation.source import BOM
from ..notation.stream import Chunk
from ..pipeline import FileEnd, Selection, validate_chunk
from ..report.values import GameResult, Piece
from ..suppress import followed
from .changes import changed
from .chunks import chunks
from .moved import shifted
from .seen import Seen
from .whole import file_codes, unreadable_after


class CutGame(NamedTuple):
    """One chunk of the document (a game, or lines that hold none) and its report."""

    line: int
    #: Where its first line starts in the text.
    offset: int
    #: Its characters, up to the first line of the next chunk or the end of what is read.
    size: int
    #: The number its game gets: the games above it, plus one.
    number: int
    #: Its report without the game's results: those of a 10 MB document would take some
    #: 70 MB, so ``analysis.py`` checks a game again when they are asked for.
    piece: Piece
    games: int
    #: The hands of its game (a document without any gets S005, as a file does).
    hands: int = 0


@dataclass(frozen=True, slots=True)
class Cut:
    """A document's chunks in order, what ended the reading early (a NUL byte, a game too
    large) as a piece, where the text no chunk holds starts, and the selection checked."""

    games: tuple[CutGame, ...]
    end: Piece | None
    tail: tuple[int, int]
    """The line and offset where the chunks end."""
    selection: Selection
    #: Whether the text holds ``blocknot:`` anywhere (else it has no ``ignore-file`` codes).
    marked: bool = False
    #: Whether a file of its bytes is text (``chunks.unreadable``): else its one S003 is
    #: ``end``, and it has no game.
    readable: bool = True

    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """The document's diagnostics, as ``blocknot validate`` reports the file."""
        pieces = [g.piece for g in self.games]
        if self.end is not None:
            pieces.append(self.end)
        hands = any(g.hands for g in self.games)
        if hands and not any(piece.file_marks for piece in pieces):
            return tuple(d for piece in pieces for d in piece.diagnostics)  # no S004, S005
        end = FileEnd()
        for piece in pieces:
            end.follow(piece.file_marks, followed(piece), 0,
                       any(d.is_error for d in piece.diagnostics))
        end.hands = int(hands)
        pieces += end.pieces(self.selection)
        return tuple(d for piece in pieces for d in piece.diagnostics)


EMPTY = Cut((), None, (1, 0), Selection())

#: The results of the last games checked while cutting, with their pieces, lines and
#: numbers: ``analysis.py`` keeps them for the requests that need them (``deque(maxlen=…)``:
#: the results of every game of a large document would not fit).
Fresh = deque[tuple[Piece, int, int, tuple[GameResult, ...]]]


class _Recut(NamedTuple):
    """A chunk cut anew, before it is checked."""

    line: int
    offset: int
    size: int
    chunk: Chunk


class _Places(NamedTuple):
    """The new cut before it is checked: the old chunks before the change as they are, the
    chunks cut anew, and the old chunks after them, to be moved by ``lines`` and ``chars``;
    the old chunks the new ones replace, what ended the reading, where the chunks end."""

    kept: tuple[CutGame, ...]
    new: list[_Recut]
    carried: tuple[CutGame, ...]
    lines: int
    chars: int
    replaced: tuple[CutGame, ...]
    end: Diagnostic | Piece | None
    tail: tuple[int, int]


def cut(text: str, base: Selection, before: Cut = EMPTY, old_text: str = "",
        fresh: Fresh | None = None, change: tuple[int, int, int] | None = None,
        seen: Seen[CutGame] | None = None) -> Cut:
    """The cut of ``text`` checked with ``base`` and the text's ``ignore-file`` codes, reusing
    ``before``, the cut of ``old_text``; the results of the games checked go to ``fresh``.
    ``change``: where the texts differ (``changes.changed``), when it is known; ``seen``:
    the games checked lately, taken where their texts come back, and given those checked."""
    return finished(cutting(text, base, before, old_text, fresh, change, seen))


T = TypeVar("T")


def finished(steps: Generator[None, None, T]) -> T:
    """What a work done a step at a time (``cutting``) gives, all its steps run at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def cutting(text: str, base: Selection, before: Cut = EMPTY, old_text: str = "",
            fresh: Fresh | None = None, change: tuple[int, int, int] | None = None,
            seen: Seen[CutGame] | None = None) -> Generator[None, None, Cut]:
    """``cut``, a game at a time: it yields after each chunk it checks, so that whoever
    runs it can answer what came meanwhile before it goes on."""
    known = before is not EMPTY
    codes, marked = file_codes(text, not known or before.marked, change)
    selection = replace(base, file_ignores=codes)
    problem = unreadable_after(text, known and before.readable, change)
    if problem is not None:  # no game of it is checked, as in a file of its bytes
        return Cut((), validate_chunk(problem, 1, selection), (1, 0), selection, marked,
                   readable=False)
    if before is EMPTY or not before.readable or selection != before.selection:
        return (yield from _whole(text, selection, marked, fresh, seen))
    if text == old_text:
        return replace(before, marked=marked)
    found = _places(text, before, old_text, change or changed(old_text, text))
    if found is None:
        return (yield from _whole(text, selection, marked, fresh, seen))
    reusable = {old_text[g.offset:g.offset + g.size]: g for g in found.replaced}
    games = list(found.kept)
    index = games[-1].number + games[-1].games if games else 1
    for place in found.new:
        game = _checked(text, place, index, selection, reusable, fresh, seen)
        games.append(game)
        index += game.games
        yield
    if found.carried:
        games += _moved(found.carried, found.lines, found.chars,
                        index - found.carried[0].number)
    end = found.end
    if isinstance(end, Diagnostic):
        end = validate_chunk(end, index, selection)
    return Cut(tuple(games), end, found.tail, selection, marked)


def _whole(text: str, selection: Selection, marked: bool, fresh: Fresh | None,
           seen: Seen[CutGame] | None) -> Generator[None, None, Cut]:
    """The cut of ``text`` from its start, each chunk checked as it is cut (and dropped:
    those of a large document would not all fit)."""
    games: list[CutGame] = []
    at, index = (1, 0), 1
    for item in chunks(text, 0, 1):
        if isinstance(item, Diagnostic):
            return Cut(tuple(games), validate_chunk(item, index, selection), at, selection,
                       marked)
        chunk, size = item
        game = _checked(text, _Recut(chunk.first_line, at[1], size, chunk), index,
                        selection, {}, fresh, seen)
        games.append(game)
        index += game.games
        at = (chunk.first_line + chunk.text.count("\n") + 1, at[1] + size)
        yield
    return Cut(tuple(games), None, at, selection, marked)


def _places(text: str, before: Cut, old_text: str,
            change: tuple[int, int, int] | None) -> _Places | None:
    """Where the chunks of ``text`` lie: cut anew from the chunk before the change until
    the cuts meet the old ones again (see the module's docstring).  None: the text is cut
    from its start."""
    if change is None:
        return None
    start, old_stop, new_stop = change
    first = _line_of(old_text, before, start)
    old_last = first + old_text.count("\n", start, old_stop)
    new_last = first + text.count("\n", start, new_stop)
    held = bisect.bisect_right(before.games, first, key=_line) - 1
    begin = max(held - 1, 0)
    if begin < len(before.games):
        line, offset = before.games[begin].line, before.games[begin].offset
    else:
        line, offset = before.tail
    if offset and text.startswith(BOM, offset):  # read as a byte-order mark if cut there
        return None
    return _cut_from(text, offset, line, before, begin, old_last, new_last - old_last,
                     len(text) - len(old_text))


def _line(game: CutGame) -> int:
    return game.line


def _offset(game: CutGame) -> int:
    return game.offset


def _line_of(text: str, cut: Cut, offset: int) -> int:
    """The line of ``text`` that holds character ``offset``, counted from the nearest chunk
    above it."""
    line, start = 1, 0
    at = bisect.bisect_right(cut.games, offset, key=_offset) - 1
    if at >= 0:
        line, start = cut.games[at].line, cut.games[at].offset
    if cut.tail[1] <= offset:
        line, start = cut.tail
    return line + text.count("\n", start, offset)


def _cut_from(text: str, offset: int, line: int, before: Cut, begin: int, last: int = 0,
              lines: int = 0, chars: int = 0) -> _Places:
    """The chunks of ``text`` from ``offset`` (line ``line``) on, after the old chunks
    before ``begin``, until a cut below the old line ``last`` meets an old chunk; from there
    on, the old chunks moved by ``lines`` and ``chars``."""
    old = before.games
    new: list[_Recut] = []
    at = (line, offset)
    for item in chunks(text, offset, line):
        if isinstance(item, Diagnostic):
            return _Places(old[:begin], new, (), lines, chars, old[begin:], item, at)
        chunk, size = item
        new.append(_Recut(chunk.first_line, at[1], size, chunk))
        at = (chunk.first_line + chunk.text.count("\n") + 1, at[1] + size)
        meet = bisect.bisect_left(old, at[0] - lines, begin, key=_line)
        if at[0] > last + lines and meet < len(old) and old[meet].line == at[0] - lines:
            end = None if before.end is None else shifted(before.end, lines, 0)
            tail = (before.tail[0] + lines, before.tail[1] + chars)
            return _Places(old[:begin], new, old[meet:], lines, chars, old[begin:meet], end,
                           tail)
    return _Places(old[:begin], new, (), lines, chars, old[begin:], None, at)


def _moved(games: tuple[CutGame, ...], lines: int, chars: int, later: int) -> list[CutGame]:
    """Old chunks after a change, ``lines`` lower, ``chars`` further and ``later`` games
    later."""
    if not lines and not later:
        return [CutGame(g.line, g.offset + chars, g.size, g.number, g.piece, g.games, g.hands)
                for g in games]
    return [CutGame(g.line + lines, g.offset + chars, g.size, g.number + later,
                    shifted(g.piece, lines, later), g.games, g.hands) for g in games]


def _checked(text: str, place: _Recut, index: int, selection: Selection,
             reusable: dict[str, CutGame], fresh: Fresh | None, seen: Seen[CutGame] | None
             ) -> CutGame:
    """The game of a chunk cut anew, numbered ``index``: an old one's report where its text
    is the same (moved if it must be), or that of one checked lately with that text, else
    checked."""
    own = text[place.offset:place.offset + place.size]
    # The first chunk alone may be record JSON and starts after a byte-order mark: one that
    # becomes or stops being the first is checked again.
    first = place.line == 1
    old = reusable.get(own)
    if (old is None or (old.line == 1) != first) and seen is not None:
        old = seen.get(own, first, selection)
    if old is not None and (old.line == 1) == first:
        if (old.line, old.number, old.offset) == (place.line, index, place.offset):
            return old
        piece = shifted(old.piece, place.line - old.line, index - old.number)
        return CutGame(place.line, place.offset, place.size, index, piece, old.games, old.hands)
    piece = validate_chunk(place.chunk, index, selection)
    stored = replace(piece, games=()) if piece.games else piece
    if fresh is not None and piece.games:
        fresh.append((stored, place.line, index, piece.games))
    game = CutGame(place.line, place.offset, place.size, index, stored, len(piece.games),
                   sum(len(game.hands) for game in piece.games))
    if seen is not None:
        seen.put(own, first, selection, game)
    return game


def chunk_at(text: str, game: CutGame) -> Chunk:
    """The chunk of ``game`` as the pipeline cut it (read alone, it is cut the same)."""
    for item in chunks(text, game.offset, game.line, game.offset + game.size):
        if not isinstance(item, Diagnostic):
            return item[0]
        break
    return Chunk(game.line, "")
