"""The season written by hand in tests/data/season, and its standings worked out from the
rules (tests/test_standings.py says how): shared by the tests of the standings and of the
tables."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "tests" / "data" / "season"
ELENA = {"Elana": "Elena"}

#: player, games, won, drawn, lost, hands, domino, blocked, for, against, average, P405, P407
TABLE = [
    ("Ada", 2, 2, 0, 0, 8, 4, 0, 137, 30, 137 / 8, 0, 0),
    ("Elena", 2, 1, 0, 1, 5, 3, 0, 102, 102, 102 / 5, 0, 0),
    ("Nicolò", 2, 1, 0, 1, 5, 2, 0, 102, 102, 102 / 5, 0, 0),
    ("Dario", 2, 1, 0, 1, 9, 3, 1, 101, 69, 101 / 9, 0, 0),
    ("Cy", 2, 0, 0, 2, 8, 1, 1, 22, 145, 22 / 8, 0, 0),
    ("Bea", 2, 0, 0, 2, 9, 2, 0, 8, 191, 8 / 9, 1, 0),
]
FIELDS = ("player", "games", "won", "drawn", "lost", "hands", "domino", "blocked",
          "points_for", "points_against", "average", "p405", "p407")
