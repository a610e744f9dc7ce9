"""The search against the brute-force reference (``analysis_reference.py``), which plays out
the whole game tree of small hands with the rules written again: for hands hypothesis deals
(two players with 3 or 4 tiles each, three with 2 or 3, four with 2), along a line of moves
drawn at random, every move's value before and after, its best moves, how the hand ends after
each, how it ends under best play from the first move, and who wins it by force."""

from __future__ import annotations

import random

import analysis_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.analysis.hand import analyse
from blocknotation.analysis.position import Rules
from blocknotation.analysis.search import Search, SearchTooLarge
from blocknotation.analysis.setup import HandToAnalyse
from blocknotation.engine.tiles import bit
from blocknotation.report.analysis import Ending, HandAnalysis

from strategies import examples

NAMES = ("Ada", "Bea", "Cy", "Dana")
SIZES = st.sampled_from([(2, 3), (2, 4), (2, 4), (3, 2), (3, 3), (4, 2)])


def dealt(order: list[int], seats: int, each: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    return tuple(tuple(tiles[i] for i in order[s * each:(s + 1) * each]) for s in range(seats))


def line_of(deals: tuple[tuple[tuple[int, int], ...], ...], opener: int, seed: int
            ) -> list[tuple[int, int, tuple[int, int] | None, str | None]]:
    """A line of legal moves drawn at random from the reference, to the end of the hand, as
    a record writes them (line, seat, tile, side)."""
    rng = random.Random(seed)
    position: ref.Position = (ref.hands_of(deals), None, opener, 0)
    written = []
    while True:
        moves = list(ref.children(position))
        (tile, side), ended, following = moves[rng.randrange(len(moves))]
        written.append((len(written) + 1, position[2], tile, side))
        if ended is not None:
            return written
        position = following


def as_ending(found: ref.Outcome) -> Ending:
    winner, points, kind = found
    return Ending(kind, None if winner is None else NAMES[winner], points)  # type: ignore[arg-type]


def analysed(deals: tuple[tuple[tuple[int, int], ...], ...], opener: int,
             moves: list[tuple[int, int, tuple[int, int] | None, str | None]]) -> HandAnalysis:
    masks = tuple(sum(bit(t) for t in deal) for deal in deals)
    players = NAMES[:len(deals)]
    return analyse(HandToAnalyse(1, 1, players, masks, opener, tuple(moves)))  # type: ignore[arg-type]


@settings(max_examples=examples(60))
@given(st.permutations(range(28)), SIZES, st.integers(0, 3), st.integers(0, 2**32))
def test_every_move_is_valued_as_the_whole_tree_says(order: list[int], size: tuple[int, int],
                                                     opener: int, seed: int) -> None:
    seats, each = size
    opener %= seats
    deals = dealt(order, seats, each)
    moves = line_of(deals, opener, seed)
    found = analysed(deals, opener, moves)
    assert found.analysed, found.detail
    start: ref.Position = (ref.hands_of(deals), None, opener, 0)
    assert found.start == as_ending(ref.outcome(start))
    winners = [p for p in range(seats) if ref.least(start, p) > 0]
    assert (None if found.forced is None else (found.forced.player, found.forced.points)) == (
        None if not winners else (NAMES[winners[0]], ref.least(start, winners[0])))
    position = start
    assert len(found.moves) == len(moves)
    for (_, seat, tile, side), valued in zip(moves, found.moves, strict=True):
        options = list(ref.children(position))
        worth = {}
        for move, ended, following in options:
            end = ended if ended is not None else ref.outcome(following)
            worth[move] = (ref.value(end, seat, seats), end)
        top = max(value for value, _ in worth.values())
        assert valued.before == top
        assert valued.after == worth[(tile, side)][0]
        assert valued.ending == as_ending(worth[(tile, side)][1])
        best = {(move.tile, move.side): ending for move, ending in valued.best}
        assert best == {move: as_ending(end) for move, (value, end) in worth.items()
                        if value == top}
        assert valued.played.tile == tile and valued.given_away >= 0
        position = next(after for move, _, after in options if move == (tile, side))


@settings(max_examples=examples(30))
@given(st.permutations(range(28)), st.sampled_from([(2, 4), (3, 3), (4, 2)]),
       st.integers(0, 3))
def test_a_shared_table_gives_what_a_fresh_search_gives(order: list[int],
                                                       size: tuple[int, int],
                                                       opener: int) -> None:
    seats, each = size
    masks = tuple(sum(bit(t) for t in deal) for deal in dealt(order, seats, each))
    rules = Rules(masks)
    shared = Search(rules)
    for (_, _, after), held, end in rules.children(rules.start(), 0, opener % seats):
        if end < 0:
            mover = (opener + 1) % seats
            alone = Search(Rules(masks)).best(held, after, mover)
            assert shared.best(held, after, mover) == alone


def test_past_the_bound_the_search_stops() -> None:
    masks = tuple(sum(bit(t) for t in deal) for deal in dealt(list(range(28)), 4, 5))
    search = Search(Rules(masks), bound=50)
    try:
        search.best(Rules(masks).start(), 0, 0)
    except SearchTooLarge:
        assert search.nodes == 51
    else:
        raise AssertionError("a four-player hand takes more than 50 positions")
