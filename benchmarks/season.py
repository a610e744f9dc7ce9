"""`blocknot standings` and `blocknot export` against `validate --format jsonl`: CPU time as
a ratio to jsonl's on each corpus of `run.py`, measured in the same run, and peak memory on
about 100 MB of records.

    python benchmarks/season.py            # the 20 MB corpora and the 100 MB one (cached)
    python benchmarks/season.py --tiny     # tiny corpora, one run each (CI runs it)

Each command runs as a user runs it (`python -m blocknotation`), in one process; its CPU
time (user + system) is the median of `--runs` runs, taken in turn with `validate --format
jsonl` on the same file (`run.paired`), so that a change in the machine's load weighs on
both alike.  Targets: at most 1.5 times jsonl's time, at most 100 MB of peak memory.  The
`--jobs 2` speed-up of `export` is of wall time.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import BIG_KIND, BLOCKNOT, KINDS, compiled, corpus, machine, paired, peak_rss_mb, table

MAX_RATIO, MAX_RSS = 1.5, 100.0  # x validate --format jsonl, MB
MARKS = {True: " ok", False: " MISS"}


def commands(out: str) -> dict[str, list[str]]:
    """The commands measured, each to be given a file."""
    return {
        "standings": [*BLOCKNOT, "standings", "--isolated"],
        "export --to parquet": [*BLOCKNOT, "export", "--isolated", "-o", out],
        "export --to csv": [*BLOCKNOT, "export", "--isolated", "--to", "csv", "-o", out],
    }


def ratios(size: float, runs: int, out: str) -> list[list[str]]:
    """On each corpus kind: jsonl's CPU time, and each command's as a ratio to it."""
    jsonl = [*BLOCKNOT, "validate", "--isolated", "--format", "jsonl"]
    measured: dict[str, dict[str, str]] = {}
    for kind in KINDS:
        path = str(corpus(kind, size))
        column = measured[kind] = {}
        floors = []
        for name, args in commands(out).items():
            base, took = paired([*jsonl, path], [*args, path], runs)
            floors.append(base.cpu)
            column[name] = f"{took.cpu / base.cpu:.2f}x{MARKS[took.cpu / base.cpu <= MAX_RATIO]}"
        floors.sort()
        column["jsonl"] = f"{floors[len(floors) // 2]:.2f} s"
        if kind == BIG_KIND:
            one, two = paired([*commands(out)["export --to parquet"], path],
                              [*commands(out)["export --to parquet"], "--jobs", "2", path], runs)
            column["jobs"] = f"{one.wall / two.wall:.2f}x"
    size_mb = {kind: corpus(kind, size).stat().st_size / 1e6 for kind in KINDS}
    rows = [["corpus", *(f"{KINDS[k][0]} ({size_mb[k]:.1f} MB)" for k in KINDS), "target"],
            ["validate --format jsonl, CPU", *(measured[k]["jsonl"] for k in KINDS), ""]]
    rows += [[f"{name}, time / jsonl", *(measured[k][name] for k in KINDS),
              f"<= {MAX_RATIO:g}x"] for name in commands(out)]
    rows.append(["export --to parquet --jobs 2, speed-up (wall)",
                 *(measured[k].get("jobs", "-") for k in KINDS), ""])
    return rows


def memory(big_size: float, out: str) -> list[list[str]]:
    """Peak resident memory of each command on the large corpus."""
    big = corpus(BIG_KIND, big_size)
    label = f"{big.stat().st_size / 1e6:.3g} MB of {KINDS[BIG_KIND][0]}"
    rows = [["measure", "figure", "target"]]
    jsonl = peak_rss_mb([*BLOCKNOT, "validate", "--isolated", "--format", "jsonl", str(big)])
    rows.append([f"peak RSS, validate --format jsonl, {label}", f"{jsonl:.0f} MB", ""])
    for name, args in commands(out).items():
        rss = peak_rss_mb([*args, str(big)])
        rows.append([f"peak RSS, {name}, {label}", f"{rss:.0f} MB{MARKS[rss <= MAX_RSS]}",
                     f"<= {MAX_RSS:g} MB"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="tiny corpora, one run each")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement")
    options = parser.parse_args()
    runs = 1 if options.tiny else options.runs
    size, big_size = (0.2, 0.5) if options.tiny else (20.0, 100.0)
    if options.tiny:  # start-up outweighs everything on tiny corpora: no verdicts
        MARKS.update({True: "", False: ""})
    compiled()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as out:
        speed = ratios(size, runs, out)
        peaks = memory(big_size, out)
    print(f"blocknot standings and export: Python {platform.python_version()}, {machine()}; "
          f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
          f"medians of {runs} runs")
    print("Times are of CPU (user + system, one process), each command run in turn with "
          "validate --format jsonl on the same file; the --jobs 2 speed-up is of wall time.")
    print()
    print(table(speed))
    print()
    print(table(peaks))


if __name__ == "__main__":
    main()
