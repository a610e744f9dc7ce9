"""Seeded random sessions with ``blocknot lsp``, as a protocol-aware client drives it.

Each session is one server (in a thread of this process, as in ``lsp_raw.py``) and a client
that, at random from its seed, opens documents, edits them as an editor sends edits (a range
in UTF-16 units on the protocol's lines, which end at LF, CRLF or a lone CR, and the text
put there; several in one notification; now and then the whole text), saves and closes them,
asks every request on them and on documents never opened (and cancels some at once), sends
bursts of a few hundred keystrokes with requests among them, methods the server does not
have, notifications sent as requests, commands it does not have, notebooks it does not
follow, and framing no client should send.  It checks, as it goes and when the server has settled:

- every request gets exactly one answer, within ``BOUND`` seconds of being sent (a burst
  included): its result, of the shape the method has, or the error its case calls for
  (-32601 for a method the server does not answer, -32602 for a command it does not have or
  a position that is none, -32800 for one cancelled before it was answered), with a
  one-line message;
- a request on a document never opened gets an empty answer;
- an inlay hint lies at the end of a line of the document, an edit offered inside it;
- the server writes no traceback to its log and shows no error to the user;
- once the server has settled, the diagnostics it last published for each open document are
  at the document's latest version and equal ``blocknot validate``'s on the same text saved
  to a file, their ranges converted here from validate's lines and columns (independently of
  the server's code).

    python tests/lsp_random.py --seeds 20 --steps 500     # .ci/run's setting

``tests/test_lsp_random.py`` runs the same sessions on a smaller setting.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import random
import re
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blocknotation.basics.limits import MAX_MESSAGE_BYTES
from blocknotation.lsp.server import build
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

from inprocess import run as run_command

#: Seconds within which every request is answered, however loaded the machine.
BOUND = 30.0
_BREAK = re.compile(r"\r\n|\r|\n")

# Texts put in by an edit: pieces of statements, line ends of every kind, what no file should
# hold, and suppression comments (a file-wide one decides what validate reports everywhere).
PIECES = ["\n", "\n\n", "\r\n", "\r", "x", " ", "-", "1", "6-6", " L", "hand 2\n", "hand 1\n",
          "Ada: pass\n", "Bea: 1-2 R\n", "blocked\n", "domino Ada\n", "points Bea 12\n",
          '[Players "Ada Bea"]\n', '[Target "50"]\n', "# note\n", "\x00", "\ufeff", "𝔸",
          "\ud800", "é", "# blocknot: ignore-file[E501]\n", "# blocknot: ignore[P405]",
          "# blocknot: ignore-file[E504]\n", "{", "show Ada: 1-1\n", "score Ada 3, Bea 4\n"]
#: The kinds of step, and how often each is drawn.
STEPS = {"open": 6, "edit": 30, "request": 25, "stranger": 4, "burst": 2, "not answered": 2,
         "command": 1, "bad position": 2, "notebook": 1, "malformed": 3, "save": 2, "close": 2,
         "cancel": 2, "settle": 4}
#: What a keystroke of a burst types.
KEYS = "Ada: 1-2 L\nBea: pass\n"
REQUESTS = ("textDocument/hover", "textDocument/completion", "textDocument/inlayHint",
            "textDocument/codeAction", "textDocument/formatting")
#: Methods the server does not have, and notifications sent as requests: -32601.
NOT_ANSWERED = [("blocknot/nothing", {}), ("blocknot/nothing", None),
                ("textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///x"}}),
                ("textDocument/didSave", {"textDocument": {"uri": "file:///x.block"}}),
                ("initialized", {}), ("$/setTrace", {"value": "off"}),
                ("completionItem/resolve", {"label": "x"})]
#: Framing no client should send; each leaves the next message readable.
MALFORMED = [b"Content-Lenth: 10\r\n\r\n{\"a\": 1.0}", b"Content-Length: abc\r\n\r\n{}",
             b"Content-Length: -5\r\n\r\n", b"Content-Length: 99999999999\r\n\r\nxyz",
             b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE_BYTES + 1), b"X: y\r\n\r\n",
             b"garbage", b"\r\n\r\n", b"Content-Length: 9\r\n\r\n{not json",
             b"Content-Length: 2\r\n\r\n[]", b"Content-Length: 4\r\n\r\nnull",
             b"Content-Length: 18\r\n\r\n{\"jsonrpc\": \"2.0\"}"]


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encoded(message: dict[str, Any]) -> bytes:
    return frame(json.dumps({"jsonrpc": "2.0", **message}).encode())


# --- the protocol's lines, counted here independently of the server -------------------------

def units(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def client_lines(text: str) -> list[tuple[int, int]]:
    """Where each of the protocol's lines starts and ends (its line end left out)."""
    found, start = [], 0
    for end in _BREAK.finditer(text):
        found.append((start, end.start()))
        start = end.end()
    found.append((start, len(text)))
    return found


