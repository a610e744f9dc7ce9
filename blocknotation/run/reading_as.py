"""The encoding the files of a run are read in (``--encoding``, or the ``encoding`` key of
the configuration), kept for the time the run lasts, so that wherever it opens a file
(``inputs.as_text``) it is read so."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

#: The encoding the files of the run are written in (None: UTF-8).
_ENCODING: ContextVar[str | None] = ContextVar("blocknot_encoding", default=None)


def read_as(encoding: str | None) -> Callable[[], None]:
    """Read the files of the run as written in ``encoding`` (None: UTF-8), until the
    function returned is called."""
    token = _ENCODING.set(encoding)
    return lambda: _ENCODING.reset(token)


def reading_encoding() -> str | None:
    """The encoding the files of the run are read in (``read_as``), or None."""
    return _ENCODING.get()
