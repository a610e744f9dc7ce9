"""Play (P): each tile played and each pass.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "P401", "error",
        N_("a player plays a tile they do not hold"),
        rules=("R4",),
        checks=("engine/moves.py", "engine/amend.py", "engine/table.py"),
        what=N_("A player plays a tile they cannot hold: it is not in their recorded deal, it was"
                " dealt to another player, or every deal is recorded and the tile was set aside."),
        why=N_("Undealt tiles are set aside and stay out of play for the whole hand, and nobody "
               "draws (R4): a player can only play tiles dealt to them. The tile is still placed "
               "if it fits, so that the rest of the record meets the chain it describes."),
        messages={
            "tile_written_as_another": N_("{player} plays {tile} here, but the rest of the hand "
                                          "fits only if the tile laid was another ({tiles}): a "
                                          "tile written as another"),
            "tile_taken_back": N_("{player} plays {tile} here, but the rest of the hand fits "
                                  "only if {player} passed here: a tile tried and taken back"),
            "dealt_to_other": N_("{player} plays {tile}, which was dealt to {owner} at line {at}"),
            "set_aside": N_("{player} plays {tile}, which nobody was dealt: it was set aside "
                            "(R4)"),
            "not_dealt": N_("{player} plays {tile}, which is not among the tiles dealt to "
                            "{player} at line {at}"),
            # At a ``Table``, where a move has no line.
            "at_table_dealt": N_("{player} cannot play {tile}: it was dealt to {owner} (R4)"),
            "at_table_aside": N_("{player} cannot play {tile}: nobody was dealt it, it was set "
                                 "aside (R4)"),
            "at_table_not_dealt": N_("{player} cannot play {tile}: it is not among the tiles "
                                     "dealt to {owner} (R4)"),
        },
    ),
    Code(
        "P402", "error",
        N_("a tile is played a second time"),
        rules=("R2",),
        checks=("engine/moves.py", "engine/table.py"),
        what=N_("A player plays a tile that is already on the table."),
        why=N_("The set holds each tile once (R2), so no tile can be played twice; one of the two"
               " lines names the wrong tile. The second play is not placed."),
        messages={
            "played_twice": N_("{player} plays {tile}, but {owner} already played it at line "
                               "{at}; the set has each tile once (R2)"),
            "laid_in_place_of": N_("{player} plays {tile}, but {owner} is read as having laid "
                                   "it at line {at}, where {written} is written; the set has "
                                   "each tile once (R2)"),
            "a_pass": N_("a pass"),
            "at_table_placed": N_("{player} cannot play {tile}: {owner} has already placed it, "
                                  "and the set has each tile once (R2)"),
        },
    ),
    Code(
        "P403", "error",
        N_("the tile does not fit the end it is played on"),
        rules=("R6", "R7"),
        checks=("engine/moves.py", "engine/amend.py"),
        what=N_("The tile does not fit the end it is played on: neither of its halves shows the "
                "value of that end, or, when no SIDE is written, of either end. The message says "
                "whether it would fit the other end."),
        why=N_("A tile goes at an open end, matching the value of one of its halves (R6), and a "
               "blank matches only a blank: no tile, not even [0|0], is wild (R7). A tile that "
               "fits nowhere is skipped."),
        messages={
            "side_written_other_way": N_("{player} lays {tile} on the {side} here, but the rest "
                                         "of the hand fits only if it went on the other end: a "
                                         "side written the other way"),
            "other_end": N_("{player}: {tile} fits the {fits}, not the {end}: did you mean "
                            "{side}?"),
            "other_end_or_opening": N_("{player}: {tile} fits the {fits}, not the {end}: did you "
                                       "mean {side}? If the opening was {opening}, every side in "
                                       "this hand fits"),
            "fits_neither_blank": N_("{player}: {tile} fits neither the {left} nor the {right}; a "
                                     "blank matches only a blank (R7)"),
            "fits_neither": N_("{player}: {tile} fits neither the {left} nor the {right} (R6)"),
            "left": N_("left end"),
            "right": N_("right end"),
        },
    ),
    Code(
        "P404", "error",
        N_("SIDE is missing and the tile fits both ends"),
        rules=("R6",),
        checks=("engine/moves.py",),
        what=N_("A play has no SIDE although its tile fits both open ends, so the record does not"
                " say where it went. On two ends of the same value the two places are mirror "
                "images, which a later side tells apart: that is reported only where they would "
                "give the hand different figures."),
        why=N_("A tile is placed at one of the two ends (R6), and which one changes the chain "
               "from then on. In the example the ends show 3 and 1 when Bea plays 1-3. Played on "
               "the 3, the tile leaves its 1 free, so both ends show 1; played on the 1, it "
               "leaves its 3 free, so both ends show 3. Write L (left) or R (right) after a tile "
               "that fits both ends; leave it out only when the tile fits one. The opening tile "
               "takes no side: it is laid as written."),
        messages={
            "fits_both": N_("{player}: {tile} fits both the {left} and the {right}: write L or R "
                            "after the tile"),
        },
    ),
    Code(
        "P405", "error",
        N_("a player passes while holding a tile that fits"),
        rules=("R8",),
        checks=("engine/moves.py",),
        what=N_("A player whose deal is known passes while holding a tile that fits an open end. "
                "The message names one such tile and the end it fits."),
        why=N_("If you can play, you must; you pass only when nothing you hold fits (R8). A pass "
               "while holding a playable tile is illegal, whatever the reason for it."),
        messages={
            "passed_holding": N_("{player} passed holding {tile}, which fits the {end}: a player "
                                 "who can play must (R8)"),
            "passed_holding_any": N_("{player} passed holding {tiles}: whichever values the ends "
                                     "show after the uncertain play, one of these tiles fits, and "
                                     "a player who can play must (R8)"),
        },
    ),
    Code(
        "P406", "error",
        N_("a move after the hand has ended"),
        rules=("R12",),
        checks=("engine/judging.py", "engine/table.py"),
        what=N_("A move is recorded after its hand has ended: after a player placed their last "
                "tile, after every player passed in succession, or once nobody could play any "
                "more."),
        why=N_("A hand ends as soon as a player places their last tile, or when nobody can play "
               "(R12): nothing is played after that. When every deal is recorded and nobody can "
               "play, the record may still spell out the block with one pass per player; any "
               "other move is reported."),
        messages={
            "after_end": N_("{player}'s move comes after the end of the hand: {ended}"),
            "at_table_domino": N_("the hand is over: {player} has gone out, and nothing is "
                                  "played after that (R12)"),
            "at_table_blocked": N_("the hand is over: it is blocked, and nothing is played after "
                                   "that (R12)"),
        },
    ),
    Code(
        "P407", "error",
        N_("a pass is proved illegal by a later play or show"),
        rules=("R4", "R8"),
        checks=("engine/moves.py", "engine/amend.py", "engine/ending.py", "engine/table.py"),
        what=N_("A player whose deal is not recorded passed while an end showed some value, and "
                "later plays or shows a tile with that value; or the rest of the hand fits only "
                "if the player laid a tile where the pass is written (their last tile, when "
                "their show says they went out); or the player must still hold more tiles than "
                "there are tiles they may hold without a value they passed on (reported at "
                "their last pass). It is reported at the pass."),
        why=N_("Nobody draws (R4), so the tile played or shown later was in the player's hand all"
               " along, and it fitted when they passed; a player who can play must (R8). The "
               "record itself proves the pass illegal, though the deal is unknown."),
        messages={
            "play_written_as_pass": N_("{player} passes here, but the rest of the hand fits only "
                                       "if {player} laid a tile here ({tiles}): a play written as "
                                       "a pass; nobody draws, so {player} could play (R4, R8)"),
            "passed_before_slip": N_("{player} passed here, but whichever tile {player} laid at "
                                     "line {later} in place of {written}, it has a value an end "
                                     "showed then: nobody draws, so {player} held it and could "
                                     "have played (R4, R8)"),
            "passed_then_shows": N_("{player} passed here with an end showing {value}, but shows "
                                    "{tile} at line {later}: nobody draws, so {player} held it "
                                    "and could have played (R4, R8)"),
            "passed_then_plays": N_("{player} passed here with an end showing {value}, but plays "
                                    "{tile} at line {later}: nobody draws, so {player} held it "
                                    "and could have played (R4, R8)"),
            # At a ``Table``, where a move has no line.
            "at_table_passed": N_("{player} cannot play {tile}: {player} passed while an end "
                                  "showed {value}, and nobody draws, so {player} held no "
                                  "{value} (R4, R8)"),
            "at_table_pass_leaves": N_("{player} cannot pass: too few of the tiles {player} "
                                       "may hold lack every value the ends show and every "
                                       "value {player} passed on for the tiles {player} "
                                       "still holds, with the other hidden hands' tiles "
                                       "counted: nobody draws, so {player} holds a tile that "
                                       "fits (R4, R8)"),
            "at_table_hidden_need": N_("{player} cannot play {tile}: were it {player}'s, the "
                                       "hands whose deals are hidden could not all hold the "
                                       "tiles they still hold, none with a value its player "
                                       "passed on: nobody draws, so {tile} is in another "
                                       "hidden hand (R4, R8)"),
            "passes_leave_no_tile": N_("{player} passes here, but {player} still holds {count} "
                                       "of the tiles dealt, and fewer of the tiles {player} may "
                                       "hold lack every value {player} passed on: nobody draws, "
                                       "so one of {player}'s passes was illegal, or a play "
                                       "written as a pass (R4, R8)"),
        },
    ),
)
