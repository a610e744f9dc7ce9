"""What the costs with a bound grow with, and how fast: each printed with its growth exponent.

    python benchmarks/costs.py            # the sizes below
    python benchmarks/costs.py --tiny     # small sizes, to check that it runs (CI)

- **The directory walk** (`run/inputs.expand`) of folders nested one in another, a record at
  the bottom and a .gitignore at the top, with and without `--no-respect-gitignore`: by the
  number of folders.  Going up the tree again from each folder made it grow with the cube
  of the depth (750 folders: 55.7 s); each folder's chain of .gitignore files is now built
  once, from its parent's.
- **`per-file-ignores`** (`basics/config.py`): a configuration of many patterns read once,
  then matched against each file's path: the reading by the number of patterns, the
  matching by the number of files (each pattern was compiled again for every file: 0.5 s a
  file for 5,000 patterns).

The growth exponent between two sizes n1 < n2 is log(t2 / t1) / log(n2 / n1): 1 is linear,
2 quadratic, 3 cubic.  Figures only: they depend on the machine and its load (the best of
`--runs` runs is kept).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from blocknotation.basics import config
from blocknotation.run.inputs import Filters, expand

RECORD = b'[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-2 R\n'


def best(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def exponent(n1: float, t1: float, n2: float, t2: float) -> float:
    return math.log(max(t2, 1e-9) / max(t1, 1e-9)) / math.log(n2 / n1)


def nested(top: Path, depth: int) -> None:
    (top / ".git").mkdir(parents=True)
    (top / ".gitignore").write_text("*.tmp\nscratch/\n", "utf-8")
    path = str(top)
    for _ in range(depth):  # one at a time: os.makedirs goes up the tree by recursion
        path = os.path.join(path, "d")
        os.mkdir(path)
    folder = Path(path)
    (folder / "x.block").write_bytes(RECORD)


def walk(root: Path, sizes: list[int], runs: int) -> None:
    print("directory walk, folders nested one in another:")
    for gitignore in (True, False):
        found = []
        for depth in sizes:
            top = root / f"walk-{depth}"
            if not top.exists():
                nested(top, depth)
            filters = Filters(respect_gitignore=gitignore)
            expand([str(top)], filters)  # once before timing: the modules loaded, the disk read
            seconds = best(lambda top=top, filters=filters: expand([str(top)], filters), runs)
            found.append((depth, seconds))
        print("  " + ("with .gitignore files" if gitignore else "--no-respect-gitignore"))
        report(found, "folders")


def patterns(root: Path, sizes: list[int], files: list[int], runs: int) -> None:
    print("per-file-ignores:")
    loaded, matched = [], []
    for count in sizes:
        folder = root / f"patterns-{count}"
        folder.mkdir()
        table = "".join(f'"other{n}/**/*.block" = ["E50"]\n' for n in range(count))
        (folder / "blocknot.toml").write_text(f"[per-file-ignores]\n{table}", "utf-8")
        path = str(folder / "blocknot.toml")

        def read(path: str = path) -> config.Config:
            config._LOADED.clear()  # read it again each run
            return config.load(path)

        loaded.append((count, best(read, runs)))
        if count == sizes[0]:
            settings = read()
            for many in files:
                names = [str(folder / f"x{n}.block") for n in range(many)]
                matched.append((many, best(
                    lambda names=names, settings=settings: [settings.ignored_for(n)
                                                            for n in names], runs)))
    print("  reading the configuration")
    report(loaded, "patterns")
    print(f"  matching {sizes[0]:,} patterns")
    report(matched, "files")


def report(found: list[tuple[int, float]], unit: str) -> None:
    for (n, seconds), before in zip(found, [None, *found[:-1]], strict=True):
        grown = "" if before is None else (
            f"   growth exponent {exponent(before[0], before[1], n, seconds):+.2f}")
        print(f"    {n:>7,} {unit:<8} {seconds:9.3f} s{grown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="small sizes (CI)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="blocknot-costs-"))
    try:
        if args.tiny:
            walk(root, [20, 40], 1)
            patterns(root, [100, 200], [5, 10], 1)
        else:
            walk(root, [250, 500, 1000], args.runs)
            patterns(root, [5_000, 10_000, 20_000], [50, 100, 200], args.runs)
    finally:
        removed(root)


def removed(root: Path) -> None:
    """Remove ``root``, its deepest folders first (``shutil.rmtree`` goes down by recursion,
    and these trees are deeper than Python recurses)."""
    for top in sorted(root.glob("walk-*")):
        deepest = top
        while (deepest / "d").is_dir():
            deepest = deepest / "d"
        while deepest != top:
            for entry in os.scandir(deepest):
                if not entry.is_dir():
                    os.unlink(entry.path)
            os.rmdir(deepest)
            deepest = deepest.parent
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
