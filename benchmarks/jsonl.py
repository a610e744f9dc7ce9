"""`validate --format jsonl` on a large file: throughput, peak memory, first line's delay,
and its CPU against `--format text` on the corpora of `run.py`.

    python benchmarks/jsonl.py            # 102 MB of mixed games (cached in benchmarks/corpora/)
    python benchmarks/jsonl.py --tiny     # 1 MB, a quick check

The CPU of `--format jsonl` is measured against `--format text` on the same file, the two
run in turn (`run.paired`), on each corpus kind of `run.py`: the ratio is what a pipeline
pays for an object per game, its digest and its JSON (target: 1.3 or less).

Peak memory is measured at two sizes (a tenth of the file, and the whole of it): a flat
figure shows that the games are not kept.  The first line's delay is the time from starting
the command on standard input until its first JSON line arrives.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import BLOCKNOT, CORPORA, KINDS, corpus, paired, peak_rss_mb


def mixed_partial(megabytes: float) -> Path:
    """Games of 2, 3 and 4 players with some deals left out, made once and cached."""
    CORPORA.mkdir(exist_ok=True)
    path = CORPORA / f"mixed-partial-{megabytes:g}MB.txt"
    if not path.exists():
        games = max(1, round(megabytes * 1e6 / 5200))  # about 5.2 kB a game
        part = path.with_suffix(".part")
        subprocess.run([*BLOCKNOT, "generate", "--games", str(games), "--seed", "2026",
                        "--partial", "--claims", "-o", str(part)], check=True)
        part.replace(path)
    return path


def first_line_delay(path: Path) -> float:
    start = time.perf_counter()
    with path.open("rb") as source:
        process = subprocess.Popen([*BLOCKNOT, "validate", "--format", "jsonl", "-"],
                                   stdin=source, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        assert process.stdout is not None
        process.stdout.readline()
        delay = time.perf_counter() - start
        process.kill()
        process.wait()
        process.stdout.close()
    return delay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (median)")
    options = parser.parse_args()
    size = 1.0 if options.tiny else 102.0
    kinds_size = 1.0 if options.tiny else 20.0
    for kind in KINDS:
        path = corpus(kind, kinds_size)
        text, jsonl = paired([*BLOCKNOT, "validate", str(path)],
                             [*BLOCKNOT, "validate", "--format", "jsonl", str(path)],
                             options.runs)
        print(f"{KINDS[kind][0]}, {kinds_size:g} MB: text {text.cpu:.2f} s CPU, jsonl "
              f"{jsonl.cpu:.2f} s CPU: {jsonl.cpu / text.cpu:.2f}x")
    whole = mixed_partial(size)
    tenth = CORPORA / f"tenth-of-{whole.name}"
    if not tenth.exists():
        data = whole.read_bytes()
        tenth.write_bytes(data[: data.index(b"\n[", len(data) // 10) + 1])
    args = [*BLOCKNOT, "validate", "--format", "jsonl"]
    start = time.perf_counter()
    subprocess.run([*args, str(whole)], stdout=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    megabytes = whole.stat().st_size / 1e6
    print(f"jsonl, {megabytes:.1f} MB: {megabytes / seconds:.2f} MB/s ({seconds:.1f} s)")
    small = tenth.stat().st_size / 1e6
    print(f"peak RSS, {small:.1f} MB: {peak_rss_mb([*args, str(tenth)]):.0f} MB")
    print(f"peak RSS, {megabytes:.1f} MB: {peak_rss_mb([*args, str(whole)]):.0f} MB")
    print(f"first line on a pipe after {first_line_delay(whole) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
