"""The one registry of diagnostic codes, a module per family, in the order of the catalogue.

Each entry (``entry.Code``) leads to everything about its code: its severity and summary,
the rules it enforces, the modules whose checks raise it, what it means and why, and its
example records.  ``tests/test_registry.py`` checks that every entry's ``checks`` are exactly
the modules that raise the code, and that its examples exist and report it.
"""

from __future__ import annotations

from . import deal, ending, game, play, syntax, turn
from .entry import N_, Code, Severity

__all__ = ["CATALOGUE", "FAMILIES", "N_", "SYNTAX_ERRORS", "Code", "Severity"]

#: Every code, by name, in the order of the catalogue.
CATALOGUE: dict[str, Code] = {
    c.code: c for family in (syntax, game, deal, turn, play, ending) for c in family.CODES
}

# The families of codes, by first letter, in the order the catalogue lists them.
FAMILIES: dict[str, str] = {
    "S": N_("Syntax (S): whether the file can be read as a record at all"),
    "G": N_("Game (G): the players, the target and the numbering of hands"),
    "D": N_("Deal (D): the tiles dealt to each player"),
    "T": N_("Turn (T): who opens each hand and who moves next"),
    "P": N_("Play (P): each tile played and each pass"),
    "E": N_("End of hand (E): the end, the tiles shown, the points and the totals"),
}

#: The codes of a record that cannot be read: always reported, whatever ``--select``,
#: ``--ignore`` or a ``# blocknot: ignore`` comment says (as ruff keeps E999).
SYNTAX_ERRORS = frozenset({"S001", "S002", "S003"})
