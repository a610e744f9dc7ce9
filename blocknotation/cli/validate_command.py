"""``blocknot validate``: check records, report in a format, fix what is certain."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO, NoReturn

import click

from ..basics.i18n import N_
from ..basics.limits import MAX_JOBS
from .analyse_command import max_seconds_option, threshold_option
from .common import (
    EXIT_OK,
    UsageProblem,
    _codes,
    _input_stream,
    _language,
    config_option,
    configuration,
    encoding_option,
    exclude_option,
    expanded,
    gitignore_option,
    include_option,
    isolated_option,
    lang_option,
    output_option,
    read_files_as,
    stdin_binary,
    stdin_filename_option,
)
from .completion import complete_codes
from .help import TranslatedCommand


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
@output_option(N_("Write the report to this file instead of standard output."))
@click.option("--statistics", is_flag=True,
              help=N_("Instead of the diagnostics, how many times each code was reported."))
@click.option("--quiet", "-q", is_flag=True,
              help=N_("Text: only the diagnostics, and the summary of a file with some (no "
                      "game results); jsonl: only the games with diagnostics."))
@click.option("--exit-zero", is_flag=True,
              help=N_("Exit with status 0 even when a file has an error."))
@include_option
@exclude_option
@gitignore_option
@stdin_filename_option
@click.option("--no-suppress", is_flag=True,
              help=N_("Report everything, even what '# blocknot: ignore' comments suppress."))
@config_option
@isolated_option
@encoding_option
@click.option(
    "--jobs", "-j", type=click.IntRange(min=0, max=MAX_JOBS), default=None,
    help=N_("Worker processes (0: one per CPU; default 1; more than the CPUs with a warning, "
            "at most 64); the output is the same as with 1."),
)
@click.option("--fix", is_flag=True,
              help=N_("Write what the engine proved into the records, in place: missing or "
                      "wrong claims, missing sides, hand numbers; list what remains."))
@click.option("--diff", is_flag=True,
              help=N_("With --fix: print the changes as a unified diff instead of writing "
                      "them."))
@click.option("--unsafe-fixes", is_flag=True,
              help=N_("With --fix: also apply the fixes that choose between readings of the "
                      "record."))
@click.option("--analyse", is_flag=True,
              help=N_("Also analyse every hand whose deals are all recorded: the value of "
                      "each move under best play, and the mistakes (blocknot analyse)."))
@threshold_option
@max_seconds_option
@click.option("--show-settings", is_flag=True,
              help=N_("Print the configuration file and the settings each file gets, and "
                      "check nothing."))
@lang_option
def validate(
    files: Sequence[str], fmt: str | None, chain: bool, select: str | None, ignore: str | None,
    strict: bool, no_color: bool, color: str, output_file: str | None, statistics: bool,
    quiet: bool, exit_zero: bool, include: tuple[str, ...], exclude: tuple[str, ...],
    no_respect_gitignore: bool, stdin_filename: str | None, no_suppress: bool,
    config_path: str | None, isolated: bool, encoding: str | None, jobs: int | None, fix: bool,
    diff: bool, unsafe_fixes: bool, lang: str | None, show_settings: bool, analyse: bool = False,
    threshold: int = 1, max_seconds: float | None = None,
) -> None:
    """Check records against the rules and recompute every score.

    FILES are record files, directories (searched for *.block, *.block.gz and
    *.block.json files) or quoted globs; `-` reads standard input.
    """
    from ..basics.config import PerFile
    from .lint import MACHINE_FORMATS, CannotWrite, default_format, report_stream, use_color
    from .runner import Options, run_validate

    if (diff or unsafe_fixes) and not fix:
        raise UsageProblem("--diff and --unsafe-fixes go with --fix")
    if max_seconds is not None and not analyse:
        raise UsageProblem("--max-seconds goes with --analyse")
    config = configuration(config_path, isolated)
    read_as = read_files_as(encoding or config.encoding)
    if read_as is not None and fix:
        raise UsageProblem(_fix_needs_utf8(read_as))
    files = expanded(files, include or config.include, exclude or config.exclude,
                      not no_respect_gitignore)
    _not_an_input(output_file, files)
    fmt = default_format(fmt or config.format)
    if chain and fmt != "annotated":
        raise UsageProblem("--chain goes with --format annotated")
    # A --select given here is a whole selection: the file's ignore does not narrow it.
    selection = _chosen(select, ignore, config)
    # The codes a file is checked for come from the configuration nearest above it.
    per_file = PerFile(config if isolated or config_path is not None else None)
    configs = [_config_of(per_file, f, stdin_filename) for f in files]
    selections = tuple(_selection_for(f, stdin_filename, _chosen(select, ignore, c), c,
                                      not no_suppress) for f, c in zip(files, configs, strict=True))
    language, strict = _language(lang or config.lang), strict or bool(config.strict)
    if show_settings:
        from .settings_shown import show_settings as shown

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
        from .html_page import run_html

        run_html(files, selections[0], strict, language, output_file)
    options = Options(
        fmt=fmt, selection=selection, strict=strict, lang=language,
        color=use_color(color, no_color, output_file), quiet=quiet,
        jobs=jobs if jobs is not None else config.jobs if config.jobs is not None else 1,
        stdin_name=stdin_filename or "<stdin>", selections=selections,
        help_uri=config.help_uri, encoding=read_as,
    )
    if options.jobs != 1 and fmt not in MACHINE_FORMATS and not statistics:
        from .parallel import warn_of_jobs

        warn_of_jobs(options.jobs, language)
    stdin = stdin_binary() if "-" in files else io.BytesIO()
    try:
        with report_stream(output_file) as out:
            if fmt in MACHINE_FORMATS or statistics:
                status = _gamewise(files, options, out, statistics, stdin)
            else:
                status = run_validate(files, options, out, stdin)
    except CannotWrite as error:
        raise UsageProblem(str(error)) from None
    sys.exit(EXIT_OK if status == 1 and exit_zero else status)


def _fix(files: Sequence[str], selections: Any, fmt: str, diff: bool, unsafe: bool,
         strict: bool, language: str, stdin_name: str, color: bool, exit_zero: bool
         ) -> NoReturn:
    """``validate --fix`` (``cli_fix.run_fix``): only the text report lists what remains;
    exit 1 while an error remains (or, with ``--diff``, a change is to be made), unless
    ``--exit-zero``."""
    from .fix import run_fix

    if fmt not in ("text", "github"):
        raise UsageProblem("--fix lists what remains as text: leave out --format")
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
    """``validate --analyse``: the report, then the analysis (``analyse_command.run``)."""
    from time import monotonic

    from .analyse_command import run
    from .analyse_run import Analyse
    from .html_page import run_html

    if fmt not in ("text", "json", "annotated", "html") or other:
        raise UsageProblem("--analyse goes with --format text, json, annotated or html, "
                           "without --fix, --chain or --statistics")
    if fmt == "html":
        run_html(files, selections[0], strict, language, output_file, threshold,
                 None if max_seconds is None else monotonic() + max_seconds)
    status = run(files, Analyse(fmt, threshold, jobs, language, True, strict, selections[0],
                                stdin_filename or "<stdin>", selections, max_seconds),
                 output_file)
    sys.exit(0 if status == 1 and exit_zero else status)


def _gamewise(files: Sequence[str], options: Any, out: Any, statistics: bool,
              stdin: BinaryIO) -> int:
    """The machine formats and ``--statistics``: a game at a time (``gamewise.py``); the
    exit status (2 when a file could not be read whole)."""
    from .gamewise import Source
    from .lint import run_gamewise, sink_for
    from .runner import display_name

    sink = sink_for(options.fmt, out, options.lang, statistics, options.quiet,
                    options.help_uri)
    sources = [Source(display_name(path, options.stdin_name), path, options.selection_of(index))
               for index, path in enumerate(files)]
    tallies, unreadable = run_gamewise(sources, sink, stdin, options.lang)
    if unreadable:
        return 2
    return int(any(t.errors or (options.strict and t.warnings) for t in tallies))


def _chosen(select: str | None, ignore: str | None, config: Any) -> Any:
    """The codes ``--select`` and ``--ignore`` choose, else ``config``'s: a ``--select``
    given is a whole selection, which the file's ``ignore`` does not narrow."""
    from ..pipeline import Selection

    return Selection(
        _codes(select) if select is not None else config.select,
        _codes(ignore) if ignore is not None else () if select is not None else config.ignore)


