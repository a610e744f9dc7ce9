"""The ``blocknot`` command: thin wrappers that read, call the library, print, and exit.

Exit status: 0 when no file has an error (warnings allowed), 1 when any has, 2 for a usage
error, a file that cannot be read or an output that cannot be written, 70 for an internal
error (a bug, told in one line), 130 when interrupted, 141 when the reader of standard output
went away, 143 when terminated.
Heavy modules (lark, pydantic) are imported inside the commands, so ``--version`` and
``--help`` start fast.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, BinaryIO, NoReturn, cast

import click

from .. import __version__
from ..basics.diagnostics import N_
from .completion import complete_codes
from .help import TranslatedGroup, remember_language
from .output import (
    STDOUT_NAME,
    OutputFailed,
    guard_stdout,
    output_file,
    say,
    scratch,
    silence_stdout,
)

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
#: A bug in blocknot itself (sysexits' EX_SOFTWARE): never a verdict on the input.
EXIT_INTERNAL = 70
#: The shell's statuses for a command stopped by SIGINT, SIGPIPE and SIGTERM (128 + signal).
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE, EXIT_TERMINATED = 130, 141, 143


class UsageProblem(click.ClickException):
    """A problem with how blocknot was called or with reading a file: one line, exit 2."""

    exit_code = EXIT_USAGE


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of standard input for ``-``.

    Reading stops one byte past ``MAX_INPUT_BYTES``: endless or huge input (``/dev/zero``)
    is then refused by ``source.decode`` with a diagnostic instead of filling the memory.
    """
    from ..basics.limits import MAX_INPUT_BYTES

    if path == "-":
        try:
            return stdin_binary().read(MAX_INPUT_BYTES + 1)
        except OSError as error:
            raise UsageProblem(f"cannot read standard input: {error.strerror or error}") from None
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise UsageProblem(f"cannot read {_shown(path)}: {error.strerror or error}") from None


