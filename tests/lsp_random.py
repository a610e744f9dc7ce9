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

    python tests/lsp_random.py --seeds 24 --steps 500 --burst 500    # .ci/run's setting

``tests/test_lsp_random.py`` runs the same sessions on a smaller setting.  The connection is
``tests/lsp_wire.py``; what the client knows of lines, of ``blocknot validate`` and of
answers, ``tests/lsp_model.py``.
"""

from __future__ import annotations

import argparse
import logging
import queue
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsp_model import (
    boundary,
    check_answer,
    client_lines,
    client_position,
    expect_equal,
    expect_error,
    expect_result,
    summary,
    two_bad_bytes,
    units,
    validated,
)
from lsp_wire import BOUND, Log, Wire, encoded

from blocknotation.basics.limits import MAX_MESSAGE_BYTES
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

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
            self.ask("initialize", {"capabilities": {}}, lambda a: expect_result(a, dict))
            self.notify("initialized", {})
            for self.step in range(steps):
                self.act()
                self.receive(0)
            self.settle()
            self.ask("shutdown", None, lambda a: expect_result(a, type(None)))
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
                 lambda answer: check_answer(method, text, answer), uri)

    def do_stranger(self) -> None:
        uri = self.rng.choice([self.nowhere, "untitled:Untitled-1", self.folder.as_uri()])
        method = self.rng.choice(REQUESTS)
        empty = None if method in ("textDocument/hover", "textDocument/formatting") else []
        self.ask(method, self.request_params(method, uri, ""),
                 lambda answer: expect_equal(answer, empty), uri)

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
                                 check_answer(m, s, answer), uri, send=False)
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
                expect_error(answer, -32800)
            else:
                check_answer(method, text, answer)

        data = self.ask(method, self.request_params(method, uri, text), check, uri, send=False)
        self.wire.send(data + encoded({"method": "$/cancelRequest",
                                       "params": {"id": self.ids}}))

    def do_not_answered(self) -> None:
        method, params = self.rng.choice(NOT_ANSWERED)
        self.ask(method, params, lambda answer: expect_error(answer, -32601))

    def do_command(self) -> None:
        self.ask("workspace/executeCommand", {"command": self.rng.choice(["x", "blocknot.fix"]),
                                              "arguments": []},
                 lambda answer: expect_error(answer, -32602))

    def do_bad_position(self) -> None:
        uri = self.rng.choice([*self.texts, self.nowhere])
        line = self.rng.choice([-1, "3", 1.5, None, 2 ** 31])
        self.ask("textDocument/hover", {"textDocument": {"uri": uri},
                                        "position": {"line": line, "character": 0}},
                 lambda answer: expect_error(answer, -32602))

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
                 lambda answer: expect_equal(answer, None))

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
            expect_error(message, None)
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
            found = [summary(d) for d in shown]
            assert found == expected or two_bad_bytes(text, found, expected), (
                f"{where}: {uri}\n{text!r}\n{found}\n{expected}")
        self.figures.settled += 1


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
