"""A progress line on standard error for long runs, and nothing otherwise.

It appears only when standard error is a terminal and the run has lasted about a second; it
shows the bytes read out of the total, the games checked and the rate, redrawn a few times a
second, and is wiped before the command ends.  Standard output is never touched.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from ..basics.i18n import plural

DELAY = 1.0
REDRAW = 0.2


class Progress:
    """Counts what has been read and draws it now and then."""

    def __init__(self, total_bytes: int | None, stream: TextIO | None = None,
                 enabled: bool | None = None, lang: str = "en") -> None:
        self.lang = lang
        self.stream = stream if stream is not None else sys.stderr
        if self.stream is None:  # standard error is closed
            enabled = False
        self.enabled = _is_terminal(self.stream) if enabled is None else enabled
        self.total = total_bytes
        self.read = 0
        self.games = 0
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.visible = False

    def advance(self, read: int, games: int) -> None:
        self.read += read
        self.games += games
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.started < DELAY or now - self.drawn_at < REDRAW:
            return
        self.drawn_at = now
        self._draw(now)

    def _draw(self, now: float) -> None:
        rate = self.read / max(now - self.started, 1e-9) / 1e6
        done = f"{self.read / 1e6:.1f} MB"
        if self.total:
            share = min(self.read / self.total, 1.0)
            bar = "#" * int(share * 20)
            done = f"[{bar:<20}] {done} of {self.total / 1e6:.1f} MB"
        games = plural(self.lang, "{n} game", "{n} games", self.games).format(n=self.games)
        self._show(f"\r{done}, {games}, {rate:.1f} MB/s ")
        self.visible = True

    def close(self) -> None:
        if self.visible:
            self._show("\r\x1b[K")
            self.visible = False

    def _show(self, text: str) -> None:
        """Progress is a courtesy: a terminal that fails to take it only stops it."""
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False
