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
        messages={
            "opener_slip": N_("opener {player}, but the moves of hand {number} fit only if "
                              "{leader} led it: the opener line is read as a slip"),
            "wrong_opener": N_("{player} opens hand {number}, but the opening moves one seat "
                               "clockwise from {previous}, who opened the hand before, to "
                               "{expected} (R17)"),
        },
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
        messages={
            "lines_swapped": N_("{player} moves out of turn here, but the moves fit the turns "
                                "with this line and line {other} the other way round: two lines "
                                "written in the wrong order"),
            "first_move_misnamed": N_("{player} leads hand {number}, but the moves after it fit "
                                      "the turns only if {leader} led: the first move is read as "
                                      "{leader}'s"),
            "out_of_turn": N_("{player} moves out of turn: it is {expected}'s turn (play goes "
                              "clockwise in Players order, R5)"),
            "read_as_expected": N_("{player} moves out of turn: it is {expected}'s turn, and "
                                   "{tile} cannot be {player}'s, so the play is read as "
                                   "{expected}'s (R5)"),
        },
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
        messages={
            "pass_on_empty": N_("{player} passes instead of leading: the chain is empty and any "
                                "tile may be led (R5)"),
        },
    ),
)
