"""The rules of play, each written once, on the engine's integers: what fits (R6, R7), the
plays a hand allows (R5, R6), who may pass (R8) and when the hand is over (R12).

A chain is its pairs of ends, as ``chain.py`` writes them (one bit of a 49-bit integer a
pair; several bits when the readings of a record disagree), a set of tiles a 28-bit mask of
``tiles.py``.  Who may hold a tile (R2, R4) is ``knowledge.Whereabouts.may_hold``, on what
the record says of every tile.  The public ``Table`` (``table.py``) answers with these, and
so do the replay's readings, the checks of ``moves.py``, the slips' readings, the claims
and the analysis:
no other module works a rule of play out on masks (``tests/test_layout.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .chain import Side, chain_of, lay, pairs
from .tiles import TILES, Tile, bits, index

#: For each chain with one pair of ends (by its bit's position, ``left * 7 + right``), the
#: tiles that ``lay`` places on one of its ends.
FITTING: tuple[int, ...] = tuple(
    sum(1 << i for i, tile in enumerate(TILES)
        if lay(1 << k, tile, "L") or lay(1 << k, tile, "R"))
    for k in range(49)
)


def fitting(tiles: int, chain: int) -> int:
    """The tiles of ``tiles`` that fit an end of the chain (R6, R7) for some pair of its ends;
    none before the lead (0)."""
    if not chain & (chain - 1):  # one pair, or none: the usual case
        return tiles & FITTING[chain.bit_length() - 1] if chain else 0
    found = 0
    for left, right in pairs(chain):
        found |= tiles & FITTING[left * 7 + right]
    return found


def fits(tile: Tile, chain: int) -> bool:
    """Whether ``tile`` fits an end of the chain for some pair (R6, R7); any tile fits
    before the lead (R5)."""
    return not chain or bool(fitting(1 << index(tile), chain))


def fitting_end(tile: Tile, chain: int, side: Side) -> int:
    """The pairs of the chain's ends for which ``tile`` fits its ``side`` end (R6, R7)."""
    found = 0
    for left, right in pairs(chain):
        one = chain_of(left, right)
        if lay(one, tile, side):
            found |= one
    return found


def fitting_both(tile: Tile, chain: int) -> int:
    """The pairs of the chain's ends for which ``tile`` fits both (R6: its side must then be
    written, P404)."""
    return fitting_end(tile, chain, "L") & fitting_end(tile, chain, "R")


def sides(tile: Tile, one: int) -> tuple[Side, ...]:
    """The ends ``tile`` may go to on a chain with one pair of ends: ``("L",)``, ``("R",)``,
    ``("L", "R")`` or ``()`` (R6)."""
    left, right = lay(one, tile, "L"), lay(one, tile, "R")
    return ("L", "R") if left and right else ("L",) if left else ("R",) if right else ()


#: For each chain with one pair of ends (by its bit's position), the tiles whose holder may
#: not pass on it (R8: a player who can play must): those that fit an end.
BARRING: tuple[int, ...] = FITTING


def barring_a_pass(one: int) -> int:
    """The tiles whose holder may not pass on a chain with one pair of ends (``BARRING``,
    R8).  So a hidden player who passed held none of them (``knowledge.Passed``)."""
    return BARRING[one.bit_length() - 1]


def may_pass(held: int | None, one: int) -> bool:
    """Whether a player holding ``held`` (None: their deal is not known) may pass on a
    chain with one pair of ends (R8): never before the lead (R5), never holding a tile that
    bars it (``BARRING``); a hidden hand may always."""
    return bool(one) and (held is None or not held & BARRING[one.bit_length() - 1])


def barring(tiles: int, chain: int) -> int:
    """The tiles of ``tiles`` that bar a pass (R8) for some pair of the chain's ends."""
    found = 0
    for left, right in pairs(chain):
        found |= tiles & barring_a_pass(chain_of(left, right))
    return found


#: A legal play on a chain with one pair of ends: the tile's index, the end it goes to (None
#: for the lead, laid as written), and the chain after it.
LegalPlay = tuple[int, Side | None, int]

