"""docs/scale.md's Dask recipe on a local cluster of 2 worker processes: hands per second,
against `blocknot validate --format jsonl` in one process, and what 10^9 hands would take.

    python benchmarks/dask_scale.py            # 20 MB of 3-player games, cut into 16 files
    python benchmarks/dask_scale.py --tiny     # 1 MB
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import BLOCKNOT, CORPORA, corpus, hands_in

FILES = 16


def split(whole: Path) -> list[Path]:
    """The corpus cut into FILES files at game boundaries (cached next to it)."""
    directory = CORPORA / f"split-{whole.stem}"
    if not directory.exists():
        directory.mkdir()
        data = whole.read_bytes()
        step, start = len(data) // FILES, 0
        for number in range(FILES):
            end = len(data) if number == FILES - 1 else data.index(b"\n[", start + step) + 1
            (directory / f"part{number:02}.block").write_bytes(data[start:end])
            start = end
    return sorted(directory.glob("*.block"))


def main() -> None:
    import distributed

    from blocknotation.scale import jsonl_bag

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true")
    size = 1.0 if parser.parse_args().tiny else 20.0
    whole = corpus("three-claims", size, "3")
    paths = [str(p) for p in split(whole)]
    hands = hands_in(whole)
    start = time.perf_counter()
    subprocess.run([*BLOCKNOT, "validate", "--format", "jsonl", *paths],
                   stdout=subprocess.DEVNULL, check=False)
    one = time.perf_counter() - start
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster), tempfile.TemporaryDirectory() as out:
        jsonl_bag(paths[:2]).compute()  # warm the workers up (imports)
        start = time.perf_counter()
        jsonl_bag(paths).to_textfiles(f"{out}/*.jsonl", last_endline=True)
        two = time.perf_counter() - start
    rate = hands / two
    print(f"corpus: {whole.stat().st_size / 1e6:.1f} MB, {hands:,} hands, {len(paths)} files")
    print(f"validate --format jsonl, 1 process: {hands / one:,.0f} hands/s ({one:.1f} s)")
    print(f"dask.bag, 2 worker processes:      {rate:,.0f} hands/s ({two:.1f} s)")
    seconds = 1e9 / rate
    print(f"10^9 hands at that rate: 1e9 / {rate:,.0f} = {seconds:,.0f} s = "
          f"{seconds / 3600:,.1f} h on 2 workers; on W workers, about {seconds / 3600 * 2:,.1f} "
          "h / W (if it scales linearly)")


if __name__ == "__main__":
    main()
