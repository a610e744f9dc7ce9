"""Files written so that what was acknowledged survives the process being killed.

An append is written and flushed to the disk (``fdatasync``: the data and the file's size,
not its times) before it returns; a rewrite goes to a temporary file beside the record,
flushed, then renamed over it, and the folder flushed too, so that the file is always either
the old text or the new one, whole.
"""

from __future__ import annotations

import os
import tempfile


def append_durably(path: str, data: bytes) -> None:
    """Add ``data`` at the end of ``path`` (made if missing), on the disk when this returns."""
    made = not os.path.exists(path)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        _write_all(fd, data)
        _flush(fd)
    finally:
        os.close(fd)
    if made:
        sync_folder(os.path.dirname(path) or ".")


def replace_durably(path: str, data: bytes) -> None:
    """Make ``path`` hold ``data``, atomically: a temporary file, flushed, renamed over it."""
    folder = os.path.dirname(path) or "."
    fd, temporary = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
    try:
        try:
            _write_all(fd, data)
            _flush(fd)
        finally:
            os.close(fd)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    sync_folder(folder)


def sync_folder(folder: str) -> None:
    """Flush a folder's entries (a file made or renamed in it) to the disk."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _flush(fd: int) -> None:
    """The file's data on the disk: ``fdatasync`` where the system has it."""
    getattr(os, "fdatasync", os.fsync)(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
