"""Inline suppression: ``# blocknot: ignore[G105]`` on a line, ``# blocknot: ignore-file[E507]``
anywhere in a file.

A line's comment suppresses the diagnostics reported at that line whose code starts with one
of the codes or prefixes in the brackets (``ignore`` without brackets: every code).  A file's
comment suppresses them everywhere in the file: a file named on the command line is scanned
for such comments before it is checked; standard input, which cannot be read twice, honours
them in the game whose lines hold them.  ``--no-suppress`` shows everything.  What is
suppressed is counted in the reports.
"""

from __future__ import annotations

import gzip
import os
import re
import zlib
from collections.abc import Sequence

from .basics.diagnostics import Diagnostic

_MARK = re.compile(r"#.*?\bblocknot:[ \t]*(ignore-file|ignore)(?:\[([^\]\n]*)\])?")
_FILE_MARK = re.compile(rb"\bblocknot:[ \t]*ignore-file\[([^\]\n]{0,200})\]")
_BLOCK = 1 << 20
_OVERLAP = 256
#: Every code (``# blocknot: ignore`` without brackets).
ALL = ("",)


def _codes(listed: str | None) -> tuple[str, ...]:
    if listed is None:
        return ALL
    return tuple(part.strip().upper() for part in listed.split(",") if part.strip())


def marks(line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The codes a line's comment suppresses on the line, and in the whole file."""
    if "blocknot:" not in line:
        return (), ()
    here: tuple[str, ...] = ()
    everywhere: tuple[str, ...] = ()
    for match in _MARK.finditer(line):
        if match.group(1) == "ignore":
            here += _codes(match.group(2))
        elif match.group(2) is not None:
            everywhere += _codes(match.group(2))
    return here, everywhere


def file_codes(path: str) -> tuple[str, ...]:
    """The codes the ``ignore-file`` comments of the regular file at ``path`` suppress: a scan
    of its bytes a block at a time (a gzip file is read decompressed); none for anything
    else (a device such as /dev/zero is never scanned)."""
    from .cli.inputs import maybe_gunzip

    if not os.path.isfile(path):
        return ()
    found: dict[int, tuple[str, ...]] = {}  # by where each comment starts
    try:
        with open(path, "rb") as raw:
            stream, start, tail = maybe_gunzip(raw), 0, b""
            while block := stream.read(_BLOCK):
                data = tail + block
                matches = _FILE_MARK.finditer(data) if b"blocknot:" in data else ()
                for match in matches:  # a quick look first: most blocks have no such comment
                    found[start - len(tail) + match.start()] = _codes(
                        match.group(1).decode("utf-8", "replace"))
                start += len(block)
                tail = data[-_OVERLAP:]
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile):
        return ()  # reading it for real reports the problem
    return tuple(code for codes in found.values() for code in codes)


def _matches(code: str, codes: Sequence[str]) -> bool:
    return any(code.startswith(prefix) for prefix in codes)


def apply(diagnostics: Sequence[Diagnostic], lines: Sequence[str], first_line: int,
          file_wide: Sequence[str]) -> tuple[tuple[Diagnostic, ...], int]:
    """The diagnostics left once the comments of ``lines`` (numbered from ``first_line``)
    and ``file_wide`` codes have suppressed theirs, and how many they suppressed."""
    everywhere = list(file_wide)
    here: dict[int, tuple[str, ...]] = {}
    for number, line in enumerate(lines, start=first_line):
        on_line, in_file = marks(line)
        if on_line:
            here[number] = on_line
        everywhere += in_file
    kept = tuple(d for d in diagnostics
                 if not _matches(d.code, everywhere) and not _matches(d.code, here.get(d.line, ())))
    return kept, len(diagnostics) - len(kept)
