"""Inputs: which files to read (directories, globs, include/exclude patterns, .gitignore),
and opening them (gzip-compressed input is recognised by its magic bytes:
``notation/gunzip.py``).

A file found in a directory or by a glob is a ``FoundPath`` path: if it is not a regular file (a
FIFO, a socket, a device) it is reported and never opened, since opening a FIFO waits for a
writer and opening a device may do anything.  A file named on the command line is opened
whatever it is, as ``cat`` would.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from ..basics.diagnostics import N_, Message
from ..basics.patterns import BadPattern, compiled
from ..notation.encodings import transcoded
from ..notation.gunzip import gunzip_again, maybe_gunzip
from .folders import BadGitignore, Chain, Gitignores, folders

if TYPE_CHECKING:
    import pathspec

    Spec = pathspec.PathSpec[Any]

EXTENSION = ".block"
DEFAULT_INCLUDE = (f"*{EXTENSION}", f"*{EXTENSION}.gz", f"*{EXTENSION}.json")
_GLOB_CHARACTERS = frozenset("*?[")


class InputProblem(Exception):
    """The files named cannot be worked out (a directory without records, a bad pattern);
    ``words`` tells it in the user's language."""

    def __init__(self, words: Message) -> None:
        super().__init__(words.render())
        self.words = words


@dataclass(frozen=True, slots=True)
class Filters:
    """Which files a directory or a glob yields (gitignore-style patterns)."""

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True


class FoundPath(str):
    """A path found by walking a directory or expanding a glob, not named by the user."""

    __slots__ = ()


class Unlisted(FoundPath):
    """A folder met by walking a directory that could not be listed (``error``: no
    permission, a path longer than the system takes): an input that cannot be read, so
    that it gets its ``cannot read`` line rather than vanishing."""

    error: OSError | None

    def __new__(cls, path: str, error: OSError | None = None) -> Unlisted:
        self = super().__new__(cls, path)
        self.error = error
        return self


def expand(arguments: Sequence[str], filters: Filters = Filters()) -> list[str]:
    """The files to read, in order: ``-`` and files named explicitly as given (whatever their
    extension), directories walked recursively for the included files, quoted globs
    expanded; the last two skip excluded and .gitignore'd paths."""
    if filters.include != DEFAULT_INCLUDE or filters.exclude:
        _spec(filters.include, "--include")  # a bad pattern is refused whatever is named
        _spec(filters.exclude, "--exclude")
    try:
        return _once(_expanded(arguments, filters))
    except BadGitignore as bad:
        raise InputProblem(bad.words) from None


def _expanded(arguments: Sequence[str], filters: Filters) -> list[str]:
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
            kept = [FoundPath(p) for p in found if not _excluded(p, filters, os.curdir)]
            files += kept or [argument]
        else:
            files.append(argument)  # missing: reported when it is read
    if arguments and not files:
        raise InputProblem(_nothing_found(arguments))
    return _once(files)


#: The files a directory is searched for, as ``--help`` and the messages name them.
SEARCHED = "*.block, *.block.gz, *.block.json"


def _nothing_found(arguments: Sequence[str]) -> Message:
    """Why nothing is read from ``arguments``; where their directories hold ``.json`` files
    (record JSON named another way, perhaps), how to read them too."""
    json_files = sum(1 for argument in arguments if os.path.isdir(argument)
                     for _, _, names in os.walk(argument)
                     for name in names if name.endswith(".json"))
    found = Message(N_("no record to check in {paths}: a directory is searched for {suffixes} "
                       "files"), {"paths": tuple(arguments), "suffixes": SEARCHED})
    if not json_files:
        return found
    template = N_("{found}; it holds a .json file: if it is record JSON, name it, or add "
                  "--include '*.json'") if json_files == 1 else N_(
        "{found}; it holds {n} .json files: if they are record JSON, name them (a quoted glob "
        "such as '{example}') or add --include '*.json'")
    return Message(template, {"found": found, "n": json_files,
                              "example": os.path.join(arguments[0], "*.json")})


