"""The sentences and parts of sentences that several codes are reported with, keyed.

A code's own sentences are in its entry (``Code.messages``); these are the ones no single
code owns: what several codes' messages name (an end of the chain, a slip), and the
sentences that wrap another code's message.  Checks take them by key: ``phrase(key,
**values)`` for a part, ``diagnostic(code, line, column, key, **values)`` for a sentence that
wraps one.
"""

from __future__ import annotations

from .entry import N_

#: Every shared sentence or part, by key.
PHRASES: dict[str, str] = {
    "hedged": N_("{problem}; or else {alternatives}, and the figures that leaves open are not "
                 "stated"),
    "left_end": N_("left end ({value})"),
    "right_end": N_("right end ({value})"),
    "first_error": N_("the slip is at line {line}, where the record as written first breaks a "
                      "rule"),
    "went_out": N_("{winner} went out at line {at}"),
    "blocked_dead": N_("the hand was blocked at line {at}: nobody could play"),
    "blocked_passed": N_("the hand was blocked at line {at}: everybody passed"),
    "swapped": N_("lines {line} and {other} were written the other way round"),
    "named": N_("the first move, at line {line}, was {leader}'s"),
    "played": N_("line {line} was a play written as a pass"),
    "other_tile": N_("the tile at line {line} was another"),
    "flipped": N_("the tile at line {line} went on the other end"),
    "dropped": N_("line {line} was written twice"),
    "passed": N_("line {line} was a pass written as a play"),
    "no_opener": N_("the opener line, line {line}, was wrong"),
    "unshown": N_("the show at line {line} was written wrong"),
    "misdealt": N_("the deal at line {line} was written wrong"),
    "unclaimed": N_("the points claim at line {line} was written wrong"),
    "both": N_("{first} and {second}"),
    "slip_at": N_("the slip at line {line}"),
    "slips_at": N_("the slips at lines {lines}"),
    # What a candidate's reading reads a line as (``engine/candidates.py``).
    "read_as_pass": N_("a pass"),
    "read_as_play_by": N_("{player}'s play of {tile}"),
    "read_as_play": N_("a play of {tile}"),
    "read_as_twice": N_("written twice"),
    "read_as_after": N_("meant after line {other}"),
    "read_as_flipped": N_("laid on the other end"),
    "read_as_named": N_("{player}'s"),
    "read_as_wrong": N_("wrong"),
}
