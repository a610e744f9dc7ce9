"""``blocknot convert``: a record rewritten, as JSON or as canonical text, losing nothing."""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from ..basics.i18n import N_
from ..run.problems import Refused
from . import options
from .help import TranslatedCommand


@click.command(cls=TranslatedCommand)
@click.argument("file", type=click.Path())
@click.option(
    "--to", "target", type=click.Choice(["json", "text"]), default=None,
    help=N_("Output form (default: JSON for a text record, text for a JSON one)."),
)
@click.option("-o", "--output", default=None,
              help=N_("Write here instead of standard output."))
@options.encoding
@options.lang
def convert(file: str, target: str | None, output: str | None, encoding: str | None,
            lang: str | None) -> None:
    """Convert a record between text and JSON, losing nothing.

    Text becomes JSON and JSON becomes canonical text; `-` reads standard input. Converting
    does not judge legality, but a record that cannot be read is refused (exit 1). A
    directory or quoted glob, with -o OUTDIR, converts each record in it (*.block,
    *.block.gz, *.block.json, *.json): text to NAME.block.json, JSON to NAME.block.
    """
    from ..run.convert import NotConvertible, convert_record
    from ..run.convert_many import is_many
    from ..run.files import run_encoding

    options.reading_files_in(run_encoding(encoding))
    if is_many(file):
        _convert_many(file, target, output, lang)
    try:
        convert_record(file, target, output)
    except NotConvertible as refusal:
        _refuse(file, refusal.diagnostics, refusal.context, lang)


def _convert_many(file: str, target: str | None, output: str | None, lang: str | None
                  ) -> NoReturn:
    """``convert DIR|GLOB -o OUTDIR`` (``convert_many.py``)."""
    from ..run.convert_many import convert_many
    from ..run.files import language
    from ..run.inputs import InputProblem

    try:
        sys.exit(convert_many(file, target, output, language(lang)))
    except InputProblem as problem:
        raise Refused(problem.words) from None


def _refuse(file: str, diagnostics: Any, context: dict[int, str], lang: str | None) -> NoReturn:
    """``convert`` of a record that cannot be read: its diagnostics on standard error."""
    from ..formats.reports.report_text import report_lines
    from ..report.values import FileReport
    from ..run.files import language
    from .exits import EXIT_FINDINGS

    report = FileReport("<stdin>" if file == "-" else file, diagnostics, (), context)
    lines = list(report_lines(report, language(lang)))[:-1]
    sys.stderr.write("".join(f"{line}\n" for line in lines))
    sys.exit(EXIT_FINDINGS)
