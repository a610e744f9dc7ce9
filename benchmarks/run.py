"""Benchmarks of blocknot: throughput by kind of record, memory, parallel speed-up, start-up.

    python benchmarks/run.py                  # the full set (several minutes; corpora cached)
    python benchmarks/run.py --tiny           # every measurement on tiny corpora (CI runs it)
    python benchmarks/run.py --profile hidden # cProfile's top functions of validate on a corpus

Four corpora of generated games (2, 3 or 4 players), made with `blocknot generate` and cached
in benchmarks/corpora/: clean (every deal and claim written), hidden deals (some deals left
out, shows for those players), 1 game in 10 with one scorer's mistake, and disputed counts
(shows and claims only).  The installed blocknot runs as a user runs it (`python -m
blocknotation`), one process unless said otherwise, and every time is the median of several
runs.  The package's bytecode is compiled first, as ``pip install`` leaves it.  The
tokenisation floor is a bare `re.finditer` over the same file in this process: the least any
reader of the notation has to do.  Each figure is printed with its target.
"""

from __future__ import annotations

import argparse
import os
import platform
import pstats
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
ROOT = HERE.parent
BLOCKNOT = [sys.executable, "-m", "blocknotation"]

# Every token of the notation: tiles, names and keywords, numbers, strings, comments,
# punctuation and line ends.
TOKEN = re.compile(
    r'[0-9]-[0-9]|\[[0-9]\|[0-9]\]|[^\W\d_][\w\'-]*|[0-9]+|"(?:[^"\\\n]|\\.)*"|#[^\n]*'
    r"|[:,\-\[\]]|\n"
)

# The kinds of corpus: label and `blocknot generate` options.
KINDS: dict[str, tuple[str, list[str]]] = {
    "clean": ("clean", ["--claims"]),
    "hidden": ("hidden deals", ["--partial", "--claims"]),
    "mistakes": ("1 in 10 mistakes", ["--claims", "--mistakes", "0.1"]),
    "counts": ("disputed counts", ["--counts-only"]),
}
CONVERTED = ("clean", "hidden")  # the kinds converted both ways and run with --jobs 2
BIG_KIND = "hidden"  # the kind of the large corpus memory is measured on

# Targets.
MIN_VALIDATE, MAX_RATIO, MAX_RATIO_CLEAN = 5.0, 4.0, 2.6  # MB/s, x floor, x floor (clean)
MIN_CONVERT, MIN_SPEEDUP, MAX_RSS = 4.0, 1.8, 80.0  # MB/s, x, MB
DEAR = 30.0  # seconds: a measurement this slow is run once, not several times


def corpus(kind: str, megabytes: float) -> Path:
    """A generated corpus of ``kind`` of at least about ``megabytes``, made once and cached."""
    CORPORA.mkdir(exist_ok=True)
    path = CORPORA / f"{kind}-{megabytes:g}MB.txt"
    if not path.exists():
        options = KINDS[kind][1]
        sample = _generate(200, options, seed=1)
        games = max(1, round(megabytes * 1e6 / (len(sample) / 200)))
        part = path.with_suffix(".part")
        subprocess.run([*BLOCKNOT, "generate", "--games", str(games), "--seed", "2026",
                        *options, "-o", str(part)], check=True)
        part.replace(path)
    return path


def _generate(games: int, options: list[str], seed: int) -> bytes:
    args = [*BLOCKNOT, "generate", "--games", str(games), "--seed", str(seed), *options]
    return subprocess.run(args, capture_output=True, check=True).stdout


def json_twin(path: Path) -> Path:
    """The record JSON of ``path``, made once with `blocknot convert` and cached."""
    twin = path.with_suffix(".json")
    if not twin.exists():
        part = path.with_suffix(".json.part")
        subprocess.run([*BLOCKNOT, "convert", str(path), "-o", str(part)], check=True)
        part.replace(twin)
    return twin


class Time(NamedTuple):
    """Median seconds of a command: on the clock, and of CPU (user + system, with children)."""

    wall: float
    cpu: float


