"""The statements of one hand, sorted into setup, moves and end (G104, G107).

docs/notation.md, "Hands", puts a hand's statements in three stages: setup (``opener``,
``deal``), then the moves (plays and passes), then the end (``show``, ``domino``/``blocked``,
``points``, ``score``).  This module reports what is out of place or repeated and hands the
replay each statement in the stage it belongs to:

- a statement naming a player who is not in ``Players`` (a ``score`` line: any of its names)
  is reported (G104) and ignored, or read as the player's a letter or two from its name,
  when there is exactly one; a move is read as that of the player whose turn it is;
- a repeated ``opener``, ``deal`` or ``show`` for the same player, or a second claim of the
  same kind (``domino``/``blocked`` are one kind), is reported (G107) and ignored: the first
  one counts;
- a setup line written after the first move is reported (G107) and used as if written in
  its place, so that one misplaced line costs one diagnostic;
- a move written after a show or claim line is marked "late".  When the replay finds that
  it still belongs to the hand, the show and claim lines written before it are reported,
  each once (G107, ``early_ends``), not the moves after them; when the hand is already over
  by then, the move is reported as a move after the end (P406) only.

The order among the end lines themselves is free.
"""

from __future__ import annotations

from ..basics.diagnostics import Diagnostic, Message, diagnostic, message_part
from ..notation import plain as r
from ..notation.suggestions import nearest
from .players import Seats

Move = r.PlainPlay | r.PlainPass
Outcome = r.PlainDomino | r.PlainBlocked

# Kinds of statement as tuples, which ``isinstance`` tests faster than unions.
_NAMELESS = (r.PlainBlocked, r.PlainScore)
_SETUP = (r.PlainOpener, r.PlainDeal)
_CLAIMS = (r.PlainDomino, r.PlainBlocked)


class Stages:
    """One hand's statements by stage, each kept once."""

    __slots__ = ("deals", "last_line", "late", "moves", "opener", "outcome", "points", "score",
                 "shows")

    def __init__(self, last_line: int) -> None:
        self.opener: r.PlainOpener | None = None
        self.deals: list[r.PlainDeal] = []
        self.moves: list[Move] = []
        self.late: set[int] = set()  # lines of moves written after a show or claim line
        self.shows: list[r.PlainShow] = []
        self.outcome: Outcome | None = None
        self.points: r.PlainPoints | None = None
        self.score: r.PlainScore | None = None
        # The line of the hand's last statement (its ``hand`` line when it has none).
        self.last_line = last_line

    def replaced(self, **changes: object) -> Stages:
        """A copy with some stages changed (the hand with lines read otherwise,
        ``amend.amended``)."""
        out = Stages.__new__(Stages)
        for name in self.__slots__:
            setattr(out, name, changes.get(name, getattr(self, name)))
        return out


def _again(statement: r.Statement, what: Message, first: int) -> Diagnostic:
    return diagnostic(
        "G107", statement.line, statement.column,
        "second",
        what=what, first=first,
    )


def by_stage(hand: r.PlainHand, seats: Seats) -> tuple[Stages, list[Diagnostic]]:
    """``hand``'s statements by stage, and the G104 and G107 problems (see module doc)."""
    reader = _StageReader(hand)
    seat = seats.seat
    add_move = reader.out.moves.append
    for s in hand.statements:
        while True:  # once, or twice for a name read as the player it is a slip for
            if type(s) is r.PlainPlay or type(s) is r.PlainPass:  # most statements: tested first
                if s.player in seat:
                    if reader.first_end:
                        reader.out.late.add(s.line)
                    add_move(s)
                    break
            elif type(s) is r.PlainScore:
                for entry in s.entries:  # any name that is not a player's: G104
                    if entry.player not in seat:
                        reader.problems.append(_not_playing(s, entry.player, seats))
                        break
                else:
                    reader.end(s)
                break
            elif type(s) is r.PlainShow or type(s) is r.PlainPoints:
                if s.player is None or s.player in seat:
                    reader.end(s)
                    break
            elif isinstance(s, _NAMELESS) or s.player is None:
                reader.end(s)
                break
            elif s.player in seat:
                if isinstance(s, _SETUP):
                    reader.setup(s)
                else:
                    reader.end(s)
                break
            named = s.player
            meant = None if named is None else nearest(named, seats.names)
            if type(s) is r.PlainPlay or type(s) is r.PlainPass:
                # A move under a name nobody plays by is the move of whoever's turn it is
                # (``hand.py``), as a move under another player's name is.
                reader.problems.append(_read_in_turn(s, named or "", meant, seats))
                if reader.first_end:
                    reader.out.late.add(s.line)
                add_move(s)
                break
            if meant is None:
                reader.problems.append(_not_playing(s, named, seats))
                break
            reader.problems.append(_read_as(s, named or "", meant, seats))
            s = s.replaced(player=meant)
    reader.out.last_line = hand.statements[-1].line if hand.statements else hand.line
    return reader.out, reader.problems


