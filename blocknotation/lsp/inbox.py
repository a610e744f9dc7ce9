"""The client's messages, read ahead by a thread of their own.

The server answers one message at a time, in order, and checks the documents whose text
changed when no message waits (``server.py``).  To know whether one waits, the messages are
read as they come by a thread (``Inbox``), which hands their bodies on, in order, as they
were framed (``framing.Frames``).  It holds at most ``HELD_MESSAGES`` messages and
``MAX_MESSAGE_BYTES`` bytes of them (one larger message alone): beyond that it reads no
more until the server takes one, and the client's writes wait, as they would on a server
that reads nothing ahead.

The reader notes each request the client cancels (``$/cancelRequest``) as it reads it
(``cancelled``): a request still waiting then is answered at once, without its work.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import deque

from ..basics.limits import MAX_MESSAGE_BYTES
from .framing import Frames

log = logging.getLogger(__name__)

#: Messages read ahead at most (a burst of changes as typed is some hundreds).
HELD_MESSAGES = 4096
#: What ``Inbox.next`` gives when no message waits, and it is not to wait for one.
NOTHING = object()


class Inbox:
    """The bodies of the messages of ``frames``, read ahead on a thread; None once the
    stream has ended (or cannot be read any more)."""

    def __init__(self, frames: Frames) -> None:
        self._frames = frames
        self._bodies: deque[bytearray | None] = deque()
        self._held = 0
        #: The ids of the requests the client cancelled whose cancellation waits here.
        self.cancelled: set[int | str] = set()
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, name="blocknot-lsp-reader",
                                        daemon=True)
        self._reader.start()

    def waiting(self) -> bool:
        """Whether a message (or the end of the stream) waits to be taken."""
        return bool(self._bodies)

    def next(self, wait: bool = True) -> bytearray | object | None:
        """The next body, None at the end of the stream; ``NOTHING`` when none waits and
        ``wait`` is false."""
        with self._changed:
            if not self._bodies and not wait:
                return NOTHING
            while not self._bodies:
                self._changed.wait()
            body = self._bodies.popleft()
            self._held -= 0 if body is None else len(body)
            self._changed.notify_all()
            return body

    def _read(self) -> None:
        while True:
            try:
                body = self._frames.next()
            except (OSError, ValueError) as error:  # ValueError: the stream was closed
                log.warning("the connection to the client is lost (%s): the server stops",
                            error)
                body = None
            size = 0 if body is None else len(body)
            if body is not None and b"$/cancelRequest" in body:
                self._note(body)
            with self._changed:
                while self._bodies and (len(self._bodies) >= HELD_MESSAGES
                                        or self._held + size > MAX_MESSAGE_BYTES):
                    self._changed.wait()
                self._bodies.append(body)
                self._held += size
                self._changed.notify_all()
            if body is None:
                return

    def _note(self, body: bytearray) -> None:
        """Note the request a ``$/cancelRequest`` names."""
        try:
            found = json.loads(body)
        except (ValueError, RecursionError):
            return
        if not isinstance(found, dict) or found.get("method") != "$/cancelRequest":
            return
        params = found.get("params")
        named = params.get("id") if isinstance(params, dict) else None
        if isinstance(named, str) or (isinstance(named, int) and not isinstance(named, bool)):
            self.cancelled.add(named)
