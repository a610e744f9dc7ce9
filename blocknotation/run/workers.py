"""The worker processes of ``--jobs``: a pool whose workers may die without taking the run
with them.

Each worker has a pipe of its own and holds at most one piece of work at a time, so the main
process knows which work a worker had when it died (the out-of-memory killer, a signal, a
crash): ``Pool.wait`` gives that work back as ``Lost``, and the caller does it itself.  Work
is sent only to an idle worker, one that is waiting to read, so neither side ever waits for
the other with a full pipe.  A worker ignores Ctrl-C and dies of SIGTERM without a word: the
main process stops its workers itself and reports the interruption once.

A worker that dies is replaced, up to ``RESTARTS`` times the pool's size in one run; beyond
that, the pool takes no more work and the main process does the rest alone.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from ..basics.diagnostics import N_, Message

Work = TypeVar("Work")
Result = TypeVar("Result")

#: Replacements allowed for dead workers, per worker of the pool.
RESTARTS = 3
#: Seconds a stopped worker is given to exit before it is killed.
_GRACE = 2.0
#: The signals a worker must not take as the main process's until it has set its own.
_SIGNALS = {signal.SIGINT, signal.SIGTERM}
#: This process's ends of the workers' pipes: a worker forked from it closes its copies.
_PARENT_ENDS: list[Connection] = []


@dataclass(frozen=True, slots=True)
class Lost:
    """Work whose worker died before it answered; ``reason`` says how it died."""

    reason: Message


@dataclass(frozen=True, slots=True)
class _Raised:
    """A worker's answer when the work raised an exception: the main process does the work
    again, and a bug shows there as it would with one process."""

    name: str


def _serve(connection: Connection, function: Callable[[Any], Any]) -> None:
    """A worker's life: read work, answer, until the pipe closes or None comes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    for inherited in _PARENT_ENDS:  # the main process's ends of other workers' pipes
        inherited.close()
    sys.stdout = None  # never the report's: nothing to flush at exit
    while True:
        try:
            work = connection.recv()
        except (EOFError, OSError):
            return
        if work is None:
            return
        try:
            answer = function(work)
        except Exception as error:  # told to the main process, which does the work again
            answer = _Raised(type(error).__name__)
        connection.send(answer)


class _Worker:
    def __init__(self, function: Callable[[Any], Any]) -> None:
        parent, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_serve, args=(child, function),
                                               daemon=True)
        masked = hasattr(signal, "pthread_sigmask")
        if masked:  # no SIGTERM between the fork and the worker's own handlers
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
        try:
            self.process.start()
        finally:
            if masked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
            child.close()
        self.connection = parent
        _PARENT_ENDS.append(parent)
        self.held: object = None  # the ticket of the work it holds
        self.busy = False

    def death(self) -> Message:
        """How the worker ended (once it has)."""
        self.process.join(_GRACE)
        code = self.process.exitcode
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = str(-code)
            return Message(N_("killed by {signal}"), {"signal": name})
        return Message(N_("exit status {status}"), {"status": code})

    def stop(self, kindly: bool) -> None:
        if kindly and not self.busy:
            with suppress(OSError):
                self.connection.send(None)
        self.connection.close()
        if self.connection in _PARENT_ENDS:
            _PARENT_ENDS.remove(self.connection)
        if not kindly or self.busy:
            self.process.terminate()
        self.process.join(_GRACE)
        if self.process.exitcode is None:
            self.process.kill()
            self.process.join()


class Pool(Generic[Work, Result]):
    """``size`` workers that each apply ``function`` (picklable) to one work at a time."""

    def __init__(self, size: int, function: Callable[[Work], Result]) -> None:
        self.size = size
        self.function = function
        self.workers: list[_Worker] = []
        self.starts = 0
        self.lost: list[tuple[object, Result | Lost]] = []

    @property
    def busy(self) -> bool:
        return bool(self.lost) or any(worker.busy for worker in self.workers)

    def give(self, ticket: object, work: Work) -> bool:
        """Hand ``work`` to an idle worker (started if need be); False when none can take it."""
        worker = next((w for w in self.workers if not w.busy), None)
        if worker is None and len(self.workers) < self.size and \
                self.starts < self.size * (1 + RESTARTS):
            self.starts += 1
            worker = _Worker(self.function)
            self.workers.append(worker)
        if worker is None:
            return False
        worker.busy, worker.held = True, ticket
        try:
            worker.connection.send(work)
        except OSError:  # it died meanwhile: the pipe has no reader
            self._bury(worker)
        return True

    def wait(self, timeout: float | None = None) -> list[tuple[object, Result | Lost]]:
        """The answers of the workers that answered or died, once one has or ``timeout``
        seconds have passed (none when no worker holds any work), each with the ticket its
        work was given with."""
        if self.lost:
            lost, self.lost = self.lost, []
            return lost
        holding = [w for w in self.workers if w.busy]
        if not holding:
            return []
        ready = set(wait([w.connection for w in holding] + [w.process.sentinel for w in holding],
                         timeout))
        answers: list[tuple[object, Result | Lost]] = []
        for worker in holding:
            if worker.connection not in ready and worker.process.sentinel not in ready:
                continue
            try:
                answer = worker.connection.recv()
            except (EOFError, OSError):  # it died before answering whole
                self._bury(worker)
                continue
            worker.busy = False
            if worker.process.sentinel in ready:  # it answered, then died
                self.workers.remove(worker)
                worker.stop(kindly=False)
            if isinstance(answer, _Raised):
                answer = Lost(Message(N_("an error ({name})"), {"name": answer.name}))
            answers.append((worker.held, answer))
        answers += self.lost
        self.lost = []
        return answers

    def _bury(self, worker: _Worker) -> None:
        self.workers.remove(worker)
        self.lost.append((worker.held, Lost(worker.death())))
        worker.stop(kindly=False)

    def close(self, kindly: bool = True) -> None:
        """Stop every worker: those that hold no work are asked to end, the others killed."""
        for worker in reversed(self.workers):
            worker.stop(kindly)
        self.workers = []
