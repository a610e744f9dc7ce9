"""The files of ``export``'s tables: each written to a temporary file in the directory, and
all of them put in place at once, or none.

A table is written to a hidden ``.TABLE-XXXX.part`` file beside its place.  Once every
table is complete, each place is checked (a directory there, as Spark and Dask write
Parquet, is refused before any table is replaced), the table there is kept under a hidden
name (a hard link, or renamed where the file system has none), and the new tables are
renamed into place one after another; should a rename fail, the tables already renamed are
put back as they were, so the directory holds the tables of the export before it, never
some of each (Ctrl-C and SIGTERM wait until the renames are done).  A temporary file is
removed whatever happens, even when closing it fails (a full disk fails the flush of the
last block).  A failure is a ``TableFailed`` that names the table and says what the
directory holds.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from ..basics.diagnostics import N_, Message
from ..basics.interrupts import held
from .tables import TABLES


class TableFailed(OSError):
    """A table could not be written or put in place: ``table`` and its ``path``
    (``filename``), the system's reason (``strerror``), and ``state``, what the directory
    holds now, in words."""

    def __init__(self, table: str, path: str, error: OSError, state: Message) -> None:
        super().__init__(error.errno, error.strerror or str(error) or type(error).__name__,
                         path)
        self.table, self.state = table, state


def _before(directory: str) -> Message:
    return Message(N_("no table was replaced: {directory} holds the tables of the export "
                      "before, if there was one"), {"directory": directory})


@dataclass(slots=True)
class _Placed:
    """A table being renamed into place: where its place's old file is kept (None: there
    was none), and whether as a hard link (else it was moved there)."""

    name: str
    kept: str | None
    linked: bool = False


class TableFiles:
    """The temporary file of each table, put in place by ``commit`` or removed by
    ``remove``."""

    def __init__(self, directory: str, suffix: str) -> None:
        os.makedirs(directory, exist_ok=True)
        self.directory = directory
        self.paths = {name: os.path.join(directory, f"{name}.{suffix}") for name in TABLES}
        self.counts = dict.fromkeys(TABLES, 0)
        self.temporary: dict[str, str] = {}
        for name in TABLES:
            with self.writing(name):
                fd, path = tempfile.mkstemp(prefix=f".{name}-", suffix=".part", dir=directory)
                os.close(fd)
                self.temporary[name] = path

    @contextmanager
    def writing(self, name: str) -> Iterator[None]:
        """Around the writing of table ``name``: a failure removes every temporary file and
        is a ``TableFailed``."""
        try:
            yield
        except OSError as error:
            self.remove()
            raise TableFailed(name, self.paths[name], error, _before(self.directory)) from None

    def commit(self) -> None:
        """Every table in its place, or none (see the module)."""
        for name in self.temporary:
            path = self.paths[name]
            if os.path.isdir(path) and not os.path.islink(path):
                self.remove()
                raise TableFailed(name, path, IsADirectoryError(
                    errno.EISDIR, os.strerror(errno.EISDIR)), _before(self.directory))
        mode = 0o666 & ~_umask()
        placed: list[_Placed] = []
        with held():  # Ctrl-C or SIGTERM once the four are in place, or put back
            try:
                for name, temporary in self.temporary.items():
                    failing = name
                    os.chmod(temporary, mode)
                    placed.append(_keep(name, self.paths[name]))
                    os.replace(temporary, self.paths[name])
            except OSError as error:
                state = self._put_back(placed, failing)
                self.remove()
                raise TableFailed(failing, self.paths[failing], error, state) from None
        for done in placed:
            if done.kept is not None:
                with suppress(OSError):
                    os.unlink(done.kept)
        self.temporary = {}

    def _put_back(self, placed: list[_Placed], failing: str) -> Message:
        """The tables of ``placed`` put back as they were before; what the directory
        holds then."""
        new = []
        for done in reversed(placed):
            path = self.paths[done.name]
            try:
                if done.kept is not None and done.linked and done.name == failing:
                    os.unlink(done.kept)  # the old table is still in place
                elif done.kept is not None:
                    os.replace(done.kept, path)
                elif done.name != failing:
                    os.unlink(path)
            except OSError:
                new.append(done.name)
        if not new:
            return _before(self.directory)
        old = [name for name in TABLES if name not in new]
        return Message(N_("{directory} holds the new {new} and the earlier {old}: the "
                          "earlier tables could not all be put back"),
                       {"directory": self.directory, "new": tuple(sorted(new)),
                        "old": tuple(old)})

    def remove(self) -> None:
        """Remove every temporary file left (each whatever happens to the others)."""
        for path in self.temporary.values():
            with suppress(OSError):
                os.unlink(path)
        self.temporary = {}


def _keep(table: str, path: str) -> _Placed:
    """Table ``table``'s place ``path``, its file kept under a hidden name beside it (a hard
    link, so that the table stays in place meanwhile; moved where the file system has no
    links)."""
    if not os.path.lexists(path):
        return _Placed(table, None)
    directory, name = os.path.split(path)
    fd, kept = tempfile.mkstemp(prefix=f".{name}-", suffix=".old", dir=directory or ".")
    os.close(fd)
    os.unlink(kept)
    try:
        os.link(path, kept, follow_symlinks=False)
    except OSError:
        os.replace(path, kept)
        return _Placed(table, kept)
    return _Placed(table, kept, linked=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
