"""``blocknot lsp`` in a thread of the test process, spoken to in bytes by a client that reads
what it writes on a thread of its own (so that a burst of messages never waits for the
client to read), and what it logs meanwhile.
"""

from __future__ import annotations

import json
import logging
import queue
import socket
import threading
import time
from typing import Any

from blocknotation.lsp.server import build

#: Seconds within which every request is answered, however loaded the machine.
BOUND = 30.0


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encoded(message: dict[str, Any]) -> bytes:
    return frame(json.dumps({"jsonrpc": "2.0", **message}).encode())


class Wire:
    """The server in a thread, its input and output a socket; what it writes is read by a
    thread of the client's into ``arrived`` (each message with when it came)."""

    def __init__(self) -> None:
        self.sock, theirs = socket.socketpair()
        self.theirs = theirs
        self.reading, self.writing = theirs.makefile("rb"), theirs.makefile("wb")
        self.server = build()
        self.thread = threading.Thread(target=self.server.start_io,
                                       args=(self.reading, self.writing), daemon=True)
        self.arrived: queue.Queue[tuple[dict[str, Any] | None, float]] = queue.Queue()
        self.listener = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()
        self.listener.start()

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def next(self, wait: float) -> tuple[dict[str, Any] | None, float]:
        return self.arrived.get(timeout=wait)

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_WR)
        self.thread.join(BOUND)
        assert not self.thread.is_alive(), "the server did not stop at the end of its input"
        for end in (self.reading, self.writing):
            end.close()
        self.theirs.shutdown(socket.SHUT_RDWR)
        self.theirs.close()
        self.listener.join(BOUND)
        self.sock.close()

    def _listen(self) -> None:
        pending = b""
        while True:
            while b"\r\n\r\n" not in pending:
                data = self.sock.recv(1 << 16)
                if not data:
                    self.arrived.put((None, time.monotonic()))
                    return
                pending += data
            header, pending = pending.split(b"\r\n\r\n", 1)
            length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
            while len(pending) < length:
                data = self.sock.recv(1 << 16)
                assert data, "the server stopped inside a message"
                pending += data
            body, pending = pending[:length], pending[length:]
            self.arrived.put((json.loads(body), time.monotonic()))


class Log(logging.Handler):
    """What the server logs while a session runs."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def tracebacks(self) -> list[str]:
        return [self.format(r) for r in self.records
                if r.exc_info or "Traceback" in r.getMessage()]
