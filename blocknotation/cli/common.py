"""What the commands share: exit statuses, usage problems, reading inputs, writing outputs,
and the options every command takes."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, BinaryIO

import click

from ..basics.i18n import N_
from .exits import EXIT_BROKEN_PIPE as EXIT_BROKEN_PIPE
from .exits import EXIT_FINDINGS as EXIT_FINDINGS
from .exits import EXIT_INTERNAL as EXIT_INTERNAL
from .exits import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from .exits import EXIT_OK as EXIT_OK
from .exits import EXIT_TERMINATED as EXIT_TERMINATED
from .exits import EXIT_USAGE as EXIT_USAGE
from .help import remember_language
from .output import (
    output_file,
)

if TYPE_CHECKING:
    from ..basics.diagnostics import Message


class UsageProblem(click.ClickException):
    """A problem with how blocknot was called or with reading a file: one line, exit 2.

    Given as a ``Message``, it is told in the user's language (``commands.py``)."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str | Message) -> None:
        self.words = None if isinstance(message, str) else message
        super().__init__(message if isinstance(message, str) else message.render())


#: ``cannot_read``'s name for standard input.
STANDARD_INPUT = None


def cannot_read(name: str | None, reason: OSError | Message | str) -> UsageProblem:
    """``cannot read NAME: REASON`` (None: standard input), in the user's language (the
    reason of an ``OSError`` too, for the usual ones: ``usage_words.os_reason``)."""
    from ..basics.diagnostics import Message
    from .usage_words import os_reason

    path = Message(N_("standard input")) if name is None else name
    why = os_reason(reason) if isinstance(reason, OSError) else reason
    return UsageProblem(Message(N_("cannot read {path}: {reason}"), {"path": path, "reason": why}))


def cannot_read_line(name: str | None, reason: OSError | Message | str, lang: str) -> str:
    """The line ``blocknot: cannot read NAME: REASON`` in ``lang``, for a file that a run
    goes on without (exit 2 at its end)."""
    return f"blocknot: {cannot_read_words(name, reason, lang)}\n"


def cannot_read_words(name: str | None, reason: OSError | Message | str, lang: str) -> str:
    """``cannot read NAME: REASON`` in ``lang``."""
    from ..basics.i18n import translator

    problem = cannot_read(name, reason)
    assert problem.words is not None
    return problem.words.render(translator(lang))


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of standard input for ``-``.

    Reading stops one byte past ``MAX_INPUT_BYTES``: endless or huge input (``/dev/zero``)
    is then refused by ``source.decode`` with a diagnostic instead of filling the memory.
    """
    from ..basics.limits import MAX_INPUT_BYTES
    from ..reading.gunzip import maybe_gunzip
    from .inputs import open_input

    if path == "-":
        return read_stdin()[0]
    try:
        with open_input(path) as handle:
            return maybe_gunzip(handle).read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise cannot_read(path, error) from None


def read_stdin() -> tuple[bytes, BinaryIO]:
    """What ``read_input("-")`` reads of standard input (decompressed when it is gzip data),
    and the stream that goes on after it."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..reading.gunzip import maybe_gunzip

    try:
        stream = maybe_gunzip(stdin_binary())
        return stream.read(MAX_INPUT_BYTES + 1), stream
    except OSError as error:
        raise cannot_read(STANDARD_INPUT, error) from None


def stdin_binary() -> BinaryIO:
    """Standard input's bytes; exit 2 when it is closed (``<&-``)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        from ..basics.diagnostics import Message

        raise cannot_read(STANDARD_INPUT, Message(N_("it is closed")))
    return buffer  # type: ignore[no-any-return]


def _shown(text: str) -> str:
    """``text`` safe to write to a terminal: control, bidi and zero-width characters escaped."""
    from ..basics.diagnostics import printable

    return printable(text)


@contextmanager
def _input_stream(path: str) -> Iterator[BinaryIO]:
    """A binary stream of ``path``, or of standard input for ``-``; exit 2 if unreadable."""
    from .inputs import open_input

    if path == "-":
        yield stdin_binary()
        return
    try:
        handle = open_input(path)
    except OSError as error:
        raise cannot_read(path, error) from None
    with handle:
        yield handle


def write_output(text: str, path: str | None) -> None:
    """Write ``text`` (UTF-8) to ``path``, or to standard output for None or ``-``."""
    with output_file(path or "-") as out:
        out.write(text.encode("utf-8"))


def _codes(value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    from ..basics.diagnostics import CATALOGUE

    codes = tuple(part.strip().upper() for part in value.split(",") if part.strip())
    for code in codes:
        if not any(known.startswith(code) for known in CATALOGUE):
            raise UsageProblem(f"unknown code or prefix {code!r}; see `blocknot rules`")
    return codes


def _language(value: str | None) -> str:
    from ..basics.i18n import language_from_environment

    return value or language_from_environment()


lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "it"]),
    default=None,
    is_eager=True,
    callback=remember_language,
    help=N_("Language of messages, annotations and help (default: from LC_ALL, LC_MESSAGES "
            "or LANG; else English)."),
)


#: The options of the commands that take files, directories and globs (validate, format).
include_option = click.option("--include", multiple=True,
              help=N_("Files to take from directories (gitignore-style pattern; repeatable; "
                      "default *.block and *.block.gz)."))
exclude_option = click.option("--exclude", multiple=True,
              help=N_("Leave out files and directories found in directories or globs "
                      "(gitignore-style pattern; repeatable)."))
gitignore_option = click.option("--no-respect-gitignore", is_flag=True,
              help=N_("Also read the files that .gitignore files leave out."))
stdin_filename_option = click.option("--stdin-filename", default=None,
              help=N_("The name standard input gets in reports."))
config_option = click.option("--config", "config_path", default=None,
              help=N_("Read the settings from this file (a blocknot.toml or pyproject.toml) "
                      "for every file, instead of the nearest one."))
isolated_option = click.option("--isolated", is_flag=True, help=N_("Read no configuration file."))
raw_csv_option = click.option(
    "--raw-csv", is_flag=True,
    help=N_("Write CSV cells as they are: without it, a text cell that a spreadsheet would run "
            "as a formula (starting with =, +, -, @, a tab or a carriage return) starts "
            "with '."))


def configuration(path: str | None, isolated: bool) -> Any:
    """The configuration that applies (``config.resolve``); a bad file is a usage error."""
    from ..basics.config import ConfigProblem, resolve

    try:
        return resolve(path, isolated)
    except ConfigProblem as problem:
        raise UsageProblem(problem.words or str(problem)) from None


def expanded(files: Sequence[str], include: Sequence[str], exclude: Sequence[str],
              gitignore: bool) -> list[str]:
    """The files to read: directories walked, globs expanded (``inputs.expand``)."""
    from .inputs import DEFAULT_INCLUDE, Filters, InputProblem, expand

    filters = Filters(tuple(include) or DEFAULT_INCLUDE, tuple(exclude), gitignore)
    try:
        return expand(files, filters)
    except InputProblem as problem:
        raise UsageProblem(problem.words) from None
