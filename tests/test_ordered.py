"""The one dispatcher of every ``--jobs`` (``run/ordered.py``): results in the order the
places were added, whatever order the workers finish in, and nothing lost when a worker
dies; the window holds memory to a few places per worker."""

from __future__ import annotations

import os
import time

from blocknotation.run.ordered import Ordered
from blocknotation.run.workers import Lost

MAIN = os.getpid()


def _square(n: int) -> int:
    """Slow for the first numbers, so that the workers finish out of order; a worker given
    13 dies of it."""
    if os.getpid() != MAIN:
        if n == 13:
            os._exit(9)
        time.sleep(0.02 if n < 4 else 0)
    return n * n


def test_results_come_in_order_and_a_dead_worker_loses_nothing() -> None:
    told: list[tuple[int, str]] = []

    def lost(work: int, how: Lost) -> None:
        told.append((work, how.reason.render()))

    out: list[int] = []
    most = 0
    with Ordered(2, _square, lost, window=3) as line:
        for n in range(20):
            if n % 5 == 0:
                line.add_done(-n)  # done here, between the workers' results
            else:
                line.add(n)
            most = max(most, len(line.places))
            while line.full:
                out.append(line.next())
            out += line.ready()
        out += line.rest()
    assert out == [-n if n % 5 == 0 else n * n for n in range(20)]
    assert told == [(13, "exit status 9")]
    assert most == 6  # two workers, three places each


def test_work_no_worker_can_take_is_done_here() -> None:
    with Ordered(1, _square, lambda work, how: None, window=2) as line:
        line.pool.starts = line.pool.size * 10  # no worker may be started any more
        line.add(3)
        line.add_done(-1)
        assert list(line.rest()) == [9, -1]
        assert line.pool.workers == []
