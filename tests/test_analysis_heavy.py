"""The simulator's ``heavy`` strategy (shed the heaviest tile that fits) never does better
than best play.

- Played against best play (the others choose, at every turn, the move the search found),
  the heavy player ends the hand with no more than what best play was worth to them from the
  first move: their points minus the other's with two players, their own points with three
  or four (max^n: a player who leaves their best moves, the others keeping to theirs, cannot
  gain).
- In whole games where everybody plays heavy (``simulate_game(prefer_heavy=1)``), written as
  records and analysed as a user would, no move is worth more than the best, and with two
  players the values add up to what the engine counted: the opener's value from the first
  move, less what the opener gave away, plus what the other gave away, is the opener's points
  minus the other's.
"""

from __future__ import annotations

import io
import random

import pytest

from blocknotation.analysis.hand import value
from blocknotation.analysis.pieces import analysed
from blocknotation.analysis.position import Rules
from blocknotation.analysis.search import Search
from blocknotation.engine.tiles import TILES, bit
from blocknotation.pipeline import read_and_validate
from blocknotation.simulator.simulate import heaviest, simulate_game
from blocknotation.simulator.writer import render_game

NAMES = ("Ada", "Bea", "Cy", "Dana")
EACH = {2: 7, 3: 5, 4: 5}


def heavy_choice(rules: Rules, in_hands: int, chain: int, seat: int,
                 order: list[tuple[int, int]]) -> int:
    """The child the heavy strategy picks: its tiles in deal order (``order``), its legal
    plays listed as the simulator lists them, and ``heaviest`` choosing."""
    children = rules.children(in_hands, chain, seat)
    mine = [tile for tile in order if in_hands & bit(tile)]
    legal = []
    for place, tile in enumerate(mine):
        for k, ((i, side, _), _, _) in enumerate(children):
            if TILES[i] == tuple(sorted(tile)):
                legal.append((place, side or "L", k))
    chosen = heaviest(mine, [(place, side, False) for place, side, _ in legal])
    return next(k for place, side, k in legal if (place, side) == chosen[:2])


def played_out(deals: list[list[tuple[int, int]]], opener: int, heavy: int) -> tuple[int, int]:
    """A hand with ``heavy`` playing heavy and the others best: what best play was worth to
    the heavy player from the first move, and what they got."""
    masks = tuple(sum(bit(t) for t in deal) for deal in deals)
    rules = Rules(masks)
    search = Search(rules)
    seats = len(deals)
    in_hands, chain, seat, passes = rules.start(), 0, opener, 0
    worth = value(search.best(in_hands, chain, seat), heavy, seats)
    while True:
        children = rules.children(in_hands, chain, seat)
        following = (seat + 1) % seats
        if not children:
            passes += 1
            if passes == seats:
                return worth, value(rules.block(in_hands), heavy, seats)
            seat = following
            continue
        codes = [end if end >= 0 else search.best(held, play[2], following)
                 for play, held, end in children]
        if seat == heavy:
            k = heavy_choice(rules, in_hands, chain, seat, deals[seat])
        else:  # best play: the move whose end is the one the search chose
            k = codes.index(search.best(in_hands, chain, seat, passes))
        play, held, end = children[k]
        if end >= 0:
            return worth, value(end, heavy, seats)
        in_hands, chain, seat, passes = held, play[2], following, 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_heavy_against_best_play_gets_no_more_than_best_play(seats: int) -> None:
    rng = random.Random(seats)
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    worse = 0
    for _ in range(12 if seats == 4 else 30):
        rng.shuffle(tiles)
        each = EACH[seats]
        deals = [[(b, a) if rng.random() < 0.5 else (a, b) for a, b in
                  tiles[s * each:(s + 1) * each]] for s in range(seats)]
        opener, heavy = rng.randrange(seats), rng.randrange(seats)
        best, got = played_out(deals, opener, heavy)
        assert got <= best
        worse += got < best
    assert worse > 0  # heavy play does lose points against best play


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_games_of_heavy_players_analysed(seats: int) -> None:
    game = simulate_game(random.Random(100 + seats), NAMES[:seats], prefer_heavy=1.0)
    record = render_game(game).encode("utf-8")
    (piece,) = [analysed(parsed, piece) for parsed, piece in
                read_and_validate(io.BytesIO(record))]
    hands = list(piece.games[0].hands)
    assert len(hands) == len(game.hands)
    for hand, truth in zip(hands, game.hands, strict=True):
        analysis = hand.analysis
        assert analysis is not None and analysis.analysed
        assert all(move.given_away >= 0 for move in analysis.moves)
        assert hand.points is not None
        last = analysis.moves[-1]
        seat = NAMES.index(last.player)
        scored = [hand.points[name] for name in NAMES[:seats]]
        got = scored[seat] - scored[1 - seat] if seats == 2 else scored[seat]
        assert last.after == got  # the value after the last move is what the engine counted
        assert dict(hand.points) == dict(truth.points)
        if seats == 2:
            opener = analysis.moves[0].player
            start = analysis.moves[0].before
            gifts = sum(m.given_away if m.player == opener else -m.given_away
                        for m in analysis.moves)
            mine = hand.points[opener] - sum(p for n, p in hand.points.items() if n != opener)
            assert start - gifts == mine

