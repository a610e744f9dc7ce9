"""Run the Library example of README.md exactly as printed and compare what it prints.

    python tools/readme_example.py [DIRECTORY]

The example is the first ``python`` block of the README's "Library" section; what it must
print is the ``text`` block after it.  It runs in a new interpreter in DIRECTORY (the
current one by default), where an example that reads the ``samples/`` folder of the
repository finds it.  Exit
status 0 when the output is the README's, 1 (with a diff) when not.  Used by
tests/test_readme_library.py and by .ci/run (there from outside the checkout, against the
installed package).
"""

from __future__ import annotations

import difflib
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def library_example(readme: str) -> tuple[str, str]:
    """The example's code and the output the README says it prints."""
    section = readme.split("\n## Library\n", 1)[1].split("\n## ", 1)[0]
    blocks = [(m.group(1), m.group(2)) for m in _BLOCK.finditer(section)]
    kinds = [kind for kind, _ in blocks]
    at = kinds.index("python")
    if kinds[at + 1 : at + 2] != ["text"]:
        raise ValueError("the Library example has no ```text block of its output after it")
    return blocks[at][1], blocks[at + 1][1]


def run(code: str, directory: Path) -> subprocess.CompletedProcess[str]:
    """The example run as a script of its own in ``directory``."""
    return subprocess.run([sys.executable, "-c", code], cwd=directory, capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else Path.cwd()
    code, expected = library_example(README.read_text("utf-8"))
    done = run(code, directory)
    if done.returncode == 0 and done.stdout == expected:
        print(f"README Library example: {len(expected.splitlines())} lines as printed")
        return 0
    sys.stdout.write(done.stderr)
    sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True),
                                               done.stdout.splitlines(True), "README", "ran"))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
