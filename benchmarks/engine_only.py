"""Times the replay engine alone on the first megabytes of a corpus: the record is parsed
once, then ``engine.replay`` is timed (CPU time) on the parsed records.

    python benchmarks/engine_only.py hidden 2       # kind, megabytes
    python benchmarks/engine_only.py counts 2 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

from blocknotation.engine import replay
from blocknotation.reading.parsing import parse_text

CORPORA = Path(__file__).parent / "corpora"


def head(kind: str, megabytes: float) -> str:
    """The whole games in the first ``megabytes`` of the 20 MB corpus of ``kind``."""
    text = (CORPORA / f"{kind}-20MB.txt").read_text(encoding="utf-8")
    cut = text.find("\n[Players", int(megabytes * 1e6))
    return text if cut < 0 else text[: text.rfind("\n\n", 0, cut) + 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind")
    parser.add_argument("megabytes", type=float, nargs="?", default=2.0)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    text = head(options.kind, options.megabytes)
    parsed = parse_text(text)
    size = len(text.encode()) / 1e6
    if options.profile:
        profiler = cProfile.Profile()
        profiler.runcall(replay, parsed)
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(30)
        return
    times = []
    for _ in range(options.runs):
        start = time.process_time()
        replay(parsed)
        times.append(time.process_time() - start)
    median, least = sorted(times)[len(times) // 2], min(times)
    print(f"engine only, {options.kind}, {size:.2f} MB: {median:.3f} s CPU, "
          f"{size / median:.2f} MB/s (median of {options.runs}; best {size / least:.2f} MB/s)")


if __name__ == "__main__":
    main()
