"""The README's examples of ``blocknot format`` and ``validate --fix`` run as printed.

Each ``$ `` line of the code blocks in the sections "Fixing records" and "blocknot format"
is run by bash, in order, in a new directory (the blocknot of this interpreter's
environment first on PATH), and what it prints on standard output and standard error, in
the order printed, must be the lines that follow it in the README.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
SECTIONS = ("#### Fixing records: ", "### `blocknot format FILE…`")
_BLOCK = re.compile(r"^```\n(\$ .*?)^```$", re.MULTILINE | re.DOTALL)


def _section(heading: str) -> str:
    start = README.index(f"\n{heading}") + 1
    following = re.compile(r"^#{2,4} ", re.MULTILINE).search(README, start + len(heading))
    assert following is not None
    return README[start : following.start()]


def _sessions(heading: str) -> list[list[tuple[str, str]]]:
    sessions = []
    for block in _BLOCK.findall(_section(heading)):
        steps: list[tuple[str, str]] = []
        for line in block.splitlines(True):
            if line.startswith("$ "):
                steps.append((line[2:].rstrip("\n"), ""))
            else:
                command, shown = steps[-1]
                steps[-1] = (command, shown + line)
        sessions.append(steps)
    return sessions


SESSIONS = [(heading, steps) for heading in SECTIONS for steps in _sessions(heading)]


def test_every_section_has_examples() -> None:
    assert [heading for heading, _ in SESSIONS] == [SECTIONS[0], SECTIONS[0], SECTIONS[1]]


@pytest.mark.parametrize(("heading", "steps"), SESSIONS,
                         ids=[f"{h.strip('#` ')}-{i}" for i, (h, _) in enumerate(SESSIONS)])
def test_the_example_prints_what_the_readme_shows(heading: str, steps: list[tuple[str, str]],
                                                  tmp_path: Path) -> None:
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("LANGUAGE", None)
    for command, shown in steps:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120,
                              check=False)
        assert done.stdout == shown, command
