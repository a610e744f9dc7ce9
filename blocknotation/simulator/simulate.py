"""A seeded simulator of legal Block games (their records are written by ``writer.py``).

The simulator plays whole games by the rules in ``docs/rules.md`` (R1-R18) and keeps the full
truth of each hand: deals, moves, how the hand ended, remaining tiles, points and running
totals. ``render_game`` writes a simulated game as a record in canonical form
(``docs/notation.md``), with as much or as little of that truth as a test needs: hidden deals,
``show`` lines, claims, or only the count after play. ``generate`` does both for a stream of games.

It stands on its own (standard library only, nothing from the rest of the package), so that the
property tests which check the engine against it are not checking the engine against itself.
The same seed always gives the same games and the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..basics.game_sizes import RULES_TARGET, TILES_EACH
from ..basics.names import KEYWORDS, NAME_PATTERN

__all__ = [
    "KEYWORDS",
    "NAME_POOL",
    "TARGETS",
    "TILES_EACH",
    "Outcome",
    "Shows",
    "Side",
    "SimGame",
    "SimHand",
    "SimMove",
    "Status",
    "Tile",
    "simulate_game",
]

Tile = tuple[int, int]
"""A tile as written: ``(3, 5)`` is ``3-5`` and ``(5, 3)`` is ``5-3``, the same tile."""
Side = Literal["L", "R"]
Outcome = Literal["domino", "blocked"]
Status = Literal["won", "drawn"]
Shows = Literal["none", "hidden", "all"]

#: The game's target, by number of players (R3, R18).
TARGETS = RULES_TARGET

NAME_POOL: tuple[str, ...] = (
    "Ada", "Bea", "Cy", "Dana", "Eitan", "Fumiko", "Nicolò", "D'Amico", "Anna-Maria",
    "Zoë", "Łukasz", "P2", "Søren", "Oğuz", "Jean_Luc", "美咲",
)  # fmt: skip
"""Names ``generate`` draws from: non-ASCII letters, other scripts, ``'``, ``-``, ``_``, digits."""

_EVENTS: tuple[str, ...] = (
    "Circolo del venerdì",
    "Friday club, table 3",
    'Café "Le Carré" league',
    "Back room \\ kitchen table",
    "Winter open",
)

# A player's name: the one rule of ``names.NAME_PATTERN``.
_NAME = NAME_PATTERN

# The double-six set (R2), each tile once, low pip first.
_SET: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))


class SimMove(NamedTuple):
    """One move of a hand: a play (``tile`` set) or a pass (``tile`` is None).

    ``side`` is the side as written in the record, None where it is left out (always for the
    opening play and for passes). ``end`` is the end the tile was actually laid on, None for the
    opening play and passes. ``side_required`` is True when the tile fitted both ends, so the
    record must say which (P404). ``ends`` are the chain's (left, right) values after the move.
    """

    player: str
    tile: Tile | None
    side: Side | None
    end: Side | None
    side_required: bool
    ends: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SimHand:
    """The truth of one hand. Every mapping is keyed by name in ``Players`` order."""

    number: int
    opener: str
    deals: Mapping[str, tuple[Tile, ...]]
    moves: tuple[SimMove, ...]
    outcome: Outcome
    winner: str | None
    """Who went out (domino), or the lone lowest total (blocked); None on a tied block."""
    remaining_tiles: Mapping[str, tuple[Tile, ...]]
    remaining: Mapping[str, int]
    """Remaining pips per player (R13)."""
    points: Mapping[str, int]
    """This hand's points per player: the winner's, and 0 for everyone else (R14-R16)."""
    score: Mapping[str, int]
    """Running totals after this hand."""


@dataclass(frozen=True, slots=True)
class SimGame:
    """The truth of one game, played until somebody reached the target (R18)."""

    players: tuple[str, ...]
    target: int
    hands: tuple[SimHand, ...]
    score: Mapping[str, int]
    status: Status
    winner: str | None
    """The player with the highest total; None when the lead is tied (a draw)."""


def simulate_game(
    rng: random.Random,
    players: Sequence[str],
    *,
    target: int | None = None,
    prefer_heavy: float = 0.25,
) -> SimGame:
    """Play one game of Block between ``players`` (clockwise seating order) to the end.

    The first opener is drawn at random (R5); later openers move one seat clockwise (R17).
    A player who can play picks a legal move at random, except that with probability
    ``prefer_heavy`` they shed their heaviest playable tile instead; a player who cannot
    play passes (R8). ``target`` overrides the rules' target (a house rule, like the ``Target``
    tag). Every random choice comes from ``rng``.
    """
    names = tuple(players)
    n = len(names)
    if n not in TILES_EACH:
        raise ValueError(f"Block is for 2, 3 or 4 players, not {n} (R1)")
    if len(set(names)) != n:
        raise ValueError(f"a name appears twice in {names!r}")
    bad = [name for name in names if name in KEYWORDS or not _NAME.fullmatch(name)]
    if bad:
        raise ValueError(f"not usable as player names: {bad!r}")
    goal = TARGETS[n] if target is None else target
    if goal < 1:
        raise ValueError(f"the target must be at least 1, not {goal}")

    totals = dict.fromkeys(names, 0)
    hands: list[SimHand] = []
    opener = rng.randrange(n)
    while True:
        hand = _play_hand(rng, names, len(hands) + 1, opener, prefer_heavy, totals)
        hands.append(hand)
        # R18: the target is looked at only once the hand's count is complete.
        if max(totals.values()) >= goal:
            break
        opener = (opener + 1) % n

    top = max(totals.values())
    leaders = [name for name in names if totals[name] == top]
    won = len(leaders) == 1
    return SimGame(
        players=names,
        target=goal,
        hands=tuple(hands),
        score=dict(totals),
        status="won" if won else "drawn",
        winner=leaders[0] if won else None,
    )


