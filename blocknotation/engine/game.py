"""One game: its players and target, the rotation of the opener, the running totals and the
result (R1, R3, R17, R18; G101–G106, E505, E506).

Hands are replayed in the order written; the opener rotates one seat clockwise from whoever
actually opened the hand before (R17), so a wrong opener is reported once (T301) and the
rotation goes on from the player who opened.  A hand whose lines hold a syntax error is not
replayed (its rule checks would report the missing line again) but still passes the opening
on.  The target is looked at only after a whole hand's count (R18); a hand recorded after
that is E506 and adds nothing.

Unknown points: a hand whose points cannot be known leaves every later total unknown (None),
but bounded (``totals.py``): the game is decided once somebody has reached the target
whatever the unknown points were, and a ``score`` claim no value allows is still E505.  The
E506 that follows names who had reached the target: the player whose least total had, or,
when none had but the unknown points cannot all have gone to players still below it, the
players who may have.  A
``points`` claim that stands in makes the totals, and the status computed from them, only as
good as that claim (``unverified``).  When the last hand of a game is unfinished (the record
stops mid-hand, e.g. a game being written down as it is played), the game's totals are those
after the last complete hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from ..report.values import GameResult, HandResult
from .bad_lines import BadLines
from .course import GameState, placed, replay_hands, unreplayed
from .hands import GameToReplay
from .players import Seats, read_players, read_target
from .totals import Totals

if TYPE_CHECKING:
    from .course import ReplayCache


def replay_game(
    number: int, game: r.PlainGame, bad: BadLines, header: tuple[int, int], end: int,
    keep: ReplayCache | None = None,
) -> tuple[list[Diagnostic], GameResult]:
    """Replay game ``number`` (1-based).  ``header`` is the span of lines of its tag block
    (where a syntax error may have eaten the ``Players`` tag); ``end`` is the line where the
    next game starts (or past the end of the file), which closes its last hand's span;
    ``keep``: which hands to keep, and where, to try them written another way
    (``retry.py``)."""
    seats, names, problems = read_players(game, bad.any_in(*header))
    target, warnings = read_target(game, None if seats is None else len(seats))
    doubled = repeated_hand_lines(game)
    problems += warnings + [_written_twice(game.hands[k], game.hands[k + 1]) for k in doubled]
    game = read_once(game, doubled)
    problems += _numbering(game)
    if seats is None or target is None:
        hands = tuple(unreplayed(hand, None, None) for hand in game.hands)
        return placed(problems, number), GameResult(
            number, game.line, names, target, hands, None, None, None)
    results, course = _hands(number, game, seats, target, bad, end, Totals(len(seats)),
                             problems, keep)
    exact, status, winner = course.totals.exact, course.status, course.winner
    result = GameResult(
        number, game.line, seats.names, target, tuple(results),
        None if exact is None else dict(zip(seats.names, exact, strict=True)),
        status, None if winner is None else seats.names[winner],
    )
    return placed(problems, number), result


def read_once(game: r.PlainGame, doubled: frozenset[int] | None = None) -> r.PlainGame:
    """``game`` with each hand line written twice read once: its hands as the replay
    numbers them (``k``), the first copies (``repeated_hand_lines``, or ``doubled`` when
    known) left out, the lines written under one (an opener line, deal lines) read as the
    hand's."""
    doubled = repeated_hand_lines(game) if doubled is None else doubled
    if not doubled:
        return game
    hands = game.hands
    return r.PlainGame(game.tags, tuple(
        _joined(hands[k - 1], hand) if k - 1 in doubled else hand
        for k, hand in enumerate(hands) if k not in doubled))


def repeated_hand_lines(game: r.PlainGame) -> frozenset[int]:
    """The places of the hands that are a ``hand N`` line written twice: a hand with no
    statement, or only lines that set it up (an opener line, deal lines) none of which the
    next is written again under it, followed by a hand of the same number (the one the
    moves and claims go with)."""
    hands = game.hands
    return frozenset(k for k in range(len(hands) - 1)
                     if hands[k + 1].number == hands[k].number
                     and _set_up_only(hands[k], hands[k + 1]))


def _set_up_only(first: r.PlainHand, second: r.PlainHand) -> bool:
    """Whether ``first`` holds only lines that set a hand up, none written again under
    ``second`` (the opener line, or a deal line of the same player)."""
    if not all(isinstance(s, r.PlainOpener | r.PlainDeal) for s in first.statements):
        return False
    again = {_set_up(s) for s in second.statements if isinstance(s, r.PlainOpener | r.PlainDeal)}
    return not any(_set_up(s) in again for s in first.statements
                   if isinstance(s, r.PlainOpener | r.PlainDeal))


def _set_up(statement: r.PlainOpener | r.PlainDeal) -> tuple[str, str | None]:
    return ("opener", None) if isinstance(statement, r.PlainOpener) else ("deal", statement.player)


def _joined(first: r.PlainHand, copy: r.PlainHand) -> r.PlainHand:
    """The hand of a ``hand N`` line written twice: the copy's, with the lines written
    under the first line before its own."""
    if not first.statements:
        return copy
    return r.PlainHand(copy.line, copy.column, copy.number, first.statements + copy.statements,
                  first.comments + copy.comments, copy.comment)


def _written_twice(empty: r.PlainHand, hand: r.PlainHand) -> Diagnostic:
    """G106 at the second of two ``hand N`` lines with nothing between them but the lines
    that set the hand up: the line is read once, and no hand is numbered otherwise for
    it."""
    twice = diagnostic(
        "G106", hand.line, hand.column,
        "hand_twice_set_up" if empty.statements else "hand_twice",
        number=hand.number, first=empty.line,
    )
    return replace(twice, hand=hand.number)


def _numbering(game: r.PlainGame) -> list[Diagnostic]:
    """G106 for each hand not numbered one more than the hand before; the number it should
    have is its place in the game (what ``validate --fix`` writes)."""
    problems: list[Diagnostic] = []
    expected = 1
    for place, hand in enumerate(game.hands, start=1):
        if hand.number != expected:
            misnumbered = diagnostic(
                "G106", hand.line, hand.column,
                "misnumbered",
                number=hand.number, expected=place,
            )
            problems.append(replace(misnumbered, hand=hand.number))
        expected = hand.number + 1
    return problems


def _hands(
    number: int, game: r.PlainGame, seats: Seats, target: int, bad: BadLines, end: int,
    totals: Totals, problems: list[Diagnostic], keep: ReplayCache | None,
) -> tuple[list[HandResult], GameState]:
    """Each hand in turn (``course.replay_hands``); where the game stands at its end."""
    starts = (*(hand.line for hand in game.hands[1:]), end) if game.hands else ()
    found, results, course = replay_hands(
        GameToReplay(number, seats, target, bad, game.hands, starts), GameState(totals), keep)
    problems += found
    return results, course
