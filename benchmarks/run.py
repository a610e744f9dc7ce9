"""Benchmarks of blocknot: throughput, memory, parallel speed-up and start-up.

    python benchmarks/run.py            # the full set (a few minutes; corpora are cached)
    python benchmarks/run.py --tiny     # a quick run on tiny corpora (what CI runs)

It generates its corpora with `blocknot generate` (cached in benchmarks/corpora/), runs the
installed blocknot (`python -m blocknotation`) as a user would, and prints a table.  Every
time is the median of several runs.  The tokenizer floor is a plain `re.finditer` over the
same file in this process: the least any reader of the notation has to do.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
BLOCKNOT = [sys.executable, "-m", "blocknotation"]
ROOT = HERE.parent

# Every token of the notation: tiles, names and keywords, numbers, strings, comments,
# punctuation and line ends.
TOKEN = re.compile(
    r'[0-9]-[0-9]|\[[0-9]\|[0-9]\]|[^\W\d_][\w\'-]*|[0-9]+|"(?:[^"\\\n]|\\.)*"|#[^\n]*'
    r"|[:,\-\[\]]|\n"
)


def corpus(name: str, megabytes: float, players: str, partial: bool = False) -> Path:
    """A generated corpus of at least ``megabytes``, made once and cached."""
    CORPORA.mkdir(exist_ok=True)
    path = CORPORA / f"{name}-{megabytes:g}MB.txt"
    if path.exists():
        return path
    # Measure a small batch to size the real one.
    sample = _generate(200, players, partial, seed=1)
    games = max(1, round(megabytes * 1e6 / (len(sample) / 200)))
    path.write_bytes(_generate(games, players, partial, seed=2026))
    return path


def _generate(games: int, players: str, partial: bool, seed: int) -> bytes:
    args = [*BLOCKNOT, "generate", "--games", str(games), "--players", players,
            "--seed", str(seed), "--claims"]
    if partial:
        args.append("--partial")
    return subprocess.run(args, capture_output=True, check=True).stdout


def timed(args: list[str], runs: int) -> float:
    """Median wall time of running ``args`` (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def tokenizer_floor(path: Path, runs: int) -> float:
    """Median time to read the file and tokenize it with re.finditer."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        text = path.read_text(encoding="utf-8")
        for _match in TOKEN.finditer(text):
            pass
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_rss_mb(args: list[str]) -> float:
    """Peak resident memory of a command, in MB, measured by a fresh watcher process."""
    watcher = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", watcher, *args], capture_output=True,
                         text=True, check=True).stdout
    return int(out.strip()) / 1024


def hands_in(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.startswith(b"hand "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", action="store_true", help="tiny corpora, one run each")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement")
    options = parser.parse_args()
    runs = 1 if options.tiny else options.runs
    size = 0.2 if options.tiny else 20.0
    big_size = 0.5 if options.tiny else 100.0

    main_corpus = corpus("three-players-claims", size, "3")
    big = corpus("mixed-partial", big_size, "mixed", partial=True)
    megabytes = main_corpus.stat().st_size / 1e6
    hands = hands_in(main_corpus)

    rows: list[tuple[str, str]] = []

    def throughput(label: str, args: list[str]) -> float:
        seconds = timed(args, runs)
        rows.append((label, f"{megabytes / seconds:.2f} MB/s, {hands / seconds:,.0f} hands/s"
                            f" ({seconds:.2f} s)"))
        return seconds

    floor = tokenizer_floor(main_corpus, runs)
    rows.append(("tokenizer floor (re.finditer)", f"{megabytes / floor:.2f} MB/s ({floor:.2f} s)"))
    json_time = throughput("validate --format json",
                           [*BLOCKNOT, "validate", "--format", "json", str(main_corpus)])
    rows.append(("  ratio to the tokenizer floor", f"{json_time / floor:.2f}x"))
    throughput("validate --format text", [*BLOCKNOT, "validate", str(main_corpus)])
    throughput("convert (text to JSON)", [*BLOCKNOT, "convert", str(main_corpus)])
    two = timed([*BLOCKNOT, "validate", "--format", "json", "--jobs", "2", str(main_corpus)],
                runs)
    rows.append(("validate --format json --jobs 2",
                 f"{megabytes / two:.2f} MB/s, speed-up {json_time / two:.2f}x"))
    rss = peak_rss_mb([*BLOCKNOT, "validate", "--format", "json", str(big)])
    rows.append((f"peak RSS, validate {big.stat().st_size / 1e6:.0f} MB", f"{rss:.0f} MB"))
    rss_convert = peak_rss_mb([*BLOCKNOT, "convert", str(big)])
    rows.append((f"peak RSS, convert {big.stat().st_size / 1e6:.0f} MB", f"{rss_convert:.0f} MB"))

    start_runs = 3 if options.tiny else 15
    bare = timed([sys.executable, "-c", "pass"], start_runs)
    version = timed([*BLOCKNOT, "--version"], start_runs)
    one_game = timed([*BLOCKNOT, "validate", str(ROOT / "samples" / "three-players.txt")],
                     start_runs)
    rows.append(("python -c pass", f"{bare * 1000:.0f} ms"))
    rows.append(("blocknot --version", f"{version * 1000:.0f} ms ({version / bare:.1f}x)"))
    rows.append(("validate, one-game sample", f"{one_game * 1000:.0f} ms ({one_game / bare:.1f}x)"))

    print(f"blocknot benchmarks: Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores; corpus {main_corpus.name} ({megabytes:.1f} MB, "
          f"{hands:,} hands); medians of {runs} runs")
    width = max(len(label) for label, _ in rows)
    print(f"| {'measure':<{width}} | figure |")
    print(f"|{'-' * (width + 2)}|--------|")
    for label, figure in rows:
        print(f"| {label:<{width}} | {figure} |")


if __name__ == "__main__":
    main()
