"""What ``blocknot lsp`` does with what no editor should send: every request gets an answer, the
result or a JSON-RPC error with its code and a one-line message (never a traceback), a header
it cannot trust is skipped and the next message read, and only documents the editor opened
are looked at (docs/robustness.md, "The language server").

The messages are framed by hand (``tests/lsp_raw.py``); one test runs ``python -m blocknotation
lsp`` as an editor does.  Skipped only without pygls.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_raw import Raw, at, frame, message, messages_of, open_params
from lsp_session import RECORD

from blocknotation.basics.limits import MAX_MESSAGE_BYTES

NOWHERE = "file:///nowhere/never-opened.block"

#: Headers that cannot be trusted, each followed by a body of 10 bytes.
BAD_HEADERS = [
    b"Content-Lenth: 10\r\n\r\n",
    b"Content-Length: abc\r\n\r\n",
    b"Content-Length: -5\r\n\r\n",
    b"Content-Length: 99999999999\r\n\r\n",
    b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE_BYTES + 1),
    b"Content-Type: text/plain\r\n\r\n",
    b"Content-Length: 10\r\nContent-Length: 11\r\n\r\n",
    b"garbage without a colon\r\n\r\n",
]


def assert_error(answer: dict[str, Any], code: int) -> None:
    """An error with ``code``, a one-line message, and nothing else (no traceback)."""
    assert "result" not in answer, answer
    error = answer["error"]
    assert error["code"] == code, answer
    assert set(error) == {"code", "message"}, answer
    assert error["message"] and "\n" not in error["message"] and len(error["message"]) <= 200
    assert "Traceback" not in json.dumps(answer)


@pytest.mark.parametrize("header", BAD_HEADERS, ids=lambda h: h.split(b"\r\n")[0].decode())
def test_a_header_that_cannot_be_trusted_is_skipped(header: bytes) -> None:
    with Raw() as raw:
        raw.initialize()
        raw.send(header + b'{"a": 1.0}')
        answer = raw.answer(raw.request("textDocument/hover", at(NOWHERE, 0)))
        assert answer["result"] is None
        assert raw.server.ready


def test_a_header_that_never_ends_is_dropped_a_block_at_a_time() -> None:
    with Raw() as raw:
        raw.initialize()
        raw.send(b"x" * 100_000)  # no line end, no colon: the header never ends
        answer = raw.answer(raw.request("textDocument/hover", at(NOWHERE, 0)))
        assert answer["result"] is None


def test_a_huge_length_neither_ends_the_server_nor_hangs_it() -> None:
    # Was: MemoryError, exit 70 (internal error), and nothing more answered.
    body = (message(id=1, method="initialize", params={"capabilities": {}})
            + b"Content-Length: 99999999999\r\n\r\n{}"
            + message(id=2, method="textDocument/hover", params=at(NOWHERE, 0))
            + message(id=3, method="shutdown") + message(method="exit"))
    done = subprocess.run([sys.executable, "-m", "blocknotation", "lsp"], input=body,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers = messages_of(done.stdout)
    assert [a["id"] for a in answers] == [1, 2, 3]
    assert answers[1]["result"] is None and answers[2]["result"] is None
    assert b"99999999999" in done.stderr and b"Traceback" not in done.stderr


def test_a_body_that_is_not_json_gets_a_parse_error() -> None:
    with Raw() as raw:
        raw.initialize()
        raw.send(frame(b"{not json"))
        answer = raw.answer(None)
        assert_error(answer, -32700)
        assert answer["id"] is None
        raw.send(frame(b"[" * 100_000))  # too deep for the decoder
        assert_error(raw.answer(None), -32700)
        assert raw.answer(raw.request("shutdown"))["result"] is None


@pytest.mark.parametrize("body", [
    b"[]", b'[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]', b"7", b'"x"',
    b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}',
    b'{"jsonrpc": "2.0", "id": true, "method": "shutdown"}',
])
def test_what_is_no_request_gets_invalid_request_with_a_null_id(body: bytes) -> None:
    with Raw() as raw:
        raw.initialize()
        raw.send(frame(body))
        assert_error(raw.answer(None), -32600)


def test_a_request_not_in_json_rpc_2_gets_invalid_request() -> None:
    with Raw() as raw:
        raw.initialize()
        raw.send(frame(b'{"jsonrpc": "1.0", "id": 7, "method": "shutdown"}'))
        assert_error(raw.answer(7), -32600)
        raw.send(frame(b'{"jsonrpc": "2.0", "id": 8, "method": 5}'))
        assert_error(raw.answer(8), -32600)


@pytest.mark.parametrize("line", [-1, float("nan"), "3", 3.5, True, None, [0], 2 ** 40])
def test_an_invalid_line_gets_invalid_params(line: Any) -> None:
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params("file:///club.block", RECORD))
        for method in ("textDocument/hover", "textDocument/completion"):
            answer = raw.answer(raw.request(method, at("file:///club.block", line)))
            assert_error(answer, -32602)
            assert "position" in answer["error"]["message"]
        # and the server goes on
        answer = raw.answer(raw.request("textDocument/hover", at("file:///club.block", 8, 3)))
        assert answer["result"]["contents"]["value"].startswith("ends 6|4")


@pytest.mark.parametrize("params", [
    None, [], {"textDocument": {"uri": 5}, "position": {"line": 0, "character": 0}},
    {"textDocument": {"uri": "file:///x.block"}}, {"position": {"line": 0, "character": 0}},
])
def test_params_of_the_wrong_shape_get_invalid_params(params: Any) -> None:
    with Raw() as raw:
        raw.initialize()
        fields = {} if params is None else {"params": params}
        raw.send(message(id=5, method="textDocument/hover", **fields))
        assert_error(raw.answer(5), -32602)


def test_before_initialize_and_after_shutdown() -> None:
    with Raw() as raw:
        assert_error(raw.answer(raw.request("textDocument/hover", at(NOWHERE, 0))), -32002)
        raw.notify("textDocument/didOpen", open_params("file:///early.block", RECORD))
        raw.initialize()
        assert raw.server.documents == {}  # a notification before initialize is dropped
        assert raw.answer(raw.request("shutdown"))["result"] is None
        assert_error(raw.answer(raw.request("textDocument/hover", at(NOWHERE, 0))), -32600)


@pytest.mark.parametrize(("method", "params"), [
    ("blocknot/nothing", {}),
    ("blocknot/nothing", None),  # was -32602: "missing 1 required positional argument"
    ("textDocument/semanticTokens/full", {"textDocument": {"uri": NOWHERE}}),
    # notifications sent as requests (were never answered)
    ("textDocument/didSave", {"textDocument": {"uri": NOWHERE}}),
    ("initialized", {}),
    ("$/setTrace", {"value": "off"}),
    ("textDocument/didClose", {"textDocument": {"uri": NOWHERE}}),
])
def test_a_method_the_server_does_not_answer_gets_method_not_found(
        method: str, params: Any, caplog: pytest.LogCaptureFixture) -> None:
    with Raw() as raw:
        raw.initialize()
        assert_error(raw.answer(raw.request(method, params)), -32601)
        assert raw.answer(raw.request("shutdown"))["result"] is None
    assert not [r for r in caplog.records if r.exc_info]
    assert raw.notifications == []


def test_a_command_the_server_does_not_have_is_invalid_params_without_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    # Was: the error answered, and a traceback written to the log.
    with Raw() as raw:
        raw.initialize()
        answer = raw.answer(raw.request("workspace/executeCommand",
                                        {"command": "nothing", "arguments": []}))
        assert_error(answer, -32602)
        assert "'nothing' is not defined" in answer["error"]["message"]
        assert raw.answer(raw.request("shutdown"))["result"] is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        "request 2: Invalid Params: Command name 'nothing' is not defined"]
    assert not [r for r in caplog.records if r.exc_info]


@pytest.mark.parametrize("method", ["notebookDocument/didOpen", "notebookDocument/didChange",
                                    "notebookDocument/didClose"])
def test_a_notebook_is_not_followed_and_no_error_is_shown(
        method: str, caplog: pytest.LogCaptureFixture) -> None:
    # Was: window/showMessage "Error in server: KeyError: 'file:///nowhere/book.ipynb'".
    notebook = {"uri": "file:///nowhere/book.ipynb", "version": 2, "notebookType": "jupyter",
                "cells": []}
    with Raw() as raw:
        raw.initialize()
        raw.notify(method, {"notebookDocument": notebook, "cellTextDocuments": [],
                            "change": {}})
        assert raw.answer(raw.request("textDocument/hover", at(NOWHERE, 0)))["result"] is None
    assert raw.notifications == []
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_a_failure_while_answering_is_an_error_without_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import blocknotation.lsp.server as server

    def broken(*args: object) -> None:
        raise TypeError("unhashable type: 'dict'")

    monkeypatch.setattr(server, "hover", broken)
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params("file:///club.block", RECORD))
        answer = raw.answer(raw.request("textDocument/hover", at("file:///club.block", 0)))
        assert_error(answer, -32603)
        assert "TypeError" in answer["error"]["message"]


def test_a_document_never_opened_is_never_read(tmp_path: Path) -> None:
    # Was: its path read from disk, and tracebacks in error.data (a directory, say).
    record = tmp_path / "on-disk.block"
    record.write_text(RECORD.replace("points 𝔅ea 25", "points 𝔅ea 20"), "utf-8")
    uris = [record.as_uri(), tmp_path.as_uri(), "file:///etc/passwd", NOWHERE,
            "untitled:Untitled-1"]
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 30, "character": 0}}
    with Raw() as raw:
        raw.initialize()
        for uri in uris:
            asked = [
                ("textDocument/hover", at(uri, 10, 3), None),
                ("textDocument/completion", at(uri, 10, 3), []),
                ("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": whole}, []),
                ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": whole,
                                             "context": {"diagnostics": []}}, []),
                ("textDocument/formatting", {"textDocument": {"uri": uri},
                                             "options": {"tabSize": 4, "insertSpaces": True}},
                 None),
            ]
            for method, params, empty in asked:
                assert raw.answer(raw.request(method, params)) == {
                    "jsonrpc": "2.0", "id": raw.ids, "result": empty}, (uri, method)
            change = {"textDocument": {"uri": uri, "version": 2},
                      "contentChanges": [{"text": "x"}]}
            raw.notify("textDocument/didChange", change)
            raw.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        assert raw.answer(raw.request("shutdown"))["result"] is None
        assert raw.notifications == []  # nothing published, no error shown
        assert raw.server.documents == {}


def test_a_lone_surrogate_is_reported_and_the_document_still_answers() -> None:
    # Was: nothing published, and every later request on it TypeError: unhashable type.
    # As for a file that is not UTF-8, the S003 is all that is said of the document.
    uri = "file:///surrogate.block"
    text = "# a note \ud800\n" + RECORD
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(uri, text))
        shown = raw.published(uri)
        assert [(d["code"], d["range"]["start"]) for d in shown] == [
            ("S003", {"line": 0, "character": 9})]
        hover = raw.answer(raw.request("textDocument/hover", at(uri, 9, 3)))
        assert hover["result"] is None
        completion = raw.answer(raw.request("textDocument/completion", at(uri, 13, 0)))
        assert "error" not in completion
        raw.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                          "end": {"line": 1, "character": 0}},
                                "text": ""}]})
        assert raw.published(uri) == []
        hover = raw.answer(raw.request("textDocument/hover", at(uri, 8, 3)))
        assert hover["result"]["contents"]["value"].startswith("ends 6|4")


def test_a_message_beyond_the_bound_is_read_past_and_never_held() -> None:
    process = subprocess.Popen([sys.executable, "-m", "blocknotation", "lsp"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(message(id=1, method="initialize", params={"capabilities": {}}))
        process.stdin.flush()
        assert read_message(process.stdout)["id"] == 1
        before = resident(process.pid, "VmRSS")
        process.stdin.write(b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE_BYTES + 1))
        block = b"x" * (1 << 20)
        for _ in range(MAX_MESSAGE_BYTES // len(block) + 1):
            process.stdin.write(block)
        process.stdin.write(message(id=2, method="textDocument/hover",
                                    params=at(NOWHERE, 0)))
        process.stdin.flush()
        assert read_message(process.stdout) == {"jsonrpc": "2.0", "id": 2, "result": None}
        assert resident(process.pid, "VmHWM") - before < 20  # MB: nothing of it was held
        process.stdin.write(message(id=3, method="shutdown") + message(method="exit"))
        process.stdin.close()
        assert process.wait(60) == 0
    finally:
        process.kill()
        process.wait()


def read_message(stream: Any) -> dict[str, Any]:
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        header += stream.read(1)
    length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
    found: dict[str, Any] = json.loads(stream.read(length))
    return found


def resident(pid: int, field: str) -> float:
    """The process's ``VmRSS`` or ``VmHWM`` (its peak), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise AssertionError(field)
