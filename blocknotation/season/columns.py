"""The columns of the standings table: their keys (in JSON and CSV, never translated) and
their headings (in the text and HTML tables, in the user's language)."""

from __future__ import annotations

from ..basics.i18n import N_, translator
from .standings import Row

#: (key, heading) of each column after the player's, in order.
COLUMNS = (
    ("games", N_("games")),
    ("won", N_("wins")),
    ("drawn", N_("draws")),
    ("lost", N_("losses")),
    ("hands", N_("hands")),
    ("domino", N_("domino")),
    ("blocked", N_("blocked")),
    ("points_for", N_("for")),
    ("points_against", N_("against")),
    ("average", N_("per hand")),
    ("p405", "P405"),
    ("p407", "P407"),
)
KEYS = ("player", *(key for key, _ in COLUMNS))
#: What a figure the records do not tell is shown as (text, CSV: an empty field).
UNKNOWN = "?"


def headings(lang: str) -> list[str]:
    """The headings of the table in ``lang``, the player's first."""
    _ = translator(lang)
    return [_(N_("player")), *(_(word) for _key, word in COLUMNS)]  # codes stay as they are


def cell(row: Row, key: str) -> str:
    """A figure of ``row`` as the tables show it: ``?`` when unknown; the average with two
    decimals, ``-`` without a hand played."""
    value = getattr(row, key)
    if key == "average":
        if value is None:
            return "-" if not row.hands else UNKNOWN
        return f"{value:.2f}"
    return UNKNOWN if value is None else str(value)
