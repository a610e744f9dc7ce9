"""The README's Library example runs as printed and prints what the README says.

The code block is taken from README.md as it is (``tools/readme_example.py`` extracts it) and
run from the root of the repository, where its ``samples/`` paths resolve.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "readme_example.py"
spec = importlib.util.spec_from_file_location("readme_example", TOOL)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

CODE, OUTPUT = tool.library_example((ROOT / "README.md").read_text("utf-8"))


def test_the_example_prints_what_the_readme_shows() -> None:
    done = tool.run(CODE, ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == OUTPUT


def test_the_output_shown_is_the_one_asserted_here() -> None:
    """What the example shows a reader, pinned so that a wrong README cannot pass unread."""
    lines = OUTPUT.splitlines()
    assert lines[0] == "True won Bea {'Ada': 8, 'Bea': 104}"
    assert lines[1:3] == ["4 play", "5 play"]
    assert lines[3].startswith("S002 6 6 pip 9 in 1-9")
    assert lines[4] == "False 1 1"
    assert [line.split()[:2] for line in lines[5:7]] == [["P403", "5"], ["E501", "5"]]
    assert lines[7:] == ["1 6 won Cy"]