def _config_of(per_file: Any, path: str, stdin_name: str | None) -> Any:
    """The configuration of one file (standard input: of its ``--stdin-filename``)."""
    from ..basics.config import ConfigProblem

    try:
        return per_file.of(stdin_name or path if path == "-" else path)
    except ConfigProblem as problem:
        raise UsageProblem(problem.words or str(problem)) from None


def _selection_for(path: str, stdin_name: str | None, selection: Any, config: Any,
                   suppress: bool) -> Any:
    """The codes to report for one file: per-file-ignores (standard input is matched by its
    ``--stdin-filename``), and its ignore-file comments."""
    from ..pipeline import Selection
    from ..suppress import file_codes

    file_ignores = file_codes(path) if suppress and path != "-" else ()
    name = stdin_name if path == "-" else path
    ignored = config.ignored_for(name) if name is not None else ()
    return Selection(selection.select, selection.ignore + ignored, file_ignores, suppress)






def _annotated(
    files: Sequence[str], selection: Any, strict: bool, language: str, chain: bool
) -> NoReturn:
    """``validate --format annotated``: one record out (see ``cli_annotated``)."""
    from .annotated import run_annotated
    from .output import stdout_binary

    if len(files) != 1:
        raise UsageProblem("--format annotated writes one record: give one FILE")
    stdout_binary()  # a closed standard output fails before any work
    path = files[0]
    with _input_stream(path) as stream:
        status = run_annotated(stream, "<stdin>" if path == "-" else path, selection, strict,
                               language, chain)
    sys.exit(status)


def _not_an_input(output_file: str | None, files: Sequence[str]) -> None:
    """Refuse a report file that is one of the records checked: it would be overwritten."""
    if output_file is None or output_file == "-" or not os.path.exists(output_file):
        return
    for path in files:
        if path != "-" and os.path.exists(path) and os.path.samefile(path, output_file):
            raise UsageProblem(f"the report would overwrite the record {path}: "
                               "write it to another file (-o)")
