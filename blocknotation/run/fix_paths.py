"""The library's ``fix``: records fixed in place, as ``blocknot validate --fix`` fixes them,
each file's outcome given back as a value instead of told on the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass

from ..pipeline import Selection


@dataclass(frozen=True, slots=True)
class FileFixed:
    """What ``fix`` did to one file: whether it ``changed``, the fixes ``applied``, the
    unsafe fixes left (``unsafe=True`` would apply them), the problems that ``remaining``
    once fixed, of which ``errors`` and ``warnings``; ``skipped`` says why a file was left
    as it is (``"json"``: a record JSON file, which is not rewritten; ``"unreadable"``: it
    could not be read, ``reason`` says why)."""

    path: str
    changed: bool = False
    applied: int = 0
    unsafe_left: int = 0
    remaining: int = 0
    errors: int = 0
    warnings: int = 0
    skipped: str | None = None
    reason: str | None = None


def fix_files(files: Sequence[str], selection: Selection, *, unsafe: bool,
              lang: str) -> tuple[FileFixed, ...]:
    """Fix each file in place, a game at a time (``fix_file.fix_source``), written whole or
    not at all; the outcome of each."""
    return tuple(_fix_one(path, selection, unsafe, lang) for path in files)


def _fix_one(path: str, selection: Selection, unsafe: bool, lang: str) -> FileFixed:
    from ..basics.os_reasons import os_reason
    from .fix import is_json
    from .fix_file import ReadFailed, Rereadable, fix_source
    from .output import OutputFailed
    from .rewrite import write_stream

    with ExitStack() as stack:
        try:
            source = Rereadable(path, None, stack)
            if is_json(source):
                return FileFixed(path, skipped="json")
            done = fix_source(source, path, selection, diff=False, unsafe=unsafe, lang=lang,
                              color=False)
        except ReadFailed as failed:
            why = os_reason(failed.error)
            return FileFixed(path, skipped="unreadable",
                             reason=why if isinstance(why, str) else why.render())
        if done.changed:
            done.text.seek(0)
            try:
                write_stream(path, source.compressed, done.text)
            except OutputFailed as failed:  # the library's callers expect an OSError
                raise failed.error from None
        tally = done.report.tally
        return FileFixed(path, done.changed, done.applied, done.unsafe_left,
                         done.report.remaining, tally.errors, tally.warnings)
