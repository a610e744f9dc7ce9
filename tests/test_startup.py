"""Start-up stays light: what needs neither the parser nor the records does not load them.

An import check, not a timing: ``--version`` and ``--help`` never import lark or pydantic,
and neither does validating a clean record, which the quick way reads without records, nor
converting it to JSON, which is written from what the quick way reads.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "three-players.block"

LOADED = (
    "import sys\n"
    "from blocknotation.cli.commands import main\n"
    "try:\n"
    "    main(sys.argv[1:])\n"
    "except SystemExit:\n"
    "    pass\n"
    "heavy = {m.split('.')[0] for m in sys.modules} & {'lark', 'pydantic'}\n"
    "sys.stderr.write(repr(sorted(heavy)))\n"
)


@pytest.mark.parametrize(
    "args",
    [["--version"], ["--help"], ["validate", "--help"], ["convert", "--help"],
     ["validate", str(SAMPLE)], ["validate", "--format", "json", str(SAMPLE)],
     ["convert", str(SAMPLE)], ["convert", "--to", "json", str(SAMPLE)]],
    ids=" ".join,
)
def test_light_commands_load_neither_lark_nor_pydantic(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True,
                          timeout=60, check=False)
    assert done.stderr.decode().endswith("[]"), done.stderr.decode()


def test_a_line_the_fast_reader_declines_loads_lark() -> None:
    """The check above can fail: a record with a syntax error does load the parser."""
    broken = "import sys\nfrom blocknotation.pipeline import validate_bytes\n" \
             "validate_bytes(b'[Players \"A B\"]\\nhand 1\\nA: 1-9\\n', 'x')\n" \
             "sys.stderr.write(repr('lark' in sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", broken], capture_output=True, timeout=60,
                          check=False)
    assert done.stderr.decode().endswith("True"), done.stderr.decode()
