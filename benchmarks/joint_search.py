"""How long the ways hidden tiles can lie together take to go through (`engine/jointly.py`),
for blocked hands of two, three and four hidden players, and how that grows.

    python benchmarks/joint_search.py            # the shapes below
    python benchmarks/joint_search.py --tiny     # the small shapes, to check that it runs (CI)

Each shape is a blocked hand whose hidden players each hold some tiles of a pool of the
lowest tiles, beside one player whose pips are known.  For each, the most bits its planes
may take (`jointly._most_bits`, a bound far above what they take), whether its ways were
gone through (the bits they took within the cap `MAX_BITS`), the time that took
(`blocked_jointly`, best of `--runs`, nothing kept from a run before), and its ratio to a
floor measured in the same run: the bounds of each hidden hand on its own, which stand
beyond the cap.  The growth exponent between two shapes of a series, log(t2 / t1) /
log(b2 / b1) over their most bits, tells how the time grows with the planes (1: in
proportion).
Figures only: they depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

from blocknotation.engine import bounds, jointly
from blocknotation.engine.bounds import Holding

#: (name, tiles each hidden player holds, tiles in the pool they draw on)
SHAPES = [
    ("2 hidden, 2 tiles of 8", (2, 2), 8),
    ("2 hidden, 4 tiles of 16", (4, 4), 16),
    ("2 hidden, 7 tiles of 27", (7, 7), 27),
    ("3 hidden, 1 tile of 6", (1, 1, 1), 6),
    ("3 hidden, 2 tiles of 10", (2, 2, 2), 10),
    ("3 hidden, 2-2-3 tiles of 20", (2, 2, 3), 20),
    ("3 hidden, 3 tiles of 14", (3, 3, 3), 14),
    ("3 hidden, 4 tiles of 16", (4, 4, 4), 16),
    ("3 hidden, 5 tiles of 20", (5, 5, 5), 20),
    ("4 hidden, 1 tile of 8", (1, 1, 1, 1), 8),
    ("4 hidden, 2 tiles of 12", (2, 2, 2, 2), 12),
    ("4 hidden, 3 tiles of 16", (3, 3, 3, 3), 16),
    ("3 hidden, 7 tiles of 28", (7, 7, 7), 28),
    ("4 hidden, 4 tiles of 20", (4, 4, 4, 4), 20),
    ("4 hidden, 7 tiles of 28", (7, 7, 7, 7), 28),
]
TINY = 6  # the first shapes of each series, for --tiny


def held_of(tiles: tuple[int, ...], pool: int) -> list[Holding]:
    """One player of 30 known pips, and hidden players holding ``tiles`` of the ``pool``
    lowest tiles."""
    free = (1 << pool) - 1
    return [Holding(30), *(Holding(None, free, count, count) for count in tiles)]


def best(work: Callable[[], object], runs: int) -> float:
    """The least time of ``runs`` runs of ``work``, the joint search forgetting each time."""
    times = []
    for _ in range(runs):
        for cached in (jointly._together, jointly.blocked_jointly, bounds._blocked):
            cached.cache_clear()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def floor(held: list[Holding], runs: int) -> float:
    """The bounds of each hidden hand on its own: the joint search's cap set to nothing."""
    cap = jointly.MAX_BITS
    jointly.MAX_BITS = 0
    try:
        return best(lambda: bounds.blocked_bounds(held), runs)
    finally:
        jointly.MAX_BITS = cap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", action="store_true", help="small shapes only (CI)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    shapes = [s for s in SHAPES if not args.tiny or s[2] <= 12]
    print(f"cap: {jointly.MAX_BITS:,} bits")
    print(f"{'shape':30} {'most bits':>14} {'joint':>10} {'floor':>10} {'ratio':>7} "
          f"{'growth':>7}")
    before: tuple[int, int, float] | None = None
    for name, tiles, pool in shapes:
        held = held_of(tiles, pool)
        key = tuple(h.held for h in held)
        size = jointly._most_bits(key[1:])
        joint = best(lambda key=key: jointly.blocked_jointly(key), args.runs)
        gone_through = jointly.blocked_jointly(key) is not None
        alone = floor(held, args.runs)
        if not gone_through:
            print(f"{name:30} {size:>14,} {joint * 1000:>8.2f}ms {alone * 1000:>8.3f}ms "
                  "  beyond the cap: each hand on its own")
            continue
        growth = ""
        if before is not None and before[0] == len(tiles) and size > before[1]:
            growth = f"{math.log(joint / before[2]) / math.log(size / before[1]):.2f}"
        print(f"{name:30} {size:>14,} {joint * 1000:>8.2f}ms {alone * 1000:>8.3f}ms "
              f"{joint / alone:>7.0f} {growth:>7}")
        before = (len(tiles), size, joint)


if __name__ == "__main__":
    main()
