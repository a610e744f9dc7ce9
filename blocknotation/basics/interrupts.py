"""Ctrl-C (SIGINT) and SIGTERM as exceptions, and holding them back while a piece of output
is written, so that what is written is whole.

``held()`` delays both signals until the block ends and then raises ``KeyboardInterrupt``
or ``Terminated`` as if the signal had come just then.  The reports write each entry under
it, so an interrupted run can still close its document (see ``runner.run_validate`` and
``gamewise.run``).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(BaseException):
    """SIGTERM, turned into an exception so that a half-written ``-o FILE`` is removed and a
    report is closed as a whole document."""


def terminate(number: int, frame: FrameType | None) -> None:
    """The handler of SIGTERM that ``commands.main`` installs."""
    raise Terminated


#: What each signal that ``held`` delays raises, when its handler is the one that raises it.
_RAISES = ((signal.SIGINT, signal.default_int_handler, KeyboardInterrupt),
           (signal.SIGTERM, terminate, Terminated))


@contextmanager
def held() -> Iterator[None]:
    """Run the block with SIGINT and SIGTERM delayed to its end (only in the main thread,
    and only the signals whose handler is Python's raising one)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def remember(number: int, frame: FrameType | None) -> None:
        caught.append(number)

    delayed = [(number, handler, error) for number, handler, error in _RAISES
               if signal.getsignal(number) is handler]
    for number, _, _ in delayed:
        signal.signal(number, remember)
    try:
        yield
    finally:
        for number, handler, _ in delayed:
            signal.signal(number, handler)
    for number, _, error in delayed:
        if number in caught:
            raise error

