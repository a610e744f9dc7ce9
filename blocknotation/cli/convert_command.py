"""``blocknot convert`` and ``blocknot format``: records rewritten, as JSON or as canonical text."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO, NoReturn, cast

import click

from ..basics.i18n import N_
from .common import (
    EXIT_FINDINGS,
    STANDARD_INPUT,
    UsageProblem,
    _input_stream,
    _language,
    cannot_read,
    config_option,
    configuration,
    encoding_option,
    exclude_option,
    expanded,
    gitignore_option,
    include_option,
    isolated_option,
    lang_option,
    read_files_as,
    read_input,
    read_stdin,
    run_encoding,
    stdin_binary,
    stdin_filename_option,
)
from .help import TranslatedCommand
from .output import (
    output_file,
    scratch,
)


@click.command(cls=TranslatedCommand)
@click.argument("file", type=click.Path())
@click.option(
    "--to", "target", type=click.Choice(["json", "text"]), default=None,
    help=N_("Output form (default: JSON for a text record, text for a JSON one)."),
)
@click.option("-o", "--output", default=None,
              help=N_("Write here instead of standard output."))
@encoding_option
@lang_option
def convert(file: str, target: str | None, output: str | None, encoding: str | None,
            lang: str | None) -> None:
    """Convert a record between text and JSON, losing nothing.

    Text becomes JSON and JSON becomes canonical text; `-` reads standard input. Converting
    does not judge legality, but a record that cannot be read is refused (exit 1). A
    directory or quoted glob, with -o OUTDIR, converts each record in it (*.block,
    *.block.gz, *.block.json, *.json): text to NAME.block.json, JSON to NAME.block.
    """
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.text_convert import convert_bytes
    from ..reading.source import context_lines
    from .convert_many import is_many

    read_files_as(run_encoding(encoding))
    if is_many(file):
        _convert_many(file, target, output, lang)
    # The output is made ready first: one that cannot be written fails before any work.
    with output_file(output or "-") as out:
        # Standard input is kept (decompressed) where ``data`` stops, for a large input.
        data, rest = read_stdin() if file == "-" else (read_input(file), None)
        if len(data) > MAX_INPUT_BYTES:
            _convert_large(file, data, rest, target, out, lang)
            return
        text, diagnostics = convert_bytes(data, target)
        if text is None:
            context = context_lines(data, {d.line for d in diagnostics})
            _refuse(file, diagnostics, context, lang)
        out.write(text.encode("utf-8"))


def _convert_many(file: str, target: str | None, output: str | None, lang: str | None
                  ) -> NoReturn:
    """``convert DIR|GLOB -o OUTDIR`` (``convert_many.py``)."""
    from .convert_many import convert_many
    from .inputs import InputProblem

    try:
        sys.exit(convert_many(file, target, output, _language(lang)))
    except InputProblem as problem:
        raise UsageProblem(problem.words) from None


def _refuse(file: str, diagnostics: Any, context: dict[int, str], lang: str | None) -> NoReturn:
    """``convert`` of a record that cannot be read: its diagnostics on standard error."""
    from ..formats.reports.report_text import report_lines
    from ..report.values import FileReport

    report = FileReport("<stdin>" if file == "-" else file, diagnostics, (), context)
    lines = list(report_lines(report, _language(lang)))[:-1]
    sys.stderr.write("".join(f"{line}\n" for line in lines))
    sys.exit(EXIT_FINDINGS)


def _convert_large(
    file: str, head: bytes, rest: BinaryIO | None, target: str | None, out: BinaryIO,
    lang: str | None,
) -> None:
    """``convert`` of a text record too large to hold whole (``head`` is what was read of it,
    ``rest`` the standard input it came from): a game at a time, decompressed when it is
    gzip data; nothing is written unless all of it could be read."""
    from ..formats.records.convert import looks_like_json, spooled_conversion
    from ..reading.source import Prefixed
    from .inputs import Input, as_text

    with _input_stream(file) as stream:
        try:  # a file is read again from its start; standard input goes on after ``head``
            reading = Input(as_text(stream) if rest is None else rest)
        except OSError as error:
            raise cannot_read(file, error) from None
        raw = cast(BinaryIO, reading)  # a read that fails is told, not taken for the end
        source = cast(BinaryIO, io.BufferedReader(Prefixed(head, raw))) if rest is not None else raw
        conversion = spooled_conversion(source, target, looks_like_json(head))
        with scratch(), conversion as (spool, diagnostics, context):
            if reading.problem is not None:
                raise cannot_read(STANDARD_INPUT if file == "-" else file, reading.problem)
            if spool is None:
                _refuse(file, diagnostics, context, lang)
            while block := spool.read(1 << 20):
                out.write(block.encode("utf-8"))


@click.command(name="format", cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True,
              help=N_("Change nothing; list the files that would change and exit 1 if any "
                      "would."))
@click.option("--diff", is_flag=True,
              help=N_("Change nothing; print the changes as a unified diff and exit 1 if "
                      "there are any."))
@include_option
@exclude_option
@gitignore_option
@stdin_filename_option
@config_option
@isolated_option
@lang_option
def format_command(
    files: Sequence[str], check: bool, diff: bool, include: tuple[str, ...],
    exclude: tuple[str, ...], no_respect_gitignore: bool, stdin_filename: str | None,
    config_path: str | None, isolated: bool, lang: str | None,
) -> None:
    """Rewrite records in canonical form, in place.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input and writes standard
    output. A record with syntax errors is left as it is (written unchanged to standard
    output for `-`) and reported (exit 1).
    """
    from .fix import run_format

    config = configuration(config_path, isolated)
    files = expanded(files, include or config.include, exclude or config.exclude,
                      not no_respect_gitignore)
    stdin = stdin_binary().read() if "-" in files else None
    sys.exit(run_format(files, check, diff, _language(lang or config.lang), stdin,
                        stdin_filename or "<stdin>"))
