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
        messages={
            "unfinished": N_("hand {number} stops here before it is over: nobody has gone out and "
                             "it is not blocked; write the remaining moves, or the claims that "
                             "settle it (domino/blocked, points)"),
        },
    ),
    Code(
        "E502", "error",
        N_("a show contradicts the deal and plays"),
        rules=("R13",),
        checks=("engine/shows.py", "engine/ending.py", "engine/amend.py"),
        what=N_("A show line contradicts the rest of the hand: it shows a tile already played, "
                "dealt to another player, shown by another player or missing from the player's "
                "recorded deal, or it shows more or fewer tiles than the player was dealt minus "
                "those they placed."),
        why=N_("When a hand ends every player shows the tiles they still hold (R13), and those "
               "can only be tiles they were dealt and did not place. A show that says otherwise "
               "would count the wrong pips."),
        messages={
            "written_wrong": N_("show {player}: the rest of the hand fits only if this show "
                                "is written wrong"),
            "out_after_stop": N_("show {player}: no tiles shown, but the moves stop at line {at} "
                                 "with {player} having placed {placed} of {each} tiles, and the "
                                 "record cannot have left out only {player}'s last play"),
            "count": N_("show {player}: {count} tiles shown, but {player} was dealt {each} and "
                        "placed {placed}, so holds {holds}"),
            "other_went_out": N_("show {player}: no tiles shown, but {out} shows none at line "
                                 "{at}: the hand ends as soon as one player goes out (R12), so "
                                 "{player} still holds at least one tile"),
            "opener_shows_all": N_("show {player}: {count} tiles shown, but {player} opened the "
                                   "hand and so led one of the {each} tiles dealt (R5): {player} "
                                   "holds at most {most}"),
            "no_value_free": N_("show {player}: with the other shows, every value from 0 to 6 "
                                "is still held, so no end could be one nobody matched: the "
                                "hand was not blocked (R8, R12), and a show is wrong"),
            "shown_twice": N_("show {player}: {tile} is shown twice"),
            "already_played": N_("show {player}: {tile} was already played by {owner} at line "
                                 "{at}"),
            "dealt_to_other": N_("show {player}: {tile} was dealt to {owner} at line {at}"),
            "shown_by_other": N_("show {player}: {tile} is also shown by {owner} at line {at}"),
            "not_dealt": N_("show {player}: {tile} is not among the tiles dealt to {player} at "
                            "line {at}"),
            "in_doubt": N_("show {player} does not fit the moves as read after {where}: either is "
                           "wrong, so the count of this hand is left unknown"),
            "claims_in_doubt": N_("show {player} does not fit the moves, nor do the other claims "
                                  "of this hand (line {lines}): the moves or the claims hold a "
                                  "slip, so the count of this hand is left unknown"),
        },
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
        messages={
            "blocked_wrong": N_("blocked is claimed, but {actual}"),
            "domino_wrong": N_("domino {claimed} is claimed, but {actual}"),
            "domino_still_holds": N_("domino {claimed} is claimed, but {claimed} shows tiles "
                                     "still held at line {at}"),
            "blocked_but_went_out": N_("blocked is claimed, but {player} shows no tiles at line "
                                       "{at}: {player} placed every tile and went out, so the "
                                       "hand ended in a domino (R12)"),
            "domino_other_went_out": N_("domino {claimed} is claimed, but {player} shows no tiles "
                                        "at line {at}: {player} went out, and the hand ends as "
                                        "soon as one player does (R12)"),
            "domino_stop_holding": N_("domino {claimed} is claimed, but the moves stop at line "
                                      "{at} with {claimed} still holding {tiles}"),
            "domino_stop_placed": N_("domino {claimed} is claimed, but the moves stop at line "
                                     "{at} with {claimed} having placed {placed} of {each} tiles"),
            "blocked_show_fits": N_("blocked is claimed, but {player} shows {tile}, which fits "
                                    "the {end}"),
            "blocked_stop_fits": N_("blocked is claimed, but the moves stop at line {at} and "
                                    "{player} still holds {tile}, which fits the {end}"),
            "in_doubt": N_("the claim of how the hand ended does not fit the moves as read after "
                           "{where}: either is wrong, so how it ended is left unknown"),
            "claims_in_doubt": N_("the claim of how the hand ended does not fit the moves, nor do "
                                  "the other claims of this hand (line {lines}): the moves or the "
                                  "claims hold a slip, so how it ended is left unknown"),
        },
    ),
    Code(
        "E504", "error",
        N_("a points claim differs from the recomputed points"),
        rules=("R13", "R14", "R15", "R16"),
        checks=("engine/claims.py", "engine/hand_replay.py", "engine/amend.py"),
        what=N_("A points claim differs from the points recomputed from the tiles left in every "
                "hand. The message shows the arithmetic."),
        why=N_("Each tile left counts both halves (R13). A domino scores the sum of all the "
               "opponents' pips (R14). A blocked hand scores for the lowest total alone: the "
               "opponents' combined total minus its own, and a tie for the lowest scores nobody "
               "(R15). Points are raw, never rounded or divided (R16)."),
        messages={
            "points_wrong": N_("points claim {claim}, but {actual}"),
            "points_somebody_scores": N_("points claim {claim}, but somebody scores in this hand: "
                                         "{players}"),
            "points_only_winner": N_("points claim {claim}, but only {winner}, who won the hand, "
                                     "can score"),
            "points_not_lowest": N_("points claim {claim}, but {player} cannot have the lowest "
                                    "total alone, whatever the tiles not shown (R15)"),
            "points_range": N_("points claim {claim}, but whatever the tiles not shown, {player} "
                               "scores at least {low} and at most {high}"),
            "points_not_made": N_("points claim {claim}, but whatever the tiles not shown, "
                                  "{player} scores at least {low} and at most {high}, and no "
                                  "tiles the players may hold make {points}"),
            "if_passes_legal": N_("{problem}, if every pass was legal (R8); a pass may be a play "
                                  "written as one"),
            "tied": N_("nobody scores: the lowest totals are tied ({tied})"),
            "written_wrong": N_("points claim {claim}: the later score lines fit only if this "
                                "claim is written wrong"),
            "scores": N_("{player} scores {points}"),
            "scores_sum": N_("{player} scores {sum} = {points}"),
            "in_doubt": N_("points claim {claim} does not fit the moves as read after {where}: "
                           "either is wrong, so the points of this hand are left unknown"),
            "claims_in_doubt": N_("points claim {claim} does not fit the moves, nor do the other "
                                  "claims of this hand (line {lines}): the moves or the claims "
                                  "hold a slip, so the points of this hand are left unknown"),
        },
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
        messages={
            "claims_disagree": N_("score claim {claim} gives this hand {implied}, but the points "
                                  "claim gives {claimed}, and the record cannot tell which is "
                                  "right: the points of this hand are left unknown"),
            "player_twice": N_("score claim gives {player} twice"),
            "player_missing": N_("score claim leaves out {missing}: it gives every player's "
                                 "running total"),
            "totals_wrong": N_("score claim {claim}, but the running totals are {actual}"),
            "lines_disagree": N_("score claim {claim} does not follow from the score claim at "
                                 "line {line} and the points since: one of the two is wrong, "
                                 "and the record cannot tell which"),
            "passes_disagree": N_("score claim {claim} does not fit the passes: they give this "
                                  "hand {forced}, if every pass was legal (R8); a pass may be a "
                                  "play written as one, so the points of this hand are left "
                                  "unknown"),
            "at_least": N_("score claim {claim}, but {player} has at least {low}, whatever the "
                           "unknown points were"),
            "known_total": N_("score claim {claim}, but {player} has {total}: none of the unknown "
                              "points can be theirs"),
            "at_most": N_("score claim {claim}, but {player} has at most {high}, whatever the "
                          "unknown points were"),
            "not_given": N_("score claim {claim}, but the hands whose points are unknown cannot "
                            "have given these totals: each scores one player, within what the "
                            "tiles allow, or nobody (R13-R15)"),
            "too_many_raised": N_("score claim {claim}, but it raises {count} players above their "
                                  "known points, and only one player scores in each of the "
                                  "{hands} hands whose points are unknown"),
            "too_many_raised_one": N_("score claim {claim}, but it raises {count} players above "
                                      "their known points, and only one player scores in the "
                                      "one hand whose points are unknown"),
        },
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
        messages={
            "after_decided": N_("hand {number} comes after the game was decided: {decided} after "
                                "hand {last}, and the target is {target} (R18)"),
            "won": N_("{winner} won with {total}"),
            "drawn": N_("it was drawn at {total}"),
            "at_least": N_("{player} had at least {total} (whatever the unknown points were)"),
            "reached": N_("one of {players} had reached the target (whatever the unknown points "
                          "were)"),
        },
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
        messages={
            "not_recomputed": N_("the points of hand {number} cannot be recomputed: the tiles "
                                 "left to {players} are not known; add their show lines or a "
                                 "points claim"),
        },
    ),
)
