"""Where two versions of a document differ: the text they share before and after.

An editor sends the whole text at each change; what changed is found by comparing it with
the last version, a block at a time (each comparison is one C loop over the block), the
blocks growing while they match, then halving into the one that does not.
"""

from __future__ import annotations

#: Characters compared first; the blocks double from there.
_FIRST = 256


def changed(old: str, new: str) -> tuple[int, int, int] | None:
    """``(start, old_stop, new_stop)``: ``old[start:old_stop]`` became ``new[start:new_stop]``
    and the rest is the same; None when the texts are the same."""
    if old == new:
        return None
    most = min(len(old), len(new))
    start = _same_before(old, new, most)
    after = _same_after(old, new, most - start)
    return start, len(old) - after, len(new) - after


def _same_before(a: str, b: str, most: int) -> int:
    """How many characters ``a`` and ``b`` share at their starts (``most`` at most)."""
    low, step = 0, _FIRST
    while low < most:
        high = min(low + step, most)
        if a[low:high] != b[low:high]:
            while high - low > 1:  # the first difference lies in [low, high)
                middle = (low + high) // 2
                if a[low:middle] == b[low:middle]:
                    low = middle
                else:
                    high = middle
            return low
        low, step = high, step * 2
    return most


def _same_after(a: str, b: str, most: int) -> int:
    """How many characters ``a`` and ``b`` share at their ends (``most`` at most)."""
    low, step = 0, _FIRST
    ends = len(a), len(b)
    while low < most:
        high = min(low + step, most)
        if a[ends[0] - high:ends[0] - low] != b[ends[1] - high:ends[1] - low]:
            while high - low > 1:  # the last difference lies in [low, high) from the end
                middle = (low + high) // 2
                if a[ends[0] - middle:ends[0] - low] == b[ends[1] - middle:ends[1] - low]:
                    low = middle
                else:
                    high = middle
            return low
        low, step = high, step * 2
    return most
