"""Turn (T): who opens each hand and who moves next.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "T301", "error",
        N_("the opener is not the one the rotation requires"),
        rules=("R17",),
        checks=("engine/turns.py", "engine/amend.py"),
        what=N_("The opener of a hand (its opener line, or without one the first player to move) "
                "is not the player the rotation calls for: one seat clockwise from whoever opened"
                " the hand before. An opener line the moves belie (they fit the turns only if "
                "another player led) is read as a slip of that line, and reported there once."),
        why=N_("After every hand the opening moves one seat clockwise, whoever won and even after"
               " a tied block (R17); only the first hand's opener is free (R5). After the report "
               "the replay follows the player who did open, so the next hand's rotation goes on "
               "from there."),
    ),
    Code(
        "T302", "error",
        N_("a player moves out of turn"),
        rules=("R5", "R8"),
        checks=("engine/turns.py", "engine/amend.py"),
        what=N_("A player plays or passes when it is another player's turn. Play goes clockwise, "
                "in the order of the Players tag. Often a pass was not written down, the play "
                "was written under the wrong name, or two neighbouring move lines were written "
                "the other way round (reported once, at the first of them); the first move of a "
                "hand with no opener line under the wrong name is read as the name's slip."),
        why=N_("Turns go clockwise (R5), and a player who cannot play still takes their turn, by "
               "passing (R8), so every turn is a line of the record. After the report the turn "
               "order is taken up again from the player who moved; but when the tile played "
               "cannot be theirs and may be the one whose turn it was, the name is taken for "
               "the slip and the play is read as that player's."),
    ),
    Code(
        "T303", "error",
        N_("the opener passes instead of leading"),
        rules=("R5",),
        checks=("engine/moves.py",),
        what=N_("The first move of a hand is a pass by its opener."),
        why=N_("When a hand starts the chain is empty, so every tile can be led, and the opener "
               "may lead any tile (R5); a player who can play must (R8). The opener can never "
               "pass. If another player led, name them in the opener line."),
    ),
)
