"""Finding fixes: what ``blocknot validate --fix`` writes into a record, and what an editor
offers as code actions.

``find_fixes`` returns the fixes of a record's text for what the engine knows for certain
(``claims.py``: the ``domino``/``blocked``, ``points`` and ``score`` claims; ``sides.py``: a
missing side; ``numbering.py``: the numbering of hands), from one validation of each game
(``finding.py``).  ``fix_text`` applies them again and again until nothing more can be
fixed, as ``--fix`` does, a game at a time (``rounds.py``).  A game with a syntax error
gets only the fixes of its slips (each writes what its message names, where it names it):
what the replay says of a game it could not read whole cannot be trusted to be certain.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic
from ..notation.stream import chunks_of
from ..pipeline import Selection, collect, file_end, validate_bytes
from ..report.values import FileReport
from .edits import Edit, Fix, apply_fixes, moved_fix
from .finding import FileWide, file_codes_in, game_fixes
from .rounds import MAX_ROUNDS, FixedGame, fix_chunks

__all__ = ["MAX_ROUNDS", "Edit", "Fix", "FixOutcome", "apply_fixes", "find_fixes", "fix_text"]

_BOM = "\ufeff"


def _wide(text: str, selection: Selection, lang: str | None) -> FileWide:
    lines = text.removeprefix(_BOM).replace("\r\n", "\n").split("\n")
    return FileWide(selection, lang, selection.file_ignores + file_codes_in(lines))


def _encoded(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode("utf-8", "surrogatepass"))


def find_fixes(text: str, *, path: str = "-", lang: str | None = None,
               selection: Selection | None = None) -> tuple[Fix, ...]:
    """The fixes of a record's text, in the order of the text; never raises on a record.

    Each ``Fix`` names the diagnostic it fixes (code, line, column), says whether it is
    safe, and gives its edits.  ``lang`` is the language of the titles (default English).
    ``selection`` (default: every code, ``# blocknot: ignore`` comments honoured) leaves out
    the fixes of codes it does not report; ``path`` is the record's name in the report
    checked.  Fixes may overlap: ``apply_fixes`` applies the first of two.  A game with a
    syntax error gets only the fixes of its spelling slips; the games after it get
    theirs."""
    del path  # the fixes are the same whatever the record is called
    wide = _wide(text, selection if selection is not None else Selection(), lang)
    found: list[Fix] = []
    games = 0
    for chunk in chunks_of(_encoded(text)):
        if isinstance(chunk, Diagnostic):
            return ()
        parsed = chunk.read()
        found_here = game_fixes(chunk, parsed, games + 1, wide)
        piece, fixes = found_here.piece, found_here.fixes
        found += fixes
        games += len(piece.games)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class FixOutcome:
    """What ``fix_text`` did: the text, the fixes applied, and what is left: the report of
    the fixed text, and how many unsafe fixes it still has."""

    text: str
    applied: tuple[Fix, ...]
    report: FileReport
    unsafe_left: int


def fix_text(text: str, *, path: str = "-", unsafe: bool = False, lang: str | None = None,
             selection: Selection | None = None) -> FixOutcome:
    """``text`` with every safe fix applied (and the unsafe ones too with ``unsafe``), in
    rounds until no fix is left that can be applied (``MAX_ROUNDS`` at most), a game at a
    time.  The positions of the fixes applied are those of the text as it was in their
    round."""
    chosen = selection if selection is not None else Selection()
    fixed = list(fix_chunks(chunks_of(_encoded(text)), _wide(text, chosen, lang), unsafe))
    if None in fixed:
        return FixOutcome(text, (), validate_bytes(_encoded(text).getvalue(), path, chosen), 0)
    games = [game for game in fixed if game is not None]
    applied, new_text = _applied(games), _joined(text, games)
    if any(fix.code == "S001" for fix in applied):
        # A line spelled right may now start a game or end one (a tag line that was a
        # syntax error): the report is of the text written, read again.
        report = validate_bytes(_encoded(new_text).getvalue(), path, chosen)
    else:
        report = collect(path, file_end((game.piece for game in games), chosen))
    return FixOutcome(new_text, applied, report, sum(game.unsafe_left for game in games))


def _applied(games: list[FixedGame]) -> tuple[Fix, ...]:
    """The fixes applied, round by round as if every game were fixed in each round, where
    they were in the text as it then was: the games before a fix's own had then had their
    fixes of the rounds before only."""
    out: list[Fix] = []
    for round_ in range(max((len(game.rounds) for game in games), default=0)):
        later = 0  # the lines the games before added in this round and after
        for game in games:
            if round_ < len(game.rounds):
                out += (moved_fix(fix, -later) for fix in game.rounds[round_])
            later += sum(_added(fix) for kept in game.rounds[round_:] for fix in kept)
    return tuple(out)


def _added(fix: Fix) -> int:
    return sum(e.new_text.count("\n") - (e.end_line - e.start_line) for e in fix.edits)


def _joined(text: str, games: list[FixedGame]) -> str:
    """The fixed games put back into ``text``, whose lines keep their own ends (new lines
    end as the text's do: with CRLF when it has one) and its byte-order mark."""
    if not any(game.rounds for game in games):
        return text
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    crlf = "\r\n" in body
    lines = body.split("\n")
    out: list[str] = []
    for game in games:
        first, count = game.chunk.first_line, len(game.chunk.lines)
        segment = "\n".join(lines[first - 1 : first - 1 + count])
        for kept in game.rounds:
            segment = apply_fixes(segment, kept, first_line=game.first_line, crlf=crlf)
        out.append(segment)
    rest = lines[games[-1].chunk.first_line - 1 + len(games[-1].chunk.lines):] if games else []
    return bom + "\n".join(out + rest)