#: The plays of each tile on each chain with one pair of ends, by (chain, tile index): the
#: ends it may go to and the chain after each, as ``lay`` decides them; filled on first need (at
#: most 49 x 28 entries).
_PLAYS: dict[tuple[int, int], tuple[LegalPlay, ...]] = {}


def legal_plays(one: int, held: int) -> list[LegalPlay]:
    """Every play a player holding ``held`` may make on a chain with one pair of ends (R6, R7):
    each tile of theirs that fits an end, on each end it fits, lowest tile first, left before
    right; on an empty chain (0), each of their tiles led as written (R5).  None at all: the
    player must pass (R8, ``may_pass``)."""
    if not one:
        return [(i, None, chain_of(*TILES[i])) for i in bits(held)]
    found: list[LegalPlay] = []
    for i in bits(held & FITTING[one.bit_length() - 1]):
        plays = _PLAYS.get((one, i))
        if plays is None:
            plays = _PLAYS[(one, i)] = tuple(
                (i, side, after) for side in ("L", "R")
                if (after := lay(one, TILES[i], side)))
        found += plays
    return found


def went_out(placed: int, each: int) -> bool:
    """Whether a player who has placed ``placed`` tiles of the ``each`` dealt has gone out:
    a domino ends the hand (R3, R12), known by counting even when the deal is not."""
    return placed >= each


def all_passed(passed: int, seats: int) -> bool:
    """Whether ``passed`` players, each a different one, have passed since the last play,
    of ``seats``: every player has, and the hand is blocked (R12)."""
    return passed == seats


def stuck(in_hands: int, one: int) -> bool:
    """Whether nobody holding the tiles ``in_hands`` (every hand's, together) has one that
    fits the ends of a chain with one pair: with every deal known, nobody can play, and
    the hand is blocked (R12)."""
    return not in_hands & FITTING[one.bit_length() - 1]



def ending_play(placed: int, each: int, in_hands: int | None, one: int
                ) -> Literal["domino", "blocked"] | None:
    """How a play ends the hand (R12), if it does: "domino" when its player has now placed
    ``placed`` of the ``each`` tiles dealt, all of them (``went_out``); "blocked" when every
    deal is known (``in_hands``: the tiles every hand still holds, None when some deal is not
    known) and none of them fits the chain after it, ``one`` (``stuck``); else None."""
    if went_out(placed, each):
        return "domino"
    if in_hands is not None and stuck(in_hands, one):
        return "blocked"
    return None


def may_be_blocked(in_hands: int) -> bool:
    """Whether a hand may have ended blocked with the tiles ``in_hands`` (every hand's,
    together) still held: some value is in nobody's hand, for both ends of the chain to
    show it (R8, R12)."""
    return any(stuck(in_hands, chain_of(value, value)) for value in range(7))


def cannot_play_again(chain: int, holding: Sequence[int], opening: int) -> set[int]:
    """The seats (by their place in ``holding``, the tiles each may hold) none of whose
    tiles can fit an end the chain may come to show (R6, R7), the chain growing only by the
    tiles of ``opening`` laid where they fit: before the lead, none (R5).  A tile laid on an
    end turns it to its other half whatever the other end shows, so the values an end may
    come to show are those the tiles of ``opening`` lead to from a value it shows now."""
    if not chain:
        return set()
    shown = 0  # the values an end shows for some pair, a bit each
    for left, right in pairs(chain):
        shown |= 1 << left | 1 << right
    reached = _values_reached(shown, opening)
    showing = 0  # the tiles with a value some end may come to show
    for value in range(7):
        if reached >> value & 1:
            showing |= FITTING[value * 8]  # the chain (value, value): a tile with the value
    return {seat for seat, tiles in enumerate(holding) if not tiles & showing}


def _values_reached(shown: int, opening: int) -> int:
    """The values (a bit each) an end showing one of ``shown`` may come to show as the
    tiles of ``opening`` are laid on it, each turning the end to its other half (R6)."""
    reached = shown
    while True:
        grown = reached
        for i in bits(opening):
            a, b = TILES[i]
            if reached >> a & 1:
                grown |= 1 << b
            if reached >> b & 1:
                grown |= 1 << a
        if grown == reached:
            return reached
        reached = grown
