"""Inputs: which files to read (directories, globs, include/exclude patterns, .gitignore),
and opening them (gzip-compressed input is recognised by its magic bytes:
``reading/gunzip.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pathspec

    Spec = pathspec.PathSpec[Any]

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
            import glob

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


def _spec(patterns: Iterable[str]) -> Spec:
    # pathspec loads only when a directory or a glob is expanded, not for files named.
    import pathspec

    return pathspec.PathSpec.from_lines("gitignore", patterns)


class _Gitignores:
    """The .gitignore files that apply to a path: those of its directory and of every
    directory above it, up to the root of its git work tree (a directory holding ``.git``)."""

    def __init__(self) -> None:
        self._specs: dict[str, Spec | None] = {}

    def _spec_of(self, directory: str) -> Spec | None:
        if directory not in self._specs:
            try:
                with open(os.path.join(directory, ".gitignore"), encoding="utf-8") as handle:
                    spec = _spec(handle)
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
