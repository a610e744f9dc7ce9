"""The language server spoken to in bytes: messages framed by hand, well or badly, for the tests
of what it does with what no editor should send (``test_lsp_protocol.py``,
``test_lsp_machine.py``).

The server runs in a thread of the test process, as in ``lsp_session.py``, its standard input
and output one end of a socket pair; the test writes bytes to the other end and reads the
framed messages that come back.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from types import TracebackType
from typing import Any

from blocknotation.lsp.server import BlocknotServer, build

#: Seconds a test waits for an answer: far more than any answer takes.
WAIT = 30.0


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(**fields: Any) -> bytes:
    return frame(json.dumps({"jsonrpc": "2.0", **fields}).encode())


class Raw:
    """One server in a thread and the raw end of its connection; ``with Raw() as raw``."""

    def __init__(self) -> None:
        self.sock, theirs = socket.socketpair()
        self.theirs = theirs
        self.reading, self.writing = theirs.makefile("rb"), theirs.makefile("wb")
        self.server: BlocknotServer = build()
        self.thread = threading.Thread(target=self.server.start_io,
                                       args=(self.reading, self.writing), daemon=True)
        self.pending = b""
        self.notifications: list[dict[str, Any]] = []
        self.ids = 0

    def __enter__(self) -> Raw:
        self.thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.sock.shutdown(socket.SHUT_WR)
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the server did not stop at the end of its input"
        for end in (self.reading, self.writing, self.theirs, self.sock):
            end.close()

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def request(self, method: str, params: Any = None, **fields: Any) -> int:
        """Send a request; its id."""
        self.ids += 1
        body = {"id": self.ids, "method": method, **fields}
        if params is not None:
            body["params"] = params
        self.send(message(**body))
        return self.ids

    def notify(self, method: str, params: Any) -> None:
        self.send(message(method=method, params=params))

    def initialize(self, **params: Any) -> dict[str, Any]:
        answer = self.answer(self.request("initialize", {"capabilities": {}, **params}))
        self.notify("initialized", {})
        return answer

    def read(self, wait: float = WAIT) -> dict[str, Any]:
        """The next message from the server."""
        deadline = time.monotonic() + wait
        while b"\r\n\r\n" not in self.pending:
            self._more(deadline)
        header, self.pending = self.pending.split(b"\r\n\r\n", 1)
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        while len(self.pending) < length:
            self._more(deadline)
        body, self.pending = self.pending[:length], self.pending[length:]
        found: dict[str, Any] = json.loads(body)
        return found

    def answer(self, msg_id: int | None, wait: float = WAIT) -> dict[str, Any]:
        """The response to ``msg_id`` (None: a response with a null id); notifications that
        come first are kept in ``notifications``."""
        while True:
            found = self.read(wait)
            if "method" in found:
                self.notifications.append(found)
            elif found.get("id") == msg_id:
                return found

    def published(self, uri: str, wait: float = WAIT) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri``."""
        for index, found in enumerate(self.notifications):
            if found["method"] == "textDocument/publishDiagnostics" \
                    and found["params"]["uri"] == uri:
                del self.notifications[index]
                return list(found["params"]["diagnostics"])
        while True:
            found = self.read(wait)
            if found.get("method") == "textDocument/publishDiagnostics" \
                    and found["params"]["uri"] == uri:
                return list(found["params"]["diagnostics"])
            if "method" in found:
                self.notifications.append(found)

    def _more(self, deadline: float) -> None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the server")
        self.sock.settimeout(left)
        data = self.sock.recv(1 << 16)
        if not data:
            raise EOFError("the server closed the connection")
        self.pending += data


def messages_of(data: bytes) -> list[dict[str, Any]]:
    """The messages framed in ``data``, as a process wrote them."""
    found = []
    while data:
        header, data = data.split(b"\r\n\r\n", 1)
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        found.append(json.loads(data[:length]))
        data = data[length:]
    return found


def open_params(uri: str, text: str, version: int = 1) -> dict[str, Any]:
    return {"textDocument": {"uri": uri, "languageId": "blocknot", "version": version,
                             "text": text}}


def at(uri: str, line: Any, character: Any = 0) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
