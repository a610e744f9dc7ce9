"""The standings as CSV: a header of the JSON keys, then a row per player of each group,
then a row per file that gave no game.

With ``--by``, the first column is the group (named ``event``, ``date`` or ``file``; empty
for the games without the tag).  A figure the records do not tell is an empty field, and so
is the average of a player without a hand; ``also`` holds the other spellings counted as
the player, separated by spaces (a name never holds one).  A file that gave no game is a
row of its own, every figure empty, the file in ``no_game`` and why in ``why`` (its codes,
or ``cannot read: REASON``).  The games listed apart (in progress, left out) are in the
text, JSON and HTML outputs, not here: a CSV file is one table.
"""

from __future__ import annotations

import csv
import io

from .columns import KEYS
from .standings import Standings
from .text import no_game_why


def standings_csv(standings: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
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
