"""``find_fixes`` and ``fix_text`` as they were before ``--fix`` worked a game at a time:
the whole record validated for every round, and twice more for every missing side, each
side written into the text and the whole text validated again.  Kept here only to test the
package against it (``test_fix_reference.py``): the package finds fixes from one validation
of each game (``fixing/finding.py``, ``fixing/rounds.py``).

The claims, the numbering of hands and the edits the messages propose are the package's
(``claims.py``, ``numbering.py``, ``suggested.py``), given the whole record as one page; what
is kept is how the fixes were found, applied in rounds, and decided for a side or a
proposal (the whole record validated again with it written).  Quadratic: for small records only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from blocknotation.basics.diagnostics import N_, Diagnostic
from blocknotation.basics.i18n import translator
from blocknotation.basics.marks import marks
from blocknotation.basics.positions import statement_end
from blocknotation.fixing.claims import Page, game_claim_fixes
from blocknotation.fixing.edits import Edit, Fix, compatible
from blocknotation.fixing.numbering import numbering_fixes
from blocknotation.fixing.suggested import _figures, _proposed
from blocknotation.notation import plain as r
from blocknotation.notation.parsing import read_text
from blocknotation.pipeline import Selection, validate_bytes
from blocknotation.report.values import FileReport

MAX_ROUNDS = 10
_BOM = "\ufeff"


def apply_fixes(text: str, fixes: Iterable[Fix]) -> str:
    """The edits of ``fixes`` made one by one, bottom-up, on the whole text."""
    kept, _ = compatible(fixes)
    edits = [(edit, order) for order, fix in enumerate(kept) for edit in fix.edits]
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    crlf = "\r\n" in body
    lines = body.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        index = min(max(line, 1), len(lines)) - 1
        width = len(lines[index]) - (1 if crlf and lines[index].endswith("\r") else 0)
        return starts[index] + min(max(column, 1) - 1, width)

    for edit, _order in sorted(edits, key=lambda e: (e[0].start, e[0].end, e[1]), reverse=True):
        new = edit.new_text.replace("\n", "\r\n") if crlf else edit.new_text
        body = body[: offset(*edit.start)] + new + body[offset(*edit.end):]
    return bom + body


# A text is validated again as it was (a round that finds nothing left to apply, the fixes
# left, the report): the reports are frozen values, so each text's is made once.
@lru_cache(maxsize=1024)
def _validate(text: str, path: str, selection: Selection) -> FileReport:
    return validate_bytes(text.encode("utf-8", "surrogatepass"), path, selection)


def _page(text: str, selection: Selection, lang: str | None) -> Page:
    lines = text.removeprefix(_BOM).replace("\r\n", "\n").split("\n")
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
    chosen = selection if selection is not None else Selection()
    report = _validate(text, path, chosen)
    if any(d.code.startswith("S") and d.is_error for d in report.diagnostics):
        return ()
    parsed = read_text(text)
    if parsed.diagnostics:
        return ()
    page = _page(text, chosen, lang)
    found: list[Fix] = []
    by_game: dict[int, list[Diagnostic]] = {}
    for d in report.diagnostics:
        by_game.setdefault(d.game or 0, []).append(d)
    for index, (game, result) in enumerate(zip(parsed.records.games, report.games,
                                               strict=False), start=1):
        reported = by_game.get(index, [])
        found += numbering_fixes(game, reported, page)
        found += game_claim_fixes(game, result, page, reported)
        found += _side_fixes(text, game, reported, report, path, chosen, page)
        found += _proposals(text, index, reported, report, path, chosen, page)
    return tuple(sorted(found, key=lambda f: (f.line, f.column, f.code)))


def _proposals(text: str, game: int, reported: list[Diagnostic], report: FileReport,
               path: str, selection: Selection, page: Page) -> Iterator[Fix]:
    """The fixes of what the messages propose: safe when the whole record, validated again
    with it written, reports nothing new in the game and gives it the same figures."""
    (result,) = [g for g in report.games if g.index == game]
    for problem in reported:
        proposed = _proposed(problem, page) if page.wanted(problem.code, problem.line) else None
        if proposed is None:
            continue
        edit, title = proposed
        fix = Fix(problem.code, problem.line, problem.column, False, title, (edit,))
        after = _validate(apply_fixes(text, [fix]), path, selection)
        again = [g for g in after.games if g.index == game]
        safe = (_keys(after, game, ("", 0)) <= _keys(report, game, (fix.code, fix.line))
                and len(again) == 1 and _figures(again[0]) == _figures(result))
        yield Fix(problem.code, problem.line, problem.column, safe, title, (edit,))


def _side_fixes(text: str, game: r.PlainGame, reported: list[Diagnostic], report: FileReport,
                path: str, selection: Selection, page: Page) -> Iterator[Fix]:
    plays = {s.line: s for hand in game.hands for s in hand.statements
             if isinstance(s, r.PlainPlay)}
    for problem in reported:
        play = plays.get(problem.line)
        if problem.code != "P404" or play is None or play.side is not None:
            continue
        fix = side_fix(text, problem, play, report,
                       lambda changed: _validate(changed, path, selection), page)
        if fix is not None:
            yield fix


def _keys(report: FileReport, game: int, skip: tuple[str, int]) -> set[tuple[str, int]]:
    return {(d.code, d.line) for d in report.diagnostics
            if d.game == game and (d.code, d.line) != skip}


def _ends(report: FileReport, game: int, hand: int, line: int) -> tuple[int, int] | None:
    for result in report.games:
        if result.index == game:
            for done in result.hands:
                if done.number == hand:
                    return done.ends.get(line)
    return None


def side_fix(text: str, problem: Diagnostic, play: r.PlainPlay, before: FileReport,
             validate: Callable[[str], FileReport], page: Page) -> Fix | None:
    line = page.lines[play.line - 1]
    column = statement_end(line) + 1
    game, hand = problem.game or 0, problem.hand or 0
    base = _keys(before, game, ("P404", play.line))
    tried: dict[str, tuple[set[tuple[str, int]], tuple[int, int] | None]] = {}
    for side in ("L", "R"):
        edit = Edit(play.line, column, play.line, column, f" {side}")
        after = validate(apply_fixes(text, [Fix("P404", 0, 0, True, "", (edit,))]))
        tried[side] = (_keys(after, game, ("", 0)) - base,
                       _ends(after, game, hand, play.line))
    (new_l, ends_l), (new_r, ends_r) = tried["L"], tried["R"]
    # Safe: either side leaves the chain the same and adds nothing (a side that adds
    # something may still be read as a slip that leaves the chain as the other would).
    if ends_l is not None and ends_l == ends_r and not new_l and not new_r:
        side, safe = "L", True
    elif not new_l and new_r:
        side, safe = "L", False
    elif not new_r and new_l:
        side, safe = "R", False
    else:
        return None
    edit = Edit(play.line, column, play.line, column, f" {side}")
    title = page.title(N_("write side {side} after {tile}"), side=side,
                       tile=f"{play.tile[0]}-{play.tile[1]}")
    return Fix("P404", problem.line, problem.column, safe, title, (edit,))


@dataclass(frozen=True, slots=True)
class FixOutcome:
    text: str
    applied: tuple[Fix, ...]
    report: FileReport
    unsafe_left: int


def fix_text(text: str, *, path: str = "-", unsafe: bool = False, lang: str | None = None,
             selection: Selection | None = None) -> FixOutcome:
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
