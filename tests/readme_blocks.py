"""The fenced blocks of README.md, the commands of a transcript, and a shell that runs them
one after another as typed at a prompt: the machinery of tests/test_readme_examples.py."""

from __future__ import annotations

import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

_FENCE = re.compile(r"^```(\S*)$")
_MARKER = re.compile(r"^<!-- (file|part of|json of|not run): (\S.*) -->$")
_SEPARATOR = "\x1e"


@dataclass(frozen=True)
class Block:
    """A fenced block of the README: where it opens, its language, text and marker."""

    line: int
    lang: str
    text: str
    marker: tuple[str, str] | None
    before: str  # the line before the opening fence

    @property
    def kind(self) -> str:
        """How the block is checked: its marker, a transcript, or its language."""
        if self.marker:
            return self.marker[0]
        if self.text.startswith("$ "):
            return "transcript"
        return self.lang or "record"


def read_blocks(readme: str) -> list[Block]:
    """Every fenced block of ``readme``, in order, with the marker comment just before it."""
    lines = readme.split("\n")
    found: list[Block] = []
    at = 0
    while at < len(lines):
        fence = _FENCE.match(lines[at])
        if fence is None:
            at += 1
            continue
        end = lines.index("```", at + 1)
        before = lines[at - 1] if at else ""
        marker = _MARKER.match(before)
        found.append(Block(at + 1, fence.group(1), "".join(f"{x}\n" for x in lines[at + 1:end]),
                           (marker.group(1), marker.group(2)) if marker else None, before))
        at = end + 1
    return found


@dataclass(frozen=True)
class Step:
    """A command of a transcript and what the README shows it printing."""

    command: str
    shown: str


def transcript(text: str) -> list[Step]:
    """The commands of a transcript block (``$ `` lines) and the lines under each."""
    lines, steps, at = text.splitlines(), [], 0
    while at < len(lines):
        command = lines[at].removeprefix("$ ")
        while command.endswith("\\"):
            at += 1
            command += "\n" + lines[at]
        at += 1
        shown = []
        while at < len(lines) and not lines[at].startswith("$ "):
            shown.append(lines[at] + "\n")
            at += 1
        steps.append(Step(command, "".join(shown)))
    return steps


def without_comment(line: str) -> str:
    """A shell line without its trailing ``# comment``."""
    return re.sub(r"\s+#\s.*$", "", line).strip()


def run_session(commands: list[str], folder: Path, env: dict[str, str], *,
                pipefail: bool = False) -> list[tuple[str, int]]:
    """What each command prints (standard error joined to standard output) and its status,
    the commands run one after another in one bash, as typed at a prompt."""
    script = ["exec 2>&1", "set -o pipefail" if pipefail else ":"]
    for command in commands:
        script += [command, f'__s=$?; printf "{_SEPARATOR}%d{_SEPARATOR}" "$__s"; (exit "$__s")']
    done = subprocess.run(["bash", "--noprofile", "--norc", "-c", "\n".join(script)],
                          cwd=folder, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=300, check=False)
    parts = re.split(f"{_SEPARATOR}(\\d+){_SEPARATOR}", done.stdout.decode("utf-8"))
    assert parts[-1] == "" and len(parts) == 2 * len(commands) + 1, done.stdout
    return [(parts[i], int(parts[i + 1])) for i in range(0, len(parts) - 1, 2)]


def programs(command: str) -> set[str]:
    """The programs a shell command line starts (the first word of each simple command)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    words, first = set(), True
    for token in lexer:
        if token in {"|", "||", "&&", ";", "(", "&"}:
            first = True
        elif first and not re.match(r"^\w+=", token):
            words.add(token)
            first = False
    return words
