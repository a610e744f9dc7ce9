"""Fail when the tests run fewer than ``--fail-under`` percent of the package's lines.

    coverage combine && coverage json -o coverage.json && python tools/coverage_lines.py

coverage.py's own ``fail_under`` judges its total, which counts branches with lines once
branch coverage is on; blocknot's bar is on lines (docs/development.md, "Coverage").  Prints
both figures: the lines, and lines and branches together.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def figures(report: dict[str, object]) -> tuple[float, float]:
    """The percentage of lines run, and of lines and branches together."""
    totals = report["totals"]
    assert isinstance(totals, dict)
    lines = 100.0 * totals["covered_lines"] / max(totals["num_statements"], 1)
    return lines, float(totals["percent_covered"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", nargs="?", default="coverage.json")
    parser.add_argument("--fail-under", type=float, default=95.0)
    args = parser.parse_args()
    lines, both = figures(json.loads(Path(args.report).read_text("utf-8")))
    print(f"coverage: {lines:.1f}% of lines, {both:.1f}% of lines and branches")
    if lines < args.fail_under:
        print(f"coverage: under {args.fail_under:g}% of lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
