"""Whether somebody has certainly reached the target when some hands' points are unknown
(R14, R15, R18).

Only one player scores in a hand, so each unknown hand's points go whole to one of the
players who may have scored it, never shared: with Ada and Bea at 99 of 100 and a blocked
hand that one of them scored (at least 1, a tie being impossible), somebody has reached 100
though neither certainly has.  So the question is whether *some* way of giving out the
unknown hands keeps every player below the target: each hand to one of its possible scorers
with the least it can have given them, or to nobody where nobody may have scored (more
points only raise the totals).  Only the hands that must go to somebody, always at least one
point, and to more than one possible player are searched: a hand that may score nobody, or 0
points, can be left out, and a hand only one player can have scored is already in that
player's least total.

The search tries the hands with fewest possible scorers first, never tries twice the same
totals at the same hand, and stops early when what the hands left must add is more than the
room left below the target.  It is exact but capped (``MAX_STEPS`` tries, ``MAX_HANDS``
hands): past the cap it gives no answer, and the caller keeps to what each player's least
total tells, which is sound but weaker.  ``totals.RunningTotals`` keeps the hands to give out as
they come, so that asking after every hand costs no more as the game grows.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bounds import Bounds

#: At most this many ways of giving out the hands are tried before the search gives up.
MAX_STEPS = 4096

#: Beyond this many hands to give out, the search is not tried at all.
MAX_HANDS = 64

Options = list[tuple[int, int]]
"""The players who may have scored a hand, each with the least they can have scored."""


def escapes(lowest: Sequence[int], hands: Sequence[Options], target: int) -> bool | None:
    """Whether the hands to give out (``hands``, each from ``options``) can be given out so
    that every player stays below ``target``, starting from each player's least total
    (``lowest``, which already holds every hand only one player can have scored).  None:
    the search was cut short, or not tried (more than ``MAX_HANDS`` hands)."""
    if max(lowest, default=0) >= target:
        return False
    if len(hands) > MAX_HANDS:
        return None
    choices = sorted(hands, key=len)
    totals = list(lowest)
    # What the hands from the k-th on add at the least, against the room left below the
    # target: more than the room, and no way is left.
    need = [0] * (len(choices) + 1)
    for k in range(len(choices) - 1, -1, -1):
        need[k] = need[k + 1] + min(low for _, low in choices[k])
    failed: set[tuple[int, tuple[int, ...]]] = set()
    steps = 0

    def give(k: int) -> bool | None:
        nonlocal steps
        if k == len(choices):
            return True
        key = (k, tuple(totals))
        if key in failed or need[k] > sum(target - 1 - total for total in totals):
            return False
        for seat, low in choices[k]:
            steps += 1
            if steps > MAX_STEPS:
                return None
            if totals[seat] + low >= target:
                continue
            totals[seat] += low
            found = give(k + 1)
            totals[seat] -= low
            if found is not False:
                return found
        failed.add(key)
        return False

    return give(0)


def options(bounds: Bounds) -> Options | None:
    """The ways a hand must add to somebody's total, each scorer with the least it can have
    scored; None when the hand need add nothing to anyone (nobody may have scored, or some
    scorer may have scored 0) or is already counted (a single scorer).  A hand that names
    no possible scorer contradicts itself and is left out too."""
    scorers = bounds.scorers
    if bounds.nobody or len(scorers) < 2 or any(low == 0 for low, _ in scorers.values()):
        return None
    return [(seat, low) for seat, (low, _) in sorted(scorers.items())]
