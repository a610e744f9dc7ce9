"""``blocknot analyse``: the value of every move of the hands whose deals are all known, under
best play (docs/analysis.md)."""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from time import monotonic
from typing import NoReturn

import click

from ..basics.diagnostics import Message
from ..basics.i18n import N_
from ..basics.limits import MAX_JOBS
from .common import (
    UsageProblem,
    _input_stream,
    _language,
    encoding_option,
    expanded,
    lang_option,
    output_option,
    read_files_as,
    run_encoding,
    stdin_binary,
)
from .help import TranslatedCommand

threshold_option = click.option(
    "--threshold", type=click.IntRange(min=1), default=1, show_default=True,
    help=N_("A move that gives away at least this many points is a mistake."))


def _finite(_context: click.Context, _parameter: click.Parameter,
            value: float | None) -> float | None:
    """``--max-seconds``: a number of seconds, never NaN or infinity (which bound nothing)."""
    if value is not None and not math.isfinite(value):
        raise UsageProblem(Message(N_("--max-seconds takes a number of seconds, 0 or more, "
                                      "not {value}"), {"value": str(value)}))
    return value


max_seconds_option = click.option(
    "--max-seconds", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
    callback=_finite,
    help=N_("Analyse for at most this long: the hands not analysed by then are listed as not "
            "analysed (out of time)."))


@click.command(cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "annotated"]),
              default="text", show_default=True,
              help=N_("The mistakes as text lines, the JSON report with every move's value, "
                      "or the record annotated with #? lines (one FILE)."))
@threshold_option
@click.option(
    "--jobs", "-j", type=click.IntRange(min=0, max=MAX_JOBS), default=1, show_default=True,
    help=N_("Worker processes over the hands (0: one per CPU); the output is the same as "
            "with 1."),
)
@output_option(N_("Write the report to this file instead of standard output."))
@max_seconds_option
@encoding_option
@lang_option
def analyse(files: Sequence[str], fmt: str, threshold: int, jobs: int,
            output_file: str | None, max_seconds: float | None, encoding: str | None,
            lang: str | None) -> None:
    """Find where each hand was won or lost: the value of every move under best play.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.  Only hands whose
    deals are all recorded are analysed.
    """
    from .analyse_run import Analyse

    read_files_as(run_encoding(encoding))
    files = expanded(files, (), (), True)
    options = Analyse(fmt=fmt, threshold=threshold, jobs=jobs, lang=_language(lang),
                      max_seconds=max_seconds)
    sys.exit(run(files, options, output_file))


def run(files: Sequence[str], options: object, output_file: str | None) -> int:
    """``analyse``, or ``validate --analyse`` (``options``: an ``analyse_run.Analyse``)."""
    from .analyse_run import Analyse, run_analyse
    from .lint import CannotWrite, report_stream

    assert isinstance(options, Analyse)
    if options.max_seconds is not None:
        options = replace(options, deadline=monotonic() + options.max_seconds)
    if options.fmt == "annotated":
        annotated(files, options)
    if options.jobs != 1:
        from .parallel import warn_of_jobs

        warn_of_jobs(options.jobs, options.lang)
    stdin = stdin_binary() if "-" in files else io.BytesIO()
    try:
        with report_stream(output_file) as out:
            return run_analyse(files, options, out, stdin)
    except CannotWrite as error:
        raise UsageProblem(str(error)) from None


def annotated(files: Sequence[str], options: object) -> NoReturn:
    """The record annotated with the analysis (``annotated.run_annotated``), one file."""
    from .analyse_run import Analyse, pairs_of
    from .annotated import run_annotated

    assert isinstance(options, Analyse)
    if len(files) != 1:
        raise UsageProblem("--format annotated writes one record: give one FILE")
    path = files[0]
    with _input_stream(path) as stream:
        sys.exit(run_annotated(stream, "<stdin>" if path == "-" else path, options.selection,
                               options.strict, options.lang, False,
                               pairs=lambda source: pairs_of(source, options)))
