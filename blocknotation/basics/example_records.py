"""The example records of ``blocknot rules``, as shown to a reader in their language.

The examples are real records in ``blocknotation/examples/``, one pair per code
(``P405.bad.txt``, ``P405.good.txt``), shown exactly as they are except that their comments
are translated: each comment's text is an English msgid (``tools/translations.py`` extracts
them), so ``--lang it`` shows the same record with Italian comments.  Comments cannot change
how a record is read, so a translated example reports what the file itself reports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from importlib import resources
from importlib.resources.abc import Traversable

__all__ = [
    "comment_at",
    "comments",
    "example_bytes",
    "example_names",
    "examples_dir",
    "hex_lines",
    "translated_example",
]

_WORDS = re.compile(r"[^\W\d_]")
"""A comment worth translating holds a letter; ``# 24 - 12`` reads the same everywhere."""


def examples_dir() -> Traversable:
    """The directory of example records, inside the installed package."""
    return resources.files("blocknotation") / "examples"


def example_names() -> list[str]:
    """The names of every example file, sorted."""
    return sorted(item.name for item in examples_dir().iterdir()
                  if item.name.endswith((".txt", ".bin")))


def example_bytes(name: str) -> bytes:
    """The bytes of the example file ``name`` (``P405.bad.txt``)."""
    return (examples_dir() / name).read_bytes()


def comment_at(line: str) -> int | None:
    """Where the comment of ``line`` starts (its ``#``), or None: a ``#`` inside a tag's
    quoted value does not start one."""
    quoted = escaped = False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return index
    return None


def _commented(text: str) -> Iterator[tuple[int, int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        start = comment_at(line)
        if start is not None:
            words = line[start + 1 :].strip()
            if _WORDS.search(words):
                yield number, start, words


def comments(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, comment text)`` of every comment worth translating in ``text``."""
    for number, _, words in _commented(text):
        yield number, words


def translated_example(text: str, translate: Callable[[str], str]) -> str:
    """``text`` with the text of each comment replaced by its translation; the statements,
    and the place where each comment starts, are kept exactly."""
    lines = text.splitlines()
    for number, start, words in _commented(text):
        lines[number - 1] = f"{lines[number - 1][: start + 1]} {translate(words)}"
    return "\n".join(lines)


def hex_lines(data: bytes) -> list[str]:
    """``hexdump -C`` style: offset, 16 bytes in hexadecimal, and the printable ASCII."""
    lines = []
    for offset in range(0, len(data), 16):
        row = data[offset : offset + 16]
        cells = " ".join(f"{b:02x}" for b in row[:8]) + "  " + " ".join(
            f"{b:02x}" for b in row[8:]
        )
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in row)
        lines.append(f"{offset:08x}  {cells:<48}  |{text}|")
    return lines
