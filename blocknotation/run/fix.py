"""``blocknot format`` and ``blocknot validate --fix``: rewrite records, report, pick the exit
status.  The work is ``formatting.format_bytes`` and ``fixes.fix_text``; this module reads
the files, writes them back (``rewrite.py``) and tells what it did on standard error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from ..basics.diagnostics import N_, Message, printable
from ..basics.i18n import plural, translator
from .output import output_file, say
from .problems import cannot_read_line
from .rewrite import Stored, Unreadable, diff_text, read_stored, show_refusal, write_stored

if TYPE_CHECKING:
    from ..pipeline import Selection
    from .fix_file import FixedFile, Reader, Report, Rereadable

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


@dataclass(slots=True)
class Run:
    """What happened to the files of one run."""

    lang: str
    changed: int = 0
    unchanged: int = 0
    refused: int = 0
    unreadable: int = 0
    not_text: int = 0
    """``--fix``: files of JSON, which it does not rewrite."""
    out: list[str] = field(default_factory=list)

    def cannot_read(self, name: str, reason: OSError | Message) -> None:
        say(cannot_read_line(printable(name), reason, self.lang))
        self.unreadable += 1


def _stdout(text: str) -> None:
    _stdout_bytes(text.encode("utf-8", "surrogatepass"))


def _stdout_bytes(data: bytes) -> None:
    with output_file("-") as out:
        out.write(data)


def _load(path: str, stdin: bytes | None, run: Run, name: str) -> Stored | None:
    try:
        return read_stored(path, stdin if path == "-" else None)
    except Unreadable as problem:
        run.cannot_read(name, problem.reason)
        return None


def run_format(files: Sequence[str], check: bool, diff: bool, lang: str,
               stdin: bytes | None, stdin_name: str = "<stdin>") -> int:
    """Format ``files`` in place (standard input to standard output for ``-``); with
    ``check`` or ``diff`` only tell what would change.  Returns the exit status."""
    from ..formats.records.formatting import format_bytes

    run = Run(lang)
    for path in files:
        name = stdin_name if path == "-" else path
        stored = _load(path, stdin, run, name)
        if stored is None:
            continue
        result = format_bytes(stored.data)
        if result.text is None:
            show_refusal(name, stored.data, result.diagnostics, lang)
            run.refused += 1
            if path == "-" and not (check or diff):
                _stdout_bytes(stored.data)  # the text goes on as it came (an editor filter)
            continue
        new = stored.text_to_store(result.text)
        same = new == stored.data
        run.changed += not same
        run.unchanged += same
        if diff and not same:
            _stdout(diff_text(name, stored.data.decode("utf-8", "replace"),
                              new.decode("utf-8", "replace")))
        elif check and not same:
            say(translator(lang)(N_("Would reformat: {path}")).format(path=printable(name))
                + "\n")
        elif path == "-" and not (check or diff):
            _stdout_bytes(new)
        elif not (check or diff or same):
            write_stored(path, stored, new)
    if check or diff or any(path != "-" for path in files):
        say(_format_summary(run, check or diff) + "\n")
    if run.unreadable:
        return EXIT_USAGE
    return EXIT_FINDINGS if run.refused or ((check or diff) and run.changed) else EXIT_OK


def _format_summary(run: Run, preview: bool) -> str:
    lang = run.lang
    if preview:
        parts = [plural(lang, "{n} file would be reformatted", "{n} files would be reformatted",
                        run.changed),
                 plural(lang, "{n} file already formatted", "{n} files already formatted",
                        run.unchanged)]
    else:
        parts = [plural(lang, "{n} file reformatted", "{n} files reformatted", run.changed),
                 plural(lang, "{n} file left unchanged", "{n} files left unchanged",
                        run.unchanged)]
    counts = [run.changed, run.unchanged]
    if run.refused:
        parts.append(plural(lang, "{n} file with syntax errors left untouched",
                            "{n} files with syntax errors left untouched", run.refused))
        counts.append(run.refused)
    return ", ".join(p.format(n=n) for p, n in zip(parts, counts, strict=True))


@dataclass(slots=True)
class Fixed:
    """The counts of ``validate --fix``: fixes applied, problems remaining, unsafe fixes
    left (``--unsafe-fixes`` would apply them), whether a file has an error left, and how
    many files keep a syntax error (whose games get only the fixes of their slips)."""

    applied: int = 0
    remaining: int = 0
    unsafe: int = 0
    failed: bool = False
    unparsable: int = 0


def run_fix(files: Sequence[str], selections: Sequence[Selection], *, diff: bool, unsafe: bool,
            strict: bool, lang: str, stdin: BinaryIO | None, stdin_name: str = "<stdin>",
            color: bool = False) -> int:
    """``validate --fix``: fix each file in place (standard input to standard output), list
    what remains as ``validate`` does, and sum it up; with ``diff`` only show the diffs.
    Each file is fixed a game at a time (``fix_file.py``).  Returns the exit status: 1 while
    an error remains once fixed (a warning too with ``strict``), as ``validate`` gives it of
    the fixed records; with ``diff`` the same, of the records as they would be fixed."""
    from contextlib import ExitStack

    from .fix_file import ReadFailed, copied
    from .output import scratch

    run, fixed = Run(lang), Fixed()
    with ExitStack() as kept:
        stdin_copy = None  # standard input, read once however often ``-`` is named
        try:
            if "-" in files and stdin is not None:
                with scratch():
                    stdin_copy = copied(stdin, kept)
        except ReadFailed as failed:
            run.cannot_read(stdin_name, failed.error)
        for path, selection in zip(files, selections, strict=True):
            if path == "-" and stdin is not None and stdin_copy is None:
                continue  # standard input could not be read: said once
            _fix_one(path, selection, stdin_copy, run, fixed, diff=diff, unsafe=unsafe,
                     strict=strict, lang=lang, color=color,
                     name=stdin_name if path == "-" else path)
    say(_fix_summary(fixed, run, diff, lang) + "\n")
    if run.unreadable or run.not_text:
        return EXIT_USAGE
    return EXIT_FINDINGS if fixed.failed else EXIT_OK  # with --diff, as --fix would


def _fix_one(path: str, selection: Selection, stdin: str | None, run: Run, fixed: Fixed, *,
             diff: bool, unsafe: bool, strict: bool, lang: str, color: bool, name: str
             ) -> None:
    """One file through ``--fix``: fixed, written out, its report listed and counted."""
    from contextlib import ExitStack

    from .fix_file import ReadFailed, Rereadable, fix_source
    from .output import scratch

    with scratch(), ExitStack() as stack:
        try:
            source = Rereadable(path, stdin, stack)
            if is_json(source):  # left as it is: what remains in it is listed
                _refuse_json(name, run)
                report = _as_it_is(source, name, selection, lang, color)
            else:
                done = fix_source(source, name, selection, diff=diff, unsafe=unsafe,
                                  lang=lang, color=color)
                run.changed += done.changed
                _write_out(path, source, done, diff)
                report = done.report
                fixed.applied += done.applied
                fixed.unsafe += done.unsafe_left
        except ReadFailed as failed:
            run.cannot_read(name, failed.error)
            return
        fixed.remaining += report.remaining
        fixed.failed |= bool(report.tally.errors or (strict and report.tally.warnings))
        fixed.unparsable += report.unparsable
        if diff and report.unparsable:
            for text in report.chunks():
                say(text)
        elif not diff:
            for text in (*report.chunks(), report.summary()):
                say(text) if path == "-" else _stdout(text)


def _as_it_is(source: Rereadable, name: str, selection: Selection, lang: str, color: bool
              ) -> Report:
    """The report of a record that ``--fix`` leaves as it is, as ``validate`` gives it."""
    from ..pipeline import file_end, validate_stream
    from .fix_file import Report

    report = Report(name, lang, color)
    for piece in file_end(validate_stream(source.open(), selection), selection):  # type: ignore[arg-type]
        report.add(piece)
    return report


def is_json(source: Rereadable) -> bool:
    """Whether the record is JSON (record JSON, say): its first character other than white
    space is ``{``, which no line of a text record starts with."""
    head = source.open().read(1 << 16).lstrip(b" \t\r\n")
    return head.startswith((b"{", b"\xef\xbb\xbf{"))


def _refuse_json(name: str, run: Run) -> None:
    """One line for a file of JSON, which ``--fix`` leaves as it is."""
    words = Message(N_("{path} is JSON, and --fix rewrites text records: it is left as it "
                       "is; convert it to text first (`blocknot convert {path} --to text`), "
                       "then fix the text"), {"path": printable(name)})
    say(f"blocknot: {words.render(translator(run.lang))}\n")
    run.not_text += 1


def _write_out(path: str, source: Rereadable, done: FixedFile, diff: bool) -> None:
    """The diff on standard output, or the fixed record in place (standard input's on
    standard output, changed or not)."""
    from .rewrite import write_stream

    if diff or path == "-":
        if done.changed or not diff:
            with output_file("-") as out:
                _copy(done.diff if diff else done.text if done.changed else source.open(),
                      out)
    elif done.changed:
        done.text.seek(0)
        write_stream(path, source.compressed, done.text)


def _copy(data: Reader | BinaryIO, out: BinaryIO) -> None:
    if not hasattr(data, "stream"):  # a spool, rather than the record read again (``Reader``)
        data.seek(0)
    while block := data.read(1 << 20):
        out.write(block)


def _fix_summary(fixed: Fixed, run: Run, diff: bool, lang: str) -> str:
    if diff:
        head = plural(lang, "Would fix {n} problem", "Would fix {n} problems", fixed.applied)
    else:
        head = plural(lang, "Fixed {n} problem", "Fixed {n} problems", fixed.applied)
    text = head.format(n=fixed.applied) + ", " + plural(
        lang, "{n} remaining", "{n} remaining", fixed.remaining).format(n=fixed.remaining)
    if fixed.unsafe:
        text += " (" + plural(lang, "{n} fixable with --unsafe-fixes",
                              "{n} fixable with --unsafe-fixes", fixed.unsafe).format(
            n=fixed.unsafe) + ")"
    if run.not_text:
        text += ", " + plural(lang, "{n} file of JSON left as it is",
                              "{n} files of JSON left as they are", run.not_text).format(
            n=run.not_text)
    if fixed.unparsable:
        text += ", " + plural(lang, "{n} file with syntax errors left: a game that holds "
                              "one gets only the fixes of its slips",
                              "{n} files with syntax errors left: a game that holds one "
                              "gets only the fixes of its slips",
                              fixed.unparsable).format(n=fixed.unparsable)
    return text