def heaviest(mine: Sequence[Tile], legal: Sequence[tuple[int, Side, bool]]
             ) -> tuple[int, Side, bool]:
    """The ``heavy`` strategy: of the legal plays (each a tile's place in ``mine``, the end,
    whether it fits both), the one that sheds the heaviest tile, the first such."""
    return max(legal, key=lambda m: mine[m[0]][0] + mine[m[0]][1])


def _play_hand(
    rng: random.Random,
    names: tuple[str, ...],
    number: int,
    opener: int,
    prefer_heavy: float,
    totals: dict[str, int],
) -> SimHand:
    """Deal and play one hand; add its points to ``totals``."""
    n = len(names)
    each = TILES_EACH[n]
    pool = list(_SET)
    rng.shuffle(pool)
    rand = rng.random
    # Each player's tiles, in the order and orientation their deal is written. The undealt
    # rest of the pool is set aside (R4).
    held: list[list[Tile]] = [
        [(b, a) if rand() < 0.5 else (a, b) for a, b in pool[i * each : (i + 1) * each]]
        for i in range(n)
    ]
    deals = {names[i]: tuple(held[i]) for i in range(n)}

    # The lead: any tile (R5), laid as written.
    mine = held[opener]
    if rand() < prefer_heavy:
        k = heaviest(mine, [(j, "L", False) for j in range(len(mine))])[0]
    else:
        k = rng.randrange(len(mine))
    left, right = mine.pop(k)
    if rand() < 0.5:
        left, right = right, left
    moves = [SimMove(names[opener], (left, right), None, None, False, (left, right))]

    turn = opener
    passes = 0
    outcome: Outcome
    # (index in hand, end, fits both ends), reused for every turn.
    legal: list[tuple[int, Side, bool]] = []
    while True:
        if not held[turn]:
            outcome = "domino"  # R12: the last tile placed ends the hand at once
            break
        turn = (turn + 1) % n
        mine = held[turn]
        legal.clear()
        for i, (a, b) in enumerate(mine):
            on_left = a == left or b == left
            on_right = a == right or b == right
            if on_left:
                legal.append((i, "L", on_right))
            if on_right:
                legal.append((i, "R", on_left))
        if not legal:
            moves.append(SimMove(names[turn], None, None, None, False, (left, right)))
            passes += 1
            if passes == n:
                outcome = "blocked"  # R12: everybody passed in succession
                break
            continue
        passes = 0
        if len(legal) > 1 and rand() < prefer_heavy:
            i, end, both = heaviest(mine, legal)
        else:
            i, end, both = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
        a, b = mine.pop(i)
        # R6: the matching half touches the end; the other half becomes the new end.
        if end == "L":
            left = b if a == left else a
        else:
            right = b if a == right else a
        tile = (b, a) if rand() < 0.5 else (a, b)
        # The side must be written when the tile fits both ends (P404); otherwise it is
        # optional, and written half the time so that records exercise both spellings.
        side: Side | None = end if both or rand() < 0.5 else None
        moves.append(SimMove(names[turn], tile, side, end, both, (left, right)))

    pips = [sum(a + b for a, b in tiles) for tiles in held]  # R13
    total = sum(pips)
    scorer: int | None
    if outcome == "domino":
        # R14: the one who went out scores every opponent's pips (theirs are 0).
        scorer, gained = turn, total
    else:
        # R15: the lowest total, alone, scores the others' total minus its own.
        low = min(pips)
        scorer = pips.index(low) if pips.count(low) == 1 else None
        gained = total - 2 * low if scorer is not None else 0
    points = dict.fromkeys(names, 0)
    if scorer is not None:
        points[names[scorer]] = gained
        totals[names[scorer]] += gained
    return SimHand(
        number=number,
        opener=names[opener],
        deals=deals,
        moves=tuple(moves),
        outcome=outcome,
        winner=None if scorer is None else names[scorer],
        remaining_tiles={names[i]: tuple(held[i]) for i in range(n)},
        remaining={names[i]: pips[i] for i in range(n)},
        points=points,
        score=dict(totals),
    )