def early_ends(order: Stages, continued: int) -> list[Diagnostic]:
    """G107 at each show or claim line written before ``continued``, the line of the last
    move that still belongs to the hand: once for each such line, not at each of the moves
    after it."""
    ends: list[r.Statement] = [*order.shows]
    ends += [s for s in (order.outcome, order.points, order.score) if s is not None]
    return [
        diagnostic(
            "G107", s.line, s.column,
            "before_last_move",
            what=_end_words(s), move=continued,
        )
        for s in sorted(ends, key=lambda s: s.line) if s.line < continued
    ]


def _end_words(s: r.Statement) -> str:
    """How an end line begins: ``show Ada``, ``domino Ada``, ``points Ada``, ``points
    none``, ``blocked``, ``score``."""
    if isinstance(s, r.PlainShow | r.PlainDomino | r.PlainPoints):
        return f"{s.kind} {s.player or 'none'}"
    return s.kind


def _not_playing(statement: r.Statement, name: str | None, seats: Seats) -> Diagnostic:
    return diagnostic(
        "G104", statement.line, statement.column,
        "unknown_line_ignored",
        name=name, players=seats.names,
    )


def _read_in_turn(move: r.Statement, name: str, meant: str | None, seats: Seats
                  ) -> Diagnostic:
    """G104 for a move under a name that is no player's: read as the move of the player
    whose turn it is, or as a line that is not a move of the hand (``hand.py``)."""
    if meant is not None:
        return diagnostic(
            "G104", move.line, move.column,
            "unknown_move_meant",
            name=name, players=seats.names, meant=meant,
        )
    return diagnostic(
        "G104", move.line, move.column,
        "unknown_move",
        name=name, players=seats.names,
    )


def _read_as(statement: r.Statement, name: str, meant: str, seats: Seats) -> Diagnostic:
    """G104 for a name a letter or two from exactly one player's: read as theirs."""
    return diagnostic(
        "G104", statement.line, statement.column,
        "unknown_meant",
        name=name, players=seats.names, meant=meant,
    )


class _StageReader:
    """Statements put into their stages, one at a time."""

    def __init__(self, hand: r.PlainHand) -> None:
        self.out = Stages(hand.line)
        self.problems: list[Diagnostic] = []
        self.first_end = 0
        self.dealt: dict[str, int] = {}
        self.shown: dict[str, int] = {}

    def setup(self, s: r.PlainOpener | r.PlainDeal) -> None:
        out = self.out
        first_move = out.moves[0].line if out.moves else 0
        if first_move or self.first_end:
            late = f"opener {s.player}" if isinstance(s, r.PlainOpener) else f"deal {s.player}"
            self.problems.append(
                diagnostic(
                    "G107", s.line, s.column,
                    "after_moves",
                    what=late, after=first_move or self.first_end,
                )
            )
        if isinstance(s, r.PlainOpener):
            if out.opener is not None:
                self.problems.append(_again(s, message_part("G107", "opener"), out.opener.line))
            else:
                out.opener = s
        elif s.player in self.dealt:
            what = message_part("G107", "deal", player=s.player)
            self.problems.append(_again(s, what, self.dealt[s.player]))
        else:
            self.dealt[s.player] = s.line
            out.deals.append(s)

    def end(self, s: r.Statement) -> None:
        out = self.out
        self.first_end = self.first_end or s.line
        first: r.Statement | None
        # The usual end, each kind once, costs a type test and a slot each.
        if type(s) is r.PlainPoints and out.points is None:
            out.points = s
            return
        if type(s) is r.PlainScore and out.score is None:
            out.score = s
            return
        if isinstance(s, r.PlainShow):
            if s.player not in self.shown:
                self.shown[s.player] = s.line
                out.shows.append(s)
                return
            what = message_part("G107", "show", player=s.player)
            self.problems.append(_again(s, what, self.shown[s.player]))
            return
        if isinstance(s, _CLAIMS):
            first = out.outcome
            if first is None:
                out.outcome = s
                return
            what = message_part("G107", "outcome_claim")
        elif isinstance(s, r.PlainPoints):
            first = out.points
            if first is None:
                out.points = s
                return
            what = message_part("G107", "points_claim")
        elif isinstance(s, r.PlainScore):
            first = out.score
            if first is None:
                out.score = s
                return
            what = message_part("G107", "score_claim")
        else:
            return
        self.problems.append(_again(s, what, first.line))
