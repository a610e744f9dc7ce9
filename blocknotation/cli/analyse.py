"""``blocknot analyse``: the value of every move of the hands whose deals are all known, under
best play (docs/analysis.md)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from ..basics.i18n import N_
from . import options
from .help import TranslatedCommand


@click.command(cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "annotated"]),
              default="text", show_default=True,
              help=N_("The mistakes as text lines, the JSON report with every move's value, "
                      "or the record annotated with #? lines (one FILE)."))
@options.threshold
@options.jobs(N_("Worker processes over the hands (0: one per CPU); the output is the same as "
                 "with 1."), default=1)
@options.output(N_("Write the report to this file instead of standard output."))
@options.max_seconds
@options.encoding
@options.lang
def analyse(files: Sequence[str], fmt: str, threshold: int, jobs: int,
            output_file: str | None, max_seconds: float | None, encoding: str | None,
            lang: str | None) -> None:
    """Find where each hand was won or lost: the value of every move under best play.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.  Only hands whose
    deals are all recorded are analysed.
    """
    from ..run.analyse import Analyse, run_analysis
    from ..run.files import expanded, language, run_encoding

    options.reading_files_in(run_encoding(encoding))
    files = expanded(files, (), (), True)
    asked = Analyse(fmt=fmt, threshold=threshold, jobs=jobs, lang=language(lang),
                    max_seconds=max_seconds)
    sys.exit(run_analysis(files, asked, output_file))
