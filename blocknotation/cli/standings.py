"""``blocknot standings``: a season's table from a folder of records (docs/standings.md)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from ..basics.i18n import N_
from ..run.output import say
from ..run.problems import Refused, cannot_read_line
from . import options
from .exits import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from .help import TranslatedCommand

if TYPE_CHECKING:
    from ..run.files import FileSelection


@click.command(cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "html"]),
              default="text", show_default=True,
              help=N_("The table as aligned text, JSON, CSV, or an HTML page with a chart of "
                      "each player's points over the season."))
@click.option("--output", "-o", "output_file", default=None,
              help=N_("Write the standings to this file instead of standard output."))
@click.option("--include-invalid", is_flag=True,
              help=N_("Count the games with errors too, their unknown figures shown as "
                      "unknown."))
@click.option("--alias", "aliases", multiple=True, metavar="NAME=OTHER",
              help=N_("Count the player written OTHER as NAME (repeatable; with the "
                      "configuration's aliases)."))
@click.option("--by", type=click.Choice(["event", "date", "file"]), default=None,
              help=N_("A table for each event, date (Date tag) or file."))
@options.file_selection()
@options.encoding
@options.raw_csv
@options.lang
def standings(files: Sequence[str], fmt: str, output_file: str | None, include_invalid: bool,
              aliases: tuple[str, ...], by: str | None, chosen: FileSelection,
              encoding: str | None, raw_csv: bool, lang: str | None) -> None:
    """Add up a season: games, wins, hands and points of every player of the records.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.  A game with errors is
    left out unless --include-invalid.
    """
    from ..run.files import language as language_of
    from ..run.files import not_an_input, stdin_binary, write_output
    from ..run.season_inputs import opened, sources_for
    from ..season.aliases import AliasProblem
    from ..season.standings import standings_of

    config = chosen.configuration()
    options.reading_files_in(encoding or config.encoding)
    files = chosen.files(files, config)
    not_an_input(output_file, files)
    language = language_of(lang or config.lang)
    sources = sources_for(files, config, chosen.config_path, chosen.isolated, aliases)
    unreadable = []

    def told(source: Any, error: OSError) -> None:
        unreadable.append(source.name)
        say(cannot_read_line(None if source.path == "-" else source.name, error, language))

    stdin = stdin_binary() if "-" in files else None
    try:
        found = standings_of(sources, by=by, include_invalid=include_invalid,  # type: ignore[arg-type]
                             unreadable=told, opener=lambda path: opened(path, stdin))
    except AliasProblem as problem:
        raise Refused(problem.words) from None
    _warn_of_look_alikes(found, language)
    write_output(_written(found, fmt, language, raw_csv), output_file)
    sys.exit(EXIT_USAGE if unreadable else EXIT_FINDINGS if found.errors else EXIT_OK)


def _warn_of_look_alikes(found: Any, lang: str) -> None:
    """A line on standard error for each two players whose names look alike
    (``season.lookalike``)."""
    from ..basics.diagnostics import Message
    from ..basics.i18n import translator
    from ..season.lookalike import code_points, look_alike

    names = [row.player for group in found.groups for row in group.rows]
    names += [player for group in found.groups for game in (*group.in_progress,
                                                            *group.excluded)
              for player in game.players]
    for first, second in look_alike(names):
        words = Message(N_("warning: {first} ({first_code}) and {second} ({second_code}) look "
                           "alike but are two players; if they are one, give one as another "
                           "spelling of the other (--alias, or [aliases])"),
                        {"first": first, "first_code": code_points(first), "second": second,
                         "second_code": code_points(second)})
        say(f"blocknot: {words.render(translator(lang))}\n")


def _written(found: Any, fmt: str, lang: str, raw_csv: bool) -> str:
    if fmt == "json":
        from ..season.standings_json import standings_json

        return standings_json(found)
    if fmt == "csv":
        from ..season.standings_csv import standings_csv

        return standings_csv(found, raw_csv)
    if fmt == "html":
        from ..season.html import standings_html

        return standings_html(found, lang)
    from ..season.text import standings_text

    return standings_text(found, lang)

