"""Finding fixes: what ``blocknot validate --fix`` writes into a record, and what an editor
offers as code actions.

``find_fixes`` validates a record's text and returns the fixes for what the engine knows
for certain (``claims.py``: the ``domino``/``blocked``, ``points`` and ``score`` claims;
``sides.py``: a missing side; ``numbering.py``: the numbering of hands).  ``fix_text``
applies them again and again until nothing more can be fixed, as ``--fix`` does.  A record
with a syntax error gets no fix: positions in it cannot be trusted to mean what they say.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic
from ..pipeline import Selection
from ..reading import records as r
from ..report.values import FileReport
from .claims import Page, game_claim_fixes
from .edits import Edit, Fix, apply_fixes, compatible
from .numbering import numbering_fixes
from .sides import side_fix

__all__ = ["Edit", "Fix", "FixOutcome", "apply_fixes", "find_fixes", "fix_text"]

#: How many rounds ``fix_text`` makes at most (ruff makes 100); a round fixes what it can.
MAX_ROUNDS = 10


def _validate(text: str, path: str, selection: Selection) -> FileReport:
    from ..pipeline import validate_bytes

    return validate_bytes(text.encode("utf-8", "surrogatepass"), path, selection)


def _page(text: str, path: str, selection: Selection, lang: str | None) -> Page:
    from ..basics.i18n import translator
    from ..basics.marks import marks

    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    inline = {number: marks(line)[0] for number, line in enumerate(lines, start=1)}
    everywhere = selection.file_ignores + tuple(
        code for line in lines for code in marks(line)[1])

    def wanted(code: str, line: int) -> bool:
        if not selection.keeps(code):
            return False
        muted = everywhere + inline.get(line, ()) if selection.suppress else ()
        return not any(code.startswith(prefix) for prefix in muted)

    return Page(lines, translator(lang or "en"), wanted)


def find_fixes(text: str, *, path: str = "-", lang: str | None = None,
               selection: Selection | None = None) -> tuple[Fix, ...]:
    """The fixes of a record's text, in the order of the text; never raises on a record.

    Each ``Fix`` names the diagnostic it fixes (code, line, column), says whether it is
    safe, and gives its edits.  ``lang`` is the language of the titles (default English).
    ``selection`` (default: every code, ``# blocknot: ignore`` comments honoured) leaves out
    the fixes of codes it does not report; ``path`` is the record's name in the report
    checked.  Fixes may overlap: ``apply_fixes`` applies the first of two."""
    chosen = selection if selection is not None else Selection()
    report = _validate(text, path, chosen)
    if any(d.code.startswith("S") and d.is_error for d in report.diagnostics):
        return ()
    from ..reading.parsing import parse_text

    parsed = parse_text(text)
    if parsed.diagnostics:
        return ()
    page = _page(text, path, chosen, lang)
    found: list[Fix] = []
    by_game: dict[int, list[Diagnostic]] = {}
    for d in report.diagnostics:
        by_game.setdefault(d.game or 0, []).append(d)
    for index, (game, result) in enumerate(zip(parsed.records.games, report.games,
                                               strict=False), start=1):
        reported = by_game.get(index, [])
        found += numbering_fixes(game, reported, page)
        found += game_claim_fixes(game, result, page,
                                  frozenset((d.code, d.line) for d in reported))
        found += _side_fixes(text, game, reported, report, path, chosen, page)
    return tuple(sorted(found, key=lambda f: (f.line, f.column, f.code)))


def _side_fixes(text: str, game: r.Game, reported: list[Diagnostic], report: FileReport,
                path: str, selection: Selection, page: Page) -> Iterator[Fix]:
    plays = {s.line: s for hand in game.hands for s in hand.statements
             if isinstance(s, r.Play)}
    for problem in reported:
        play = plays.get(problem.line)
        if problem.code != "P404" or play is None or play.side is not None:
            continue
        fix = side_fix(text, problem, play, report,
                       lambda changed: _validate(changed, path, selection), page)
        if fix is not None:
            yield fix


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
    rounds until no fix is left that can be applied (``MAX_ROUNDS`` at most)."""
    chosen = selection if selection is not None else Selection()
    applied: list[Fix] = []
    for _ in range(MAX_ROUNDS):
        usable = [f for f in find_fixes(text, path=path, lang=lang, selection=chosen)
                  if f.safe or unsafe]
        kept, _left = compatible(usable)
        if not kept:
            break
        text = apply_fixes(text, kept)
        applied += kept
    left = find_fixes(text, path=path, lang=lang, selection=chosen)
    return FixOutcome(text, tuple(applied), _validate(text, path, chosen),
                      sum(1 for f in left if not f.safe))

