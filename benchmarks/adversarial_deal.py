"""The worst legal deal for `blocknot analyse`, found by hill climbing: how many positions its
analysis visits, and how long it takes.

    python benchmarks/adversarial_deal.py                  # 4 players, 4 climbs of 150 steps
    python benchmarks/adversarial_deal.py --players 2      # two players, 7 tiles each
    python benchmarks/adversarial_deal.py --tiny           # a few steps, to check that it runs (CI)

A deal gives each player the tiles R3 deals (5 each with four players) from a shuffled
double-six set, and the hand is played out by a fixed rule (each player plays their
heaviest tile that fits, the first end it fits, or passes), so that the hand and its
analysis are a function of the deal alone.  The analysis is the whole of `blocknot
analyse`'s for the hand: the hand under best play from the first move, who wins it by force,
and every move valued.  A climb starts from a random deal and tries, at each step, a
neighbour (two tiles swapped between two players, or a tile swapped with one left out);
it keeps the neighbour when its analysis visits at least as many positions.  Each climb's
best deal is then analysed again and timed (CPU time, best of three), and the deal is
printed as a record, so that it can be analysed by hand (`blocknot analyse`).
Figures only: they depend on the machine and its load, and the climbs on the seed.
"""

from __future__ import annotations

import argparse
import random
import time

from blocknotation.analysis.hand import analyse
from blocknotation.analysis.position import Rules
from blocknotation.analysis.search import NODE_BOUND
from blocknotation.analysis.setup import HandToAnalyse, Written
from blocknotation.basics.game_sizes import TILES_EACH
from blocknotation.engine.tiles import PIPS, TILES, bit

NAMES = ("Ada", "Bea", "Cy", "Dana")

Deal = tuple[tuple[int, ...], ...]  # each seat's tile indexes, then those left out


def random_deal(rng: random.Random, players: int) -> Deal:
    tiles = list(range(len(TILES)))
    rng.shuffle(tiles)
    each = TILES_EACH[players]
    return (*(tuple(tiles[i * each:(i + 1) * each]) for i in range(players)),
            tuple(tiles[players * each:]))


def neighbour(rng: random.Random, deal: Deal) -> Deal:
    """Two tiles swapped: between two players, or between a player and those left out."""
    seats = [list(group) for group in deal]
    first = rng.randrange(len(seats) - 1)
    second = rng.choice([s for s in range(len(seats)) if s != first and seats[s]])
    i, j = rng.randrange(len(seats[first])), rng.randrange(len(seats[second]))
    seats[first][i], seats[second][j] = seats[second][j], seats[first][i]
    return tuple(tuple(group) for group in seats)


def played_out(rules: Rules) -> tuple[Written, ...]:
    """The hand played by the fixed rule: the heaviest tile that fits, else a pass."""
    in_hands, chain, seat, passes = rules.start(), 0, 0, 0
    moves: list[Written] = []
    line = 10
    while passes < rules.seats:
        line += 1
        children = rules.children(in_hands, chain, seat)
        if not children:
            moves.append((line, seat, None, None))
            passes += 1
        else:
            play, held, end = max(children, key=lambda child: PIPS[child[0][0]])
            moves.append((line, seat, TILES[play[0]], play[1]))
            in_hands, chain, passes = held, play[2], 0
            if end >= 0:
                break
        seat = (seat + 1) % rules.seats
    return tuple(moves)


def problem(deal: Deal, bound: int = NODE_BOUND) -> HandToAnalyse:
    masks = tuple(sum(bit(TILES[i]) for i in seat) for seat in deal[:-1])
    players = NAMES[:len(masks)]
    return HandToAnalyse(1, 3, players, masks, 0, played_out(Rules(masks)), 1, bound)


def positions(deal: Deal) -> int:
    return analyse(problem(deal)).nodes


def cpu_seconds(deal: Deal, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        analyse(problem(deal))
        best = min(best, time.process_time() - start)
    return best


def climb(rng: random.Random, players: int, steps: int) -> tuple[Deal, int, int]:
    """The best deal found from a random one, its positions, and the random one's."""
    deal = random_deal(rng, players)
    start = score = positions(deal)
    for _ in range(steps):
        other = neighbour(rng, deal)
        found = positions(other)
        if found >= score:
            deal, score = other, found
    return deal, score, start


def record(deal: Deal) -> str:
    """The deal and its play-out as a record `blocknot analyse` reads."""
    masks = tuple(sum(bit(TILES[i]) for i in seat) for seat in deal[:-1])
    names = NAMES[:len(masks)]
    lines = [f'[Players "{" ".join(names)}"]', "", "hand 1", f"opener {names[0]}"]
    lines += [f"deal {name}: " + " ".join(f"{TILES[i][0]}-{TILES[i][1]}" for i in seat)
              for name, seat in zip(names, deal, strict=False)]
    for _, seat, tile, side in played_out(Rules(masks)):
        move = "pass" if tile is None else f"{tile[0]}-{tile[1]}" + (f" {side}" if side else "")
        lines.append(f"{names[seat]}: {move}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--climbs", type=int, default=4)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tiny", action="store_true", help="two climbs of three steps")
    args = parser.parse_args()
    climbs, steps = (2, 3) if args.tiny else (args.climbs, args.steps)
    rng = random.Random(args.seed)
    best: tuple[Deal, int] | None = None
    print(f"{args.players} players, {climbs} climbs of {steps} steps (seed {args.seed})")
    for number in range(1, climbs + 1):
        deal, score, start = climb(rng, args.players, steps)
        seconds = cpu_seconds(deal)
        print(f"climb {number}: from {start:,} to {score:,} positions, {seconds:.2f} s of CPU "
              f"({score / max(seconds, 1e-9):,.0f} positions a second)")
        if best is None or score > best[1]:
            best = (deal, score)
    assert best is not None
    print(f"worst deal found: {best[1]:,} positions (bound {NODE_BOUND:,}):")
    print(record(best[0]), end="")


if __name__ == "__main__":
    main()