def stdin_binary() -> BinaryIO:
    """Standard input's bytes; exit 2 when it is closed (``<&-``)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        raise UsageProblem("cannot read standard input: it is closed")
    return buffer  # type: ignore[no-any-return]


def _shown(text: str) -> str:
    """``text`` safe to write to a terminal: control, bidi and zero-width characters escaped."""
    from ..basics.diagnostics import printable

    return printable(text)


@contextmanager
def _input_stream(path: str) -> Iterator[BinaryIO]:
    """A binary stream of ``path``, or of standard input for ``-``; exit 2 if unreadable."""
    if path == "-":
        yield stdin_binary()
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, errors become exit 2
    except OSError as error:
        raise UsageProblem(f"cannot read {path}: {error.strerror or error}") from None
    with handle:
        yield handle


def write_output(text: str, path: str | None) -> None:
    """Write ``text`` (UTF-8) to ``path``, or to standard output for None or ``-``."""
    with output_file(path or "-") as out:
        out.write(text.encode("utf-8"))


def _codes(value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    from ..basics.diagnostics import CATALOGUE

    codes = tuple(part.strip().upper() for part in value.split(",") if part.strip())
    for code in codes:
        if not any(known.startswith(code) for known in CATALOGUE):
            raise UsageProblem(f"unknown code or prefix {code!r}; see `blocknot rules`")
    return codes


def _language(value: str | None) -> str:
    from ..basics.i18n import language_from_environment

    return value or language_from_environment()


lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "it"]),
    default=None,
    is_eager=True,
    callback=remember_language,
    help=N_("Language of messages, annotations and help (default: from LC_ALL, LC_MESSAGES "
            "or LANG; else English)."),
)


@click.group(cls=TranslatedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="blocknot", message="%(prog)s %(version)s")
def cli() -> None:
    """blocknot: read, check and score game records of Block, the domino game."""


@cli.command()
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
@click.option("--output-file", "-o", "--output", "output_file", default=None,
              help=N_("Write the report to this file instead of standard output."))
@click.option("--statistics", is_flag=True,
              help=N_("Instead of the diagnostics, how many times each code was reported."))
@click.option("--quiet", "-q", is_flag=True,
              help=N_("Text: only the files with diagnostics; jsonl: only the games with "
                      "diagnostics."))
@click.option("--exit-zero", is_flag=True,
              help=N_("Exit with status 0 even when a file has an error."))
@click.option("--include", multiple=True,
              help=N_("Files to take from directories (gitignore-style pattern; repeatable; "
                      "default *.block and *.block.gz)."))
@click.option("--exclude", multiple=True,
              help=N_("Leave out files and directories found in directories or globs "
                      "(gitignore-style pattern; repeatable)."))
@click.option("--no-respect-gitignore", is_flag=True,
              help=N_("Also read the files that .gitignore files leave out."))
@click.option("--stdin-filename", default=None,
              help=N_("The name standard input gets in reports."))
@click.option("--no-suppress", is_flag=True,
              help=N_("Report everything, even what '# blocknot: ignore' comments suppress."))
@click.option("--config", "config_path", default=None,
              help=N_("Read the settings from this file (a blocknot.toml or pyproject.toml) "
                      "instead of the nearest one above the current directory."))
@click.option("--isolated", is_flag=True, help=N_("Read no configuration file."))
@click.option(
    "--jobs", "-j", type=click.IntRange(min=0), default=None,
    help=N_("Worker processes (0: one per core; default 1); the output is the same as with 1."),
)
@lang_option
def validate(
    files: Sequence[str], fmt: str | None, chain: bool, select: str | None, ignore: str | None,
    strict: bool, no_color: bool, color: str, output_file: str | None, statistics: bool,
    quiet: bool, exit_zero: bool, include: tuple[str, ...], exclude: tuple[str, ...],
    no_respect_gitignore: bool, stdin_filename: str | None, no_suppress: bool,
    config_path: str | None, isolated: bool, jobs: int | None, lang: str | None,
) -> None:
    """Check records against the rules and recompute every score.

    FILES are record files, directories (searched for .block files) or quoted globs; `-`
    reads standard input.
    """
    from ..pipeline import Selection
    from .lint import MACHINE_FORMATS, CannotWrite, default_format, report_stream, use_color
    from .runner import Options, check_readable, run_validate

    config = _configuration(config_path, isolated)
    files = _expanded(files, include or config.include, exclude or config.exclude,
                      not no_respect_gitignore)
    problem = check_readable(files)
    if problem is not None:
        raise UsageProblem(problem)
    fmt = default_format(fmt or config.format)
    if chain and fmt != "annotated":
        raise UsageProblem("--chain goes with --format annotated")
    selection = Selection(_codes(select) if select is not None else config.select,
                          _codes(ignore) if ignore is not None else config.ignore)
    selections = tuple(_selection_for(f, stdin_filename, selection, config, not no_suppress)
                       for f in files)
    language, strict = _language(lang or config.lang), strict or bool(config.strict)
    if fmt == "annotated":
        _annotated(files, selections[0], strict, language, chain)
    if fmt == "html":
        _html(files, selections[0], strict, language, output_file)
    options = Options(
        fmt=fmt, selection=selection, strict=strict, lang=language,
        color=use_color(color, no_color, output_file), quiet=quiet,
        jobs=jobs if jobs is not None else config.jobs if config.jobs is not None else 1,
        stdin_name=stdin_filename or "<stdin>", selections=selections,
    )
    stdin = stdin_binary() if "-" in files else io.BytesIO()
    try:
        with report_stream(output_file) as out:
            if fmt in MACHINE_FORMATS or statistics:
                status = int(_gamewise(files, options, out, statistics, stdin))
            else:
                status = run_validate(files, options, out, stdin)
    except CannotWrite as error:
        raise UsageProblem(str(error)) from None
    sys.exit(EXIT_OK if status == 1 and exit_zero else status)


def _gamewise(files: Sequence[str], options: Any, out: Any, statistics: bool,
              stdin: BinaryIO) -> bool:
    """The machine formats and ``--statistics``: a game at a time (``gamewise.py``)."""
    from .gamewise import Source
    from .lint import run_gamewise, sink_for
    from .runner import display_name

    sink = sink_for(options.fmt, out, options.lang, statistics, options.quiet)
    sources = [Source(display_name(path, options.stdin_name), path, options.selection_of(index))
               for index, path in enumerate(files)]
    tallies = run_gamewise(sources, sink, stdin)
    return any(t.errors or (options.strict and t.warnings) for t in tallies)


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


def _configuration(path: str | None, isolated: bool) -> Any:
    """The configuration that applies (``config.resolve``); a bad file is a usage error."""
    from .config import ConfigProblem, resolve

    try:
        return resolve(path, isolated)
    except ConfigProblem as problem:
        raise UsageProblem(str(problem)) from None


def _expanded(files: Sequence[str], include: Sequence[str], exclude: Sequence[str],
              gitignore: bool) -> list[str]:
    """The files to read: directories walked, globs expanded (``inputs.expand``)."""
    from .inputs import DEFAULT_INCLUDE, Filters, InputProblem, expand

    filters = Filters(tuple(include) or DEFAULT_INCLUDE, tuple(exclude), gitignore)
    try:
        return expand(files, filters)
    except InputProblem as problem:
        raise UsageProblem(str(problem)) from None


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


def _html(
    files: Sequence[str], selection: Any, strict: bool, language: str, output: str | None
) -> NoReturn:
    """``validate --format html``: one page for every FILE, to ``output`` or standard output."""
    from ..formats.html import html_report

    named = [("<stdin>" if path == "-" else path, read_input(path)) for path in files]
    page, reports = html_report(named, selection, language)
    write_output(page, output)
    failed = any(r.errors or (strict and r.warnings) for r in reports)
    sys.exit(EXIT_FINDINGS if failed else EXIT_OK)


@cli.command()
@click.argument("file", type=click.Path())
@click.option(
    "--to", "target", type=click.Choice(["json", "text"]), default=None,
    help=N_("Output form (default: JSON for a text record, text for a JSON one)."),
)
@click.option("-o", "--output", default=None,
              help=N_("Write here instead of standard output."))
@lang_option
def convert(file: str, target: str | None, output: str | None, lang: str | None) -> None:
    """Convert a record between text and JSON, losing nothing.

    Text becomes JSON and JSON becomes canonical text; `-` reads standard input. Converting
    does not judge legality, but a record that cannot be read is refused (exit 1).
    """
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.convert import convert_bytes
    from ..reading.source import context_lines
    from .convert_many import is_many

    if is_many(file):
        _convert_many(file, target, output, lang)
    # The output is made ready first: one that cannot be written fails before any work.
    with output_file(output or "-") as out:
        data = read_input(file)
        if len(data) > MAX_INPUT_BYTES:
            _convert_large(file, data, target, out, lang)
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
        raise UsageProblem(str(problem)) from None


def _refuse(file: str, diagnostics: Any, context: dict[int, str], lang: str | None) -> NoReturn:
    """``convert`` of a record that cannot be read: its diagnostics on standard error."""
    from ..formats.report_text import report_lines
    from ..report.values import FileReport

    report = FileReport("<stdin>" if file == "-" else file, diagnostics, (), context)
    lines = list(report_lines(report, _language(lang)))[:-1]
    sys.stderr.write("".join(f"{line}\n" for line in lines))
    sys.exit(EXIT_FINDINGS)


def _convert_large(
    file: str, head: bytes, target: str | None, out: BinaryIO, lang: str | None
) -> None:
    """``convert`` of a text record too large to hold whole (``head`` is what was read of it):
    a game at a time; nothing is written unless all of it could be read."""
    from ..formats.convert import looks_like_json, spooled_conversion
    from ..reading.source import Prefixed
    from .runner import Input

    with _input_stream(file) as stream:
        reading = Input(stream)  # a read that fails is told, not taken for the end
        raw = cast(BinaryIO, reading)
        # A file is read again from its start; standard input goes on after ``head``.
        source = cast(BinaryIO, io.BufferedReader(Prefixed(head, raw))) if file == "-" else raw
        conversion = spooled_conversion(source, target, looks_like_json(head))
        with scratch(), conversion as (spool, diagnostics, context):
            if reading.problem is not None:
                where = "standard input" if file == "-" else _shown(file)
                raise UsageProblem(f"cannot read {where}: {reading.problem}")
            if spool is None:
                _refuse(file, diagnostics, context, lang)
            while block := spool.read(1 << 20):
                out.write(block.encode("utf-8"))


@cli.command()
@click.option("--report", is_flag=True,
              help=N_("The schema of the report of validate --format json instead."))
def schema(report: bool) -> None:
    """Print the JSON Schema of the record JSON that `convert` writes and reads."""
    import json

    from ..formats.schema import record_schema, report_schema

    chosen = report_schema() if report else record_schema()
    write_output(json.dumps(chosen, indent=2) + "\n", None)


@cli.command()
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help=N_("The catalogue as text, or as JSON data."))
@lang_option
def rules(code: str | None, fmt: str, lang: str | None) -> None:
    """List the diagnostic codes, or explain one CODE with examples."""
    from ..basics.explain import catalogue_text, explain_text

    language = _language(lang)
    if code is None and fmt == "json":
        from ..formats.catalogue_json import catalogue_json

        write_output(catalogue_json(language), None)
        return
    if code is None:
        write_output(catalogue_text(language), None)
        return
    text = explain_text(code.upper(), language)
    if text is None:
        raise UsageProblem(f"unknown code {code!r}; `blocknot rules` lists them all")
    write_output(text, None)


@cli.command()
@click.option("--games", type=click.IntRange(min=0), default=1, show_default=True,
              help=N_("How many games to write."))
@click.option("--players", type=click.Choice(["2", "3", "4", "mixed"]), default="mixed",
              show_default=True, help=N_("Players per game (mixed: 2, 3 or 4 at random)."))
@click.option("--seed", type=int, default=0, show_default=True,
              help=N_("Random seed: the same seed gives the same bytes."))
@click.option("--partial", is_flag=True,
              help=N_("Leave some deals out and write show lines for those players."))
@click.option("--claims", is_flag=True,
              help=N_("Write correct domino/blocked, points and score lines."))
@click.option(
    "--counts-only", is_flag=True,
    help=N_("Write each hand as the count after play: show lines for every player and "
            "correct claims, no deals and no moves."),
)
@click.option(
    "--mistakes", "rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
    metavar="RATE",
    help=N_("Put one scorer's mistake into about this fraction of the games (1: every "
            "game), the same for the same seed."),
)
@click.option("-o", "--output", default=None,
              help=N_("Write here instead of standard output."))
def generate(
    games: int, players: str, seed: int, partial: bool, claims: bool, counts_only: bool,
    rate: float, output: str | None,
) -> None:
    """Write random legal Block games, complete to the target, in canonical notation."""
    from ..simulator.mistakes import add_mistakes
    from ..simulator.simulate import generate_games

    if partial and counts_only:
        raise UsageProblem("--partial and --counts-only do not go together")
    count = None if players == "mixed" else int(players)
    games_made = generate_games(seed, games, players=count, partial=partial, claims=claims,
                                counts_only=counts_only)
    records = add_mistakes(games_made, rate, seed)
    with output_file(output or "-") as stream:
        for index, record in enumerate(records):
            stream.write((record if index == 0 else "\n" + record).encode("utf-8"))


class Terminated(BaseException):
    """SIGTERM, turned into an exception so that a half-written ``-o FILE`` is removed."""


def _terminate(number: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line; every failure ends in one line on standard error and a status."""
    args: Any = list(argv) if argv is not None else None
    terminate = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread():
        terminate = None  # only the main thread may set a handler
    if terminate is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminate)
    unguard = guard_stdout()
    try:
        _run(args)
    finally:
        unguard()
        if terminate is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, terminate)


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
        message = _shown((problem.format_message().splitlines() or [""])[0])
        where = f"{problem.ctx.command_path} --help" if problem.ctx else "blocknot --help"
        say(f"blocknot: {message} (see {where})\n")
        sys.exit(EXIT_USAGE)
    except click.ClickException as problem:
        message = _shown((problem.format_message().splitlines() or [""])[0])
        say(f"blocknot: {message}\n")
        sys.exit(problem.exit_code)
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


def _output_failed(failure: OutputFailed) -> NoReturn:
    """An output that could not be written: one line naming it, exit 2; a reader that went
    away (`blocknot validate big.txt | head -1`) ends the run quietly, with 141 as a tool
    stopped by SIGPIPE has."""
    if failure.name == STDOUT_NAME:
        silence_stdout()
    if failure.broken_pipe:
        sys.exit(EXIT_BROKEN_PIPE)
    say(f"blocknot: cannot write {_shown(failure.name)}: {failure.reason}\n")
    sys.exit(EXIT_USAGE)