def client_position(text: str, offset: int) -> dict[str, int]:
    """The protocol position of character ``offset`` (never inside a CRLF)."""
    head = text[:offset]
    line = head.count("\n") + head.count("\r") - head.count("\r\n")
    start = max(head.rfind("\n"), head.rfind("\r")) + 1
    return {"line": line, "character": units(text[start:offset])}


def validate_offset(text: str, line: int, column: int) -> int:
    """The character of ``text`` at ``blocknot validate``'s line and column (from 1): lines
    end at LF (a CRLF's CR is not in its line), a byte-order mark before column 1."""
    starts = [0, *(found.end() for found in re.finditer("\n", text))]
    if line > len(starts):
        return len(text)
    start = starts[line - 1]
    end = text.find("\n", start)
    end = len(text) if end < 0 else end - (text[end - 1:end] == "\r" and end > start)
    shift = 1 if line == 1 and text.startswith("\ufeff") else 0
    return start + min(max(column - 1 + shift, 0), end - start)


def boundary(text: str, offset: int) -> int:
    """``offset``, moved past the LF of a CRLF it would split."""
    return offset + 1 if 0 < offset < len(text) and text[offset - 1:offset + 1] == "\r\n" \
        else offset


# --- the connection ---------------------------------------------------------------------------

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


# --- one session ------------------------------------------------------------------------------

@dataclass
class Asked:
    method: str
    sent: float
    check: Callable[[dict[str, Any]], None]
    uri: str | None = None


@dataclass
class Figures:
    """What a session measured: the seconds each request took, those in bursts apart."""

    latencies: list[float] = field(default_factory=list)
    in_bursts: list[float] = field(default_factory=list)
    requests: int = 0
    settled: int = 0


