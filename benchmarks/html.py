"""How large the HTML report of a 1 MB record is, how long it takes to write and with how much
memory, and how long it takes to open and step in a browser.

    python benchmarks/html.py [--size BYTES] [--no-browser]

A record of about ``--size`` bytes is simulated (``blocknot generate``'s games, with some
deals left out), written as one page by ``validate --format html``'s code, and timed.  With
Debian's chromium and the playwright package installed, the page is then opened headless and
the figures of the browser are printed too: when the top of the page shows, when the whole
page is loaded with its controls ready (the hands near the screen drawn, the others drawn
as they come near it), and how long one step of a hand's replay takes (a
click on "forward" and the layout after it).
The page's size is given beyond its fixed overhead (the page of an empty file: style,
script, the tiles' faces) as a ratio to the record's; the memory of writing it (peak resident
set of ``blocknot validate --format html -o``, in a process of its own) at ``--size`` and
at four times it, above the floor of the same command on an empty file, with the growth
exponent of that memory.  Figures only: they depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from blocknotation.run.html_page import html_report
from blocknotation.simulator.writer import generate

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def record_of(size: int) -> bytes:
    """Simulated games, with partial deals, until the text reaches ``size`` bytes."""
    parts: list[str] = []
    total, seed = 0, 0
    while total < size:
        for text in generate(seed, 20, partial=seed % 2 == 1, claims=True):
            parts.append(text)
            total += len(text.encode("utf-8")) + 1
        seed += 1
    return "\n".join(parts).encode("utf-8")


def render(data: bytes) -> tuple[str, float, float]:
    """The page, and the seconds it took to validate and write it: by the clock, and of
    CPU time (the figure to compare on a loaded machine)."""
    start, cpu = time.perf_counter(), time.process_time()
    page, _ = html_report([("big.txt", data)])
    return page, time.perf_counter() - start, time.process_time() - cpu


def browse(path: Path) -> dict[str, float]:
    """Seconds until the page shows its top (first contentful paint), until it is loaded
    whole with its controls ready, and for one step of a hand in the middle of the page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(path.as_uri(), wait_until="load", timeout=120_000)
        loaded = time.perf_counter() - start
        # The paint entry is recorded as the frame is drawn, which may come after "load".
        painted = "performance.getEntriesByName('first-contentful-paint')"
        page.wait_for_function(f"() => {painted}.length > 0", timeout=30_000)
        paint = page.evaluate(f"{painted}[0].startTime") / 1000
        # One step, timed inside the page: the click's work and the layout that follows.
        step = page.evaluate("""() => {
            const hands = document.querySelectorAll("section.hand");
            const hand = hands[Math.floor(hands.length / 2)];
            hand.scrollIntoView();
            hand.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true}));
            document.body.offsetHeight;
            const start = performance.now();
            for (let i = 0; i < 10; i++) {
                hand.querySelector("[data-go=forward]").click();
                document.body.offsetHeight;
            }
            return (performance.now() - start) / 10 / 1000;
        }""")
        context.close()
    return {"first contentful paint": paint, "page loaded, controls ready": loaded,
            "one step of a hand": step}


def peak_memory(data: bytes) -> float:
    """Peak resident set, in MB, of a process that writes the page of ``data`` to a file."""
    with tempfile.TemporaryDirectory() as folder:
        record, page = Path(folder) / "big.txt", Path(folder) / "big.html"
        record.write_bytes(data)
        script = ("import resource, sys\n"
                  "from blocknotation.cli.entry import main\n"
                  "try:\n    main()\nexcept SystemExit:\n    pass\n"
                  "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
        done = subprocess.run(
            [sys.executable, "-c", script, "validate", "--format", "html", str(record), "-o",
             str(page)], capture_output=True, text=True, check=False)
        return int(done.stdout.split()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    data = record_of(args.size)
    page, seconds, cpu = render(data)
    fixed = len(render(b"")[0].encode("utf-8"))
    size = len(page.encode("utf-8"))
    hands = page.count('<section class="hand"')
    print(f"record: {len(data) / 1e6:.2f} MB, {hands} hands; page: {size / 1e6:.2f} MB")
    print(f"page beyond its fixed overhead ({fixed / 1e3:.0f} kB): "
          f"{(size - fixed) / len(data):.2f} x the record")
    print(f"html report written in {seconds:.2f} s, {cpu:.2f} s of CPU (validation included)")
    floor = peak_memory(b"")
    small, large = peak_memory(data), peak_memory(record_of(4 * args.size))
    mb = len(data) / 1e6
    growth = math.log(max(large - floor, 0.5) / max(small - floor, 0.5)) / math.log(4)
    print(f"memory writing it: floor {floor:.0f} MB; {small:.0f} MB at {mb:.2f} MB of record "
          f"({(small - floor) / mb:.1f} MB above the floor per MB), {large:.0f} MB at 4x "
          f"({(large - floor) / (4 * mb):.1f} per MB); growth exponent {growth:.2f}")
    if args.no_browser or not os.path.exists("/usr/bin/chromium"):
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.html"
        path.write_text(page, encoding="utf-8")
        for name, value in browse(path).items():
            print(f"browser {name}: {value * 1000:.0f} ms")


if __name__ == "__main__":
    main()
