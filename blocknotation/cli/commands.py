"""The ``blocknot`` command: thin wrappers that read, call the library, print, and exit.

Exit status: 0 when no file has an error (warnings allowed), 1 when any has, 2 for a usage
error, a file that cannot be read or an output that cannot be written, 70 for an internal
error (a bug, told in one line), 130 when interrupted, 141 when the reader of standard output
went away, 143 when terminated.
Heavy modules (lark, pydantic) are imported inside the commands, so ``--version`` and
``--help`` start fast.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence
from importlib import import_module
from typing import Any, NoReturn

import click

from .. import __version__
from ..basics.interrupts import Terminated, terminate
from ..run.output import OutputFailed, guard_stdout, say
from ..run.problems import Refused
from . import options
from .exits import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
)
from .help import TranslatedGroup

#: The commands and the modules that define them.  Each module is loaded the first time one
#: of its commands is run, listed (``--help``, completion) or a name is not found, so that
#: ``--version`` loads none of them and ``validate`` only its own.
COMMANDS = {
    "validate": ("validate", "validate"),
    "convert": ("convert", "convert"),
    "format": ("format", "format_command"),
    "schema": ("schema", "schema"),
    "rules": ("rules", "rules"),
    "lsp": ("lsp", "lsp"),
    "generate": ("generate", "generate"),
    "analyse": ("analyse", "analyse"),
    "standings": ("standings", "standings"),
    "export": ("export", "export"),
    "serve": ("serve", "serve"),
}


class _Blocknot(TranslatedGroup):
    """The ``blocknot`` group, with its commands loaded on first need."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        # An unknown name loads them all, so that click suggests the nearest one.
        for name in (cmd_name,) if cmd_name in COMMANDS else tuple(COMMANDS):
            if name not in self.commands:
                module, attribute = COMMANDS[name]
                command = getattr(import_module(f".{module}", __package__), attribute)
                self.add_command(command, name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Blocknot, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="blocknot", message="%(prog)s %(version)s")
@options.lang
def cli(lang: str | None) -> None:  # a command's own --lang comes after, and wins
    """blocknot: read, check and score game records of Block, the domino game."""


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line; every failure ends in one line on standard error and a status."""
    args: Any = list(argv) if argv is not None else None
    before = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread():
        before = None  # only the main thread may set a handler
    if before is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, terminate)
    unguard = guard_stdout()
    try:
        _run(args)
    finally:
        unguard()
        if before is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, before)


def _run(args: Any) -> NoReturn:
    try:
        cli.main(args=args, prog_name="blocknot", standalone_mode=False)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except (click.Abort, KeyboardInterrupt):
        say("blocknot: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:
        say("blocknot: terminated\n")
        sys.exit(EXIT_TERMINATED)
    except click.exceptions.NoArgsIsHelpError as problem:
        say(problem.ctx.get_help() + "\n" if problem.ctx else "", sys.stdout)
        sys.exit(EXIT_USAGE)
    except click.UsageError as problem:
        from .usage_words import usage_language, usage_line

        message = (problem.format_message().splitlines() or [""])[0]
        where = f"{problem.ctx.command_path} --help" if problem.ctx else "blocknot --help"
        language = usage_language(sys.argv[1:] if args is None else args)
        say(f"blocknot: {_shown(usage_line(message, where, language))}\n")
        sys.exit(EXIT_USAGE)
    except click.ClickException as problem:
        message = (problem.format_message().splitlines() or [""])[0]
        say(f"blocknot: {_shown(message)}\n")
        sys.exit(problem.exit_code)
    except Refused as refused:
        _refused(refused, args)
    except OutputFailed as failure:
        _output_failed(failure)
    except Exception as error:  # a bug: one line instead of a traceback, unless debugging
        if os.environ.get("BLOCKNOT_DEBUG"):
            raise
        say(
            f"blocknot: internal error ({type(error).__name__}); please report it with the "
            "input that caused it (BLOCKNOT_DEBUG=1 shows the traceback)\n"
        )
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_OK)


def _refused(refused: Refused, args: Any) -> NoReturn:
    """A run refused: one line, in the language of the command line (``usage_words``)."""
    message = (str(refused).splitlines() or [""])[0]
    if refused.words is not None:
        from .usage_words import usage_language

        message = refused.told(usage_language(sys.argv[1:] if args is None else args))
    say(f"blocknot: {_shown(message)}\n")
    sys.exit(refused.exit_code)


def _output_failed(failure: OutputFailed) -> NoReturn:
    """An output that could not be written (``end_for_output``)."""
    end_for_output(failure, _shown(failure.name))


def end_for_output(failure: OutputFailed, shown_name: str) -> NoReturn:
    """An output that could not be written: one line naming it (``shown_name``), exit 2; a
    reader that went away (`blocknot validate big.block | head -1`) ends the run quietly,
    with 141 as a tool stopped by SIGPIPE has."""
    from ..run.output import STDOUT_NAME, silence_stdout

    if failure.name == STDOUT_NAME:
        silence_stdout()
    if failure.broken_pipe:
        sys.exit(EXIT_BROKEN_PIPE)
    say(f"blocknot: cannot write {shown_name}: {failure.reason}\n")
    sys.exit(EXIT_USAGE)


def _shown(text: str) -> str:
    """``text`` safe to write to a terminal: control, bidi and zero-width characters escaped."""
    from ..basics.diagnostics import printable

    return printable(text)
