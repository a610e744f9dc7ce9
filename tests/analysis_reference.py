"""A brute-force reference for ``blocknotation.analysis``: the whole game tree of a small
hand, every line played out, with the rules written here again from docs/rules.md in the
plainest way (tiles as pairs, the chain as its two end values) and no table, no ordering, no
cut.  It shares nothing with the engine, so the search is checked against the rules, not
against itself.

``outcome`` is the end of the hand under best play: (winner or None, points, "domino" or
"blocked").  Two players maximise their own points minus the other's, and among lines worth
the same, the winner prefers to go out and the loser a blocked hand; three or four maximise
their own points (max^n), then prefer the others to score fewer points, then the points to
go to the opponent furthest round from them, then a domino: the order docs/analysis.md
states.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Tile = tuple[int, int]
Hands = tuple[frozenset[Tile], ...]
Outcome = tuple[int | None, int, str]


def pips(hand: frozenset[Tile]) -> int:
    return sum(a + b for a, b in hand)  # R13


def count(hands: Hands, out: int | None) -> Outcome:
    """R14 for ``out`` going out; R15 for a blocked hand (``out`` None)."""
    left = [pips(hand) for hand in hands]
    if out is not None:
        return out, sum(left) - left[out], "domino"
    low = min(left)
    if left.count(low) > 1:
        return None, 0, "blocked"
    winner = left.index(low)
    return winner, sum(left) - 2 * low, "blocked"


def plays(hand: frozenset[Tile], ends: tuple[int, int] | None
          ) -> Iterator[tuple[Tile, str | None, tuple[int, int]]]:
    """Each legal play (R5, R6): a tile, the end it goes to, the ends after."""
    for tile in sorted(hand):
        a, b = tile
        if ends is None:
            yield tile, None, (a, b)
            continue
        left, right = ends
        if left in tile:
            yield tile, "L", (b if a == left else a, right)
        if right in tile:
            yield tile, "R", (left, b if a == right else a)


def can_play(hand: frozenset[Tile], ends: tuple[int, int]) -> bool:
    return any(ends[0] in tile or ends[1] in tile for tile in hand)


Position = tuple[Hands, tuple[int, int] | None, int, int]
Move = tuple[Tile | None, str | None]


def children(position: Position) -> Iterator[tuple[Move, Outcome | None, Position]]:
    """Each move from a position: the end of the hand it makes (None: it goes on), and the
    position after it."""
    hands, ends, seat, passes = position
    n = len(hands)
    moved = False
    for tile, side, after in plays(hands[seat], ends):
        moved = True
        rest = tuple(hand - {tile} if s == seat else hand for s, hand in enumerate(hands))
        following = (rest, after, (seat + 1) % n, 0)
        if not rest[seat]:
            yield (tile, side), count(rest, seat), following  # R12: the last tile placed
        elif not any(can_play(hand, after) for hand in rest):
            yield (tile, side), count(rest, None), following  # R12: nobody can play
        else:
            yield (tile, side), None, following
    if not moved:  # R8: a pass, and everybody passing in succession blocks the hand
        following = (hands, ends, (seat + 1) % n, passes + 1)
        yield (None, None), count(hands, None) if passes + 1 == n else None, following


def preference(outcome: Outcome, seat: int, n: int) -> tuple[int, ...]:
    """How ``seat`` ranks an end of the hand (higher is better)."""
    winner, points, kind = outcome
    if n == 2:
        if winner is None:
            return (0, 0)
        mine = winner == seat
        return (points if mine else -points, 1 if mine == (kind == "domino") else -1)
    mine = points if winner == seat else 0
    theirs = points - mine if winner is not None else 0
    further = (winner - seat) % n if winner is not None and winner != seat else 0
    return (mine, -theirs, further, kind == "domino")


def outcome(position: Position) -> Outcome:
    """The end of the hand under best play from this position."""
    seat, n = position[2], len(position[0])
    best: Outcome | None = None
    for _, ended, following in children(position):
        found = ended if ended is not None else outcome(following)
        if best is None or preference(found, seat, n) > preference(best, seat, n):
            best = found
    assert best is not None
    return best


def least(position: Position, player: int) -> int:
    """The points ``player`` scores at least from this position, whatever the others play
    (they all play against them)."""
    found: list[int] = []
    for _, ended, following in children(position):
        if ended is not None:
            found.append(ended[1] if ended[0] == player else 0)
        else:
            found.append(least(following, player))
    return max(found) if position[2] == player else min(found)


def value(found: Outcome, seat: int, n: int) -> int:
    """The value to ``seat``: own points minus the other's with two players, own points with
    more."""
    winner, points, _ = found
    if n == 2:
        return 0 if winner is None else points if winner == seat else -points
    return points if winner == seat else 0


def hands_of(deals: Sequence[Sequence[Tile]]) -> Hands:
    return tuple(frozenset((min(t), max(t)) for t in deal) for deal in deals)
