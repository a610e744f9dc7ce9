"""The options several commands share, each defined once: ``file_selection`` (which files,
under which configuration), ``lang``, ``jobs``, ``output``, ``diff``, and ``encoding``,
``raw_csv``, ``threshold`` and ``max_seconds``."""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..basics.i18n import N_
from ..basics.limits import MAX_JOBS
from ..run.problems import Refused
from .help import remember_language

_Command = TypeVar("_Command", bound=Callable[..., Any])


lang = click.option(
    "--lang",
    type=click.Choice(["en", "it"]),
    default=None,
    is_eager=True,
    callback=remember_language,
    help=N_("Language of messages, annotations and help (default: from LC_ALL, LC_MESSAGES "
            "or LANG; else English)."),
)


def file_selection(*, stdin_filename: bool = False) -> Callable[[_Command], _Command]:
    """``--include``, ``--exclude``, ``--no-respect-gitignore``, ``--config`` and
    ``--isolated`` (with ``stdin_filename``, ``--stdin-filename`` too), given to the command
    as one value, ``chosen``: a ``run.files.FileSelection``."""

    def decorate(command: _Command) -> _Command:
        @functools.wraps(command)
        def given(*args: Any, include: tuple[str, ...], exclude: tuple[str, ...],
                  no_respect_gitignore: bool, config_path: str | None, isolated: bool,
                  **kwargs: Any) -> Any:
            from ..run.files import FileSelection

            chosen = FileSelection(include, exclude, not no_respect_gitignore, config_path,
                                   isolated, kwargs.pop("stdin_filename", None))
            return command(*args, chosen=chosen, **kwargs)

        options = [
            click.option("--include", multiple=True,
                         help=N_("Files to take from directories (gitignore-style pattern; "
                                 "repeatable; default *.block, *.block.gz and "
                                 "*.block.json).")),
            click.option("--exclude", multiple=True,
                         help=N_("Leave out files and directories found in directories or "
                                 "globs (gitignore-style pattern; repeatable).")),
            click.option("--no-respect-gitignore", is_flag=True,
                          help=N_("Also read the files that .gitignore files leave out.")),
        ]
        if stdin_filename:
            options.append(click.option("--stdin-filename", default=None,
                                        help=N_("The name standard input gets in reports.")))
        options += [configuration_path, isolated]
        for option in reversed(options):
            given = option(given)
        return given  # type: ignore[return-value]

    return decorate


configuration_path = click.option(
    "--config", "config_path", default=None,
    help=N_("Read the settings from this file (a blocknot.toml or pyproject.toml) for every "
            "file, instead of the nearest one."))
isolated = click.option("--isolated", is_flag=True, help=N_("Read no configuration file."))


def diff(help_text: str) -> Callable[[_Command], _Command]:
    """``--diff``, of a command that rewrites records (``format``, ``validate --fix``): write
    nothing, and print the changes as a unified diff instead (exit 1 when there are any)."""
    return click.option("--diff", is_flag=True, help=help_text)


def jobs(help_text: str, default: int | None = None) -> Callable[[_Command], _Command]:
    """``-j, --jobs N``, worker processes (0: one per CPU; at most ``MAX_JOBS``)."""
    return click.option("--jobs", "-j", type=click.IntRange(min=0, max=MAX_JOBS),
                        default=default, show_default=default is not None, help=help_text)


class AliasedOption(click.Option):
    """An option whose older names (``hidden_names``) are still read but no longer shown by
    ``--help`` or the reference pages: one name for one thing across the commands."""

    def __init__(self, *args: Any, hidden_names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hidden_names = tuple(hidden_names)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        shown = copy.copy(self)  # the names help shows, the option itself left as it was
        shown.opts = [name for name in self.opts if name not in self.hidden_names]
        return click.Option.get_help_record(shown, ctx)


def output(help_text: str) -> Callable[[_Command], _Command]:
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
            from ..basics.diagnostics import Message

            raise Refused(Message(N_("--encoding: {name!r} is not a text encoding blocknot "
                                     "knows (such as cp1252, latin-1, utf-16)"),
                                  {"name": value}))
    return value


encoding = click.option(
    "--encoding", default=None, metavar="NAME", callback=_known_encoding,
    help=N_("Read the files as written in this encoding (such as cp1252, latin-1, utf-16) "
            "instead of UTF-8, and say so in the report (default: the configuration's "
            "encoding, else UTF-8)."))


def reading_files_in(chosen: str | None) -> str | None:
    """Read the files of the command that runs in ``chosen`` (``--encoding``, else the
    configuration's) until it ends; the encoding its report names, or None for UTF-8."""
    from ..run.files import read_files_as

    named, end = read_files_as(chosen)
    click.get_current_context().call_on_close(end)
    return named


raw_csv = click.option(
    "--raw-csv", is_flag=True,
    help=N_("Write CSV cells as they are: without it, a text cell that a spreadsheet would run "
            "as a formula (starting with =, +, -, @, a tab or a carriage return) starts "
            "with '."))

threshold = click.option(
    "--threshold", type=click.IntRange(min=1), default=1, show_default=True,
    help=N_("A move that gives away at least this many points is a mistake."))


def _finite(_context: click.Context, _parameter: click.Parameter,
            value: float | None) -> float | None:
    """``--max-seconds``: a number of seconds, never NaN or infinity (which bound nothing)."""
    if value is not None and not math.isfinite(value):
        from ..basics.diagnostics import Message

        raise Refused(Message(N_("--max-seconds takes a number of seconds, 0 or more, not "
                                 "{value}"), {"value": str(value)}))
    return value


max_seconds = click.option(
    "--max-seconds", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
    callback=_finite,
    help=N_("Analyse for at most this long: the hands not analysed by then are listed as not "
            "analysed (out of time)."))
