"""The running totals of a game, exact where every hand's points are known, bounded where
some are not (R16, R18; E505, E506).

A hand whose points cannot be known still tells something: its points are at least 0 (or at
least the opponents' known pips, for a domino), and only its winner can have scored them,
when the winner is known.  So each player's total has a lower bound, and a player who cannot
have scored in any unknown hand keeps an exact total.  From that:

- the game is decided once some player's lower bound reaches the target, whatever the unknown
  points were (a later hand is E506);
- a ``score`` claim is wrong when no value of the unknown points allows it (E505), and right
  when it equals the recomputed totals, whatever came before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import records as r
from ..diagnostics import N_, Diagnostic, diagnostic
from ..report import Status
from .claims import check_score, claimed_totals, score_shape
from .scoring import status_of


@dataclass(frozen=True, slots=True)
class Unknown:
    """A hand whose points are unknown: who may have scored them, and at least how many."""

    number: int
    scorers: tuple[int, ...]
    low: int


@dataclass(slots=True)
class Totals:
    """The totals after the hands so far."""

    seats: int
    known: list[int] = field(default_factory=list)
    """The sum of every known (or claimed, where a claim stands in) hand's points."""
    unknown: list[Unknown] = field(default_factory=list)
    carried: list[int] | None = None
    """An earlier wrong ``score`` claim plus the points recomputed since (see
    ``claims.check_score``); None when there is none, or when it cannot be carried."""

    def __post_init__(self) -> None:
        self.known = [0] * self.seats

    @property
    def exact(self) -> list[int] | None:
        return None if self.unknown else list(self.known)

    def add(self, points: Sequence[int]) -> None:
        self.known = [t + p for t, p in zip(self.known, points, strict=True)]
        if self.carried is not None:
            self.carried = [t + p for t, p in zip(self.carried, points, strict=True)]

    def add_unknown(self, number: int, scorers: tuple[int, ...], low: int) -> None:
        self.unknown.append(Unknown(number, scorers, low))
        self.carried = None

    def lowest(self, seat: int) -> int:
        """The least this seat's total can be."""
        return self.known[seat] + sum(u.low for u in self.unknown if u.scorers == (seat,))

    def may_gain(self, seat: int) -> bool:
        """Whether an unknown hand's points may be this seat's."""
        return any(seat in u.scorers for u in self.unknown)

    def status(self, target: int) -> tuple[Status, int | None]:
        """The game's status (R18) as far as the evidence goes: ``decided`` when somebody has
        certainly reached the target but the unknown points leave the winner open."""
        exact = self.exact
        if exact is not None:
            return status_of(exact, target)
        lows = [self.lowest(seat) for seat in range(self.seats)]
        top = max(lows)
        if top < target:
            return "in_progress", None
        leader = lows.index(top)
        if all(
            not self.may_gain(seat) and self.known[seat] < top
            for seat in range(self.seats) if seat != leader
        ):
            return "won", leader
        return "decided", None

    def check(self, claim: r.Score, names: Sequence[str]) -> Diagnostic | None:
        """E505 for a ``score`` claim, and the carried claim updated."""
        exact = self.exact
        if exact is not None:
            problem = check_score(claim, names, exact, self.carried)
            given = claimed_totals(claim, names)
            self.carried = None if given is None or given == exact else given
            return problem
        return score_shape(claim, names) or self._impossible(claim, names)

    def _impossible(self, claim: r.Score, names: Sequence[str]) -> Diagnostic | None:
        """E505 for a claim that no value of the unknown points allows."""
        given = claimed_totals(claim, names)
        assert given is not None  # score_shape passed
        text = tuple(f"{e.player} {e.total}" for e in claim.entries)
        for seat, total in enumerate(given):
            if total < self.lowest(seat):
                return diagnostic(
                    "E505", claim.line, claim.column,
                    N_("score claim {claim}, but {player} has at least {low}, whatever the "
                       "unknown points were"),
                    claim=text, player=names[seat], low=self.lowest(seat),
                )
            if not self.may_gain(seat) and total != self.known[seat]:
                return diagnostic(
                    "E505", claim.line, claim.column,
                    N_("score claim {claim}, but {player} has {total}: none of the unknown "
                       "points can be theirs"),
                    claim=text, player=names[seat], total=self.known[seat],
                )
        raised = [seat for seat, total in enumerate(given) if total > self.known[seat]]
        if not _matched(raised, self.unknown):
            return diagnostic(
                "E505", claim.line, claim.column,
                N_("score claim {claim}, but it raises {count} players above their known "
                   "points, and only one player scores in each of the {hands} hands whose "
                   "points are unknown"),
                claim=text, count=len(raised), hands=len(self.unknown),
            )
        return None


def _matched(raised: list[int], unknown: list[Unknown]) -> bool:
    """Whether each raised seat can be given a hand of its own among the unknown ones (only
    one player scores in a hand, R14, R15): a bipartite matching, tiny here."""
    owner: dict[int, int] = {}

    def assign(seat: int, tried: set[int]) -> bool:
        for k, hand in enumerate(unknown):
            if seat in hand.scorers and k not in tried:
                tried.add(k)
                if k not in owner or assign(owner[k], tried):
                    owner[k] = seat
                    return True
        return False

    return all(assign(seat, set()) for seat in raised)
