"""Player names and the keywords no player may be called by (docs/notation.md, "Lexical rules").

Kept apart from ``records`` so that the fast reader and the quick replay, which need only
these two facts, do not import pydantic.
"""

from __future__ import annotations

import re

#: A player name: a letter of any script, then letters, ASCII digits, ``_``, ``'`` or ``-``.
NAME_PATTERN = re.compile(r"[^\W\d_](?:[^\W\d_]|[0-9_'\-])*")

#: The keywords of the notation: no player may be called by one of them.
KEYWORDS = frozenset(
    {"hand", "opener", "deal", "pass", "show", "domino", "blocked", "points", "score", "none",
     "L", "R", "left", "right"}
)
