"""Game (G): the players, the target and the numbering of hands.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "G101", "error",
        N_("a game has no Players tag, or it names nobody"),
        rules=(),
        checks=("engine/players.py",),
        what=N_("A game has no Players tag, or its Players tag names nobody. Every game starts "
                'with its tag lines, and one of them must be [Players "NAME NAME …"].'),
        why=N_("The Players tag gives the names in clockwise seating order, which is the turn "
               "order (R5), and the number of players fixes the deal and the target (R1, R3). "
               "Without it nothing in the game can be checked, so its hands are not replayed."),
        messages={
            "no_tag": N_("this game has no Players tag: write [Players \"NAME NAME …\"] with the "
                         "players in clockwise order before its first hand"),
            "names_nobody": N_("the Players tag names nobody"),
        },
    ),
    Code(
        "G102", "error",
        N_("fewer than 2 or more than 4 players"),
        rules=("R1",),
        checks=("engine/players.py",),
        what=N_("The Players tag names fewer than 2 or more than 4 players."),
        why=N_("Block is a game for 2, 3 or 4 players, each playing for themselves (R1); the deal"
               " and the target exist only for those numbers (R3). The game's hands are not "
               "replayed."),
        messages={
            "count": N_("Block is for 2, 3 or 4 players (R1), but Players names {count}: {names}"),
        },
    ),
    Code(
        "G103", "error",
        N_("a name appears twice in Players, or is a keyword"),
        rules=(),
        checks=("engine/players.py",),
        what=N_("A name appears twice in the Players tag, or a name is not usable: it is a "
                "keyword of the notation (hand, opener, deal, pass, show, domino, blocked, "
                "points, score, none, L, R, left, right) or does not have the shape of a name."),
        why=N_("Every move names its player. With two players called Ada, the record cannot say "
               "whose move Ada: 6-1 L is, and a keyword is read as a keyword, never as a name. "
               "Give every player a distinct name; until then the game's hands are not replayed."),
        messages={
            "twice": N_("{name} appears twice in Players; every player is named once"),
            "keyword": N_("{name} is a keyword of the notation and cannot be a player's name"),
            "invalid": N_("{name} is not a valid player name: a name starts with a letter and "
                          "goes on with letters, digits, _, ' or -"),
        },
    ),
    Code(
        "G104", "error",
        N_("a statement names a player who is not in Players"),
        rules=(),
        checks=("engine/order.py",),
        what=N_("A statement names a player who is not in the game's Players tag, often by a typo"
                " (Bee for Bea), or a score line gives a total to such a name. The line is "
                "ignored."),
        why=N_("Only the players listed in Players take part (R1). A line for anybody else has no"
               " seat in the turn order or the count, so it is left out, and whatever it would "
               "have told, such as a deal, is unknown to the rest of the check."),
        messages={
            "unknown_line_ignored": N_("{name} is not one of the players ({players}); this line "
                                       "is ignored"),
            "unknown_move_meant": N_("{name} is not one of the players ({players}): did you mean "
                                     "{meant}? The move is read as that of the player whose turn "
                                     "it is, or as a stray line"),
            "unknown_move": N_("{name} is not one of the players ({players}); the move is read as "
                               "that of the player whose turn it is, or as a stray line"),
            "unknown_meant": N_("{name} is not one of the players ({players}): did you mean "
                                "{meant}? The line is read as {meant}'s"),
        },
    ),
    Code(
        "G105", "warning",
        N_("Target overrides the rules' target"),
        rules=("R3",),
        checks=("engine/players.py",),
        what=N_("The game has a Target tag that sets a target other than the rules' one: 100 "
                "points for two players, 61 for three or four. A Target that is not a whole "
                "number above zero is reported too, and ignored."),
        why=N_("The target is fixed by the rules (R3, R18), so a different one is a house rule. "
               "blocknot honours it, so that the game ends where the players agreed, and warns, "
               "so that a reader knows the record does not follow the standard rules. A Target "
               "equal to the rules' target is not reported."),
        messages={
            "not_a_number": N_("Target \"{value}\" is not a whole number of points above zero, so "
                               "it is ignored and the rules' target applies (R3)"),
            "overridden": N_("Target {target} overrides the rules' target of {rules} for {count} "
                             "players (R3): the game is played to {target}"),
        },
    ),
    Code(
        "G106", "error",
        N_("hands are not numbered 1, 2, 3, … in order"),
        rules=(),
        checks=("engine/game.py",),
        what=N_("The hands of a game are not numbered 1, 2, 3, … in the order they are written: a"
                " number is skipped, repeated or out of order. A hand line written twice, with "
                "nothing between the two but the lines that set the hand up (its opener and "
                "deal lines), is one hand: it is read once, reported at the copy, and the "
                "hands after it keep their numbers (--fix deletes the copy)."),
        why=N_("Hand numbers are how readers, and blocknot's messages, refer to hands, and a "
               "wrong number often means a hand was lost or copied twice. The hands are still "
               "replayed in the order written, so the rotation of the opener (R17) and the "
               "running totals follow the record."),
        messages={
            "hand_twice": N_("hand {number} again, after line {first} with nothing between: a "
                             "hand line written twice, read once"),
            "hand_twice_set_up": N_("hand {number} again, after line {first} with only the "
                                    "lines that set the hand up between: a hand line written "
                                    "twice, read once"),
            "misnumbered": N_("hand {number} should be hand {expected}: hands are numbered 1, 2, "
                              "3, … in order"),
        },
    ),
    Code(
        "G107", "error",
        N_("a statement is out of place or repeated"),
        rules=(),
        checks=("engine/order.py", "engine/amend.py"),
        what=N_("A statement is out of place or repeated in its hand: a second opener line, a "
                "second deal or show for the same player, a second claim of the same kind, an "
                "opener or deal line after the first move, or a show or claim line before the "
                "last move of the hand (reported once, at that line). A move line written twice "
                "in a row, where the copy fits no reading as a move of its own, is read once and "
                "reported at the copy."),
        why=N_("A hand is written in the order it is played: setup (opener, deal), then the "
               "moves, then its end (show lines and claims), as docs/notation.md, section "
               "“Hands”, sets out. A late opener or deal line is still used as if written in its "
               "place; of a repeated line, the first one counts and the others are ignored."),
        messages={
            "line_written_twice": N_("this move repeats the one at line {first}: a line written "
                                     "twice, read once"),
            "second": N_("a second {what} in this hand (the first is at line {first}); it is "
                         "ignored"),
            "before_last_move": N_("{what} comes before the last move of the hand, at line "
                                   "{move}: shows and claims go after the moves"),
            "after_moves": N_("{what} comes after line {after}: opener and deal lines go before "
                              "the first move and the end of the hand"),
            "opener": N_("opener line"),
            "deal": N_("deal for {player}"),
            "show": N_("show for {player}"),
            "outcome_claim": N_("domino/blocked claim"),
            "points_claim": N_("points claim"),
            "score_claim": N_("score claim"),
        },
    ),
)
