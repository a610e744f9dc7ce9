"""Inputs: which files to read (directories, globs, include/exclude patterns, .gitignore),
and opening them (gzip-compressed input is recognised by its magic bytes)."""

from __future__ import annotations

import glob
import gzip
import io
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

import pathspec

if TYPE_CHECKING:
    Spec = pathspec.PathSpec[Any]

GZIP_MAGIC = b"\x1f\x8b"


def maybe_gunzip(stream: BinaryIO) -> BinaryIO:
    """``stream``, or its decompressed content when it starts with the gzip magic bytes.

    The stream need not be seekable (standard input): the first bytes are peeked through a
    buffer, never consumed."""
    buffered = stream if isinstance(stream, io.BufferedReader) else io.BufferedReader(
        _Raw(stream))
    if buffered.peek(2)[:2] == GZIP_MAGIC:
        unzipped = gzip.GzipFile(fileobj=buffered, mode="rb")
        return io.BufferedReader(_Damaged(unzipped))
    return buffered


class _Damaged(io.RawIOBase):
    """Decompressed gzip data, whose damage (a truncated file, corrupt data) is an
    ``OSError`` like any other failure to read, never an ``EOFError`` or ``zlib.error``."""

    def __init__(self, unzipped: gzip.GzipFile) -> None:
        super().__init__()
        self._unzipped = unzipped

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        try:
            return self._unzipped.readinto(buffer)
        except EOFError:
            raise OSError("the gzip data stops before its end (a truncated file)") from None
        except zlib.error as error:
            raise OSError(f"the gzip data is damaged ({error})") from None

    def close(self) -> None:
        self._unzipped.close()
        super().close()


class _Raw(io.RawIOBase):
    """A binary stream as a raw one, so that it can be buffered and peeked."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        read = getattr(self._stream, "read1", None) or self._stream.read  # what has come
        data = read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._stream.close()
        super().close()


#: The notation's own file extension; a directory is searched for these files (and their
#: gzip-compressed form).
EXTENSION = ".block"
DEFAULT_INCLUDE = (f"*{EXTENSION}", f"*{EXTENSION}.gz")
_GLOB_CHARACTERS = frozenset("*?[")


class InputProblem(Exception):
    """The files named cannot be worked out (a directory without records)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which files a directory or a glob yields (gitignore-style patterns)."""

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True


def expand(arguments: Sequence[str], filters: Filters = Filters()) -> list[str]:
    """The files to read, in order: ``-`` and files named explicitly as given (whatever their
    extension), directories walked recursively for the included files, quoted globs
    expanded; the last two skip excluded and .gitignore'd paths."""
    files: list[str] = []
    for argument in arguments:
        if argument == "-" or os.path.isfile(argument):
            files.append(argument)
        elif os.path.isdir(argument):
            files += _walk(argument, filters)
        elif _GLOB_CHARACTERS & set(argument):
            found = sorted(p for p in glob.glob(argument, recursive=True) if os.path.isfile(p))
            # A pattern that matches nothing is taken as a name: "cannot read" says why.
            files += [p for p in found if not _excluded(p, filters, os.curdir)] or [argument]
        else:
            files.append(argument)  # missing: reported when it is read
    if arguments and not files:
        raise InputProblem(f"no {EXTENSION} file to check in {', '.join(arguments)}")
    return _once(files)


def _once(files: list[str]) -> list[str]:
    """``files`` with each file checked once, where it is first named (``a.block`` and
    ``./a.block``, or a file named and found in a directory, are one file)."""
    seen: set[str] = set()
    kept = []
    for path in files:
        key = path if path == "-" else os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _excluded(path: str, filters: Filters, base: str) -> bool:
    relative = os.path.relpath(path, base)
    if _spec(filters.exclude).match_file(relative) or _spec(filters.exclude).match_file(path):
        return True
    return filters.respect_gitignore and _Gitignores().ignores(path)


def _walk(directory: str, filters: Filters) -> list[str]:
    include, exclude = _spec(filters.include), _spec(filters.exclude)
    gitignores = _Gitignores() if filters.respect_gitignore else None
    found = []
    for top, dirs, names in os.walk(directory):
        kept_dirs = []
        for name in sorted(dirs):
            path = os.path.join(top, name)
            relative = os.path.relpath(path, directory) + "/"
            if name == ".git" or exclude.match_file(relative):
                continue
            if gitignores is not None and gitignores.ignores(path, is_dir=True):
                continue
            kept_dirs.append(name)
        dirs[:] = kept_dirs
        for name in sorted(names):
            path = os.path.join(top, name)
            relative = os.path.relpath(path, directory)
            if not include.match_file(relative) or exclude.match_file(relative):
                continue
            if gitignores is None or not gitignores.ignores(path):
                found.append(os.path.normpath(path))
    return sorted(found)


def _spec(patterns: Sequence[str]) -> Spec:
    return pathspec.PathSpec.from_lines("gitwildmatch", patterns)


class _Gitignores:
    """The .gitignore files that apply to a path: those of its directory and of every
    directory above it, up to the root of its git work tree (a directory holding ``.git``)."""

    def __init__(self) -> None:
        self._specs: dict[str, Spec | None] = {}

    def _spec_of(self, directory: str) -> Spec | None:
        if directory not in self._specs:
            try:
                with open(os.path.join(directory, ".gitignore"), encoding="utf-8") as handle:
                    spec = pathspec.PathSpec.from_lines("gitwildmatch", handle)
            except (OSError, UnicodeDecodeError):
                spec = None
            self._specs[directory] = spec
        return self._specs[directory]

    def ignores(self, path: str, is_dir: bool = False) -> bool:
        path = os.path.abspath(path)
        directory = os.path.dirname(path)
        while True:
            spec = self._spec_of(directory)
            relative = os.path.relpath(path, directory) + ("/" if is_dir else "")
            if spec is not None and spec.match_file(relative):
                return True
            parent = os.path.dirname(directory)
            if os.path.isdir(os.path.join(directory, ".git")) or parent == directory:
                return False
            directory = parent
