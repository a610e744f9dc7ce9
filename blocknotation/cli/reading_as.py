"""The encoding the files of the command that runs are read in (``--encoding``, or the
``encoding`` key of the configuration), kept for the time it runs in its click context, so
that wherever the command opens a file (``inputs.as_text``) it is read so."""

from __future__ import annotations

import click

#: Where a command keeps, for the time it runs (its click context's ``meta``), the encoding
#: its files are written in (``--encoding``, or the ``encoding`` key; unset: UTF-8).
ENCODING_KEY = "blocknot.encoding"


def read_as(encoding: str | None) -> None:
    """Read the files of the command that runs as written in ``encoding`` (None: UTF-8)."""
    click.get_current_context().meta[ENCODING_KEY] = encoding


def reading_encoding() -> str | None:
    """The encoding the files of the command that runs are read in (``read_as``), or None."""
    context = click.get_current_context(silent=True)
    return None if context is None else context.meta.get(ENCODING_KEY)
