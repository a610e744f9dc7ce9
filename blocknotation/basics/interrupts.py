"""Holding Ctrl-C back while a piece of output is written, so that what is written is whole.

``held()`` delays SIGINT until the block ends and then raises ``KeyboardInterrupt`` as if it
had come just then.  The JSON report writes each file's entry under it, so an interrupted
run can still close the document (see ``runner.run_validate``).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def held() -> Iterator[None]:
    """Run the block with SIGINT delayed to its end (only in the main thread; elsewhere,
    or when SIGINT is not Python's to handle, the block runs as it is)."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    caught: list[int] = []

    def remember(number: int, frame: FrameType | None) -> None:
        caught.append(number)

    signal.signal(signal.SIGINT, remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def ignore_in_worker() -> None:
    """A worker process leaves Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
