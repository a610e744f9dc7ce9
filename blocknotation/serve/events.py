"""Updates pushed to the pages as server-sent events: each written entry is told to the pages
of its game and to the director's, as ``{"game": id, "version": n}``; a page then asks for
what changed.  Nothing is polled.

Entries are written in worker threads; ``publish`` hands each to the event loop.  A page
that falls behind keeps only the latest version of each game (its queue is small, and an
event that would not fit replaces the queue), and a comment every 15 s keeps the
connection open through the Wi-Fi's idle timeouts.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from .limits import MAX_LISTENERS

#: Seconds between two keep-alive comments.
KEEP_ALIVE = 15.0
_CLOSE = None


class Hub:
    """The pages listening, by the game they follow (None: every game, the director's)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[asyncio.Queue[dict[str, object] | None], str | None] = {}

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()

    def full(self) -> bool:
        return len(self.queues) >= MAX_LISTENERS

    def publish(self, game: str, version: int) -> None:
        """Tell the pages of ``game`` and the director's; safe from any thread."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._publish, game, version)

    def _publish(self, game: str, version: int) -> None:
        event = {"game": game, "version": version}
        for queue, follows in list(self.queues.items()):
            if follows in (None, game):
                if queue.full():
                    while not queue.empty():
                        queue.get_nowait()
                queue.put_nowait(event)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        for queue in list(self.queues):
            while not queue.empty():
                queue.get_nowait()
            queue.put_nowait(_CLOSE)

    async def stream(self, follows: str | None, version: int | None) -> AsyncIterator[bytes]:
        """The events for one page; the first tells the version now (``version``)."""
        queue: asyncio.Queue[dict[str, object] | None] = asyncio.Queue(maxsize=16)
        self.queues[queue] = follows
        try:
            yield b"retry: 2000\n\n"
            if version is not None:
                yield _event({"game": follows, "version": version})
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield b": still here\n\n"
                    continue
                if event is _CLOSE:
                    return
                yield _event(event)
        finally:
            self.queues.pop(queue, None)


def _event(data: dict[str, object]) -> bytes:
    return f"data: {json.dumps(data, separators=(',', ':'))}\n\n".encode()
