"""Times the replay engine alone on the first megabytes of a corpus: the record is parsed
once, then ``engine.replay`` is timed (CPU time) on the parsed records.

    python benchmarks/engine_only.py hidden 2                  # kind, megabytes
    python benchmarks/engine_only.py counts 1 --drop show      # a count without shows
    python benchmarks/engine_only.py counts 2 --profile        # cProfile's top functions

The corpora are those of ``run.py`` (20 MB each, generated once into ``corpora/``).
``--drop KEYWORD`` leaves out every line of that statement first, which makes the records
the engine can only bound (hidden deals without ``show`` lines, counts without ``points``).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from run import KINDS, corpus

from blocknotation.engine import replay
from blocknotation.notation.parsing import parse_text


def head(kind: str, megabytes: float, drop: list[str]) -> str:
    """The whole games in the first ``megabytes`` of the 20 MB corpus of ``kind``, without
    the lines of the statements in ``drop``."""
    text = corpus(kind, 20).read_text(encoding="utf-8")
    cut = text.find("\n[Players", int(megabytes * 1e6))
    text = text if cut < 0 else text[: text.rfind("\n\n", 0, cut) + 1]
    dropped = tuple(f"{keyword} " for keyword in drop)
    return "".join(line for line in text.splitlines(True) if not line.startswith(dropped))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("megabytes", type=float, nargs="?", default=2.0)
    parser.add_argument("--drop", action="append", default=[], metavar="KEYWORD",
                        help="leave out the lines of this statement (show, points, ...)")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    text = head(options.kind, options.megabytes, options.drop)
    parsed = parse_text(text)
    size = len(text.encode()) / 1e6
    name = " ".join([options.kind, *(f"without {k}" for k in options.drop)])
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
    hands = sum(len(game.hands) for game in parsed.records.games)
    print(f"engine only, {name}, {size:.2f} MB, {hands} hands: {median:.3f} s CPU, "
          f"{size / median:.2f} MB/s, {hands / median:,.0f} hands/s "
          f"(median of {options.runs}; best {size / least:.2f} MB/s)")


if __name__ == "__main__":
    main()
