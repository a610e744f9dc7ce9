"""How long `blocknot analyse` takes per hand, and how much memory, on generated hands.

    python benchmarks/analyse.py            # 300 two-player hands, 100 four-player hands
    python benchmarks/analyse.py --tiny     # a few hands of each, to check that it runs (CI)

The hands are simulated (`blocknot generate`'s simulator, every deal written) and each is
read and replayed by the pipeline once; then, for each hand, the analysis alone is timed
(CPU time): every move valued under best play, the best moves, who wins by force.  Targets
(docs/analysis.md): two players with 7 tiles each, median under 0.5 s and 99th percentile
under 3 s per hand; four players with 5 tiles each, median under 2 s; peak memory under
200 MB.

The floor of each hand is measured in the same run: the CPU time of the engine replaying
the same hand (`pipeline.validate_bytes` on a record of that hand alone), the check that
analysing a record cannot avoid.  Each figure is printed with its ratio to the median floor.
How the cost grows with the hand is shown on two-player deals of 4 to 7 tiles each: the
median per hand and the factor from one tile more each.
Figures only: they depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace

from blocknotation.analysis.hand import analyse
from blocknotation.analysis.pieces import problems_of
from blocknotation.analysis.search import NODE_BOUND
from blocknotation.analysis.setup import HandToAnalyse
from blocknotation.pipeline import read_and_validate, validate_bytes
from blocknotation.simulator.simulate import simulate_game
from blocknotation.simulator.writer import render_game

NAMES = ("Ada", "Bea", "Cy", "Dana")
TARGETS = {2: ("median", 0.5, "p99", 3.0), 4: ("median", 2.0, None, None)}
MAX_MEMORY = 200.0  # MB


def hands(players: int, count: int, seed: int) -> list[tuple[HandToAnalyse, bytes]]:
    """``count`` simulated hands as problems, each with a record of that hand alone."""
    rng = random.Random(seed)
    found: list[tuple[HandToAnalyse, bytes]] = []
    while len(found) < count:
        game = simulate_game(rng, NAMES[:players])
        record = render_game(game, claims=False).encode("utf-8")
        for parsed, piece in read_and_validate(io.BytesIO(record)):
            for _, item in problems_of(parsed, piece):
                assert isinstance(item, HandToAnalyse), item
                alone = render_game(replace(game, hands=(game.hands[item.number - 1],)),
                                    claims=False).encode("utf-8")
                found.append((item, alone))
    return found[:count]


def cpu(work: object, *args: object) -> float:
    start = time.process_time()
    work(*args)  # type: ignore[operator]
    return time.process_time() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(players: int, count: int, seed: int) -> float:
    """Time ``count`` hands of ``players``; print the figures; return the worst hand's CPU."""
    problems = hands(players, count, seed)
    times, floors, nodes = [], [], []
    for problem, alone in problems:
        floors.append(cpu(validate_bytes, alone, "hand.block"))
        start = time.process_time()
        found = analyse(problem)
        times.append(time.process_time() - start)
        assert found.analysed, found.detail
        nodes.append(found.nodes)
    floor = statistics.median(floors)
    median, p99 = statistics.median(times), percentile(times, 0.99)
    each = {2: 7, 4: 5}.get(players, 5)
    print(f"{players} players, {each} tiles each, {count} hands: median {median:.3f} s "
          f"({median / floor:.0f} x floor), p99 {p99:.3f} s ({p99 / floor:.0f} x floor), "
          f"worst {max(times):.3f} s; positions visited: median {statistics.median(nodes):,.0f}"
          f", most {max(nodes):,}; floor (the engine replaying the hand) {floor * 1000:.2f} ms")
    name, target, name2, target2 = TARGETS.get(players, ("median", None, None, None))
    if target is not None:
        verdict = "met" if median < target else "NOT met"
        line = f"  target: {name} under {target} s: {verdict}"
        if name2 is not None and target2 is not None:
            line += f"; {name2} under {target2} s: {'met' if p99 < target2 else 'NOT met'}"
        print(line)
    worst = problems[max(range(len(times)), key=times.__getitem__)][0]
    tracemalloc.start()
    visited = analyse(worst).nodes
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"  the worst hand's Python allocations at their peak: {peak / 1e6:.1f} MB, "
          f"{peak / visited:.0f} bytes a position visited (at the bound of "
          f"{NODE_BOUND:,} positions: about {peak / visited * NODE_BOUND / 1e6:.0f} MB)")
    return max(times)


def growth(count: int, seed: int) -> None:
    """Two-player deals of 4 to 7 tiles each: the median per hand, and the factor per tile."""
    rng = random.Random(seed)
    last = None
    parts = []
    for each in range(4, 8):
        times = []
        for _ in range(count):
            order = list(range(28))
            rng.shuffle(order)
            deals = (sum(1 << i for i in order[:each]), sum(1 << i for i in order[each:2 * each]))
            times.append(cpu(analyse, HandToAnalyse(1, 1, ("Ada", "Bea"), deals, 0, ())))
        median = statistics.median(times)
        parts.append(f"{each} tiles {median * 1000:.1f} ms" + (
            "" if last is None else f" (x{median / last:.1f})"))
        last = median
    print("growth, 2 players, the first move's value from the deal: " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", action="store_true", help="a few hands, to check it runs")
    parser.add_argument("--seed", type=int, default=26)
    options = parser.parse_args()
    two, four = (6, 3) if options.tiny else (300, 100)
    print(f"Python {sys.version.split()[0]}; CPU time per hand")
    measure(2, two, options.seed)
    measure(4, four, options.seed)
    measure(3, max(3, four // 2), options.seed)
    growth(3 if options.tiny else 30, options.seed)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
    print(f"peak resident memory of this process: {rss:.0f} MB (target under {MAX_MEMORY:.0f} "
          f"MB: {'met' if rss < MAX_MEMORY else 'NOT met'})")


if __name__ == "__main__":
    main()
