"""What a game's figures do not rest on: the hands that were not checked, and the claims that
could not be.

A hand with a syntax error in it is not replayed, so the rules are not checked in it (an
illegal pass there goes unseen), and its points are the scorer's claim; a hand whose points
rest on a ``points`` claim the engine could not verify (no deals recorded) is counted as
claimed.  The totals then stand on the scorer's word.  ``caveats`` gathers these facts of a
game from its result and its diagnostics, for every output to say: the text report's result
line, the JSON reports, JUnit, SARIF and GitHub annotations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..basics.codes import SYNTAX_ERRORS
from ..basics.diagnostics import N_, Diagnostic, Message
from ..basics.i18n import plural, translator
from .values import GameResult, HandResult

#: The kinds of caveat, as the machine formats name them (a GitHub annotation's title, a SARIF
#: notification's descriptor).
NOT_CHECKED = "not-checked"
UNVERIFIED = "unverified-claims"
#: Games whose ``Players`` cannot be used, and hands after a game was decided.
_NO_PLAYERS = ("G101", "G102", "G103")
_AFTER_THE_END = "E506"


@dataclass(frozen=True, slots=True)
class Unchecked:
    """A hand not replayed: its number and line, why (in words), and the line of the cause
    (a syntax error's), if it has one."""

    hand: int
    line: int
    reason: Message
    cause: int | None = None

    def words(self, lang: str = "en") -> str:
        """``hand 2 not checked: syntax error at line 43``."""
        return translator(lang)(N_("hand {number} not checked: {reason}")).format(
            number=self.hand, reason=self.reason.render(translator(lang)))


@dataclass(frozen=True, slots=True)
class Caveats:
    """What a game's figures do not rest on: its hands not checked, and how many of its
    hands are counted from a claim the engine could not verify."""

    unchecked: tuple[Unchecked, ...] = ()
    unverified: int = 0

    def __bool__(self) -> bool:
        return bool(self.unchecked or self.unverified)

    def words(self, lang: str = "en") -> list[str]:
        """Each caveat in words: ``hand 2 not checked: …``, then ``totals rest on 2
        unverified claims``."""
        return [text for _, _, text in self.notes(0, lang)]

    def notes(self, game_line: int, lang: str = "en") -> list[tuple[int, str, str]]:
        """Each caveat as a note on a line of the record (``NOT_CHECKED`` at the hand's,
        ``UNVERIFIED`` at the game's, ``game_line``): the line, its kind, and its words."""
        found = [(hand.line, NOT_CHECKED, hand.words(lang)) for hand in self.unchecked]
        if self.unverified:
            found.append((game_line, UNVERIFIED, plural(
                lang, "totals rest on {n} unverified claim", "totals rest on {n} unverified "
                "claims", self.unverified).format(n=self.unverified)))
        return found


def caveats(game: GameResult, diagnostics: Iterable[Diagnostic]) -> Caveats:
    """The caveats of ``game``, whose diagnostics are among ``diagnostics``."""
    own = [d for d in diagnostics if d.game == game.index]
    unchecked = tuple(_unchecked(hand, own) for hand in game.hands if not hand.replayed)
    return Caveats(unchecked, sum(1 for hand in game.hands if hand.unverified))


def _unchecked(hand: HandResult, diagnostics: list[Diagnostic]) -> Unchecked:
    here = [d for d in diagnostics if d.hand == hand.number]
    syntax = next((d for d in here if d.code in SYNTAX_ERRORS), None)
    if syntax is not None:
        return Unchecked(hand.number, hand.line, Message(
            N_("syntax error at line {line}"), {"line": syntax.line}), syntax.line)
    if any(d.code == _AFTER_THE_END for d in here):
        return Unchecked(hand.number, hand.line, Message(
            N_("the game was decided before it (E506)")))
    if any(d.code in _NO_PLAYERS for d in diagnostics):
        return Unchecked(hand.number, hand.line, Message(
            N_("the game's Players tag cannot be used")))
    return Unchecked(hand.number, hand.line, Message(N_("it could not be replayed")))
