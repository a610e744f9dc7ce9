"""Fixes of the claims at the end of a hand: ``domino``/``blocked`` (E503), ``points``
(E504) and ``score`` (E505), written from what the engine recomputed.

Only what the engine has proved is written: a claim is added or corrected when the hand was
replayed to its end (a ``domino``/``blocked`` claim only from the moves: a hand written
without moves, a disputed count, ends as its claim says), its points do not rest on a
claim the engine could not check, and, for ``score``, no earlier hand's points did either,
nor did a wrong ``points`` claim left as it is.  A wrong claim is corrected only when
``validate`` reports it, with the same selection and suppression (a ``score`` that carries
a slip of ``points`` is reported, and so corrected, once that slip is).  A corrected claim
keeps what the scorer wrote in a comment just above it (``# was: points Ada 20``), with
the claim's own comment, which spoke of it.  A hand
with two claims of one kind (G107) keeps its claims of that kind as they are.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..basics.diagnostics import N_, Diagnostic, Message
from ..basics.positions import statement_end
from ..engine.game import repeated_hand_lines
from ..notation import plain as r
from ..report.values import GameResult, HandResult
from .edits import Edit, Fix

_KINDS = ("E503", "E504", "E505")


@dataclass(frozen=True, slots=True)
class Page:
    """What the fixes of one game are written against: its lines (the first of them line
    ``first_line`` of the file), the language of the titles, and whether a code at a line
    may be fixed (``--select``/``--ignore``, inline suppression)."""

    lines: Sequence[str]
    translate: Callable[[str], str]
    wanted: Callable[[str, int], bool]
    first_line: int = 1

    def line(self, number: int) -> str:
        """Line ``number`` of the file, one of the page's."""
        return self.lines[number - self.first_line]

    def title(self, template: str, **args: object) -> str:
        return Message(template, args).render(self.translate)


def _nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def outcome_text(hand: HandResult) -> str | None:
    if hand.outcome == "domino" and hand.winner is not None:
        return f"domino {hand.winner}"
    return "blocked" if hand.outcome == "blocked" else None


def points_text(hand: HandResult) -> str | None:
    """The ``points`` line of a hand whose points are known, verified."""
    if hand.points is None or hand.unverified or outcome_text(hand) is None:
        return None
    scorers = [name for name, points in hand.points.items() if points]
    if scorers:
        return f"points {scorers[0]} {hand.points[scorers[0]]}"
    return f"points {hand.winner} 0" if hand.winner is not None else "points none"


def score_text(players: Sequence[str], totals: Mapping[str, int]) -> str:
    return "score " + ", ".join(f"{name} {totals[name]}" for name in players)


def _points_right(claim: r.PlainPoints, hand: HandResult) -> bool:
    if hand.points is None:
        return True
    if claim.player is None:
        return not any(hand.points.values())
    named = _nfc(claim.player)
    return (named == hand.winner or bool(hand.points.get(named))) and all(
        points == (claim.points if name == named else 0) for name, points in hand.points.items()
    )


def _score_right(claim: r.PlainScore, totals: Mapping[str, int]) -> bool:
    given = {_nfc(e.player): e.total for e in claim.entries}
    return len(given) == len(claim.entries) and given == dict(totals)


def _outcome_right(claim: r.PlainDomino | r.PlainBlocked, hand: HandResult) -> bool:
    if isinstance(claim, r.PlainBlocked):
        return hand.outcome == "blocked"
    return hand.outcome == "domino" and _nfc(claim.player) == hand.winner


Reported = frozenset[tuple[str, int]]


