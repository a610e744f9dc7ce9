"""The fixes of one game, from one validation of it: the claims (``claims.py``), the
numbering of hands (``numbering.py``), the sides (``sides.py``) and what the messages propose
(``suggested.py``), for the game chunk's text as it is now.  ``rounds.py`` applies them and
asks again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from ..basics.diagnostics import Diagnostic
from ..basics.limits import MAX_LINE_LENGTH
from ..basics.marks import marks, marks_at
from ..engine.game import read_once
from ..engine.retry import sides_alike
from ..notation import plain as r
from ..notation.reader import ParsedRecord
from ..notation.stream import Chunk
from ..pipeline import Selection, finished, judged, settles
from ..report.values import Piece
from .claims import Page, game_claim_fixes
from .edits import Fix
from .numbering import numbering_fixes
from .sides import Reported, Sides, side_fix
from .spelling import spelling_fixes
from .suggested import suggested_fixes


@dataclass(frozen=True, slots=True)
class FileWide:
    """What the fixes of a game need to know of the whole file: the codes to report
    (``selection``), the language of the titles, and the codes the file's ``ignore-file``
    comments suppress, wherever they are written (``everywhere``, with the selection's)."""

    selection: Selection
    lang: str | None
    everywhere: tuple[str, ...]


def game_fixes(chunk: Chunk, parsed: ParsedRecord, first_game: int, wide: FileWide, *,
               defer: bool = False, last: Sides | None = None) -> GameFixes:
    """The report of one game chunk (``parsed``: the chunk read), and its fixes, in the
    order of the text.  A chunk with a syntax error gets only the fixes of its spelling
    slips (``spelling.py``): other positions in it cannot be trusted to mean what they
    say.  With ``defer``, the sides that can only be unsafe fixes are left to
    ``GameFixes.rest``, to be tried only when asked.  ``last``: what the replay of
    the game before its last fixes kept (its hands written the same are not replayed)."""
    selection = wide.selection
    sides = Sides(last)
    raw = judged(chunk, first_game, selection, parsed=parsed, keep=sides)
    piece = finished(raw, chunk, selection)
    if parsed.diagnostics or any(d.code.startswith("S") and d.is_error
                                  for d in piece.diagnostics):
        return GameFixes(piece, spelling_fixes(piece.diagnostics, _page(chunk, wide)), _nothing,
                         sides)
    page = _page(chunk, wide)
    found: list[Fix] = []
    later: list[Callable[[], Iterator[Fix]]] = []
    for index, (game, result) in enumerate(zip(parsed.records.games, piece.games,
                                               strict=False), start=first_game):
        reported = [d for d in piece.diagnostics if d.game == index]
        found += numbering_fixes(game, reported, page)
        found += game_claim_fixes(game, result, page, reported)
        found += suggested_fixes(chunk, first_game, result, reported, page, selection)
        if any(d.code == "P404" for d in reported):
            judged_by_line: dict[int, list[Diagnostic]] = {}
            for d in raw.diagnostics:
                judged_by_line.setdefault(d.line, []).append(d)
            known = Reported(result, frozenset((d.code, d.line) for d in reported),
                             judged_by_line, selection, selection.suppress and settles(
                                 chunk, selection), _settled_everywhere(chunk, selection))
            found += _side_fixes(game, reported, sides, known, page, "safe" if defer else "all")
            if defer:
                later.append(partial(_side_fixes, game, reported, sides, known, page, "rest"))

    def rest() -> tuple[Fix, ...]:
        return tuple(fix for more in later for fix in more() if _readable(fix, page))

    kept = [fix for fix in found if _readable(fix, page)]
    return GameFixes(piece, tuple(sorted(kept, key=lambda f: (f.line, f.column, f.code))), rest,
                     sides)


@dataclass(frozen=True, slots=True)
class GameFixes:
    """What ``game_fixes`` found: the game's report, its fixes, the fixes left to be found
    when asked (``rest``: the sides that can only be unsafe), and what its replay kept."""

    piece: Piece
    fixes: tuple[Fix, ...]
    rest: Callable[[], tuple[Fix, ...]]
    sides: Sides


def _nothing() -> tuple[Fix, ...]:
    return ()


def _side_fixes(game: r.PlainGame, reported: list[Diagnostic], sides: Sides, known: Reported,
                page: Page, which: str) -> Iterator[Fix]:
    """The side fixes: ``all``, ``safe`` (those that may be safe: the others are not
    tried), or the ``rest``."""
    plays = {s.line: (k, s) for k, hand in enumerate(read_once(game).hands)
             for s in hand.statements if isinstance(s, r.PlainPlay)}
    for problem in reported:
        k, play = plays.get(problem.line, (0, None))
        if problem.code != "P404" or play is None or play.side is not None:
            continue
        if which == "rest":
            at = sides.before.get(k)
            if at is None or sides_alike(at, play.line) is not False:
                continue
        fix = side_fix(problem, play, k, sides, known, page, unsafe=which != "safe")
        if fix is not None:
            yield fix


def spelled(chunk: Chunk, parsed: ParsedRecord, wide: FileWide) -> tuple[Fix, ...]:
    """The fixes of the spelling slips among ``parsed``'s syntax errors, without
    replaying the chunk (``rounds.fix_game``)."""
    return spelling_fixes(parsed.diagnostics, _page(chunk, wide))


def _page(chunk: Chunk, wide: FileWide) -> Page:
    from ..basics.i18n import translator

    selection = wide.selection
    lines = chunk.lines
    inline = {number: marks(line)[0] for number, line in enumerate(lines, chunk.first_line)
              if "blocknot:" in line}

    def wanted(code: str, line: int) -> bool:
        if not selection.keeps(code):
            return False
        muted = wide.everywhere + inline.get(line, ()) if selection.suppress else ()
        return not any(code.startswith(prefix) for prefix in muted)

    return Page(lines, translator(wide.lang or "en"), wanted, chunk.first_line)


def _settled_everywhere(chunk: Chunk, selection: Selection) -> tuple[str, ...]:
    """The codes suppressed everywhere in a chunk, as ``suppress.settle`` finds them: the
    file's, and those of the chunk's own ``ignore-file`` comments."""
    own = tuple(mark.code for number, line in enumerate(chunk.lines, chunk.first_line)
                if "blocknot:" in line for mark in marks_at(line, number) if mark.file_wide)
    return selection.file_ignores + own


def _readable(fix: Fix, page: Page) -> bool:
    """Whether the lines the fix writes can still be read (``MAX_LINE_LENGTH``): a fix
    never leaves a record that cannot be read."""
    for edit in fix.edits:
        before = page.line(edit.start_line)[: edit.start_column - 1]
        after = page.line(edit.end_line)[edit.end_column - 1:]
        if any(len(line) > MAX_LINE_LENGTH
               for line in (before + edit.new_text + after).split("\n")):
            return False
    return True


def file_codes_in(lines: Iterable[str]) -> tuple[str, ...]:
    """The codes the ``ignore-file`` comments of these lines suppress."""
    return tuple(code for line in lines if "blocknot:" in line for code in marks(line)[1])

