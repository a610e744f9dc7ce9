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

from bisect import bisect_left
from dataclasses import replace

from ..basics.diagnostics import N_, Diagnostic, Message, diagnostic
from ..reading import plain as r
from ..report.values import GameResult, HandResult, Status
from .bounds import unbounded
from .choose import HandReplay
from .claims import claimed_points
from .hand_replay import replay_hand
from .players import Seats, read_players, read_target
from .totals import Totals


class BadLines:
    """The lines that had syntax errors, to ask whether a span of lines holds one."""

    def __init__(self, lines: frozenset[int]) -> None:
        self._lines = sorted(lines)

    def __bool__(self) -> bool:
        return bool(self._lines)

    def any_in(self, first: int, end: int) -> bool:
        """Whether a bad line lies in ``first <= line < end``."""
        i = bisect_left(self._lines, first)
        return i < len(self._lines) and self._lines[i] < end


def _unreplayed(hand: r.Hand, opener: str | None, points: dict[str, int] | None) -> HandResult:
    return HandResult(
        number=hand.number, line=hand.line, opener=opener, outcome=None, winner=None,
        remaining={}, points=points, score=None, unverified=points is not None, replayed=False,
    )


def _first_mover(hand: r.Hand, seats: Seats) -> int | None:
    for s in hand.statements:
        if isinstance(s, r.Opener | r.Play | r.Pass) and s.player in seats.seat:
            return seats.seat[s.player]
    return None


def replay_game(
    number: int, game: r.Game, bad: BadLines, header: tuple[int, int], end: int
) -> tuple[list[Diagnostic], GameResult]:
    """Replay game ``number`` (1-based).  ``header`` is the span of lines of its tag block
    (where a syntax error may have eaten the ``Players`` tag); ``end`` is the line where the
    next game starts (or past the end of the file), which closes its last hand's span."""
    seats, names, problems = read_players(game, bad.any_in(*header))
    target, warnings = read_target(game, None if seats is None else len(seats))
    problems += warnings + _numbering(game)
    if seats is None or target is None:
        hands = tuple(_unreplayed(hand, None, None) for hand in game.hands)
        return _placed(problems, number), GameResult(
            number, game.line, names, target, hands, None, None, None)
    totals = Totals(len(seats))
    results, status, winner = _hands(number, game, seats, target, bad, end, totals, problems)
    exact = totals.exact
    result = GameResult(
        number, game.line, seats.names, target, tuple(results),
        None if exact is None else dict(zip(seats.names, exact, strict=True)),
        status, None if winner is None else seats.names[winner],
    )
    return _placed(problems, number), result


def _numbering(game: r.Game) -> list[Diagnostic]:
    """G106 for each hand not numbered one more than the hand before; the number it should
    have is its place in the game (what ``validate --fix`` writes)."""
    problems: list[Diagnostic] = []
    expected = 1
    for place, hand in enumerate(game.hands, start=1):
        if hand.number != expected:
            misnumbered = diagnostic(
                "G106", hand.line, hand.column,
                N_("hand {number} should be hand {expected}: hands are numbered 1, 2, 3, … in "
                   "order"),
                number=hand.number, expected=place,
            )
            problems.append(replace(misnumbered, hand=hand.number))
        expected = hand.number + 1
    return problems


def _hands(
    number: int, game: r.Game, seats: Seats, target: int, bad: BadLines, end: int,
    totals: Totals, problems: list[Diagnostic],
) -> tuple[list[HandResult], Status | None, int | None]:
    """Each hand in turn: replayed, or not (a syntax error in it, or after the game was
    decided, E506); the rotation (R17), the totals and the status after each (R18)."""
    results: list[HandResult] = []
    status: Status | None = "in_progress"
    winner: int | None = None
    decided_after = 0
    previous: int | None = None
    starts = [hand.line for hand in game.hands[1:]] + [end] if game.hands else []
    n, damaged, last = len(seats.names), bool(bad), len(game.hands) - 1
    for k, (hand, span_end) in enumerate(zip(game.hands, starts, strict=True)):
        expected = None if previous is None else (previous + 1) % n
        if status not in ("in_progress", None):
            late = _after_the_end(hand, seats, totals, target, decided_after)
            problems += _placed([late], number, hand.number)
            results.append(_unreplayed(hand, None, None))
            continue
        if damaged and bad.any_in(hand.line, span_end):
            skipped, previous = _damaged(hand, seats, expected, totals)
            results.append(skipped)
        else:
            rep = replay_hand(hand, seats, expected, totals.exact)
            previous = rep.opener
            found = rep.diagnostics + _count_in(rep, hand, seats, totals, last=k == last)
            results.append(_hand_result(hand, rep, seats, totals))
            if found:
                problems += _placed(found, number, hand.number)
        status, winner = totals.status(target)
        decided_after = hand.number
    return results, status, winner


