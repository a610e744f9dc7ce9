"""Does the work grow linearly with the input?  Wall-clock figures for families of inputs.

    python benchmarks/linear_time.py [--runs N]

Each family of inputs is built at two sizes, ``FACTOR`` times apart, and the time of the
larger is divided by that of the smaller: linear work gives about ``FACTOR``, quadratic work
``FACTOR`` squared; the growth exponent is the power of the size the time grows as (1 for
linear work).  Figures only: they depend on the machine and its load.  The test suite
checks the same families without a clock, by counting the calls the work makes
(tests/test_robustness_properties.py), and imports ``FAMILIES`` from here.  The families of
``LINE_FAMILIES`` grow the length of a line, whose cost is in regular expressions that calls
cannot count: the suite checks their shape instead (tests/test_regex_linear.py).
"""

from __future__ import annotations

import argparse
import gc
import math
import time
from collections.abc import Callable

from blocknotation.formats.records.convert import convert_bytes
from blocknotation.notation.parsing import parse_bytes
from blocknotation.pipeline import validate_bytes

#: How many times larger the larger input of each family is.
FACTOR = 8

_GAME = '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-3 R\nAda: 3-3 R\n'


def _games(n: int) -> bytes:
    return (_GAME * n).encode()


def _long_hand(n: int) -> bytes:
    moves = "".join("Ada: pass\n" if i % 2 else "Bea: pass\n" for i in range(n))
    return ('[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\n' + moves).encode()


def _many_hands(n: int) -> bytes:
    hands = "".join(f"\nhand {k}\nAda: 1-2\nBea: 2-2 R\n" for k in range(1, n + 1))
    return ('[Players "Ada Bea"]\n' + hands).encode()


def _syntax_errors(n: int) -> bytes:
    return ('[Players "Ada Bea"]\n\nhand 1\n' + "Ada 1-2 } \x1b\n" * n).encode()


def _comments(n: int) -> bytes:
    return ('[Players "Ada Bea"]\n' + "# a remark\n" * n + "\nhand 1\nAda: 1-2 # ok\n").encode()


def _json(n: int) -> bytes:
    text, problems = convert_bytes(_long_hand(n), "json")
    assert text is not None, problems
    return text.encode()


def _letters_line(n: int) -> bytes:
    """Lines of ``n`` letters of another script, no colon: no statement."""
    line = ("今日はとても楽しかったです次回もよろしくお願いします" * (n // 26 + 1))[:n]
    return ('[Players "Ada Bea"]\n\nhand 1\n' + (line + "\n") * 20).encode()


def _colonless_line(n: int) -> bytes:
    """Lines of a long Cyrillic name and a tile, the colon forgotten."""
    name = ("Александра" * (n // 10 + 1))[:n]
    return ('[Players "Ada Bea"]\n\nhand 1\n' + f"{name} 4-1\n" * 20).encode()


Work = Callable[[bytes], object]

#: name: (the input of size n, the work done on it, the smaller n).
FAMILIES: dict[str, tuple[Callable[[int], bytes], Work, int]] = {
    "validate many games": (_games, lambda d: validate_bytes(d, "x"), 150),
    "validate a long hand": (_long_hand, lambda d: validate_bytes(d, "x"), 1000),
    "validate many hands": (_many_hands, lambda d: validate_bytes(d, "x"), 300),
    "parse syntax errors": (_syntax_errors, parse_bytes, 300),
    "parse comments": (_comments, parse_bytes, 2000),
    "convert text to JSON": (_long_hand, lambda d: convert_bytes(d, "json"), 800),
    "convert JSON to text": (_json, lambda d: convert_bytes(d, "text"), 800),
}

#: The same, over the length of a line (20 lines of ``n`` characters; lines are read up to
#: 10,000 characters).
LINE_FAMILIES: dict[str, tuple[Callable[[int], bytes], Work, int]] = {
    "a line of letters of another script": (_letters_line, lambda d: validate_bytes(d, "x"),
                                            500),
    "a long name, no colon": (_colonless_line, lambda d: validate_bytes(d, "x"), 500),
}


def seconds(work: Work, data: bytes, runs: int) -> float:
    """The best wall time of ``runs`` runs of ``work`` on ``data``."""
    best = float("inf")
    gc.collect()
    for _ in range(runs):
        started = time.perf_counter()
        work(data)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per size (the best counts)")
    runs = parser.parse_args().runs
    print(f"| family | n | {FACTOR}n | time n | time {FACTOR}n | ratio (linear: {FACTOR}) "
          "| growth exponent (linear: 1) |")
    print("|---|---|---|---|---|---|---|")
    for name, (build, work, n) in {**FAMILIES, **LINE_FAMILIES}.items():
        small, large = build(n), build(FACTOR * n)
        work(small)  # warm up: parser tables, imports
        a, b = seconds(work, small, runs), seconds(work, large, runs)
        print(f"| {name} | {n} | {FACTOR * n} | {a * 1000:.1f} ms | {b * 1000:.1f} ms "
              f"| {b / a:.1f} | {math.log(b / a, FACTOR):.2f} |")


if __name__ == "__main__":
    main()