def game_claim_fixes(game: r.PlainGame, result: GameResult, page: Page,
                     diagnostics: Sequence[Diagnostic] = ()) -> Iterator[Fix]:
    """The claim fixes of every hand of a game, in order.  A wrong claim is corrected only
    when its diagnostic is reported (``diagnostics``: what ``validate`` reports of the game,
    with the same selection and suppression); from a wrong ``points`` claim left as it is
    (its E504 not reported) on, no ``score`` is written: the record's own totals carry that
    slip.  A hand with an error of its moves or shows gets no claim written or corrected:
    its figures are the engine's reading of a slip, which its claims may tell better; nor
    does any hand after it get a ``score``, unless its own ``score`` line, found right,
    confirms the totals."""
    reported: Reported = frozenset((d.code, d.line) for d in diagnostics)
    slipped = frozenset(d.hand for d in diagnostics
                        if d.hand is not None and d.is_error and d.code not in _KINDS)
    doubled = repeated_hand_lines(game)
    hands = [hand for k, hand in enumerate(game.hands) if k not in doubled]
    if len(hands) != len(result.hands):
        return
    trusted_totals = True
    for hand, done in zip(hands, result.hands, strict=True):
        kept_slip = any(not _points_right(s, done) and ("E504", s.line) not in reported
                        for s in hand.statements if isinstance(s, r.PlainPoints))
        trusted_totals = trusted_totals and done.replayed and not done.unverified
        trusted_totals = trusted_totals and not kept_slip
        if done.number in slipped:
            trusted_totals = trusted_totals and any(
                isinstance(s, r.PlainScore) and ("E505", s.line) not in reported
                for s in hand.statements)
            continue
        if not done.replayed or outcome_text(done) is None:
            continue
        totals = done.score if trusted_totals else None
        for fix in _hand_fixes(hand, done, result.players, totals, page, reported):
            # A hand without moves ends as its claim says: that claim is never rewritten.
            if not (done.settled_by_claims and fix.code == "E503"):
                yield fix


def _hand_fixes(hand: r.PlainHand, done: HandResult, players: Sequence[str],
                totals: Mapping[str, int] | None, page: Page,
                reported: Reported) -> Iterator[Fix]:
    outcomes = [s for s in hand.statements if isinstance(s, r.PlainDomino | r.PlainBlocked)]
    points = [s for s in hand.statements if isinstance(s, r.PlainPoints)]
    scores = [s for s in hand.statements if isinstance(s, r.PlainScore)]
    wanted: tuple[tuple[str, str | None, Sequence[r.Statement], bool], ...] = (
        ("E503", outcome_text(done), outcomes,
         len(outcomes) == 1 and _outcome_right(outcomes[0], done)),
        ("E504", points_text(done), points,
         len(points) == 1 and _points_right(points[0], done)),
        ("E505", None if totals is None else score_text(players, totals), scores,
         totals is not None and len(scores) == 1 and _score_right(scores[0], totals)),
    )
    present = [found[0] for _, _, found, _ in wanted if found]
    for code, text, found, right in wanted:
        if text is None or right or len(found) > 1:
            continue
        if found and (code, found[0].line) in reported:
            yield _corrected(code, found[0], text, page)
        elif not found and page.wanted(code, hand.line):
            yield _added(code, hand, text, _after(code, hand, present), page)


def _after(code: str, hand: r.PlainHand, present: list[r.Statement]) -> tuple[int, bool]:
    """Where a missing claim goes: (line, after it).  After the claim that comes before it
    in the usual order (``domino``/``blocked``, ``points``, ``score``), or before the one
    that comes after it, or else after the hand's last statement."""
    order = _KINDS.index(code)
    rank = {r.PlainDomino: 0, r.PlainBlocked: 0, r.PlainPoints: 1, r.PlainScore: 2}
    before = [s for s in present if rank[type(s)] < order]
    if before:
        return max(s.line for s in before), True
    later = [s for s in present if rank[type(s)] > order]
    if later:
        return min(s.line for s in later), False
    last = hand.statements[-1].line if hand.statements else hand.line
    return last, True


def _added(code: str, hand: r.PlainHand, text: str, where: tuple[int, bool], page: Page) -> Fix:
    line, after = where
    if after:
        column = len(page.line(line)) + 1
        edit = Edit(line, column, line, column, f"\n{text}")
    else:
        edit = Edit(line, 1, line, 1, f"{text}\n")
    title = page.title(N_("write the missing claim {claim}"), claim=text)
    return Fix(code, hand.line, hand.column, True, title, (edit,))


def _corrected(code: str, claim: r.Statement, text: str, page: Page) -> Fix:
    line = page.line(claim.line)
    start, end = claim.column, statement_end(line) + 1
    old = line[start - 1 : end - 1]
    indent = line[: start - 1]
    # The claim's comment stays on the ``# was:`` line: it spoke of what was written.
    edit = Edit(claim.line, start, claim.line, len(line) + 1,
                f"# was: {line[start - 1:]}\n{indent}{text}")
    title = page.title(N_("write {new} (was: {old})"), new=text, old=old)
    return Fix(code, claim.line, claim.column, True, title, (edit,))
