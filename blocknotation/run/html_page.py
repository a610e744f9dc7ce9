"""``validate --format html``: every file checked and shown on one self-contained page
(``formats/html/page.py``), written a game at a time; each game chunk is read once, and the
replay is given what was read."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from typing import IO

from ..formats.html.facts import game_facts
from ..formats.html.page import Chunk, FileShown, PageWriter
from ..notation.reader import ParsedRecord
from ..pipeline import EVERYTHING, Selection, read_and_validate
from ..report.values import Piece


def write_html(files: Sequence[tuple[str, bytes]], out: IO[str],
               selection: Selection = EVERYTHING, lang: str = "en",
               threshold: int | None = None, deadline: float | None = None
               ) -> tuple[FileShown, ...]:
    """Write the page for ``files`` (each a display name and its bytes) to ``out``; what it
    showed of each file (its ``errors`` and ``warnings`` give the exit status).  With a
    ``threshold``, every hand is analysed too (``validate --analyse``), and its mistakes
    marked in the replay; those not analysed by ``deadline`` (``time.monotonic``) are not."""
    writer = PageWriter(out, lang)
    shown = []
    for path, data in files:
        text = _as_text(data)
        shown.append(writer.file(path, text, _chunks(text, selection, threshold, deadline)))
    writer.close()
    return tuple(shown)


def _as_text(data: bytes) -> bytes:
    """A record JSON document as the canonical text it converts to, which the page shows and
    numbers (docs/html.md); any other file as it is (one that cannot be converted, or whose
    lines cannot be trusted, keeps its bytes, and its diagnostics say why, as ``validate``
    says it in the other formats)."""
    from ..basics.limits import MAX_INPUT_BYTES
    from ..formats.records.convert import convert_bytes, looks_like_json
    from ..formats.records.json_input import read_record_json

    if not looks_like_json(data):
        return data
    if len(data) <= MAX_INPUT_BYTES:  # a larger one is converted a game at a time
        try:
            _, refusal = read_record_json(data.decode("utf-8"))
        except UnicodeDecodeError:
            return data
        if refusal is not None:
            return data
    text, _ = convert_bytes(data, "text")
    return data if text is None else text.encode("utf-8")


def html_report(files: Sequence[tuple[str, bytes]], selection: Selection = EVERYTHING,
                lang: str = "en", threshold: int | None = None
                ) -> tuple[str, tuple[FileShown, ...]]:
    """The page for ``files`` as a string, and what it showed of each file."""
    out = io.StringIO()
    shown = write_html(files, out, selection, lang, threshold)
    return out.getvalue(), shown


def _chunks(data: bytes, selection: Selection, threshold: int | None,
            deadline: float | None = None) -> Iterator[Chunk]:
    """The file's game chunks, validated (and analysed) one at a time, with their games as
    written."""
    pairs: Iterable[tuple[ParsedRecord | None, Piece]] = read_and_validate(io.BytesIO(data),
                                                                           selection)
    if threshold is not None:
        from .analyse_jobs import analysed_pieces

        pairs = analysed_pieces(pairs, threshold, 1, deadline=deadline)
    for parsed, piece in pairs:
        games = () if parsed is None else tuple(
            (g.line, game_facts(g)) for g in parsed.records.games)
        yield games, piece


def run_html(
    files: Sequence[str], selection: Selection, strict: bool, language: str, output: str | None,
    threshold: int | None = None, deadline: float | None = None,
) -> int:
    """``validate --format html``: one page for every FILE, to ``output`` or standard output
    (with ``threshold``, ``validate --analyse``); 1 when a file failed, else 0."""
    from .files import read_input
    from .output import output_file

    named = [("<stdin>" if path == "-" else path, read_input(path)) for path in files]
    with output_file(output or "-") as binary:  # written a game at a time
        out = io.TextIOWrapper(binary, encoding="utf-8", newline="")
        reports = write_html(named, out, selection, language, threshold, deadline)
        out.flush()
        out.detach()
    failed = any(r.errors or (strict and r.warnings) for r in reports)
    return int(failed)
