"""The standings as CSV: a header of the JSON keys, then a row per player of each group.

With ``--by``, the first column is the group (named ``event``, ``date`` or ``file``; empty
for the games without the tag).  A figure the records do not tell is an empty field, and so
is the average of a player without a hand; ``also`` holds the other spellings counted as
the player, separated by spaces (a name never holds one).  The games listed apart (in
progress, left out) are in the text, JSON and HTML outputs, not here: a CSV file is one
table.
"""

from __future__ import annotations

import csv
import io

from .columns import KEYS
from .standings import Standings


def standings_csv(standings: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    group = [standings.by] if standings.by is not None else []
    writer.writerow([*group, *KEYS, "also"])
    for each in standings.groups:
        key = [each.key or ""] if standings.by is not None else []
        for row in each.rows:
            values = [getattr(row, k) for k in KEYS]
            writer.writerow([*key, *("" if v is None else v for v in values),
                             " ".join(row.also)])
    return out.getvalue()
