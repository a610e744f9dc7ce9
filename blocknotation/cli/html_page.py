"""``validate --format html``: every file checked, then shown on one self-contained page
(``formats/html/page.py``); each game chunk is read once, and the replay is given what was read."""

from __future__ import annotations

import io
from collections.abc import Sequence

from ..formats.html.facts import GameFacts, game_facts
from ..formats.html.page import FileView, file_view, html_page
from ..pipeline import EVERYTHING, Selection, collect, read_and_validate
from ..report.values import FileReport, Piece


def html_report(files: Sequence[tuple[str, bytes]], selection: Selection = EVERYTHING,
                lang: str = "en") -> tuple[str, tuple[FileView, ...]]:
    """The page for ``files`` (each a display name and its bytes), and what it shows of
    each file (its ``errors`` and ``warnings`` give the exit status)."""
    views = []
    for index, (path, data) in enumerate(files, start=1):
        report, games = _validated(data, path, selection)
        views.append(file_view(index, path, data, report, games, lang))
    return html_page(views, lang), tuple(views)


def _validated(data: bytes, path: str,
               selection: Selection) -> tuple[FileReport, list[tuple[int, GameFacts]]]:
    """The file's report and its games as written (with their first lines)."""
    pieces: list[Piece] = []
    games: list[tuple[int, GameFacts]] = []
    for reading, piece in read_and_validate(io.BytesIO(data), selection):
        if reading is not None:
            games += ((g.line, game_facts(g)) for g in reading.records.games)
        pieces.append(piece)
    return collect(path, pieces), games
