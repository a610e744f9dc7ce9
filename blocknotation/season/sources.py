"""The files of a season, each opened in turn and read a game at a time (``read.FileRead``).

A file that cannot be opened, or stops being readable part way (a read that fails, damaged
gzip data), is told to ``unreadable`` with the failure, and the others are read: what was
read of it before the failure counts.  The library opens paths itself (``open_path``: gzip
data is read decompressed); the command line opens them as ``validate`` does (standard
input, and files found in directories that are not regular files, never opened).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from typing import BinaryIO

from ..notation.gunzip import maybe_gunzip
from ..pipeline import EVERYTHING, Selection
from .aliases import NO_ALIASES, Aliases
from .read import FileRead, Loose, Played


@dataclass(frozen=True, slots=True)
class SeasonInput:
    """One input: the name the results give it, its path (``-``: standard input), the codes
    it is checked for, and what its players' other spellings count as."""

    name: str
    path: str
    selection: Selection = EVERYTHING
    aliases: Aliases = NO_ALIASES


Opener = Callable[[str], AbstractContextManager[BinaryIO]]
Unreadable = Callable[[SeasonInput, OSError], None]


@contextmanager
def open_path(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A record file opened for reading (decompressed when it is gzip data)."""
    with open(path, "rb") as raw:
        yield maybe_gunzip(raw)


def reason(error: OSError) -> str:
    """Why a file could not be read, as the system says it."""
    return error.strerror or str(error) or type(error).__name__


def games_of(sources: Iterable[SeasonInput], unreadable: Unreadable, opener: Opener = open_path,
             ended: Callable[[SeasonInput], None] | None = None
             ) -> Iterator[tuple[SeasonInput, Played | Loose]]:
    """Every game (and loose diagnostics) of every source, in order; ``ended`` is told of
    each source once all of it was given (or it could not be opened)."""
    for source in sources:
        with ExitStack() as stack:
            try:
                stream = stack.enter_context(opener(source.path))
            except OSError as error:
                stream = None
                unreadable(source, error)
            if stream is not None:
                read = FileRead(source.name, stream, source.selection)
                for item in read:
                    yield source, item
                if read.problem is not None:
                    unreadable(source, read.problem)
        if ended is not None:
            ended(source)