def timed(args: list[str], runs: int) -> Time:
    """Median times of running ``args`` (output discarded), ``runs`` times; once only when
    that once takes longer than ``DEAR`` seconds."""
    walls: list[float] = []
    cpus: list[float] = []
    while len(walls) < (runs if not walls or walls[0] < DEAR else 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return Time(statistics.median(walls), statistics.median(cpus))


def paired(first: list[str], second: list[str], runs: int) -> tuple[Time, Time]:
    """``timed`` of two commands run in turn, so that a change in the machine's load while
    they run weighs on both alike."""
    ones: list[Time] = []
    twos: list[Time] = []
    for _ in range(runs):
        ones.append(timed(first, 1))
        twos.append(timed(second, 1))
    return _median(ones), _median(twos)


def _median(times: list[Time]) -> Time:
    return Time(statistics.median(t.wall for t in times), statistics.median(t.cpu for t in times))


def tokenisation_floor(path: Path, runs: int) -> float:
    """Median CPU time to read the file and tokenise it with re.finditer."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        text = path.read_text(encoding="utf-8")
        for _match in TOKEN.finditer(text):
            pass
        times.append(time.process_time() - start)
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


@dataclass
class Figures:
    """What was measured on one corpus: sizes, median CPU seconds, and the wall seconds of
    validate with one process and with two."""

    megabytes: float
    hands: int
    floor: float
    validate: float
    wall1: float
    to_json: float | None = None
    to_text: float | None = None
    wall2: float | None = None


def measure(kind: str, megabytes: float, runs: int) -> Figures:
    path = corpus(kind, megabytes)
    validate = [*BLOCKNOT, "validate", "--format", "json"]
    if kind in CONVERTED:
        one, two = paired([*validate, str(path)], [*validate, "--jobs", "2", str(path)], runs)
    else:
        one, two = timed([*validate, str(path)], runs), None
    figures = Figures(path.stat().st_size / 1e6, hands_in(path), tokenisation_floor(path, runs),
                      one.cpu, one.wall, wall2=None if two is None else two.wall)
    if kind in CONVERTED:
        twin = json_twin(path)
        figures.to_json = timed([*BLOCKNOT, "convert", str(path)], runs).cpu
        figures.to_text = timed([*BLOCKNOT, "convert", str(twin)], runs).cpu
    return figures


MARKS = {True: " ok", False: " MISS"}  # after a figure: does it meet its target?


def mark(ok: bool) -> str:
    return MARKS[ok]


def throughput_rows(figures: dict[str, Figures]) -> list[list[str]]:
    """The table of throughput, one column per kind of corpus, then the targets."""
    def each(cell: Callable[[Figures, str], str]) -> list[str]:
        return [cell(f, kind) for kind, f in figures.items()]

    def rate(seconds: float | None, f: Figures, minimum: float) -> str:
        if seconds is None:
            return "-"
        return f"{f.megabytes / seconds:.2f}{mark(f.megabytes / seconds >= minimum)}"

    def ratio(f: Figures, kind: str) -> str:
        limit = MAX_RATIO_CLEAN if kind == "clean" else MAX_RATIO
        return f"{f.validate / f.floor:.2f}x{mark(f.validate / f.floor <= limit)}"

    def speedup(f: Figures, kind: str) -> str:
        if f.wall2 is None:
            return "-"
        return f"{f.wall1 / f.wall2:.2f}x{mark(f.wall1 / f.wall2 >= MIN_SPEEDUP)}"

    return [
        ["corpus", *[KINDS[kind][0] for kind in figures], "target"],
        ["size", *each(lambda f, k: f"{f.megabytes:.1f} MB, {f.hands:,} hands"), ""],
        ["tokenisation floor (re.finditer), MB/s",
         *each(lambda f, k: f"{f.megabytes / f.floor:.2f}"), ""],
        ["validate --format json, MB/s",
         *each(lambda f, k: rate(f.validate, f, MIN_VALIDATE)), f">= {MIN_VALIDATE:g}"],
        ["validate, hands/s", *each(lambda f, k: f"{f.hands / f.validate:,.0f}"), ""],
        ["validate, time / floor", *each(ratio),
         f"<= {MAX_RATIO_CLEAN:g}x clean, <= {MAX_RATIO:g}x others"],
        ["convert text -> JSON, MB/s", *each(lambda f, k: rate(f.to_json, f, MIN_CONVERT)),
         f">= {MIN_CONVERT:g}"],
        ["convert JSON -> text, MB/s", *each(lambda f, k: rate(f.to_text, f, MIN_CONVERT)),
         f">= {MIN_CONVERT:g}"],
        ["validate --jobs 2, speed-up (wall)", *each(speedup), f">= {MIN_SPEEDUP:g}x"],
    ]


def memory_and_start_rows(big_size: float, size: float, start_runs: int) -> list[list[str]]:
    """Peak memory on a large text corpus (and on the JSON of the ``size`` one, which is
    several times larger than its text), and the time to start."""
    big = corpus(BIG_KIND, big_size)
    twin = json_twin(corpus(BIG_KIND, size))
    name = KINDS[BIG_KIND][0]
    text_mb, json_mb = f"{big.stat().st_size / 1e6:.3g}", f"{twin.stat().st_size / 1e6:.3g}"
    rows = [["measure", "figure", "target"]]
    for label, args in (
        (f"peak RSS, validate --format json, {text_mb} MB text ({name})",
         [*BLOCKNOT, "validate", "--format", "json", str(big)]),
        (f"peak RSS, convert text -> JSON, {text_mb} MB text ({name})",
         [*BLOCKNOT, "convert", str(big), "-o", os.devnull]),
        (f"peak RSS, convert JSON -> text, {json_mb} MB JSON ({name})",
         [*BLOCKNOT, "convert", str(twin), "-o", os.devnull]),
    ):
        rss = peak_rss_mb(args)
        rows.append([label, f"{rss:.0f} MB{mark(rss <= MAX_RSS)}", f"<= {MAX_RSS:g} MB"])
    bare = timed([sys.executable, "-c", "pass"], start_runs)
    for label, args in (
        ("start-up: python -c pass", None),
        ("start-up: blocknot --version", [*BLOCKNOT, "--version"]),
        ("start-up: validate a one-game record",
         [*BLOCKNOT, "validate", str(ROOT / "samples" / "three-players.block")]),
    ):
        took = bare if args is None else timed(args, start_runs)
        rows.append([label, f"{took.wall * 1000:.0f} ms wall, {took.cpu * 1000:.0f} ms CPU"
                            f" ({took.cpu / bare.cpu:.1f}x)", ""])
    return rows


def compiled() -> None:
    """Compile the package's bytecode, as ``pip install`` does, so that no command measured
    here compiles its sources first (which it would where ``PYTHONDONTWRITEBYTECODE`` is set
    or the package directory was never imported from)."""
    import compileall

    import blocknotation

    compileall.compile_dir(Path(blocknotation.__file__).parent, quiet=1)


def table(rows: list[list[str]]) -> str:
    """``rows`` as a Markdown table, the first row its header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
             for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def machine() -> str:
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = re.findall(r"^model name\s*:\s*(.+)$", cpuinfo.read_text(), re.MULTILINE)
        model = names[0].strip() if names else model
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}"


