"""``convert`` of one record: text to record JSON, record JSON to canonical text, losing
nothing; a record too large to hold whole is converted a game at a time, and an output is
written whole or not at all."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, cast

from .files import input_stream, read_input, read_stdin
from .output import output_file, scratch
from .problems import STANDARD_INPUT, cannot_read

if TYPE_CHECKING:
    from ..basics.diagnostics import Diagnostic


class NotConvertible(Exception):
    """A record that cannot be converted: its diagnostics, and the lines they are on."""

    def __init__(self, diagnostics: Sequence[Diagnostic], context: dict[int, str]) -> None:
        super().__init__(diagnostics)
        self.diagnostics = tuple(diagnostics)
        self.context = context


@dataclass(frozen=True, slots=True)
class Converted:
    """A record converted (``text``), or None and the ``diagnostics`` that say why not."""

    text: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def converted(data: bytes, target: str | None) -> Converted:
    """``data`` converted to ``target`` (``json``, ``text``; None: the other form), held
    whole."""
    from ..formats.records.text_convert import convert_bytes

    text, diagnostics = convert_bytes(data, target)
    return Converted(text, tuple(diagnostics) if text is None else ())


def convert_record(file: str, target: str | None, output: str | None) -> None:
    """Convert ``file`` (``-``: standard input) to ``target`` (``json``, ``text``; None: the
    other form) into ``output`` (None or ``-``: standard output); ``NotConvertible`` when it cannot
    be read as a record, and then nothing is written."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.text_convert import convert_bytes
    from ..notation.source import context_lines

    # The output is made ready first: one that cannot be written fails before any work.
    with output_file(output or "-") as out:
        # Standard input is kept (decompressed) where ``data`` stops, for a large input.
        data, rest = read_stdin() if file == "-" else (read_input(file), None)
        if len(data) > MAX_INPUT_BYTES:
            _convert_large(file, data, rest, target, out)
            return
        text, diagnostics = convert_bytes(data, target)
        if text is None:
            raise NotConvertible(diagnostics, context_lines(data, {d.line for d in diagnostics}))
        out.write(text.encode("utf-8"))


def _convert_large(file: str, head: bytes, rest: BinaryIO | None, target: str | None,
                   out: BinaryIO) -> None:
    """A text record too large to hold whole (``head`` is what was read of it, ``rest`` the
    standard input it came from): a game at a time, decompressed when it is gzip data;
    nothing is written unless all of it could be read."""
    from ..formats.records.convert import looks_like_json, spooled_conversion
    from ..notation.source import Prefixed
    from .inputs import Input, as_text

    with input_stream(file) as stream:
        try:  # a file is read again from its start; standard input goes on after ``head``
            given = Input(as_text(stream) if rest is None else rest)
        except OSError as error:
            raise cannot_read(file, error) from None
        raw = cast(BinaryIO, given)  # a read that fails is told, not taken for the end
        source = cast(BinaryIO, io.BufferedReader(Prefixed(head, raw))) if rest is not None else raw
        conversion = spooled_conversion(source, target, looks_like_json(head))
        with scratch(), conversion as (spool, diagnostics, context):
            if given.problem is not None:
                raise cannot_read(STANDARD_INPUT if file == "-" else file, given.problem)
            if spool is None:
                raise NotConvertible(diagnostics, context)
            while block := spool.read(1 << 20):
                out.write(block.encode("utf-8"))
