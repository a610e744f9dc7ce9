"""Whether a player wins a hand by force: scores whatever the others play, all of them
together against them (a search of that player's points alone, the others minimising them:
alpha-beta, with a table of its own and the hand's count of positions).

With two players this is the minimax value itself (``search.py``), so it is asked only with
three or four, and only of the player who wins under best play: one who wins by force wins
against the others' best play too.
"""

from __future__ import annotations

from ..engine.rules import may_pass
from .position import LOWER_LEFT, own
from .search import Search, SearchTooLarge, key


def guaranteed(search: Search, player: int, in_hands: int, chain: int, seat: int) -> int:
    """The points ``player`` scores at least from this position, whatever the others play
    (0: they cannot make sure of scoring)."""
    if chain:
        chain = LOWER_LEFT[chain.bit_length() - 1]
    return _Paranoid(search, player).value(in_hands, chain, seat, 0, -1, 1 << 20)


class _Paranoid:
    __slots__ = ("player", "search", "table")

    def __init__(self, search: Search, player: int) -> None:
        self.search = search
        self.player = player
        self.table: dict[int, tuple[int, int]] = {}

    def value(self, in_hands: int, chain: int, seat: int, passes: int, alpha: int,
              beta: int) -> int:
        search = self.search
        search.nodes += 1
        if search.nodes > search.bound:
            raise SearchTooLarge
        at = key(in_hands, chain, seat, passes)
        low, high = self.table.get(at, (-1, 1 << 20))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        rules = search.rules
        seats = rules.seats
        following = (seat + 1) % seats
        mine = seat == self.player
        value = -1 if mine else 1 << 20
        if may_pass(in_hands & rules.deals[seat], chain):  # R8
            value = own(rules.block(in_hands), self.player) if rules.blocks[passes] else \
                self.value(in_hands, chain, following, passes + 1, alpha, beta)
        for held, ends, end in rules.ordered(in_hands, chain, seat):
            if (value >= beta) if mine else (value <= alpha):
                break
            if end >= 0:
                found = own(end, self.player)
            elif mine:
                found = self.value(held, ends, following, 0, max(alpha, value), beta)
            else:
                found = self.value(held, ends, following, 0, alpha, min(beta, value))
            if found > value if mine else found < value:
                value = found
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.table[at] = (low, high)
        return value
