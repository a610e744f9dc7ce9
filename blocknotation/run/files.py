"""Which files a run reads and how: the configuration that applies, directories walked and
globs expanded, a file or standard input read, a report written whole."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..basics.i18n import N_
from .output import output_file
from .problems import STANDARD_INPUT, Refused, cannot_read


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of standard input for ``-``.

    Reading stops one byte past ``MAX_INPUT_BYTES``: endless or huge input (``/dev/zero``)
    is then refused by ``source.decode`` with a diagnostic instead of filling the memory.
    """
    from ..basics.limits import MAX_INPUT_BYTES
    from .inputs import as_text, open_input

    if path == "-":
        return read_stdin()[0]
    try:
        with open_input(path) as handle:
            return as_text(handle).read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise cannot_read(path, error) from None


def read_stdin() -> tuple[bytes, BinaryIO]:
    """What ``read_input("-")`` reads of standard input (as ``inputs.as_text`` reads it),
    and the stream that goes on after it."""
    from ..basics.limits import MAX_INPUT_BYTES
    from .inputs import as_text

    try:
        stream = as_text(stdin_binary())
        return stream.read(MAX_INPUT_BYTES + 1), stream
    except OSError as error:
        raise cannot_read(STANDARD_INPUT, error) from None


def stdin_binary() -> BinaryIO:
    """Standard input's bytes; refused when it is closed (``<&-``)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        from ..basics.diagnostics import Message

        raise cannot_read(STANDARD_INPUT, Message(N_("it is closed")))
    return buffer  # type: ignore[no-any-return]


@contextmanager
def input_stream(path: str) -> Iterator[BinaryIO]:
    """A binary stream of ``path``, or of standard input for ``-``; refused if unreadable."""
    from .inputs import open_input

    if path == "-":
        yield stdin_binary()
        return
    try:
        handle = open_input(path)
    except OSError as error:
        raise cannot_read(path, error) from None
    with handle:
        yield handle


def write_output(text: str, path: str | None) -> None:
    """Write ``text`` (UTF-8) to ``path``, or to standard output for None or ``-``."""
    with output_file(path or "-") as out:
        out.write(text.encode("utf-8"))


def codes(value: str | None) -> tuple[str, ...]:
    """The codes and prefixes of ``--select`` or ``--ignore``; an unknown one is refused."""
    if not value:
        return ()
    from ..basics.diagnostics import CATALOGUE

    found = tuple(part.strip().upper() for part in value.split(",") if part.strip())
    for code in found:
        if not any(known.startswith(code) for known in CATALOGUE):
            raise Refused(f"unknown code or prefix {code!r}; see `blocknot rules`")
    return found


def language(value: str | None) -> str:
    """``--lang``, else the environment's language."""
    from ..basics.i18n import language_from_environment

    return value or language_from_environment()


def read_files_as(encoding: str | None) -> tuple[str | None, Callable[[], None]]:
    """Read the files of the run in ``encoding`` (``--encoding``, else the configuration's;
    None or UTF-8: as UTF-8); returns the encoding the report names, or None, and the
    function that ends it."""
    from ..basics.encoding_names import is_utf8
    from .reading_as import read_as

    named = None if encoding is None or is_utf8(encoding) else encoding
    return named, read_as(named)


def run_encoding(encoding: str | None) -> str | None:
    """``--encoding``, else the ``encoding`` key of the configuration nearest above the
    current directory, for a command that reads no other key (``analyse``, ``convert``)."""
    return encoding if encoding is not None else configuration(None, False).encoding


def configuration(path: str | None, isolated: bool) -> Any:
    """The configuration that applies (``config.resolve``); a bad file is refused."""
    from ..basics.config import ConfigProblem, resolve

    try:
        return resolve(path, isolated)
    except ConfigProblem as problem:
        raise Refused(problem.words or str(problem)) from None


def expanded(files: Sequence[str], include: Sequence[str], exclude: Sequence[str],
             gitignore: bool) -> list[str]:
    """The files to read: directories walked, globs expanded (``inputs.expand``)."""
    from .inputs import DEFAULT_INCLUDE, Filters, InputProblem, expand

    filters = Filters(tuple(include) or DEFAULT_INCLUDE, tuple(exclude), gitignore)
    try:
        return expand(files, filters)
    except InputProblem as problem:
        raise Refused(problem.words) from None


def not_an_input(output: str | None, files: Sequence[str]) -> None:
    """Refuse a report file that is one of the records read: it would be overwritten."""
    import os

    if output is None or output == "-" or not os.path.exists(output):
        return
    for path in files:
        if path != "-" and os.path.exists(path) and os.path.samefile(path, output):
            raise Refused(f"the report would overwrite the record {path}: "
                          "write it to another file (-o)")


@dataclass(frozen=True, slots=True)
class FileSelection:
    """Which files a run reads, and under which configuration: the patterns of
    ``--include`` and ``--exclude``, whether ``.gitignore`` files are respected, the
    configuration file given (``--config``) or none read (``--isolated``), and the name
    standard input gets in reports."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    config_path: str | None = None
    isolated: bool = False
    stdin_filename: str | None = None

    def configuration(self) -> Any:
        """The configuration of the run (the nearest above the current directory, the one
        given, or none); a bad file is refused."""
        return configuration(self.config_path, self.isolated)

    def files(self, arguments: Sequence[str], config: Any) -> list[str]:
        """The files ``arguments`` name, directories walked and globs expanded, with the
        patterns given, else ``config``'s."""
        return expanded(arguments, self.include or config.include,
                        self.exclude or config.exclude, self.respect_gitignore)

    def per_file(self, config: Any) -> Any:
        """Each file's configuration: the run's one when given or isolated, else the
        nearest above the file (``config.PerFile``)."""
        from ..basics.config import PerFile

        return PerFile(config if self.isolated or self.config_path is not None else None)