def _once(files: list[str]) -> list[str]:
    """``files`` with each file checked once, where it is first named (``a.block`` and
    ``./a.block``, or a file named and found in a directory, are one file).  Two links
    to one missing file are two answers: each name is told it cannot be read."""
    seen: set[str] = set()
    kept = []
    for path in files:
        key = path if path == "-" else (
            os.path.realpath(path) if os.path.exists(path) else os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _excluded(path: str, filters: Filters, base: str) -> bool:
    relative = os.path.relpath(path, base)
    exclude = _spec(filters.exclude, "--exclude")
    if exclude.match_file(relative) or exclude.match_file(path):
        return True
    if not filters.respect_gitignore:
        return False
    gitignores = Gitignores()
    return gitignores.ignores(gitignores.above(os.path.dirname(path)), path)


def _walk(directory: str, filters: Filters) -> list[str]:
    """The included files under ``directory``, each folder listed once and each path
    matched against the patterns that apply to it without going up the tree again, so
    that the walk is linear in the number of folders, whatever their depth; a folder that
    cannot be listed (no permission, a path longer than the system takes) is an
    ``Unlisted`` entry, which cannot be read and says why."""
    include, exclude = _spec(filters.include, "--include"), _spec(filters.exclude, "--exclude")
    gitignores = Gitignores() if filters.respect_gitignore else None
    cut = len(os.path.join(directory, ""))  # paths found start with it: the rest is relative
    # Each folder to walk: the chain of the folder above it, and its own absolute path.
    chains: dict[str, tuple[Chain, str]] = {}
    unlisted: list[OSError] = []
    found: list[str] = []
    for top, dirs, names in folders(directory, unlisted.append):
        chain: Chain = ()
        if gitignores is not None:
            above, where = chains.pop(top, ((), ""))
            chain = gitignores.enter(top, where, above, dirs, names) if where else (
                gitignores.above(directory))
            where = where or os.path.abspath(directory)
        kept_dirs = []
        for name in sorted(dirs):
            path = os.path.join(top, name)
            if name == ".git" or exclude.match_file(path[cut:] + "/"):
                continue
            if gitignores is not None:
                if gitignores.ignores(chain, path, is_dir=True):
                    continue
                chains[path] = (chain, os.path.join(where, name))
            kept_dirs.append(name)
        dirs[:] = kept_dirs
        for name in sorted(names):
            path = os.path.join(top, name)
            relative = path[cut:]
            if not include.match_file(relative) or exclude.match_file(relative):
                continue
            if gitignores is None or not gitignores.ignores(chain, path):
                found.append(FoundPath(os.path.normpath(path)))
    found += (Unlisted(os.path.normpath(error.filename), error) for error in unlisted
              if isinstance(error.filename, str))
    return sorted(found)


def _spec(patterns: Iterable[str], option: str) -> Spec:
    try:
        return compiled(patterns)
    except BadPattern as bad:
        raise InputProblem(Message(
            N_("{option}: {pattern!r} is not a valid gitignore-style pattern"),
            {"option": option, "pattern": bad.pattern})) from None


# --- opening and reading -----------------------------------------------------------------

#: What a file that is not a regular one is, by its mode.
_KINDS = ((stat.S_ISFIFO, N_("a FIFO")), (stat.S_ISSOCK, N_("a socket")),
          (stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")),
          (stat.S_ISDIR, N_("a directory")))


class NotRegular(OSError):
    """A file found in a directory or by a glob that is not a regular file: not opened."""

    def __init__(self, kind: str) -> None:
        self.words = Message(N_("it is {kind}, not a regular file: not opened"),
                             {"kind": Message(kind)})
        super().__init__(self.words.render())


def _kind(mode: int) -> str | None:
    return next((kind for test, kind in _KINDS if test(mode)), None)


def open_input(path: str) -> BinaryIO:
    """``path`` opened for reading; ``OSError`` when it cannot be, ``NotRegular`` for a
    ``FoundPath`` path that is not a regular file, which is never opened (its mode is looked at
    first, then again once it is open without waiting, should it have changed meanwhile)."""
    if isinstance(path, Unlisted) and path.error is not None:
        raise path.error
    if not isinstance(path, FoundPath):
        return open(path, "rb")
    kind = _kind(os.stat(path).st_mode)
    if kind is not None:
        raise NotRegular(kind)
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, os.O_RDONLY | nonblocking | getattr(os, "O_NOCTTY", 0))
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise NotRegular(kind)
        if nonblocking:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class Input:
    """A file being read: a read that fails ends it, and the failure is kept in ``error``
    for the report, so that one unreadable file does not stop the others."""

    def __init__(self, stream: BinaryIO | None, error: OSError | None = None) -> None:
        self.stream = stream
        self.error = error
        self.position = 0

    def read(self, size: int = -1) -> bytes:
        # One system call at a time (``read1``), not a loop of them in C until ``size``
        # bytes have come: between calls Python runs its signal handlers, so Ctrl-C during
        # a slow pipe is taken at once.  Callers take short reads in their stride.
        return self._take("read1" if hasattr(self.stream, "read1") else "read", size)

    def readline(self, size: int = -1) -> bytes:
        return self._take("readline", size)

    # A file on disk can be looked through before it is read (``source.first_problem``).
    def seekable(self) -> bool:
        if self.stream is None or self.error is not None:
            return False
        try:
            return bool(self.stream.seekable())
        except (OSError, ValueError):
            return False

    def tell(self) -> int:
        assert self.stream is not None
        return self.stream.tell()

    def seek(self, offset: int, whence: int = 0) -> int:
        # Read again from there: a failure met while the file was looked through is met
        # again, where it is, when it is read (the games before it are reported).
        assert self.stream is not None
        self.position = self.stream.seek(offset, whence)
        self.error = None
        return self.position

    def _take(self, how: str, size: int) -> bytes:
        if self.stream is None or self.error is not None:
            return b""
        try:
            data: bytes = getattr(self.stream, how)(size)
        except OSError as error:
            self.error = error
            return b""
        self.position += len(data)
        return data

    @property
    def problem(self) -> str | None:
        """Why the file could not be read whole, or None."""
        if self.error is None:
            return None
        return self.error.strerror or str(self.error) or type(self.error).__name__


def as_text(stream: BinaryIO) -> BinaryIO:
    """``stream`` as the reading takes it: decompressed when it is gzip data, and decoded
    from the encoding the command reads its files in (``read_as``)."""
    from .reading_as import reading_encoding

    return transcoded(maybe_gunzip(stream), reading_encoding())


def unzipped(stream: BinaryIO) -> Input:
    """``stream`` as an ``Input``: decompressed when it is gzip data, and decoded from the
    encoding the command reads its files in (``as_text``); gzip data in a file on disk, read
    as UTF-8, can be read twice (``gunzip.gunzip_again``), to be looked through first."""
    from .reading_as import reading_encoding

    try:
        again = gunzip_again(stream) if reading_encoding() is None else None
        return Input(again if again is not None else as_text(stream))
    except OSError as error:
        return Input(None, error)
