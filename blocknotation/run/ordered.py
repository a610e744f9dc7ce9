"""The one dispatcher of every ``--jobs``: work done by worker processes, results given out
in the order the work was added.

``validate``, ``analyse`` (and ``validate --analyse``) and ``export`` each add, in the order
of their output, places that are either done already (done in this process: a file's first
chunk, the end of a file) or work for the workers (``workers.Pool``); ``Ordered`` hands the
work to idle workers and gives the results out in that order, so the output is the same as
with one process.  At most ``window`` places per worker wait at once (the caller takes one
out while ``full``), which keeps memory bounded however large the input.

A worker that dies loses nothing: its work is told to the caller (``lost``, which writes
the line that says so) and done again in this process; work that no worker is left to take
is done here too.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Generic, TypeVar

from ..basics.diagnostics import Message
from ..basics.i18n import N_, translator
from ..basics.limits import MAX_JOBS
from .output import say
from .workers import Lost, Pool

Work = TypeVar("Work")
Done = TypeVar("Done")


def cpus() -> int:
    """The CPUs this process may run on."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def workers(jobs: int) -> int:
    """``--jobs`` as a number of processes: 0 means one per CPU; never more than
    ``MAX_JOBS``."""
    return min(cpus() if jobs == 0 else jobs, MAX_JOBS)


def warn_of_jobs(jobs: int, lang: str) -> None:
    """A line on standard error when ``--jobs`` asks for more workers than there are CPUs."""
    available = cpus()
    if workers(jobs) > available:
        words = Message(N_("warning: {jobs} worker processes for {cpus} CPUs; more than one "
                           "per CPU makes the run no faster"),
                        {"jobs": workers(jobs), "cpus": available})
        say(f"blocknot: {words.render(translator(lang))}\n")


@dataclass(slots=True, eq=False)
class _Place(Generic[Work, Done]):
    """A place in the output: work on its way (``work``), or its result (``done``)."""

    work: Work | None = None
    done: Done | None = None


class Ordered(Generic[Work, Done]):
    """Places in order, the work among them done by ``jobs`` workers applying ``function``
    (0: one per CPU); a context manager that stops the workers when it ends (at once when
    it ends by an exception).  ``lost(work, how)`` is told of work whose worker died, before
    it is done here."""

    def __init__(self, jobs: int, function: Callable[[Work], Done],
                 lost: Callable[[Work, Lost], None], window: int) -> None:
        self.pool: Pool[Work, Done] = Pool(workers(jobs), function)
        self.function = function
        self.lost = lost
        self.places: deque[_Place[Work, Done]] = deque()
        self.unsent: deque[_Place[Work, Done]] = deque()
        self.limit = self.pool.size * window

    def __enter__(self) -> Ordered[Work, Done]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.pool.close(kindly=kind is None)

    @property
    def full(self) -> bool:
        """Whether as many places wait as the window allows: take one out (``next``)."""
        return len(self.places) >= self.limit

    def __bool__(self) -> bool:
        return bool(self.places)

    def add(self, work: Work) -> None:
        """A place for ``work``, given to a worker as soon as one is free."""
        place: _Place[Work, Done] = _Place(work=work)
        self.places.append(place)
        self.unsent.append(place)
        self._send()

    def add_done(self, done: Done) -> None:
        """A place whose result is ``done`` already."""
        self.places.append(_Place(done=done))

    def ready(self) -> Iterator[Done]:
        """The results of the first places that are done now, without waiting."""
        self._take(self.pool.wait(timeout=0))
        while self.places and self.places[0].work is None:
            yield self._pop()

    def next(self) -> Done:
        """The first place's result, once it is done."""
        head = self.places[0]
        while head.work is not None:
            self._send()
            if self.unsent and self.unsent[0] is head and not self.pool.busy:
                self.unsent.popleft()  # no worker left to take it
                head.done, head.work = self.function(head.work), None
                break
            self._take(self.pool.wait())
        return self._pop()

    def rest(self) -> Iterator[Done]:
        """Every result still to come, in order."""
        while self.places:
            yield self.next()

    def _pop(self) -> Done:
        done = self.places.popleft().done
        assert done is not None
        return done

    def _send(self) -> None:
        if self.unsent and self.pool.busy:  # take the answers that came: their workers are free
            self._take(self.pool.wait(timeout=0))
        while self.unsent:
            work = self.unsent[0].work
            if work is None or not self.pool.give(self.unsent[0], work):
                return
            self.unsent.popleft()

    def _take(self, answers: list[tuple[object, Done | Lost]]) -> None:
        for ticket, answer in answers:
            assert isinstance(ticket, _Place) and ticket.work is not None
            if isinstance(answer, Lost):
                self.lost(ticket.work, answer)
                answer = self.function(ticket.work)
            ticket.done, ticket.work = answer, None
