"""The value of a position under best play by everyone (docs/analysis.md).

- **Two players**: the hand is zero-sum on its points (R14, R15: only one player scores), so
  each maximises their own points minus the other's: exact minimax, as negamax with
  alpha-beta.  Among lines worth the same difference, the winner is taken to prefer going
  out and the loser a blocked hand; that only decides which ending a line is reported with
  (values are ``4 x difference ± 1``, the ``± 1`` for the ending), never a value.
- **Three or four players**: each maximises their own points in the hand (max^n).  A player
  whose moves give them the same points prefers, in this order, the move that gives the
  others fewer points; the one whose points go to the opponent furthest round the table
  from them (the one who plays just before them); one that ends by a domino.  That order
  tells any two ends of a hand apart, so the value does not depend on the order the moves
  are tried in.

Both keep a transposition table over (tiles in hands, ends, seat to move, passes in a row),
try the moves that go out first, then the heavier tiles (``Rules.ordered``), and count the
positions they visit: past ``bound`` (``NODE_BOUND`` unless told), the search stops with
``SearchTooLarge`` and the hand is "not analysed (too large)"; past the run's ``deadline`` (a
time of ``time.monotonic``, looked at every ``CHECK_EVERY`` positions: ``--max-seconds``),
it stops with ``OutOfTime``.
"""

from __future__ import annotations

from time import monotonic

from ..engine.rules import may_pass
from ..engine.tiles import pips
from .position import (
    LOWER_LEFT,
    NOBODY,
    Rules,
    is_domino,
    own,
    points_of,
    result,
    winner_of,
)

#: Positions visited for one hand, all its searches together, past which it is not analysed.
NODE_BOUND = 1_000_000
#: Positions visited between two looks at the clock, when the run has a deadline (some
#: 5 ms of search).
CHECK_EVERY = 1024

_INFINITY = 1 << 20


class SearchTooLarge(Exception):
    """The search visited more positions than its bound allows."""


class OutOfTime(Exception):
    """The run's deadline passed while the search went on."""


def key(in_hands: int, ends: int, seat: int, passes: int) -> int:
    """A position as one integer: 28 bits of tiles, then the ends, the seat, the passes."""
    return in_hands | ends.bit_length() << 28 | seat << 34 | passes << 36


def signed(code: int, seat: int) -> int:
    """A two-player result as ``seat`` values it: 4 x (own points - the other's), plus one
    for the winner when the hand ends by a domino, minus one when blocked (the loser's the
    other way round); 0 for a tie."""
    winner = winner_of(code)
    if winner == NOBODY:
        return 0
    value = 4 * points_of(code) + (1 if is_domino(code) else -1)
    return value if winner == seat else -value


def unsigned(value: int, seat: int) -> int:
    """The result a two-player value stands for, ``seat`` valuing it (``signed`` undone)."""
    if value == 0:
        return result(NOBODY, 0, 0)
    size = abs(value)
    return result(seat if value > 0 else 1 - seat, (size + 1) // 4, int(size % 4 == 1))


def rank(code: int, seat: int, seats: int) -> int:
    """How ``seat`` ranks a result with three or four players (the module's order)."""
    winner = winner_of(code)
    mine = own(code, seat)
    theirs = points_of(code) - mine if winner != NOBODY else 0
    further = (winner - seat) % seats if winner not in (NOBODY, seat) else 0
    return (mine << 12) - (theirs << 4) + (further << 1) + (code >> 3 & 1)


class Search:
    """Searches of one hand, sharing a table and a count of positions."""

    __slots__ = ("bound", "bounds", "deadline", "look", "nodes", "results", "rules", "seats")

    def __init__(self, rules: Rules, bound: int = NODE_BOUND,
                 deadline: float | None = None) -> None:
        self.rules = rules
        self.seats = rules.seats
        self.bound = bound
        self.deadline = deadline
        self.look = bound if deadline is None else min(bound, CHECK_EVERY)
        """The count of positions at which the bound, or the clock, is looked at next."""
        self.nodes = 0
        self.bounds: dict[int, tuple[int, int]] = {}
        """Two players: the least and the most each position is worth (alpha-beta)."""
        self.results: dict[int, int] = {}
        """Three or four: the result of each position."""

    def _visit(self) -> None:
        self.nodes += 1
        if self.nodes > self.look:
            self._looked()

    def _looked(self) -> None:
        if self.nodes > self.bound:
            raise SearchTooLarge
        if self.deadline is not None and monotonic() > self.deadline:
            raise OutOfTime
        self.look = min(self.bound, self.nodes + CHECK_EVERY)

    def best(self, in_hands: int, chain: int, seat: int, passes: int = 0) -> int:
        """The result of the hand from this position under best play (exact)."""
        if chain:
            chain = LOWER_LEFT[chain.bit_length() - 1]
        if self.seats == 2:
            return unsigned(self._negamax(in_hands, chain, seat, passes, -_INFINITY, _INFINITY),
                            seat)
        return self._maxn(in_hands, chain, seat, passes)

    def _negamax(self, in_hands: int, chain: int, seat: int, passes: int, alpha: int,
                 beta: int) -> int:
        self._visit()
        at = key(in_hands, chain, seat, passes)
        low, high = self.bounds.get(at, (-_INFINITY, _INFINITY))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        value = -_INFINITY
        if may_pass(in_hands & self.rules.deals[seat], chain):  # R8
            if self.rules.blocks[passes]:  # everybody passed in succession (R12)
                value = signed(self.rules.block(in_hands), seat)
            else:
                value = -self._negamax(in_hands, chain, 1 - seat, passes + 1, -beta, -alpha)
        if value < beta:
            for held, ends, end in self.rules.ordered(in_hands, chain, seat):
                found = signed(end, seat) if end >= 0 else -self._negamax(
                    held, ends, 1 - seat, 0, -beta, -max(alpha, value))
                if found > value:
                    value = found
                    if value >= beta:
                        break
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.bounds[at] = (low, high)
        return value

    def _maxn(self, in_hands: int, chain: int, seat: int, passes: int) -> int:
        self._visit()
        at = key(in_hands, chain, seat, passes)
        found = self.results.get(at)
        if found is not None:
            return found
        seats = self.seats
        following = (seat + 1) % seats
        code, ranked = -1, -_INFINITY
        if may_pass(in_hands & self.rules.deals[seat], chain):  # R8
            if self.rules.blocks[passes]:  # everybody passed in succession (R12)
                code = self.rules.block(in_hands)
            else:
                code = self._maxn(in_hands, chain, following, passes + 1)
            ranked = rank(code, seat, seats)
        # The most this seat can score: the others' pips now, by going out.
        top = result(seat, pips(in_hands & ~self.rules.deals[seat]), 1)
        for held, ends, end in self.rules.ordered(in_hands, chain, seat):
            child = end if end >= 0 else self._maxn(held, ends, following, 0)
            value = rank(child, seat, seats)
            if value > ranked:
                code, ranked = child, value
                if child == top:
                    break  # nothing ranks higher
        self.results[at] = code
        return code

