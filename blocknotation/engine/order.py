"""The statements of one hand, sorted into setup, moves and end (G104, G107).

docs/notation.md, "Hands", puts a hand's statements in three stages: setup (``opener``,
``deal``), then the moves (plays and passes), then the end (``show``, ``domino``/``blocked``,
``points``, ``score``).  This module reports what is out of place or repeated and hands the
replay each statement in the stage it belongs to:

- a statement naming a player who is not in ``Players`` is reported (G104) and ignored;
- a repeated ``opener``, ``deal`` or ``show`` for the same player, or a second claim of the
  same kind (``domino``/``blocked`` are one kind), is reported (G107) and ignored: the first
  one counts;
- a setup line written after the first move is reported (G107) and used as if written in
  its place, so that one misplaced line costs one diagnostic;
- a move written after a show or claim line is marked "late": the replay reports it (G107),
  or, when the hand is already over by then, reports it as a move after the end (P406) only.

The order among the end lines themselves is free.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import records as r
from ..diagnostics import N_, Diagnostic, Message, diagnostic
from .players import Seats

Move = r.Play | r.Pass
Outcome = r.Domino | r.Blocked


@dataclass(slots=True)
class Sorted:
    """One hand's statements by stage, each kept once."""

    opener: r.Opener | None = None
    deals: list[r.Deal] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    late: set[int] = field(default_factory=set)
    """Lines of moves written after a show or claim line."""
    shows: list[r.Show] = field(default_factory=list)
    outcome: Outcome | None = None
    points: r.Points | None = None
    score: r.Score | None = None
    last_line: int = 0
    """The line of the hand's last statement (its ``hand`` line when it has none)."""


def _named(statement: r.Statement) -> str | None:
    if isinstance(statement, r.Points):
        return statement.player
    if isinstance(statement, r.Blocked | r.Score):
        return None
    return statement.player


def _again(statement: r.Statement, what: Message, first: int) -> Diagnostic:
    return diagnostic(
        "G107", statement.line, statement.column,
        N_("a second {what} in this hand (the first is at line {first}); it is ignored"),
        what=what, first=first,
    )


def sort_hand(hand: r.Hand, seats: Seats) -> tuple[Sorted, list[Diagnostic]]:
    """Sort ``hand``'s statements into stages and report G104 and G107 (see module doc)."""
    out = Sorted(last_line=hand.line)
    problems: list[Diagnostic] = []
    first_move = 0
    first_end = 0
    dealt: dict[str, int] = {}
    shown: dict[str, int] = {}
    for s in hand.statements:
        out.last_line = s.line
        name = _named(s)
        if name is not None and name not in seats.seat:
            problems.append(
                diagnostic(
                    "G104", s.line, s.column,
                    N_("{name} is not one of the players ({players}); this line is ignored"),
                    name=name, players=seats.names,
                )
            )
            continue
        if isinstance(s, r.Opener | r.Deal):
            if first_move or first_end:
                late = f"opener {s.player}" if isinstance(s, r.Opener) else f"deal {s.player}"
                problems.append(
                    diagnostic(
                        "G107", s.line, s.column,
                        N_("{what} comes after line {after}: opener and deal lines go "
                           "before the first move and the end of the hand"),
                        what=late, after=first_move or first_end,
                    )
                )
            if isinstance(s, r.Opener):
                if out.opener is not None:
                    problems.append(_again(s, Message(N_("opener line")), out.opener.line))
                else:
                    out.opener = s
            elif s.player in dealt:
                what = Message(N_("deal for {player}"), {"player": s.player})
                problems.append(_again(s, what, dealt[s.player]))
            else:
                dealt[s.player] = s.line
                out.deals.append(s)
        elif isinstance(s, r.Play | r.Pass):
            first_move = first_move or s.line
            if first_end:
                out.late.add(s.line)
            out.moves.append(s)
        else:
            first_end = first_end or s.line
            if isinstance(s, r.Show):
                if s.player in shown:
                    what = Message(N_("show for {player}"), {"player": s.player})
                    problems.append(_again(s, what, shown[s.player]))
                else:
                    shown[s.player] = s.line
                    out.shows.append(s)
            elif isinstance(s, r.Domino | r.Blocked):
                if out.outcome is not None:
                    what = Message(N_("domino/blocked claim"))
                    problems.append(_again(s, what, out.outcome.line))
                else:
                    out.outcome = s
            elif isinstance(s, r.Points):
                if out.points is not None:
                    problems.append(_again(s, Message(N_("points claim")), out.points.line))
                else:
                    out.points = s
            elif out.score is not None:
                problems.append(_again(s, Message(N_("score claim")), out.score.line))
            else:
                out.score = s
    return out, problems
