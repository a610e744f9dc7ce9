"""Where two versions of a document differ: the text they share before and after.

An editor sends the whole text at each change; what changed is found by comparing it with
the last version, a block at a time (each comparison is one C loop over the block), the
blocks growing while they match, then halving into the one that does not.
"""

from __future__ import annotations

from collections.abc import Callable

#: Characters compared first; the blocks double from there.
_FIRST = 256


def changed(old: str, new: str) -> tuple[int, int, int] | None:
    """``(start, old_stop, new_stop)``: ``old[start:old_stop]`` became ``new[start:new_stop]``
    and the rest is the same; None when the texts are the same."""
    if old == new:
        return None
    most = min(len(old), len(new))
    start = _shared(lambda low, high: old[low:high] == new[low:high], most)
    ends = len(old), len(new)
    after = _shared(lambda low, high: (old[ends[0] - high:ends[0] - low]
                                       == new[ends[1] - high:ends[1] - low]), most - start)
    return start, len(old) - after, len(new) - after


def _shared(same: Callable[[int, int], bool], most: int) -> int:
    """How many characters two texts share (``most`` at most), ``same(low, high)`` saying
    whether they agree from ``low`` to ``high`` characters in: from their starts, or back
    from their ends."""
    low, step = 0, _FIRST
    while low < most:
        high = min(low + step, most)
        if not same(low, high):
            while high - low > 1:  # the first difference lies in [low, high)
                middle = (low + high) // 2
                if same(low, middle):
                    low = middle
                else:
                    high = middle
            return low
        low, step = high, step * 2
    return most
