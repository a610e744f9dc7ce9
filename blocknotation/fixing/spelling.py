"""Fixes of the slips a scorer makes in spelling (S001 with "did you mean"): a keyword a
letter or two off (``pas``, ``Points``), ``hand2`` for ``hand 2``, a side a letter off
(``lft``), a character that only looks like the notation's (an en dash for the hyphen
of ``3-5``, a full-width digit or bar), and a slip inside a tile (``3/5``, ``3 5``, ``35``,
``[3-5]``, ``4-00``, the letter O for a zero, l or I for a one).

``notation/suggestions.py`` and ``notation/tile_slips.py`` name what was meant only where one
word, character or tile is the only one meant, so each fix here is safe: it writes what the
message says.
A line whose word holds an invisible character is left alone (its message shows the word
escaped, not as written).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import N_, Diagnostic, template
from ..notation.tile_slips import SAID_WITH_MEANT
from .claims import Page
from .edits import Edit, Fix

#: The templates of the suggestions, and how each gives the text meant for the text found.
_WORD = {
    template("S001", "keyword_meant"): "{keyword}",
    template("S001", "keyword_case"): "{keyword}",
    template("S001", "keyword_space"): "{keyword} {number}",
    template("S001", "side_meant"): "{side}",
}
_CHARACTER = template("S001", "lookalike")
#: The messages of tile slips that name the tile meant (``notation/tile_slips.py``).
_TILES = frozenset(template("S001", key) for key in SAID_WITH_MEANT)


def spelling_fix(problem: Diagnostic, page: Page) -> Fix | None:
    """The fix of one S001 whose message says what was meant, or None."""
    if problem.code != "S001":
        return None
    said, args = problem.message.template, problem.message.args
    if said == _CHARACTER:
        found, meant = str(args["char"]), str(args["meant"])
    elif said in _TILES:
        found, meant = str(args["found"]), str(args["meant"])
    elif said in _WORD:
        found, meant = str(args["word"]), _WORD[said].format(**args)
    else:
        return None
    line = page.line(problem.line)
    start = problem.column - 1
    if not found.isprintable() or line[start:start + len(found)] != found:
        return None  # the message shows the text escaped: not what is written
    title = page.title(N_("Write '{meant}' for '{found}'"), meant=meant, found=found)
    edit = Edit(problem.line, problem.column, problem.line, problem.column + len(found), meant)
    return Fix("S001", problem.line, problem.column, True, title, (edit,))


def spelling_fixes(problems: Sequence[Diagnostic], page: Page) -> tuple[Fix, ...]:
    """A fix for each spelling slip among a game's diagnostics.  Another syntax error may
    be one of their consequences (``hand2`` leaves the lines after it in no hand): whether
    the game reads without error once they are fixed is for ``rounds.fix_game`` to see."""
    return tuple(fix for problem in problems
                 if page.wanted(problem.code, problem.line)
                 and (fix := spelling_fix(problem, page)) is not None)
