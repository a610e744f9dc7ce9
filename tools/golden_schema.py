"""Regenerate the golden JSON Schema: tests/golden/schema/record.schema.json.

    python tools/golden_schema.py            # rewrite it from `blocknot schema`
    python tools/golden_schema.py --check    # exit 1 if it differs from what the code prints

The file is exactly what `blocknot schema` prints (run here as `python -m blocknotation
schema`), so it pins the published schema of record JSON: a change to the records shows up
as a diff to review.  Never edit it by hand: change the code, run this script, and review the
diff.  tests/test_golden_schema.py compares it with the command's output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "schema" / "record.schema.json"


def printed() -> bytes:
    """What `blocknot schema` prints, run from the repository's sources."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "blocknotation", "schema"], cwd=ROOT,
                          env=env, capture_output=True, check=True, timeout=120).stdout


def main(argv: list[str]) -> int:
    schema = printed()
    if argv == ["--check"]:
        if GOLDEN.read_bytes() == schema:
            return 0
        print(f"{GOLDEN} is out of date: run python tools/golden_schema.py", file=sys.stderr)
        return 1
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_bytes(schema)
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
