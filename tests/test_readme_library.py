"""The README's Library example runs as printed and prints what the README says, and so does
the example of docs/library.md that shows ``parse``, ``validate`` and ``validate_stream``.

The code block is taken from README.md as it is (``tools/readme_example.py`` extracts it) and
run from the root of the repository, where the ``samples/`` paths of the examples resolve.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "readme_example.py"
spec = importlib.util.spec_from_file_location("readme_example", TOOL)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

CODE, OUTPUT = tool.library_example((ROOT / "README.md").read_text("utf-8"))


def _functions_example() -> tuple[str, str]:
    """The example of docs/library.md that starts with importing ``parse``, and its output."""
    text = (ROOT / "docs" / "library.md").read_text("utf-8")
    found = re.search(r"^```python\n(from blocknotation import parse, .*?)^```\n\n"
                      r"It prints:\n\n```text\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert found is not None, "docs/library.md shows parse, validate and validate_stream"
    return found.group(1), found.group(2)


def test_the_example_prints_what_the_readme_shows() -> None:
    done = tool.run(CODE, ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == OUTPUT


def test_the_output_shown_is_the_one_asserted_here() -> None:
    """What the example shows a reader, pinned so that a wrong README cannot pass unread:
    ``Table`` plays a whole hand, to Bea's domino with three of Ada's tiles left."""
    assert "from blocknotation import Table, TablePass" in CODE
    assert "while not table.is_over()" in CODE
    chain, outcome = OUTPUT.splitlines()
    assert chain.split() == ["Ada:0-1", "Bea:0-0", "Ada:1-2", "Bea:0-2", "Bea:2-2", "Bea:2-3",
                             "Ada:3-4", "Bea:0-4", "Bea:0-3", "Ada:3-6", "Bea:0-6"]
    assert outcome == "Outcome(kind='domino', winner='Bea') (0, 2) [(1, 5), (1, 6), (4, 4)]"


def test_the_functions_example_prints_what_the_page_shows() -> None:
    code, output = _functions_example()
    done = tool.run(code, ROOT)
    assert (done.stdout, done.stderr, done.returncode) == (output, "", 0)
    lines = output.splitlines()
    assert lines[0] == "True won Bea {'Ada': 8, 'Bea': 104}"
    assert lines[1:3] == ["4 play", "5 play"]
    assert lines[3].startswith("S002 6 6 pip 9 in 1-9")
    assert lines[4] == "False 1 1"
    assert [line.split()[:2] for line in lines[5:7]] == [["P403", "5"], ["E501", "5"]]
    assert lines[7:] == ["1 6 won Cy"]
