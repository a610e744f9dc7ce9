"""A hypothesis state machine talks to the language server, in the manner of pygls's own test
client: it opens, edits and closes documents, asks every request with positions good and bad,
and sends what no editor sends (headers that cannot be trusted, bodies that are not JSON,
messages that are not requests).  After each step, every request it sent has its answer
within ``BOUND`` seconds (the result, or an error with a code and a one-line message), the
documents open are those the machine opened, with the text it has, and what the server
holds is bounded: the bytes its reader keeps between messages, the requests in flight (none),
the games whose results and records it keeps.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from lsp_raw import Raw, at, frame, open_params

from blocknotation.basics.limits import MAX_MESSAGE_BYTES
from blocknotation.lsp.framing import MAX_HEADER_BYTES
from blocknotation.simulator.writer import generate_games

from strategies import RECORD_TEXTS, examples, mutated

#: Seconds within which every request is answered (on a loaded machine; most take ms).
BOUND = 20.0
URIS = st.sampled_from(["file:///a.block", "file:///b.block", "untitled:c"])
TEXTS = st.one_of(RECORD_TEXTS, mutated(),
                  st.just("\n".join(t for _, t in generate_games(2, 2, claims=True))))
#: Positions: good ones, past the end, and what is no position.
LINES = st.one_of(st.integers(0, 40), st.integers(2 ** 31 - 2, 2 ** 31 - 1),
                  st.sampled_from([-1, 2 ** 31, float("nan"), float("inf"), 1.5, "3", None,
                                   True, [1], {"a": 1}]))
REQUESTS = st.sampled_from(["textDocument/hover", "textDocument/completion",
                            "textDocument/inlayHint", "textDocument/codeAction",
                            "textDocument/formatting"])
_JUNK = st.text(alphabet="abc:{}[]\" \r\n\x00é", max_size=60).filter(
    lambda s: "content-length" not in s.lower())
#: Framing no client should send; each leaves the next message readable.
MALFORMED = st.one_of(
    st.builds(lambda h, j: h + j.encode(), st.sampled_from([
        b"Content-Lenth: 10\r\n\r\n", b"Content-Length: abc\r\n\r\n",
        b"Content-Length: -5\r\n\r\n", b"Content-Length: 99999999999\r\n\r\n",
        b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE_BYTES + 1), b"\r\n\r\n", b"X: y\r\n\r\n"]),
        _JUNK),
    _JUNK.map(str.encode),
    st.sampled_from([b"{", b"[]", b"null", b'{"jsonrpc": "2.0"}', b'{"id": 1}',
                     b'{"jsonrpc": "2.0", "id": [1], "method": "x"}',
                     b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": 5}',
                     b'{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 99}}']
                    ).map(frame),
)
_BREAK = re.compile(r"\r\n|\r|\n")


def within(line: str, units: int) -> str:
    """The start of ``line`` that its first ``units`` UTF-16 units hold."""
    for end in range(len(line) + 1):
        if len(line[:end].encode("utf-16-le", "surrogatepass")) // 2 >= units:
            return line[:end]
    return line


def is_line(value: Any) -> bool:
    return type(value) is int and 0 <= value < 2 ** 31


class Conversation(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.raw = Raw().__enter__()
        self.raw.initialize()
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}

    def teardown(self) -> None:
        self.raw.answer(self.raw.request("shutdown"), BOUND)
        self.raw.notify("exit", None)
        self.raw.__exit__(None, None, None)

    def ask(self, method: str, params: Any) -> dict[str, Any]:
        answer = self.raw.answer(self.raw.request(method, params), BOUND)
        if "error" in answer:
            assert set(answer["error"]) == {"code", "message"}, answer
            assert "\n" not in answer["error"]["message"], answer
        return answer

    @rule(uri=URIS, text=TEXTS)
    def open(self, uri: str, text: str) -> None:
        self.versions[uri] = 1
        self.raw.notify("textDocument/didOpen", open_params(uri, text))
        self.raw.published(uri, BOUND)
        self.texts[uri] = text

    @precondition(lambda self: self.texts)
    @rule(data=st.data(), piece=st.sampled_from(["", "\n", "x", "hand 2\n", "\r", "\ud800",
                                                 '[Players "A B"]\n', "Ada: pass"]))
    def edit(self, data: st.DataObject, piece: str) -> None:
        uri = data.draw(st.sampled_from(sorted(self.texts)))
        text = self.texts[uri]
        lines = _BREAK.split(text)
        line = data.draw(st.integers(0, len(lines)))
        character = data.draw(st.integers(0, 12))
        where = {"line": line, "character": character}
        self.versions[uri] += 1
        self.raw.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": self.versions[uri]},
            "contentChanges": [{"range": {"start": where, "end": where}, "text": piece}]})
        self.raw.published(uri, BOUND)
        if line < len(lines):
            kept = within(lines[line], character)
            lines[line] = kept + piece + lines[line][len(kept):]
            breaks = [m.group() for m in _BREAK.finditer(text)]
            self.texts[uri] = "".join(part + end for part, end in
                                      zip(lines, [*breaks, ""], strict=True))
        else:
            self.texts[uri] = text + piece

    @rule(uri=URIS, method=REQUESTS, line=LINES, character=LINES)
    def request(self, uri: str, method: str, line: Any, character: Any) -> None:
        where = {"line": line, "character": character}
        params: dict[str, Any] = at(uri, line, character)
        if method in ("textDocument/inlayHint", "textDocument/codeAction"):
            params = {"textDocument": {"uri": uri}, "range": {"start": where, "end": where},
                      "context": {"diagnostics": []}}
        elif method == "textDocument/formatting":
            params = {"textDocument": {"uri": uri}, "options": {"tabSize": 4,
                                                               "insertSpaces": True}}
        answer = self.ask(method, params)
        if method == "textDocument/formatting" or (is_line(line) and is_line(character)):
            assert "result" in answer, answer
        else:
            assert answer["error"]["code"] == -32602, answer

    @rule(data=MALFORMED)
    def malformed(self, data: bytes) -> None:
        self.raw.send(data)
        assert self.ask("textDocument/hover", at("file:///never.block", 0)) == {
            "jsonrpc": "2.0", "id": self.raw.ids, "result": None}

    @precondition(lambda self: self.texts)
    @rule(data=st.data())
    def close(self, data: st.DataObject) -> None:
        uri = data.draw(st.sampled_from(sorted(self.texts)))
        self.raw.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        assert self.raw.published(uri, BOUND) == []
        del self.texts[uri]

    @invariant()
    def holds_what_it_should(self) -> None:
        # Once this is answered, the server has handled all that came before, and waits.
        assert self.ask("textDocument/hover", at("file:///never.block", 0))["result"] is None
        server = self.raw.server
        assert {uri: d.analysis.text for uri, d in server.documents.items()} == self.texts
        assert server.frames is not None and server.frames.held <= MAX_HEADER_BYTES + (1 << 16)
        assert server.protocol._request_futures == {}
        for document in server.documents.values():
            memory = document.analysis.memory
            assert len(memory.results.kept) <= memory.results.size
            assert len(memory.records.kept) <= memory.records.size
            assert len(memory.fixes) <= 64
        json.dumps(self.raw.notifications)  # what came unasked was whole messages


Conversation.TestCase.settings = settings(max_examples=examples(8, whole=20),
                                          stateful_step_count=12, deadline=None)
test_conversation = Conversation.TestCase
