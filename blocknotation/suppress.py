"""Inline suppression: ``# blocknot: ignore[G105]`` on a line, ``# blocknot: ignore-file[E507]``
anywhere in a file, and the S004 warning for a suppression that suppresses nothing.

A line's comment suppresses the diagnostics reported at that line whose code starts with one
of the codes or prefixes in the brackets (``ignore`` without brackets: every code).  A file's
comment suppresses them everywhere in the file: a file named on the command line is scanned
for such comments before it is checked; standard input, which cannot be read twice, honours
them in the game whose lines hold them.  ``--no-suppress`` shows everything.  What is
suppressed is counted in the reports.

Each code of a comment that suppresses nothing is reported as S004, at the code (as ruff
reports an unused ``noqa``): a line's comment once its game has been checked, a file's
comment once the whole file has (``FileMarks``).  S004 is itself suppressed only by
``--ignore``, an ``ignore-file`` comment, or an ``ignore`` comment that names it on its line.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import BinaryIO

from .basics.codes import SYNTAX_ERRORS
from .basics.diagnostics import Diagnostic, diagnostic
from .basics.marks import IgnoreMark, codes_of, marks_at
from .notation.source import _LINE_BYTES, _SKIP_BYTES
from .report.values import Piece

_FILE_MARK = re.compile(rb"\bblocknot:[ \t]*ignore-file\[([^\]\n]{0,200})\]")
_BLOCK = 1 << 20
_OVERLAP = 256
#: Bytes without a line end after which the reading has stopped (``source._bounded``), and
#: so does the scan.
_UNENDED = 2 * _LINE_BYTES + _SKIP_BYTES
#: The code of a suppression that suppresses nothing.
UNUSED = "S004"


def file_codes(path: str) -> tuple[str, ...]:
    """The codes the ``ignore-file`` comments of the regular file at ``path`` suppress
    (``codes_in``); none for anything else (a device such as /dev/zero is never scanned)."""
    if not os.path.isfile(path):
        return ()
    try:
        with open(path, "rb") as raw:
            return codes_in(raw)
    except OSError:
        return ()  # reading it for real reports the problem


def codes_in(raw: BinaryIO) -> tuple[str, ...]:
    """The codes the ``ignore-file`` comments of a file's bytes suppress: a scan of them a
    block at a time (a gzip file is read decompressed, up to its bound).  The language
    server scans an editor's text with it, as the command scans the file.

    The scan goes no further than the reading can: it stops at the first NUL byte, where a
    file stops being text, and after a line longer than the reading reads past."""
    from .notation.gunzip import maybe_gunzip

    found: dict[int, tuple[str, ...]] = {}  # by where each comment starts
    try:
        stream, start, tail, unended = maybe_gunzip(raw), 0, b"", 0
        while block := stream.read(_BLOCK):
            nul = block.find(b"\0")
            block = block if nul < 0 else block[:nul]
            data = tail + block
            matches = _FILE_MARK.finditer(data) if b"blocknot:" in data else ()
            for match in matches:  # a quick look first: most blocks have no such comment
                found[start - len(tail) + match.start()] = codes_of(
                    match.group(1).decode("utf-8", "replace"))
            start += len(block)
            tail = data[-_OVERLAP:]
            end = block.rfind(b"\n")
            unended = unended + len(block) if end < 0 else len(block) - end - 1
            if nul >= 0 or unended > _UNENDED:
                break
    except (OSError, EOFError, zlib.error):  # gzip.BadGzipFile is an OSError
        pass  # reading it for real reports the problem; what was read before it counts
    return tuple(code for codes in found.values() for code in codes)


def _matches(code: str, codes: Sequence[str]) -> bool:
    return any(code.startswith(prefix) for prefix in codes)


def _names_unused(code: str) -> bool:
    """Whether a comment's code covers S004 by name (a bare ``ignore`` does not)."""
    return code != "" and UNUSED.startswith(code)


@dataclass(frozen=True, slots=True)
class Settled:
    """What suppression leaves of a game's diagnostics: the diagnostics kept (S004 warnings
    for the unused line comments included), how many were suppressed, and the game's
    ``ignore-file`` codes with those of the file's codes that suppressed something here."""

    kept: tuple[Diagnostic, ...]
    suppressed: int
    file_marks: tuple[IgnoreMark, ...] = ()
    file_used: frozenset[str] = frozenset()


