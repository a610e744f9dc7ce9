"""End of hand (E): the end, the tiles shown, the points and the totals.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "E501", "warning",
        N_("the record stops before the hand is over"),
        rules=("R12",),
        checks=("engine/ending.py",),
        what=N_("The record of a hand stops before the hand is over: nobody has placed all their "
                "tiles, not every player has passed in succession, and no claim (domino, blocked "
                "or points) says how it ended. It is reported at the hand's last line."),
        why=N_("A hand ends only by a domino or a block (R12), and only then can it be scored. "
               "This is a warning rather than an error, since a game written down as it is played"
               " is unfinished for a while: write the remaining moves, or the claims that settle "
               "the hand."),
    ),
    Code(
        "E502", "error",
        N_("a show contradicts the deal and plays"),
        rules=("R13",),
        checks=("engine/shows.py", "engine/ending.py"),
        what=N_("A show line contradicts the rest of the hand: it shows a tile already played, "
                "dealt to another player, shown by another player or missing from the player's "
                "recorded deal, or it shows more or fewer tiles than the player was dealt minus "
                "those they placed."),
        why=N_("When a hand ends every player shows the tiles they still hold (R13), and those "
               "can only be tiles they were dealt and did not place. A show that says otherwise "
               "would count the wrong pips."),
    ),
    Code(
        "E503", "error",
        N_("a domino/blocked claim contradicts the replay"),
        rules=("R12",),
        checks=("engine/claims.py", "engine/ending.py"),
        what=N_("A domino or blocked claim says the hand ended otherwise than the replay of its "
                "moves: a domino by the wrong player, a domino in a blocked hand, or a block when"
                " somebody went out."),
        why=N_("How a hand ends decides how it is scored: a domino scores the opponents' pips "
               "(R14), a block compares totals (R15). The moves tell how the hand ended (R12), "
               "and the claim must agree with them."),
    ),
    Code(
        "E504", "error",
        N_("a points claim differs from the recomputed points"),
        rules=("R13", "R14", "R15", "R16"),
        checks=("engine/claims.py", "engine/hand_replay.py"),
        what=N_("A points claim differs from the points recomputed from the tiles left in every "
                "hand. The message shows the arithmetic."),
        why=N_("Each tile left counts both halves (R13). A domino scores the sum of all the "
               "opponents' pips (R14). A blocked hand scores for the lowest total alone: the "
               "opponents' combined total minus its own, and a tie for the lowest scores nobody "
               "(R15). Points are raw, never rounded or divided (R16)."),
    ),
    Code(
        "E505", "error",
        N_("a score claim differs from the recomputed running totals"),
        rules=("R16", "R18"),
        checks=("engine/claims.py", "engine/totals.py", "engine/hand_replay.py",
                "engine/choose.py"),
        what=N_("A score claim differs from the running totals: a total is wrong, a player is "
                "left out or given twice, or a name is not a player. Where only the passes "
                "belie it (a pass may be a play written as one), it says so, and the hand's "
                "points are left unknown."),
        why=N_("Each running total is the sum of the points the player scored in every hand so "
               "far, never reduced (R16), and the target is checked against these totals (R18): a"
               " wrong total carried forward can decide the game wrongly."),
    ),
    Code(
        "E506", "error",
        N_("a hand is recorded after the game was already decided"),
        rules=("R18",),
        checks=("engine/course.py",),
        what=N_("A hand is recorded after the game was decided: at the end of an earlier hand a "
                "player had reached the target (100 with two players, 61 with three or four, or "
                "the Target tag's)."),
        why=N_("The target is checked once each hand's count is complete, and the game ends "
               "there: the highest total wins, and a tie for the lead is a draw (R18). A later "
               "hand belongs to another game, which needs its own tag lines; this one is not "
               "replayed and scores nothing."),
    ),
    Code(
        "E507", "warning",
        N_("a hand's points cannot be recomputed"),
        rules=("R13",),
        checks=("engine/hand_replay.py",),
        what=N_("A hand's points cannot be recomputed because the tiles some player still holds "
                "are unknown: their deal is not recorded, they did not go out, no show line gives"
                " their tiles, and no points claim stands in."),
        why=N_("A hand's points come from the pips left in every player's hand (R13). Without "
               "them the hand's points, and every running total after it, are unknown. Add a show"
               " line for the player, their deal, or a points claim."),
    ),
)
