"""`validate --format jsonl` on a large file: throughput, peak memory, first line's delay.

    python benchmarks/jsonl.py            # 102 MB of mixed games (cached in benchmarks/corpora/)
    python benchmarks/jsonl.py --tiny     # 1 MB, a quick check

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

from run import BLOCKNOT, CORPORA, corpus, peak_rss_mb


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
    size = 1.0 if parser.parse_args().tiny else 102.0
    whole = corpus("mixed-partial", size, "mixed", partial=True)
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