def profile(kind: str, megabytes: float, top: int = 20) -> None:
    """Print cProfile's top functions (by own, then cumulative time) of `validate --format
    json` on a corpus."""
    path = corpus(kind, megabytes)
    out = CORPORA / f"{kind}-{megabytes:g}MB.prof"
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m", "blocknotation",
                    "validate", "--format", "json", str(path)],
                   stdout=subprocess.DEVNULL, check=False)
    print(f"validate --format json {path.name} ({path.stat().st_size / 1e6:.1f} MB)")
    stats = pstats.Stats(str(out))
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", action="store_true", help="tiny corpora, one run each")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement")
    parser.add_argument("--profile", choices=sorted(KINDS), default=None,
                        help="only profile validate on this kind of corpus")
    options = parser.parse_args()
    runs = 1 if options.tiny else options.runs
    size, big_size = (0.2, 0.5) if options.tiny else (20.0, 100.0)
    if options.profile:
        profile(options.profile, size)
        return
    if options.tiny:  # start-up outweighs everything on tiny corpora: no verdicts
        MARKS.update({True: "", False: ""})
    compiled()
    load = os.getloadavg()[0]
    figures = {kind: measure(kind, size, runs) for kind in KINDS}
    others = memory_and_start_rows(big_size, size, 3 if options.tiny else 15)
    print(f"blocknot benchmarks: Python {platform.python_version()}, {machine()}; "
          f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
          f"medians of {runs} runs (one run when it takes over {DEAR:g} s)")
    print("Throughput is of CPU time (user + system, one process), so that other work on the "
          "machine counts less; the speed-up of --jobs 2 is of wall time, with runs of 1 and 2 "
          "processes taken in turn. MB/s counts the text record's bytes (convert JSON -> text: "
          "the bytes of the text it writes).")
    print()
    print(table(throughput_rows(figures)))
    print()
    print(table(others))


if __name__ == "__main__":
    main()
