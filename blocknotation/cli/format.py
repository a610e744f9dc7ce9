"""``blocknot format``: records rewritten in canonical form, in place."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from ..basics.i18n import N_
from . import options
from .help import TranslatedCommand

if TYPE_CHECKING:
    from ..run.files import FileSelection


@click.command(name="format", cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True,
              help=N_("Change nothing; list the files that would change and exit 1 if any "
                      "would."))
@options.diff(N_("Change nothing; print the changes as a unified diff and exit 1 if there "
                 "are any."))
@options.file_selection(stdin_filename=True)
@options.lang
def format_command(files: Sequence[str], check: bool, diff: bool, chosen: FileSelection,
                   lang: str | None) -> None:
    """Rewrite records in canonical form, in place.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input and writes standard
    output. A record with syntax errors is left as it is (written unchanged to standard
    output for `-`) and reported (exit 1).
    """
    from ..run.files import language, stdin_binary
    from ..run.fix import run_format

    config = chosen.configuration()
    files = chosen.files(files, config)
    stdin = stdin_binary().read() if "-" in files else None
    sys.exit(run_format(files, check, diff, language(lang or config.lang), stdin,
                        chosen.stdin_filename or "<stdin>"))
