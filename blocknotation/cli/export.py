"""``blocknot export``: every game as rows of four tables, Parquet or CSV (docs/export.md)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from ..basics.diagnostics import Message
from ..basics.i18n import N_, plural, translator
from ..run.output import OutputFailed, output_directory, say
from ..run.problems import Refused, cannot_read_line
from . import options
from .exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from .help import TranslatedCommand

if TYPE_CHECKING:
    from ..run.files import FileSelection


@click.command(cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--to", "to", type=click.Choice(["parquet", "csv"]), default="parquet",
              show_default=True,
              help=N_("The tables as Parquet files (the parquet extra) or CSV files."))
@click.option("--output", "-o", "out", required=True, metavar="DIR",
              help=N_("The directory to write games, hands, moves and diagnostics into "
                      "(made if missing; tables there are replaced)."))
@options.jobs(N_("Worker processes (0: one per CPU; default 1; more than the CPUs with a "
                 "warning, at most 64); the tables are the same as with 1."))
@options.file_selection()
@options.encoding
@options.raw_csv
@options.lang
def export(files: Sequence[str], to: str, out: str, jobs: int | None, chosen: FileSelection,
           encoding: str | None, raw_csv: bool, lang: str | None) -> None:
    """Write every game as rows of four tables that analytics tools read: games, hands,
    moves and diagnostics.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.  The messages of the
    diagnostics table are in --lang.
    """
    from ..run.export import export_files, lean_allocation, need_pyarrow
    from ..run.files import language as language_of
    from ..run.files import stdin_binary
    from ..run.season_inputs import sources_for
    from ..season.table_files import TableFailed

    config = chosen.configuration()
    options.reading_files_in(encoding or config.encoding)
    files = chosen.files(files, config)
    language = language_of(lang or config.lang)
    if to == "parquet":
        need_pyarrow()
        lean_allocation()
    directory = output_directory(out)  # through a link, as -o writes a file
    if os.path.exists(directory) and not os.path.isdir(directory):
        raise Refused(Message(N_("{path} is not a directory: -o names the directory "
                                 "the tables go into"), {"path": out}))
    sources = sources_for(files, config, chosen.config_path, chosen.isolated)
    unreadable = []

    def told(source: Any, error: OSError) -> None:
        unreadable.append(source.name)
        say(cannot_read_line(None if source.path == "-" else source.name, error, language))

    stdin = stdin_binary() if "-" in files else None
    workers = jobs if jobs is not None else config.jobs if config.jobs is not None else 1
    try:
        done = export_files(sources, to, directory, lang=language, jobs=workers,
                            raw_csv=raw_csv, unreadable=told, stdin=stdin)
    except TableFailed as failed:
        words = Message(N_("cannot write the {table} table, {path}: {reason}; {state}"),
                        {"table": failed.table, "path": failed.filename,
                         "reason": failed.strerror, "state": failed.state})
        say(f"blocknot: {words.render(translator(language))}\n")
        sys.exit(EXIT_USAGE)
    except OSError as error:  # the directory could not be made
        raise OutputFailed(out, error) from None
    click.echo(_written(out, done.rows, to, language))
    sys.exit(EXIT_USAGE if unreadable else EXIT_FINDINGS if done.errors else EXIT_OK)


def _written(out: str, rows: Mapping[str, int], to: str, lang: str) -> str:
    """``season-tables: 8 games, 154 hand rows, 749 moves, 1 diagnostic (csv)``."""
    games, hands, moves, found = (rows[table] for table in ("games", "hands", "moves",
                                                              "diagnostics"))
    counts = ", ".join([
        plural(lang, "{n} game", "{n} games", games).format(n=games),
        plural(lang, "{n} hand row", "{n} hand rows", hands).format(n=hands),
        plural(lang, "{n} move", "{n} moves", moves).format(n=moves),
        plural(lang, "{n} diagnostic", "{n} diagnostics", found).format(n=found)])
    return translator(lang)(N_("{path}: {counts} ({format})")).format(
        path=out, counts=counts, format=to)
