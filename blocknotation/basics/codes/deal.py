"""Deal (D): the tiles dealt to each player.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "D201", "error",
        N_("a deal has the wrong number of tiles"),
        rules=("R3",),
        checks=("engine/deals.py",),
        what=N_("A deal line gives a player the wrong number of tiles: each player is dealt 7 "
                "tiles in a game of two, and 5 in a game of three or four."),
        why=N_("The deal is fixed by R3. A deal with a tile too many or too few is wrong "
               "somewhere and nobody can tell where, so it is treated as not recorded: that "
               "player's moves are still replayed, but not checked against it."),
        messages={
            "count": N_("{player} is dealt {count} tiles; with {players} players each is dealt "
                        "{each} (R3)"),
        },
    ),
    Code(
        "D202", "error",
        N_("a tile is dealt twice"),
        rules=("R2", "R3"),
        checks=("engine/deals.py",),
        what=N_("The same tile is dealt twice: to two players, or twice in one player's deal."),
        why=N_("The set holds each of its 28 tiles once (R2), and each tile is dealt to one "
               "player at most (R3). The first deal of the tile counts; the later deal is treated"
               " as not recorded, since one of its tiles is certainly wrong."),
        messages={
            "twice_to_one": N_("{tile} is dealt twice to {player}; the set has each tile once "
                               "(R2)"),
            "already_dealt": N_("{tile} is dealt to {player}, but it was already dealt to {owner} "
                                "at line {at}; the set has each tile once (R2)"),
        },
    ),
    Code(
        "D203", "error",
        N_("a deal line is written wrong"),
        rules=("R3", "R4"),
        checks=("engine/amend.py",),
        what=N_("A player's deal line disagrees with the rest of the hand, and the rest fits "
                "only if one of its tiles is written wrong: she plays or shows a tile it does "
                "not list, another player plays or shows a tile it lists, or it lists a tile "
                "that fits where she passed; and a claim or a show settles that the deal, not "
                "the other line, is the slip."),
        why=N_("Each player holds only the tiles dealt to her, and nobody draws (R3, R4). When "
               "the deal and a play, a pass or a show disagree, either may be the slip: "
               "blocknot reports the deal only where the other lines, read together, settle "
               "it, and then reads it with that one tile as another. A claim that only counts "
               "other points does not put a deal in doubt: the points are worked out from the "
               "deals, and the claim is checked against them (E504, E505)."),
        messages={
            "written_wrong": N_("deal {player}: the rest of the hand fits only if this deal is "
                                "written wrong"),
        },
    ),
)