def _count_in(
    rep: HandReplay, hand: r.Hand, seats: Seats, totals: Totals, last: bool
) -> list[Diagnostic]:
    """Add a replayed hand's points to the totals, and check its ``score`` line (E505).  A
    record that stops in its last hand keeps the totals before it, but that hand's score
    line, if any, is judged with its points unknown."""
    judged = totals
    if rep.points is not None:
        totals.add(rep.points, rep.claimed)
    elif rep.outcome == "unfinished" and last:
        judged = totals.copy()
        judged.add_unknown(hand.number, rep.bounds or unbounded(len(seats)))
    else:
        totals.add_unknown(hand.number, rep.bounds or unbounded(len(seats)), rep.claimed)
    if rep.score is None:
        return []
    problem = judged.check(rep.score, seats.names)
    return [] if problem is None else [problem]


def _after_the_end(
    hand: r.Hand, seats: Seats, totals: Totals, target: int, last: int
) -> Diagnostic:
    """E506 for a hand recorded after the game was decided (R18)."""
    exact = totals.exact
    if exact is not None:
        leader = max(exact)
        leaders = [seat for seat, total in enumerate(exact) if total == leader]
        if len(leaders) == 1:
            decided = Message(N_("{winner} won with {total}"),
                              {"winner": seats.names[leaders[0]], "total": leader})
        else:
            decided = Message(N_("it was drawn at {total}"), {"total": leader})
    else:
        lows = [totals.lowest(seat) for seat in range(len(seats))]
        top = max(lows)
        decided = Message(
            N_("{player} had at least {total} (whatever the unknown points were)"),
            {"player": seats.names[lows.index(top)], "total": top},
        )
        if top < target:  # only one player scores in a hand: one of them has reached it
            decided = Message(
                N_("one of {players} had reached the target (whatever the unknown points "
                   "were)"),
                {"players": tuple(seats.names[s] for s in totals.reachers(target))},
            )
    return diagnostic(
        "E506", hand.line, hand.column,
        N_("hand {number} comes after the game was decided: {decided} after hand "
           "{last}, and the target is {target} (R18)"),
        number=hand.number, decided=decided, last=last, target=target,
    )


def _damaged(
    hand: r.Hand, seats: Seats, expected: int | None, totals: Totals
) -> tuple[HandResult, int | None]:
    """A hand with a syntax error: not replayed; its points claim, if it could be read and is
    the only one, stands in unverified.  Returns its result and its opener."""
    n = len(seats)
    opener = _first_mover(hand, seats)
    opener = expected if opener is None else opener
    claims = [s for s in hand.statements if isinstance(s, r.Points)]
    # Two points claims: the unreadable line may be a hand's own line (``hnad 2``), and the
    # claims those of two hands: neither stands in.
    claim = claims[0] if len(claims) == 1 else None
    gained = None
    if claim is not None and (claim.player is None or claim.player in seats.seat):
        gained = claimed_points(claim, seats.seat, n)
    skipped = _unreplayed(
        hand, None if opener is None else seats.names[opener],
        None if gained is None else dict(zip(seats.names, gained, strict=True)),
    )
    if gained is None:
        totals.add_unknown(hand.number, unbounded(n))
    else:
        totals.add(gained)
        exact = totals.exact
        if exact is not None:
            skipped = replace(skipped, score=dict(zip(seats.names, exact, strict=True)))
    return skipped, opener


def _hand_result(hand: r.Hand, rep: HandReplay, seats: Seats, totals: Totals) -> HandResult:
    names = seats.names
    exact = totals.exact
    return HandResult(
        number=hand.number, line=hand.line,
        opener=None if rep.opener is None else names[rep.opener],
        outcome=rep.outcome,
        winner=None if rep.winner is None else names[rep.winner],
        remaining=dict(zip(names, rep.remaining, strict=True)),
        points=None if rep.points is None else dict(zip(names, rep.points, strict=True)),
        score=None if exact is None or rep.points is None else dict(
            zip(names, exact, strict=True)
        ),
        unverified=rep.unverified,
        settled_by_claims=rep.settled, ends=rep.ends, placed=rep.placed, doubt=rep.doubt,
    )


def _placed(
    problems: list[Diagnostic], game_number: int, hand: int | None = None
) -> list[Diagnostic]:
    """The diagnostics with their game (and hand) filled in, where not already set."""
    return [
        replace(d, game=game_number, hand=d.hand if d.hand is not None else hand)
        for d in problems
    ]
