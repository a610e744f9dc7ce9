"""The standings as CSV: a header of the JSON keys, then a row per player of each group,
then a row per file that gave no game.

With ``--by``, the first column is the group (named ``event``, ``date`` or ``file``; empty
for the games without the tag).  A figure the records do not tell is an empty field, and so
is the average of a player without a hand; ``also`` holds the other spellings counted as
the player, separated by spaces (a name never holds one).  A file that gave no game is a
row of its own, every figure empty, the file in ``no_game`` and why in ``why`` (its codes,
or ``cannot read: REASON``).  A text cell that a spreadsheet would run as a formula starts
with ``'`` (``cells.py``), unless ``raw``.  The games listed apart (in progress, left out)
are in the text, JSON and HTML outputs, not here: a CSV file is one table.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .cells import as_text
from .columns import KEYS
from .standings import Standings
from .text import no_game_why


def standings_csv(standings: Standings, raw: bool = False) -> str:
    """The CSV text; unless ``raw``, a text cell a spreadsheet would run as a formula
    starts with ``'`` (``cells.py``)."""
    out = io.StringIO()
    plain = csv.writer(out, lineterminator="\n")
    writer = plain if raw else _Safe(plain)
    group = [standings.by] if standings.by is not None else []
    writer.writerow([*group, *KEYS, "also", "no_game", "why"])
    for each in standings.groups:
        key = [each.key or ""] if standings.by is not None else []
        for row in each.rows:
            values = [getattr(row, k) for k in KEYS]
            writer.writerow([*key, *("" if v is None else v for v in values),
                             " ".join(row.also), "", ""])
    for file in standings.no_game:
        key = [file.file if standings.by == "file" else ""] if standings.by is not None else []
        writer.writerow([*key, *([""] * len(KEYS)), "", file.file, no_game_why(file, "en")])
    return out.getvalue()


class _Safe:
    """A CSV writer whose text cells never start as a formula does."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: list[Any]) -> None:
        self.writer.writerow([as_text(cell) for cell in row])
