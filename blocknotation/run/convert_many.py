"""``blocknot convert DIR|GLOB -o OUTDIR``: convert every record of a directory tree or glob.

Text records (``*.block``, ``*.block.gz``) become ``.block.json`` files, which a directory
search finds again (``inputs.DEFAULT_INCLUDE``), and JSON records (``*.block.json``, and any
other ``*.json``) become ``.block`` files, under OUTDIR at the same relative path.  A record that
cannot be read (a dangling link, a FIFO, damaged gzip data) is reported on standard error and
skipped, and the others are still converted.

Where each record goes is worked out before any is written.  Two records that would be
written to one file (``a.block`` and ``a.block.gz``) are named together and neither is
converted; a record that would be written over one of the records the run reads (``convert
DIR -o DIR``) is named and left.  Each file is written as ``-o`` writes one: to a temporary
file renamed into place once whole, so a full disk leaves the file as it was.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..basics.diagnostics import N_, Message, printable
from .inputs import DEFAULT_INCLUDE, Filters, InputProblem, as_text, expand, open_input
from .output import OutputFailed, output_file, say
from .problems import cannot_read_line, cannot_write_line

if TYPE_CHECKING:
    from ..basics.diagnostics import Diagnostic

GLOB_CHARACTERS = frozenset("*?[")


def is_many(argument: str) -> bool:
    """Whether ``convert``'s argument names several records: a directory or a glob."""
    return os.path.isdir(argument) or (not os.path.exists(argument)
                                       and bool(GLOB_CHARACTERS & set(argument)))


def output_name(path: str, root: str, data_is_json: bool) -> str:
    """Where the conversion of ``path`` goes, relative to the output directory."""
    relative = os.path.relpath(path, root)
    if relative.startswith(os.pardir):
        relative = os.path.basename(path)
    for suffix in (".gz", ".json", ".block", ".txt"):
        relative = relative.removesuffix(suffix)
    return relative + (".block" if data_is_json else ".block.json")


def convert_many(argument: str, target: str | None, output: str | None, lang: str) -> int:
    """Convert every record found; the exit status: 2 when a file could not be read or
    written or two records would be written to one file, else 1 when one could not be
    converted."""
    if output is None:
        raise InputProblem(Message(N_("converting a directory or a glob needs -o OUTDIR")))
    include: Sequence[str] = (*DEFAULT_INCLUDE, "*.json")
    root = argument if os.path.isdir(argument) else os.curdir
    paths = expand([argument], Filters(tuple(include)))
    planned, status = _plan(paths, root, output, lang)
    for path, destination in planned:
        status = max(status, _convert_one(path, destination, target, lang))
    return status


def _plan(paths: Sequence[str], root: str, output: str, lang: str
          ) -> tuple[list[tuple[str, str]], int]:
    """Where each record goes, before any is written: a record that cannot be read is told;
    one that would be written over a record of this run, or to the file of another, is named
    and left out (exit 2), so that no record is lost nor replaced."""
    status, going = 0, {}
    for path in paths:
        try:
            is_json = _is_json(path)
        except OSError as error:  # a dangling link, a FIFO, damaged gzip data: skipped
            say(cannot_read_line(printable(path), error, lang))
            status = 2
            continue
        going[path] = os.path.join(output, output_name(path, root, is_json))
    inputs = {_identity(path) for path in going} - {None}
    by_destination: dict[str, list[str]] = {}
    for path, destination in going.items():
        if _identity(destination) in inputs:
            _tell(Message(N_("{path} would be written to {destination}, one of the records "
                             "this conversion reads: it is not converted"),
                          {"path": printable(path), "destination": printable(destination)}),
                  lang)
            status = 2
            continue
        key = os.path.normcase(os.path.abspath(destination))
        by_destination.setdefault(key, []).append(path)
    planned = []
    for sources in by_destination.values():
        if len(sources) > 1:
            _tell_collision(sources, going[sources[0]], lang)
            status = 2
        else:
            planned.append((sources[0], going[sources[0]]))
    return planned, status


def _is_json(path: str) -> bool:
    """Whether the record at ``path`` is record JSON (its first byte other than white space
    and a BOM is ``{``): what its conversion is named by."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.convert import looks_like_json

    head = b""
    with open_input(path) as raw:
        text = as_text(raw)
        while len(head) <= MAX_INPUT_BYTES and (block := text.read(4096)):
            head = (head + block).lstrip(b" \t\r\n")
            if head and head not in (b"\xef", b"\xef\xbb", b"\xef\xbb\xbf"):
                break
    return looks_like_json(head)


def _identity(path: str) -> tuple[int, int] | None:
    """The file ``path`` is (its device and inode, through links), None when there is none."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _tell_collision(sources: Sequence[str], destination: str, lang: str) -> None:
    names = [printable(path) for path in sorted(sources)]
    if len(names) == 2:
        words = Message(N_("{first} and {second} would both be written to {destination}: "
                           "neither is converted (rename one of them)"),
                        {"first": names[0], "second": names[1],
                         "destination": printable(destination)})
    else:
        words = Message(N_("{paths} would all be written to {destination}: none is "
                           "converted (rename all but one of them)"),
                        {"paths": ", ".join(names), "destination": printable(destination)})
    _tell(words, lang)


def _tell(words: Message, lang: str) -> None:
    from ..basics.i18n import translator

    say(f"blocknot: {words.render(translator(lang))}\n")


def _convert_one(path: str, destination: str, target: str | None, lang: str) -> int:
    """Convert ``path`` into ``destination``, written whole or not at all: its exit status."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.convert import convert_bytes

    try:
        with open_input(path) as raw:
            data = as_text(raw).read(MAX_INPUT_BYTES + 1)
    except OSError as error:  # gone, or damaged past the head read first
        say(cannot_read_line(printable(path), error, lang))
        return 2
    if len(data) > MAX_INPUT_BYTES:
        sys.stderr.write(f"blocknot: {path} is too large to convert with others; "
                         "convert it alone\n")
        return 1
    text, diagnostics = convert_bytes(data, target)
    if text is None:
        _report(path, data, diagnostics, lang)
        return 1
    try:
        os.makedirs(os.path.dirname(destination) or ".", exist_ok=True)
        with output_file(destination) as out:  # a temporary file renamed into place
            out.write(text.encode("utf-8"))
    except OutputFailed as failure:
        say(cannot_write_line(printable(destination), failure.error, lang))
        return 2
    except OSError as error:  # its folder could not be made
        say(cannot_write_line(printable(destination), error, lang))
        return 2
    return 0


def _report(path: str, data: bytes, diagnostics: Sequence[Diagnostic], lang: str) -> None:
    from ..formats.reports.report_text import report_lines
    from ..notation.source import context_lines
    from ..report.values import FileReport

    found = tuple(diagnostics)
    report = FileReport(path, found, (), context_lines(data, {d.line for d in found}))
    lines = list(report_lines(report, lang))[:-1]
    sys.stderr.write("".join(f"{line}\n" for line in lines))