def settle(diagnostics: Sequence[Diagnostic], lines: Sequence[str], first_line: int,
           file_wide: Sequence[str], keeps: Callable[[str], bool]) -> Settled:
    """Suppress what the comments of ``lines`` (numbered from ``first_line``) and the
    ``file_wide`` codes suppress, and report each line comment's code that suppressed
    nothing (S004, when ``keeps`` it)."""
    here: dict[int, list[IgnoreMark]] = {}
    in_file: list[IgnoreMark] = []
    for number, line in enumerate(lines, start=first_line):
        if "blocknot:" in line:
            for mark in marks_at(line, number):
                (in_file if mark.file_wide else here.setdefault(number, [])).append(mark)
    everywhere = (*file_wide, *(m.code for m in in_file))
    used: set[IgnoreMark] = set()
    file_used: set[str] = set()
    kept: list[Diagnostic] = []
    judged = not any(d.code in SYNTAX_ERRORS for d in diagnostics)
    for d in diagnostics:
        if d.code in SYNTAX_ERRORS:  # a record that cannot be read is never reported clean
            kept.append(d)
            continue
        covering = [m for m in here.get(d.line, ()) if d.code.startswith(m.code)]
        in_everywhere = {code for code in everywhere if d.code.startswith(code)}
        if covering or in_everywhere:
            used.update(covering)
            file_used |= in_everywhere
        else:
            kept.append(d)
    # A game with a line that cannot be read is not judged by the rules: its comments may
    # well be waiting for a diagnostic that the unread line hides.
    unused = [m for marks_here in here.values() for m in marks_here
              if judged and m not in used and not _names_unused(m.code)]
    for mark in unused if keeps(UNUSED) else ():
        if _matches(UNUSED, everywhere):
            file_used |= {code for code in everywhere if UNUSED.startswith(code)}
            continue
        naming = [m for m in here[mark.line] if _names_unused(m.code)]
        if naming:
            used.update(naming)
            continue
        kept.append(unused_warning(mark))
    suppressed = len(diagnostics) + len(unused if keeps(UNUSED) else ()) - len(kept)
    kept.sort(key=lambda d: d.order)
    return Settled(tuple(kept), suppressed, tuple(in_file), frozenset(file_used))


def unused_warning(mark: IgnoreMark) -> Diagnostic:
    """S004 at a comment's code that suppressed nothing."""
    if mark.file_wide:
        found = diagnostic(UNUSED, mark.line, mark.column, "unused_file", listed=mark.code)
    elif mark.code:
        found = diagnostic(UNUSED, mark.line, mark.column, "unused_codes", listed=mark.code)
    else:
        found = diagnostic(UNUSED, mark.line, mark.column, "unused_line")
    return _ending(found, mark)


def _ending(d: Diagnostic, mark: IgnoreMark) -> Diagnostic:
    return replace(d, end_line=mark.line, end_column=mark.end_column)


@dataclass
class FileMarks:
    """The ``ignore-file`` codes of one file, followed game by game: those that suppressed
    nothing in the whole file are reported once it has been read (``unused``)."""

    marks: list[IgnoreMark] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    def follow(self, file_marks: Sequence[IgnoreMark], file_used: frozenset[str]) -> None:
        """Take a piece's ``ignore-file`` codes, and what it used or reported (``followed``)."""
        self.marks += file_marks
        self.used |= file_used

    def context(self) -> dict[int, str]:
        """The lines the file's ``ignore-file`` comments are written on."""
        return {m.line: m.source for m in self.marks}

    def last_piece(self, keeps: Callable[[str], bool], suppress: bool) -> Piece | None:
        """The piece that ends a file: its unused ``ignore-file`` codes (S004, with the lines
        they are written on), or None when there are none or comments are inert."""
        unused = self.unused(keeps) if suppress else ()
        return Piece((), unused, self.context()) if unused else None

    def unused(self, keeps: Callable[[str], bool]) -> tuple[Diagnostic, ...]:
        """S004 for each code of the file's ``ignore-file`` comments that suppressed nothing
        (none when ``keeps`` refuses S004 or the file's comments suppress S004)."""
        if (not keeps(UNUSED) or UNJUDGED in self.used
                or any(UNUSED.startswith(m.code) for m in self.marks)):
            return ()
        return tuple(unused_warning(m) for m in self.marks
                     if not any(code.startswith(m.code) for code in self.used))


#: In what a file's pieces used (``followed``): a game of the file was not judged, since a
#: line of it cannot be read; its ``ignore-file`` codes are then not judged either.
UNJUDGED = "!"


def followed(piece: Piece) -> frozenset[str]:
    """What ``FileMarks`` needs to know of a piece: the file's codes its comments used, the
    codes it reports (standard input honours an ``ignore-file`` comment only in its own
    game: the code is not unused where another game reports it), and ``UNJUDGED``."""
    reported = {d.code for d in piece.diagnostics}
    if reported & SYNTAX_ERRORS:
        reported.add(UNJUDGED)
    return piece.file_used | reported if reported else piece.file_used