class Session:
    """One seeded session; ``run(steps)``."""

    def __init__(self, seed: int, folder: Path, burst: int = 200,
                 skip: frozenset[str] = frozenset()) -> None:
        self.rng = random.Random(seed)
        self.skip = skip
        self.seed = seed
        self.folder = folder
        self.burst = burst
        self.uris = [(folder / name).as_uri() for name in ("a.block", "b.block", "c.block")]
        self.nowhere = (folder / "never-opened.block").as_uri()
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}
        self.asked: dict[int, Asked] = {}
        self.ids = 0
        self.published: dict[str, tuple[int | None, list[dict[str, Any]]]] = {}
        self.closing: dict[str, int] = {}
        self.shown: list[dict[str, Any]] = []
        self.figures = Figures()
        self.step = 0
        self.wire = Wire()
        self.log = Log()

    # -- running ---------------------------------------------------------------------------

    def run(self, steps: int) -> Figures:
        root = logging.getLogger()
        root.addHandler(self.log)
        try:
            self.ask("initialize", {"capabilities": {}}, lambda a: _result(a, dict))
            self.notify("initialized", {})
            for self.step in range(steps):
                self.act()
                self.receive(0)
            self.settle()
            self.ask("shutdown", None, lambda a: _result(a, type(None)))
            self.notify("exit", None)
            self.wire.close()
            self.receive(0)
            assert not self.asked, f"requests never answered: {sorted(self.asked)}"
        finally:
            root.removeHandler(self.log)
        assert self.log.tracebacks() == [], self.log.tracebacks()[:3]
        errors = [m for m in self.shown if m.get("type") == 1 or "Error in server" in
                  m.get("message", "")]
        assert errors == [], errors
        return self.figures

    def act(self) -> None:
        """One step, drawn at random."""
        kinds = [(kind, weight) for kind, weight in STEPS.items() if kind not in self.skip]
        kind = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        if kind in ("edit", "request", "burst", "save", "close", "cancel") and not self.texts:
            kind = "open"
        getattr(self, "do_" + kind.replace(" ", "_"))()

    # -- the steps -------------------------------------------------------------------------

    def do_open(self) -> None:
        uri = self.rng.choice(self.uris)
        text = self.a_text()
        if uri in self.texts:
            self.do_close(uri)
        self.texts[uri], self.versions[uri] = text, 1
        self.published.pop(uri, None)
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "blocknot", "version": 1, "text": text}})

    def do_edit(self) -> None:
        uri = self.rng.choice(sorted(self.texts))
        count = self.rng.choice([1, 1, 1, 2, 3])
        changes = []
        if self.rng.random() < 0.05:
            new = self.a_text()
            changes.append({"text": new})
            self.texts[uri] = new
        for _ in range(count):
            changes.append(self.an_edit(uri, self.rng.choice(PIECES)))
        self.change(uri, changes)

    def do_request(self, uri: str | None = None) -> None:
        uri = uri or self.rng.choice(sorted(self.texts))
        method = self.rng.choice(REQUESTS)
        text = self.texts[uri]
        self.ask(method, self.request_params(method, uri, text),
                 lambda answer: self.check_answer(method, text, answer), uri)

    def do_stranger(self) -> None:
        uri = self.rng.choice([self.nowhere, "untitled:Untitled-1", self.folder.as_uri()])
        method = self.rng.choice(REQUESTS)
        empty = None if method in ("textDocument/hover", "textDocument/formatting") else []
        self.ask(method, self.request_params(method, uri, ""),
                 lambda answer: _equal(answer, empty), uri)

    def do_burst(self) -> None:
        """Keystrokes typed on a new line of a document, sent at once, requests among them."""
        uri = self.rng.choice(sorted(self.texts))
        count = self.rng.randint(self.burst // 4, self.burst)
        asked_at = set(self.rng.sample(range(count), min(count, 4)))
        text = self.texts[uri]
        at = boundary(text, self.rng.randint(0, len(text)))
        data = b""
        before = set(self.asked)
        for key in range(count):
            typed = KEYS[key % len(KEYS)] if self.rng.random() < 0.9 else ""
            if typed:
                change = self.an_edit(uri, typed, at, at)
                at += len(typed)
            else:  # a key erased
                text = self.texts[uri]
                start = max(at - 1, 0)
                start -= text[start - 1:start + 1] == "\r\n" and start > 0
                change = self.an_edit(uri, "", start, at)
                at = start
            data += self.change(uri, [change], send=False)
            if key in asked_at:
                method = self.rng.choice(REQUESTS)
                snapshot = self.texts[uri]
                data += self.ask(method, self.request_params(method, uri, snapshot),
                                 lambda answer, s=snapshot, m=method:
                                 self.check_answer(m, s, answer), uri, send=False)
        sent = time.monotonic()
        self.wire.send(data)
        for asked in set(self.asked) - before:
            self.asked[asked].sent = sent
            self.asked[asked].method += " (burst)"

    def do_cancel(self) -> None:
        """A request, and its cancellation at once: its result, or -32800."""
        uri = self.rng.choice(sorted(self.texts))
        method = self.rng.choice(REQUESTS)
        text = self.texts[uri]

        def check(answer: dict[str, Any]) -> None:
            if "error" in answer:
                _error(answer, -32800)
            else:
                self.check_answer(method, text, answer)

        data = self.ask(method, self.request_params(method, uri, text), check, uri, send=False)
        self.wire.send(data + encoded({"method": "$/cancelRequest",
                                       "params": {"id": self.ids}}))

    def do_not_answered(self) -> None:
        method, params = self.rng.choice(NOT_ANSWERED)
        self.ask(method, params, lambda answer: _error(answer, -32601))

    def do_command(self) -> None:
        self.ask("workspace/executeCommand", {"command": self.rng.choice(["x", "blocknot.fix"]),
                                              "arguments": []},
                 lambda answer: _error(answer, -32602))

    def do_bad_position(self) -> None:
        uri = self.rng.choice([*self.texts, self.nowhere])
        line = self.rng.choice([-1, "3", 1.5, None, 2 ** 31])
        self.ask("textDocument/hover", {"textDocument": {"uri": uri},
                                        "position": {"line": line, "character": 0}},
                 lambda answer: _error(answer, -32602))

    def do_notebook(self) -> None:
        notebook = {"uri": self.rng.choice(self.uris) + ".ipynb", "version": 2}
        method = self.rng.choice(["notebookDocument/didChange", "notebookDocument/didClose",
                                  "notebookDocument/didSave"])
        params: dict[str, Any] = {"notebookDocument": notebook, "cellTextDocuments": [],
                                  "change": {}}
        self.notify(method, params)

    def do_malformed(self) -> None:
        self.wire.send(self.rng.choice(MALFORMED))
        self.ask("textDocument/hover", {"textDocument": {"uri": self.nowhere},
                                        "position": {"line": 0, "character": 0}},
                 lambda answer: _equal(answer, None))

    def do_save(self) -> None:
        uri = self.rng.choice(sorted(self.texts))
        self.notify("textDocument/didSave", {"textDocument": {"uri": uri}})

    def do_close(self, uri: str | None = None) -> None:
        uri = uri or self.rng.choice(sorted(self.texts))
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        del self.texts[uri]
        self.closing[uri] = self.closing.get(uri, 0) + 1
        self.published.pop(uri, None)

    def do_settle(self) -> None:
        self.settle()

    # -- what is sent ----------------------------------------------------------------------

    def a_text(self) -> str:
        rng = self.rng
        games = generate_games(rng.randint(0, 10 ** 6), rng.randint(1, 3), claims=True)
        text = "\n".join(add_mistakes(games, 0.5, rng.randint(0, 10 ** 6)))
        if rng.random() < 0.3:
            text = text.replace("\n", rng.choice(["\r\n", "\r"]), rng.randint(1, 20))
        if rng.random() < 0.2:  # the record stops inside a hand
            text = text[:rng.randint(0, len(text))]
        return text

    def an_edit(self, uri: str, put: str, start: int | None = None,
                stop: int | None = None) -> dict[str, Any]:
        """A change of the document's text (made to it here too): ``put`` in place of
        ``start`` to ``stop``, drawn when not given."""
        text = self.texts[uri]
        if start is None or stop is None:
            start = boundary(text, self.rng.randint(0, len(text)))
            length = self.rng.choice([0, 0, 1, 2, 5, 30, 200])
            stop = boundary(text, min(len(text), start + length))
        self.texts[uri] = text[:start] + put + text[stop:]
        return {"range": {"start": client_position(text, start),
                          "end": client_position(text, stop)}, "text": put}

    def change(self, uri: str, changes: list[dict[str, Any]], send: bool = True) -> bytes:
        self.versions[uri] += 1
        return self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": self.versions[uri]},
            "contentChanges": changes}, send)

    def request_params(self, method: str, uri: str, text: str) -> dict[str, Any]:
        lines = client_lines(text)
        line = self.rng.randint(0, len(lines) + 1)
        start, end = lines[min(line, len(lines) - 1)]
        where = {"line": line, "character": self.rng.randint(0, units(text[start:end]) + 2)}
        document = {"uri": uri}
        if method in ("textDocument/hover", "textDocument/completion"):
            return {"textDocument": document, "position": where}
        if method == "textDocument/formatting":
            return {"textDocument": document, "options": {"tabSize": 4, "insertSpaces": True}}
        last = {"line": self.rng.randint(line, len(lines) + 1), "character": 0}
        params = {"textDocument": document, "range": {"start": where, "end": last}}
        if method == "textDocument/codeAction":
            shown = self.published.get(uri, (None, []))[1]
            params["context"] = {"diagnostics": shown[:3]}
        return params

    def ask(self, method: str, params: Any, check: Callable[[dict[str, Any]], None],
            uri: str | None = None, send: bool = True) -> bytes:
        self.ids += 1
        message: dict[str, Any] = {"id": self.ids, "method": method}
        if params is not None:
            message["params"] = params
        self.asked[self.ids] = Asked(method, time.monotonic(), check, uri)
        data = encoded(message)
        if send:
            self.wire.send(data)
        return data

    def notify(self, method: str, params: Any, send: bool = True) -> bytes:
        data = encoded({"method": method, "params": params})
        if send:
            self.wire.send(data)
        return data

    # -- what comes back -------------------------------------------------------------------

    def receive(self, wait: float, until: Callable[[], bool] = lambda: False) -> None:
        """Take what the server wrote; wait up to ``wait`` seconds, until ``until()``."""
        deadline = time.monotonic() + wait
        while not until():
            try:
                message, at = self.wire.next(max(deadline - time.monotonic(), 0))
            except queue.Empty:
                return
            if message is None:
                return
            self.take(message, at)

    def take(self, message: dict[str, Any], at: float) -> None:
        where = f"seed {self.seed}, step {self.step}"
        if "method" in message:
            if message["method"] == "textDocument/publishDiagnostics":
                params = message["params"]
                uri = params["uri"]
                if self.closing.get(uri):
                    if params["diagnostics"] == [] and params.get("version") is None:
                        self.closing[uri] -= 1
                    return
                self.published[uri] = (params.get("version"), params["diagnostics"])
            elif message["method"] == "window/showMessage":
                self.shown.append(message["params"])
            return
        if message.get("id") is None:  # an answer to framing that could not be read
            _error(message, None)
            return
        asked = self.asked.pop(message["id"], None)
        assert asked is not None, f"{where}: an answer to no request: {message}"
        took = at - asked.sent
        assert took <= BOUND, f"{where}: {asked.method} answered in {took:.1f} s"
        self.figures.requests += 1
        if asked.method.endswith("(burst)"):
            self.figures.in_bursts.append(took)
        else:
            self.figures.latencies.append(took)
        try:
            asked.check(message)
        except AssertionError as error:
            raise AssertionError(f"{where}: {asked.method}: {error}") from None

    def settle(self) -> None:
        """Wait until every request is answered and the diagnostics of every open document
        published at its version; check them against ``blocknot validate``."""
        where = f"seed {self.seed}, step {self.step}"
        self.receive(BOUND, lambda: not self.asked and all(
            self.published.get(uri, (None,))[0] == self.versions[uri] for uri in self.texts)
            and not any(self.closing.values()))
        assert not self.asked, f"{where}: unanswered: {[a.method for a in self.asked.values()]}"
        for uri, text in self.texts.items():
            version, shown = self.published.get(uri, (None, []))
            assert version == self.versions[uri], f"{where}: {uri} at {version}"
            expected = validated(self.folder, text)
            found = [_summary(d) for d in shown]
            assert found == expected, f"{where}: {uri}\n{text!r}\n{found}\n{expected}"
        self.figures.settled += 1

    # -- the checks of answers -------------------------------------------------------------

    def check_answer(self, method: str, text: str, answer: dict[str, Any]) -> None:
        assert "result" in answer, answer
        found = answer["result"]
        lines = client_lines(text)
        if method == "textDocument/hover":
            assert found is None or found["contents"]["kind"] == "plaintext", found
        elif method == "textDocument/completion":
            assert isinstance(found, list), found
            for item in found:
                if "textEdit" in item:
                    _inside(item["textEdit"]["range"], lines, text)
        elif method == "textDocument/inlayHint":
            for hint in found:
                position = hint["position"]
                assert position["line"] < len(lines), ("a hint past the end", hint)
                start, end = lines[position["line"]]
                assert position["character"] == units(text[start:end]), (
                    "a hint not at the end of its line", hint, text[start:end])
        elif method == "textDocument/codeAction":
            for action in found:
                for edits in action["edit"]["changes"].values():
                    for edit in edits:
                        _inside(edit["range"], lines, text)
        elif found is not None:  # formatting
            for edit in found:
                _inside(edit["range"], lines, text)
                assert edit["range"]["end"] == client_position(text, len(text)), edit


