"""What the commands share: exit statuses, usage problems, reading inputs, writing outputs,
and the options every command takes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

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
    reason of an ``OSError`` too, for the usual ones: ``os_reasons.os_reason``)."""
    from ..basics.diagnostics import Message
    from ..basics.os_reasons import os_reason

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


def cannot_write_line(name: str, reason: OSError, lang: str) -> str:
    """The line ``blocknot: cannot write NAME: REASON`` in ``lang``, for an output that a
    run goes on without (exit 2 at its end)."""
    from ..basics.diagnostics import Message
    from ..basics.i18n import translator
    from ..basics.os_reasons import os_reason

    words = Message(N_("cannot write {path}: {reason}"), {"path": name,
                                                         "reason": os_reason(reason)})
    return f"blocknot: {words.render(translator(lang))}\n"


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of standard input for ``-``.

    Reading stops one byte past ``MAX_INPUT_BYTES``: endless or huge input (``/dev/zero``)
    is then refused by ``source.decode`` with a diagnostic instead of filling the memory.
    """
    from ..basics.limits import MAX_INPUT_BYTES
    from .inputs import as_text, open_input

    if path == "-":
        return read_stdin()[0]
    try:
        with open_input(path) as handle:
            return as_text(handle).read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise cannot_read(path, error) from None


def read_stdin() -> tuple[bytes, BinaryIO]:
    """What ``read_input("-")`` reads of standard input (as ``inputs.as_text`` reads it),
    and the stream that goes on after it."""
    from ..basics.limits import MAX_INPUT_BYTES
    from .inputs import as_text

    try:
        stream = as_text(stdin_binary())
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
                      "default *.block, *.block.gz and *.block.json)."))
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


_Command = TypeVar("_Command", bound=Callable[..., Any])


class AliasedOption(click.Option):
    """An option whose older names (``hidden_names``) are still read but no longer shown by
    ``--help`` or the reference pages: one name for one thing across the commands."""

    def __init__(self, *args: Any, hidden_names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hidden_names = tuple(hidden_names)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        shown = self.opts
        self.opts = [name for name in shown if name not in self.hidden_names]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = shown


def output_option(help_text: str) -> Callable[[_Command], _Command]:
    """``-o, --output PATH``, the report's file, as every command names it (``--output-file``,
    its older name in ``validate`` and ``analyse``, still read)."""
    return click.option("-o", "--output", "--output-file", "output_file", cls=AliasedOption,
                        hidden_names=("--output-file",), default=None, metavar="PATH",
                        help=help_text)


def _known_encoding(_context: click.Context, _parameter: click.Parameter,
                    value: str | None) -> str | None:
    if value is not None:
        from ..basics.encoding_names import encoding_name

        if encoding_name(value) is None:
            raise UsageProblem(_unknown_encoding(value))
    return value


def _unknown_encoding(name: str) -> Message:
    from ..basics.diagnostics import Message

    return Message(N_("--encoding: {name!r} is not a text encoding blocknot knows (such as "
                      "cp1252, latin-1, utf-16)"), {"name": name})


encoding_option = click.option(
    "--encoding", default=None, metavar="NAME", callback=_known_encoding,
    help=N_("Read the files as written in this encoding (such as cp1252, latin-1, utf-16) "
            "instead of UTF-8, and say so in the report (default: the configuration's "
            "encoding, else UTF-8)."))


def read_files_as(encoding: str | None) -> str | None:
    """Read the files of the command that runs in ``encoding`` (``--encoding``, else the
    configuration's; None or UTF-8: as UTF-8); returns the encoding the report names, or
    None."""
    from ..basics.encoding_names import is_utf8
    from .reading_as import read_as

    named = None if encoding is None or is_utf8(encoding) else encoding
    read_as(named)
    return named


def run_encoding(encoding: str | None) -> str | None:
    """``--encoding``, else the ``encoding`` key of the configuration nearest above the
    current directory, for a command that reads no other key (``analyse``, ``convert``)."""
    return encoding if encoding is not None else configuration(None, False).encoding


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
