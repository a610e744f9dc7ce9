"""``blocknot validate``: check records, report in a format, fix what is certain."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..basics.i18n import N_
from ..run.problems import Refused
from . import options
from .completion import complete_codes
from .exits import EXIT_OK
from .help import TranslatedCommand

if TYPE_CHECKING:
    from ..run.files import FileSelection


@click.command(cls=TranslatedCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option(
    "--format", "fmt",
    type=click.Choice(["text", "json", "annotated", "html", "jsonl", "github", "sarif",
                       "junit"]),
    default=None,
    help=N_("Output format: diagnostics as text or JSON, the record itself with the "
            "engine's findings as #= and #! comments (annotated: one FILE), one "
            "self-contained HTML page with the chains drawn and a step-by-step replay, JSON "
            "Lines (a line per game), GitHub Actions annotations, SARIF 2.1.0 or JUnit XML "
            "(default: github when GITHUB_ACTIONS=true, else text)."),
)
@click.option(
    "--chain", is_flag=True,
    help=N_("Only with --format annotated: after each play, describe the chain in the "
            "rules text's words (tiles, links, open points)."),
)
@click.option("--select", default=None, shell_complete=complete_codes,
              help=N_("Only these codes or prefixes (e.g. P4,E504)."))
@click.option("--ignore", default=None, shell_complete=complete_codes,
              help=N_("Leave out these codes or prefixes (e.g. G105)."))
@click.option("--strict", is_flag=True,
              help=N_("Warnings count as errors for the exit status."))
@click.option("--no-color", is_flag=True, help=N_("No colours, even on a terminal."))
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True,
              help=N_("Colours: on a terminal without NO_COLOR (auto), always, or never."))
@options.output(N_("Write the report to this file instead of standard output."))
@click.option("--statistics", is_flag=True,
              help=N_("Instead of the diagnostics, how many times each code was reported."))
@click.option("--quiet", "-q", is_flag=True,
              help=N_("Text: only the diagnostics, and the summary of a file with some (no "
                      "game results); jsonl: only the games with diagnostics."))
@click.option("--exit-zero", is_flag=True,
              help=N_("Exit with status 0 even when a file has an error."))
@options.file_selection(stdin_filename=True)
@click.option("--no-suppress", is_flag=True,
              help=N_("Report everything, even what '# blocknot: ignore' comments suppress."))
@options.encoding
@options.jobs(N_("Worker processes (0: one per CPU; default 1; more than the CPUs with a "
                 "warning, at most 64); the output is the same as with 1."))
@click.option("--fix", is_flag=True,
              help=N_("Write what the engine proved into the records, in place: missing or "
                      "wrong claims, missing sides, hand numbers; list what remains."))
@options.diff(N_("With --fix: print the changes as a unified diff instead of writing them."))
@click.option("--unsafe-fixes", is_flag=True,
              help=N_("With --fix: also apply the fixes that choose between readings of the "
                      "record."))
@click.option("--analyse", is_flag=True,
              help=N_("Also analyse every hand whose deals are all recorded: the value of "
                      "each move under best play, and the mistakes (blocknot analyse)."))
@options.threshold
@options.max_seconds
@click.option("--show-settings", is_flag=True,
              help=N_("Print the configuration file and the settings each file gets, and "
                      "check nothing."))
@options.lang
def validate(
    files: Sequence[str], fmt: str | None, chain: bool, select: str | None, ignore: str | None,
    strict: bool, no_color: bool, color: str, output_file: str | None, statistics: bool,
    quiet: bool, exit_zero: bool, chosen: FileSelection, no_suppress: bool,
    encoding: str | None, jobs: int | None, fix: bool,
    diff: bool, unsafe_fixes: bool, lang: str | None, show_settings: bool, analyse: bool = False,
    threshold: int = 1, max_seconds: float | None = None,
) -> None:
    """Check records against the rules and recompute every score.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.
    """
    from ..run.files import language as language_of
    from ..run.files import not_an_input, stdin_binary
    from ..run.lint import (
        MACHINE_FORMATS,
        CannotWrite,
        default_format,
        report_stream,
        run_machine,
        use_color,
    )
    from ..run.selection import chosen as chosen_codes
    from ..run.selection import config_of, selection_for
    from ..run.validate import Options, run_validate

    if (diff or unsafe_fixes) and not fix:
        raise Refused("--diff and --unsafe-fixes go with --fix")
    if max_seconds is not None and not analyse:
        raise Refused("--max-seconds goes with --analyse")
    config = chosen.configuration()
    read_as = options.reading_files_in(encoding or config.encoding)
    if read_as is not None and fix:
        raise Refused(_fix_needs_utf8(read_as))
    files = chosen.files(files, config)
    not_an_input(output_file, files)
    fmt = default_format(fmt or config.format)
    if chain and fmt != "annotated":
        raise Refused("--chain goes with --format annotated")
    # A --select given here is a whole selection: the file's ignore does not narrow it.
    selection = chosen_codes(select, ignore, config)
    # The codes a file is checked for come from the configuration nearest above it.
    per_file = chosen.per_file(config)
    stdin_filename = chosen.stdin_filename
    configs = [config_of(per_file, f, stdin_filename) for f in files]
    selections = tuple(selection_for(f, stdin_filename, chosen_codes(select, ignore, c), c,
                                     not no_suppress) for f, c in zip(files, configs, strict=True))
    language, strict = language_of(lang or config.lang), strict or bool(config.strict)
    if show_settings:
        from ..run.settings_shown import show_settings as shown

        shown(files, configs, selections, config, strict, language, fmt)
        sys.exit(EXIT_OK)
    if analyse:
        _analyse(files, fmt, selections, strict, language, threshold, stdin_filename,
                 output_file, jobs if jobs is not None else config.jobs or 1,
                 fix or chain or statistics, exit_zero, max_seconds)
    if fix:
        _fix(files, selections, fmt, diff, unsafe_fixes, strict, language,
             stdin_filename or "<stdin>", use_color(color, no_color, output_file), exit_zero)
    if fmt == "annotated":
        _annotated(files, selections[0], strict, language, chain)
    if fmt == "html":
        from ..run.html_page import run_html

        sys.exit(run_html(files, selections[0], strict, language, output_file))
    asked = Options(
        fmt=fmt, selection=selection, strict=strict, lang=language,
        color=use_color(color, no_color, output_file), quiet=quiet,
        jobs=jobs if jobs is not None else config.jobs if config.jobs is not None else 1,
        stdin_name=stdin_filename or "<stdin>", selections=selections,
        help_uri=config.help_uri, encoding=read_as,
    )
    if asked.jobs != 1 and fmt not in MACHINE_FORMATS and not statistics:
        from ..run.ordered import warn_of_jobs

        warn_of_jobs(asked.jobs, language)
    stdin = stdin_binary() if "-" in files else io.BytesIO()
    try:
        with report_stream(output_file) as out:
            if fmt in MACHINE_FORMATS or statistics:
                status = run_machine(files, asked, out, statistics, stdin)
            else:
                status = run_validate(files, asked, out, stdin)
    except CannotWrite as error:
        raise Refused(str(error)) from None
    sys.exit(EXIT_OK if status == 1 and exit_zero else status)


def _fix(files: Sequence[str], selections: Any, fmt: str, diff: bool, unsafe: bool,
         strict: bool, language: str, stdin_name: str, color: bool, exit_zero: bool
         ) -> NoReturn:
    """``validate --fix`` (``run.fix.run_fix``): only the text report lists what remains;
    exit 1 while an error remains (or, with ``--diff``, a change is to be made), unless
    ``--exit-zero``."""
    from ..run.files import stdin_binary
    from ..run.fix import run_fix

    if fmt not in ("text", "github"):
        raise Refused("--fix lists what remains as text: leave out --format")
    stdin = stdin_binary() if "-" in files else None
    status = run_fix(files, selections, diff=diff, unsafe=unsafe, strict=strict,
                     lang=language, stdin=stdin, stdin_name=stdin_name, color=color)
    sys.exit(EXIT_OK if status == 1 and exit_zero else status)


def _fix_needs_utf8(encoding: str) -> Any:
    """Why ``--fix`` refuses to write a file read in another encoding than UTF-8."""
    from ..basics.diagnostics import Message

    return Message(N_("--fix writes the records back as UTF-8, which would change a file "
                      "written in {encoding}: convert it first (blocknot convert --encoding "
                      "{encoding} --to text FILE -o NEW.block), then fix the new file"),
                   {"encoding": encoding})


def _analyse(files: Sequence[str], fmt: str, selections: Any, strict: bool, language: str,
             threshold: int, stdin_filename: str | None, output_file: str | None, jobs: int,
             other: bool, exit_zero: bool, max_seconds: float | None) -> NoReturn:
    """``validate --analyse``: the report, then the analysis (``run.analyse.run_analysis``)."""
    from time import monotonic

    from ..run.analyse import Analyse, run_analysis
    from ..run.html_page import run_html

    if fmt not in ("text", "json", "annotated", "html") or other:
        raise Refused("--analyse goes with --format text, json, annotated or html, "
                      "without --fix, --chain or --statistics")
    if fmt == "html":
        sys.exit(run_html(files, selections[0], strict, language, output_file, threshold,
                          None if max_seconds is None else monotonic() + max_seconds))
    status = run_analysis(files, Analyse(fmt, threshold, jobs, language, True, strict,
                                         selections[0], stdin_filename or "<stdin>",
                                         selections, max_seconds), output_file)
    sys.exit(0 if status == 1 and exit_zero else status)


def _annotated(
    files: Sequence[str], selection: Any, strict: bool, language: str, chain: bool
) -> NoReturn:
    """``validate --format annotated``: one record out (``run.annotated``)."""
    from ..run.annotated import run_annotated
    from ..run.files import input_stream
    from ..run.output import stdout_binary

    if len(files) != 1:
        raise Refused("--format annotated writes one record: give one FILE")
    stdout_binary()  # a closed standard output fails before any work
    path = files[0]
    with input_stream(path) as stream:
        status = run_annotated(stream, "<stdin>" if path == "-" else path, selection, strict,
                               language, chain)
    sys.exit(status)
