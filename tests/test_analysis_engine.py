"""The engine's functions the analysis stands on: ``rules.legal_plays`` says what ``lay``
and ``rules.may_pass`` say (no second copy of R6 or R8), ``rules.stuck`` is the dead block
the replay ends a hand on (R12), and a hand's end is counted by ``scoring`` (R14, R15)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from blocknotation.analysis.position import BLOCKED, DOMINO, NOBODY, Rules, result
from blocknotation.engine.chain import chain_of, lay
from blocknotation.engine.knowledge import Whereabouts
from blocknotation.engine.rules import legal_plays, may_pass, stuck
from blocknotation.engine.tiles import TILES, bits

HELD = st.integers(0, (1 << 28) - 1)
READINGS = st.sampled_from([chain_of(left, right) for left in range(7) for right in range(7)])


@given(HELD, READINGS)
def test_legal_plays_are_the_plays_lay_allows(held: int, chain: int) -> None:
    expected = [(i, side, lay(chain, TILES[i], side)) for i in bits(held)
                for side in ("L", "R") if lay(chain, TILES[i], side)]
    assert legal_plays(chain, held) == expected
    assert (not expected) == may_pass(held, chain)  # R8: pass only with no play


@given(HELD)
def test_on_an_empty_chain_every_tile_held_may_lead(held: int) -> None:
    assert legal_plays(0, held) == [(i, None, chain_of(*TILES[i])) for i in bits(held)]


@given(st.lists(HELD, min_size=2, max_size=4), READINGS)
def test_stuck_is_the_dead_block_the_replay_ends_a_hand_on(deals: list[int], chain: int
                                                           ) -> None:
    table = Whereabouts.for_players(len(deals))
    taken = 0
    for seat, deal in enumerate(deals):
        mask = deal & ~taken
        taken |= mask
        table.deal(seat, tuple(TILES[i] for i in bits(mask)), mask, seat + 1)
    assert stuck(table.held_by_anyone(), chain) == (
        not any(legal_plays(chain, table.holdable(seat)) for seat in range(len(deals))))


def test_a_hand_end_is_the_engines_count() -> None:
    # Ada 0-0 and 1-2 (3 pips), Bea 6-6 (12), Cy 2-2 (4).
    deals = (1 | 1 << 8, 1 << 27, 1 << 13)
    rules = Rules(deals)
    held = rules.start()
    assert rules.domino_result(2, held & ~deals[2]) == result(2, 3 + 12, DOMINO)  # R14
    assert rules.block(held) == result(0, 12 + 4 - 3, BLOCKED)  # R15: 16 - 3, once
    lower = Rules((1 << 13, 1 << 8))  # 2-2 and 1-2, 4 and 3 pips: Bea lowest, alone
    assert lower.block(lower.start()) == result(1, 4 - 3, BLOCKED)
    even = Rules((1 << 2, 1 << 7))  # 0-2 and 1-1: 2 pips each, a tie: nobody scores
    assert even.block(even.start()) == result(NOBODY, 0, BLOCKED)
