"""A position of a hand with every deal known, and the moves from it, as the engine's rules
give them: which plays are legal (``engine.rules.legal_plays``, on ``engine.chain.lay``),
when the hand ends (a player's last tile placed, ``engine.rules.went_out``; nobody able to
play, ``engine.rules.stuck``; every player passed, ``engine.rules.all_passed``: R12) and
what it scores (``engine.scoring``, R13-R15).  Nothing here decides a rule again; it only
keeps the state small enough to search.

A position is four integers: the tiles still in hands (one 28-bit mask: each tile's holder
is fixed by the deals), the chain's ends (one bit, ``chain.chain_of``; 0 before the lead), the
seat to move and the passes in a row since the last play.  The end of a hand is a *result*,
one integer too: who scores (``NOBODY`` for a tie), the points, and whether it was a domino
(only the hand's winner scores, R14-R16, so that says everything about the hand's points).
"""

from __future__ import annotations

from ..engine.chain import PAIR, chain_of
from ..engine.rules import LegalPlay, all_passed, legal_plays, stuck, went_out
from ..engine.scoring import Count, blocked, domino
from ..engine.tiles import PIPS, pips

#: The winner of a result when nobody scores (a tie for the lowest total, R15).
NOBODY = 4
BLOCKED, DOMINO = 0, 1

#: The chain of the same two ends with the lower value on the left: a position's value
#: does not depend on which end is which, so positions are kept with their ends this way.
LOWER_LEFT: tuple[int, ...] = tuple(chain_of(min(pair), max(pair)) for pair in PAIR)


def result(winner: int, points: int, kind: int) -> int:
    """A hand's end as one integer (``winner``: a seat, or ``NOBODY``)."""
    return points << 4 | kind << 3 | winner


def winner_of(code: int) -> int:
    return code & 7


def points_of(code: int) -> int:
    return code >> 4


def is_domino(code: int) -> bool:
    return bool(code >> 3 & 1)


def own(code: int, seat: int) -> int:
    """The points ``seat`` scores in the hand that ends so."""
    return code >> 4 if code & 7 == seat else 0


def counted(count: Count, kind: int) -> int:
    """The engine's count of a hand as a result."""
    winner = count.winner
    return result(NOBODY, 0, kind) if winner is None else result(
        winner, count.points[winner], kind)


#: A child of a position: the play (tile index, side, reading after it as laid), the tiles
#: in hands after it, and the result when it ends the hand (-1: it does not).
Child = tuple[LegalPlay, int, int]


class Rules:
    """The rules of one hand with every deal known: ``deals`` holds each seat's tiles."""

    __slots__ = ("blocks", "deals", "each", "ended", "last_of", "seats")

    def __init__(self, deals: tuple[int, ...]) -> None:
        self.deals = deals
        self.seats = len(deals)
        self.each = max(deal.bit_count() for deal in deals)
        """The tiles each seat was dealt (R3)."""
        self.last_of = tuple(went_out(self.each - held + 1, self.each)
                             for held in range(self.each + 1))
        """By how many tiles a seat holds, whether its next play is its last (R12,
        ``went_out``, asked once here rather than at every position searched)."""
        self.blocks = tuple(all_passed(passes + 1, self.seats) for passes in range(self.seats))
        """By the passes in a row so far, whether one more blocks the hand (R12,
        ``all_passed``)."""
        self.ended: dict[int, int] = {}
        """Results already counted, by the tiles in hands and who went out (or -1)."""

    def start(self) -> int:
        """The tiles in hands before the lead."""
        held = 0
        for deal in self.deals:
            held |= deal
        return held

    def remaining(self, in_hands: int) -> list[int]:
        """Each seat's pips (R13)."""
        return [pips(in_hands & deal) for deal in self.deals]

    def domino_result(self, seat: int, in_hands: int) -> int:
        """The result when ``seat`` has just placed their last tile (R12, R14)."""
        key = in_hands << 3 | seat
        found = self.ended.get(key)
        if found is None:
            found = self.ended[key] = counted(domino(seat, self.remaining(in_hands)), DOMINO)
        return found

    def block(self, in_hands: int) -> int:
        """The result when nobody can play (R12, R15)."""
        key = in_hands << 3 | 7
        found = self.ended.get(key)
        if found is None:
            found = self.ended[key] = counted(blocked(self.remaining(in_hands)), BLOCKED)
        return found

    def children(self, in_hands: int, chain: int, seat: int) -> list[Child]:
        """Every legal play of ``seat`` (``legal_plays``), with the tiles in hands after it
        and the result when it ends the hand."""
        held = in_hands & self.deals[seat]
        last = self.last_of[held.bit_count()]  # each play places one tile
        found: list[Child] = []
        for play in legal_plays(chain, held):
            after = in_hands & ~(1 << play[0])
            if last:
                end = self.domino_result(seat, after)
            elif stuck(after, play[2]):
                end = self.block(after)
            else:
                end = -1
            found.append((play, after, end))
        return found

    def ordered(self, in_hands: int, chain: int, seat: int) -> list[tuple[int, int, int]]:
        """The plays to search from a position, once each (two plays that leave the same
        ends, the lower on the left, lead to the same position): as (tiles in hands after,
        reading after with the lower end on the left, result or -1), those that end the hand
        by going out first, then the heavier tiles first (move ordering: the strong moves
        early, so that the searches cut more)."""
        seen: set[tuple[int, int]] = set()
        found: list[tuple[int, int, int, int]] = []
        for (i, _, after), held, end in self.children(in_hands, chain, seat):
            ends = LOWER_LEFT[after.bit_length() - 1]
            if (i, ends) in seen:
                continue
            seen.add((i, ends))
            weight = PIPS[i] + (64 if end >= 0 and is_domino(end) else 0)
            found.append((weight, held, ends, end))
        found.sort(key=lambda child: -child[0])
        return [(held, ends, end) for _, held, ends, end in found]
