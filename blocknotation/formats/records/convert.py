"""``blocknot convert``: text records to JSON and JSON back to canonical text.

Converting never judges legality; it refuses only input it cannot read (syntax diagnostics
S001–S003, or a JSON document that is not a valid record or that no text record can say).
Text is converted by ``text_convert``, record JSON by ``json_convert``; this module gives both
their one entry and spools a conversion so that nothing is written unless it succeeds.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, BinaryIO

from ...basics.diagnostics import Diagnostic
from .json_convert import convert_json as convert_json
from .json_convert import convert_json_stream
from .placing import record_problems as record_problems
from .placing import text_placed as text_placed
from .placing import text_record_problems as text_record_problems
from .text_convert import convert_bytes as convert_bytes
from .text_convert import convert_stream
from .text_convert import looks_like_json as looks_like_json


@contextmanager
def spooled_conversion(
    stream: BinaryIO, target: str | None, from_json: bool = False
) -> Iterator[tuple[IO[str] | None, tuple[Diagnostic, ...], dict[int, str]]]:
    """``convert_stream`` into a spool (in memory while small, then on disk), so that nothing
    is written out unless the whole record could be read.  Yields the spool, rewound, or None
    with the diagnostics and the source lines they point at."""
    with tempfile.SpooledTemporaryFile(
        _SPOOL_CHARS, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        convert = convert_json_stream if from_json else convert_stream
        diagnostics, context = convert(stream, target, spool)
        spool.seek(0)
        yield (None if diagnostics else spool), diagnostics, context


_SPOOL_CHARS = 8 << 20