def _inside(where: dict[str, Any], lines: list[tuple[int, int]], text: str) -> None:
    for position in (where["start"], where["end"]):
        assert position["line"] < len(lines), ("past the end", where)
        start, end = lines[position["line"]]
        assert 0 <= position["character"] <= units(text[start:end]), ("past its line", where)


def _result(answer: dict[str, Any], kind: type) -> None:
    assert "result" in answer and isinstance(answer["result"], kind), answer


def _equal(answer: dict[str, Any], result: Any) -> None:
    assert "error" not in answer and answer["result"] == result, answer


def _error(answer: dict[str, Any], code: int | None) -> None:
    assert "result" not in answer, answer
    error = answer["error"]
    assert code is None or error["code"] == code, answer
    assert set(error) == {"code", "message"}, answer
    assert error["message"] and "\n" not in error["message"], answer


def _summary(d: dict[str, Any]) -> tuple[Any, ...]:
    where = d["range"]
    return (d["code"], (where["start"]["line"], where["start"]["character"]),
            (where["end"]["line"], where["end"]["character"]), d["severity"], d["message"])


def validated(folder: Path, text: str) -> list[tuple[Any, ...]]:
    """What ``blocknot validate`` reports for ``text`` saved to a file, each diagnostic's
    range converted to the protocol's lines and UTF-16 units."""
    saved = folder / "saved.block"
    saved.write_bytes(text.encode("utf-8", "surrogatepass"))
    done = run_command("validate", "--format", "json", "--no-color", str(saved))
    found = []
    for d in json.loads(done.stdout)["files"][0]["diagnostics"]:
        start = client_position(text, validate_offset(text, d["line"], d["column"]))
        end = client_position(text, validate_offset(text, d["end_line"], d["end_column"]))
        found.append((d["code"], (start["line"], start["character"]),
                      (end["line"], end["character"]), 1 if d["severity"] == "error" else 2,
                      d["message"]))
    return found


def run_sessions(seeds: range, steps: int, burst: int = 200,
                 skip: frozenset[str] = frozenset()) -> Figures:
    """Every session of ``seeds``; their figures together."""
    every = Figures()
    for seed in seeds:
        with tempfile.TemporaryDirectory() as folder:
            figures = Session(seed, Path(folder), burst, skip).run(steps)
        every.latencies += figures.latencies
        every.in_bursts += figures.in_bursts
        every.requests += figures.requests
        every.settled += figures.settled
    return every


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--burst", type=int, default=400, help="keystrokes a burst at most")
    parser.add_argument("--skip", action="append", default=[], choices=sorted(STEPS),
                        help="a kind of step left out (to look at the others)")
    args = parser.parse_args()
    started = time.monotonic()
    figures = run_sessions(range(args.first, args.first + args.seeds), args.steps, args.burst,
                           frozenset(args.skip))
    slowest = max(figures.in_bursts, default=0.0)
    print(f"{args.seeds} sessions of {args.steps} steps: {figures.requests} requests answered "
          f"({len(figures.in_bursts)} in bursts, the slowest in {slowest * 1000:.0f} ms), "
          f"{figures.settled} settlings checked against validate, "
          f"{time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
