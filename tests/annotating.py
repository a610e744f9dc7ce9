"""A record file's bytes validated and annotated whole, as ``validate --format annotated``
writes it: for the tests and ``tools/make_golden.py`` (the command streams the same pieces,
``run.annotated.annotated_pieces``, a game at a time)."""

from __future__ import annotations

import io

from blocknotation.pipeline import EVERYTHING, Selection, collect
from blocknotation.report.values import FileReport, Piece
from blocknotation.run.annotated import Pairs, annotated_pieces


def annotated_file(
    data: bytes, path: str, selection: Selection = EVERYTHING, lang: str = "en",
    chain: bool = False, pairs: Pairs | None = None,
) -> tuple[str | None, FileReport]:
    """Validate a record file's bytes and annotate it with the selected findings.

    The text is None when the file has syntax diagnostics: a record that cannot be read
    whole cannot be written back whole, so the report (with them) is all there is.
    ``pairs``: how the pieces are read (``run_annotated``).
    """
    texts: list[str | None] = []
    pieces: list[Piece] = []
    for text, piece in annotated_pieces(io.BytesIO(data), selection, lang, chain, pairs):
        texts.append(text)
        pieces.append(piece)
    report = collect(path, pieces)
    if None in texts:
        return None, report
    return "".join(t for t in texts if t is not None), report
