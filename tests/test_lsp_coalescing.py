"""The language server never waits behind itself: changes are made to the text and checked
once no message waits (the latest text alone, however many changes came), a check yields to
what comes between two games, a request is answered from the latest text, and one the client
cancelled while it waited is answered at once.

The server runs in a thread (``tests/lsp_raw.py``); what a burst sends is written before the
server reads any of it, so that it finds the whole burst waiting.  ``benchmarks/lsp.py
--only burst`` times requests during a burst of 500 changes.
"""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_model import summary, validated
from lsp_raw import Raw, at, message, messages_of, open_params
from lsp_session import RECORD
from lsprotocol import types
from pygls.io_ import StdoutWriter

import blocknotation.lsp.analysis as analysis_module
import blocknotation.lsp.completion as completion_module
import blocknotation.lsp.cut as cut_module
from blocknotation.lsp.analysis import Analysis
from blocknotation.lsp.completion import completions
from blocknotation.lsp.document import Document
from blocknotation.lsp.framing import Frames
from blocknotation.lsp.hover import hover
from blocknotation.lsp.inbox import Inbox
from blocknotation.lsp.protocol import BlocknotProtocol
from blocknotation.lsp.rpc import answer
from blocknotation.lsp.server import build
from blocknotation.lsp.settings import settings_for
from blocknotation.simulator.writer import generate_games

URI = "file:///club/evening.block"
EVENING = "\n".join(t for _, t in generate_games(7, 6, claims=True))


def change(version: int, line: int, character: int, text: str) -> bytes:
    where = {"line": line, "character": character}
    return message(method="textDocument/didChange", params={
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [{"range": {"start": where, "end": where}, "text": text}]})


def checks_counted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The chunks the server checks from now on."""
    checked: list[Any] = []
    real = cut_module.validate_chunk

    def counted(chunk: Any, *args: Any) -> Any:
        checked.append(chunk)
        return real(chunk, *args)

    monkeypatch.setattr(cut_module, "validate_chunk", counted)
    return checked


def versions_published(raw: Raw, last: int) -> list[int]:
    """The versions published for ``URI`` until ``last`` is."""
    found: list[int] = []
    while last not in found:
        got = raw.read()
        if got.get("method") == "textDocument/publishDiagnostics":
            found.append(got["params"]["version"])
    return found


def test_a_burst_of_changes_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: each of the 300 changes checked, and published, before the next message was read.
    checked = checks_counted(monkeypatch)
    lines = EVENING.split("\n")
    line = lines.index("hand 1", 30)
    typed = "# a comment typed a key at a time" * 9
    changes = [change(2, line, 0, "\n")] + [change(3 + n, line, n, key)
                                            for n, key in enumerate(typed)]
    last = len(typed) + 2
    raw = Raw()
    raw.send(message(id=1, method="initialize", params={"capabilities": {}})
             + message(method="initialized", params={})
             + message(method="textDocument/didOpen", params=open_params(URI, EVENING))
             + b"".join(changes)
             + message(id=2, method="textDocument/hover", params=at(URI, line + 1, 3)))
    with raw:  # the server starts now, and finds all of it waiting
        assert "capabilities" in raw.answer(1)["result"]
        assert "result" in raw.answer(2)
        published = versions_published(raw, last)
        assert raw.server.documents[URI].text == "\n".join([*lines[:line], typed,
                                                            *lines[line:]])
        games = len(raw.server.documents[URI].current().cut.games)
        # The open checks each game once; the changes, the game they fall in, a few times
        # at most (when the server found nothing waiting), not once each.
        assert len(checked) <= games + 10 < games + len(typed)
        assert len(published) <= 10
        raw.answer(raw.request("shutdown"))


def test_a_request_is_answered_from_the_latest_text() -> None:
    lines = RECORD.split("\n")
    line = lines.index("Ada: 4-0 R")
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, RECORD))
        # "Ada: 4-0 R" rewritten "Ada: 0-4 L" a key at a time, then asked about at once:
        # the hover tells of the tile as it now is, on the wrong side.
        data = b"".join(change(2 + n, line, 5 + n, key) for n, key in enumerate("0-4 L"))
        data += message(method="textDocument/didChange", params={
            "textDocument": {"uri": URI, "version": 7},
            "contentChanges": [{"range": {"start": {"line": line, "character": 10},
                                          "end": {"line": line, "character": 15}},
                                "text": ""}]})
        raw.send(data)
        hover = raw.answer(raw.request("textDocument/hover", at(URI, line, 3)))["result"]
        assert hover["contents"]["value"].startswith("P403 Ada: 0-4 fits the right end (4)")


def diagnostics_at(raw: Raw, version: int) -> list[dict[str, Any]]:
    """The diagnostics published for ``URI`` at ``version`` (read already, or to come)."""
    while True:
        found = raw.notifications.pop(0) if raw.notifications else raw.read()
        if found.get("method") == "textDocument/publishDiagnostics" \
                and found["params"]["version"] == version:
            return list(found["params"]["diagnostics"])


def rewritten(line: str, count: int) -> list[tuple[int, int, str]]:
    """``count`` changes to ``line`` (``Ada: 4-0 R``), each its start, end and new text:
    its move erased and written again a key at a time, as ``0-4 L``, then as it was, again
    and again."""
    found: list[tuple[int, int, str]] = []
    now = line[5:]
    while len(found) < count:
        other = "0-4 L" if now == "4-0 R" else "4-0 R"
        found.append((5, 5 + len(now), ""))
        found += [(5 + n, 5 + n, key) for n, key in enumerate(other)]
        now = other
    return found[:count]


def test_requests_in_a_burst_of_500_changes_are_answered_each_on_its_text(
        tmp_path: Path) -> None:
    # 500 changes written at once, with a hover after every 7th: each hover tells of the
    # text after the changes before it (the protocol's order), as an analysis made afresh
    # of that text tells of it, and the last one of the latest text; the diagnostics
    # published for the latest version are those of validate.
    lines = RECORD.split("\n")
    line = lines.index("Ada: 4-0 R")
    settings = settings_for(None, "en")
    data, asked, text = b"", {}, lines[line]
    for number, (start, stop, key) in enumerate(rewritten(text, 500), start=1):
        data += message(method="textDocument/didChange", params={
            "textDocument": {"uri": URI, "version": 1 + number},
            "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                          "end": {"line": line, "character": stop}},
                                "text": key}]})
        text = text[:start] + key + text[stop:]
        if number % 7 == 0 or number == 500:
            asked[number] = "\n".join([*lines[:line], text, *lines[line + 1:]])
            data += message(id=number, method="textDocument/hover", params=at(URI, line, 3))
    assert text == "Ada: 4"  # the burst ends half way through a move
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, RECORD))
        raw.send(data)
        told = set()
        for number, seen in asked.items():
            fresh = Analysis.of(seen, "evening.block", settings,
                                types.PositionEncodingKind.Utf16)
            expected = hover(fresh, types.Position(line=line, character=3))
            found = raw.answer(number)["result"]
            value = None if expected is None else expected.contents.value
            assert (found and found["contents"]["value"]) == value, number
            told.add(value)
        assert len(told) >= 4  # the versions asked about are told apart
        last = asked[500]
        assert raw.server.documents[URI].text == last
        published = diagnostics_at(raw, 501)
        assert sorted(summary(d) for d in published) == sorted(validated(tmp_path, last))
        raw.answer(raw.request("shutdown"))


def test_the_lines_above_a_line_completed_are_replayed_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A move typed a key at a time is completed at each key: the lines above it, the same
    # each time, are replayed for the first alone.  Was: replayed at each key.
    lines = RECORD.split("\n")
    line = lines.index("Ada: 4-0 R")
    document = Document.open(URI, "evening.block", settings_for(None, "en"),
                             types.PositionEncodingKind.Utf16, 1, RECORD)
    replayed: list[Any] = []
    real = analysis_module.judged

    def counted(chunk: Any, *args: Any, **kwargs: Any) -> Any:
        replayed.append(chunk)
        return real(chunk, *args, **kwargs)

    for module in (analysis_module, completion_module):
        monkeypatch.setattr(module, "judged", counted, raising=False)
    offered = []
    for version, (start, stop, key) in enumerate([(5, 10, ""), (5, 5, "4"), (6, 6, "-")],
                                                 start=2):
        document.edit([types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line, character=start),
                              end=types.Position(line=line, character=stop)),
            text=key)], version)
        analysis = document.current()
        typed = analysis.lines.text(line + 1)
        offered.append([item.label for item in completions(
            analysis, types.Position(line=line, character=len(typed)))])
    assert typed == "Ada: 4-"
    assert offered[0] == offered[1] == offered[2] == ["5-6", "0-4"]  # what fits 6 and 4
    assert len(replayed) == 1


def test_the_server_prepares_when_first_idle_and_yields_to_a_message() -> None:
    # Once initialized and with nothing to do, the server checks a record half typed and
    # makes cattrs's functions for its messages; that work stops at a message that comes.
    server = build()
    server.protocol.set_writer(StdoutWriter(io.BytesIO()))
    assert not server.busy  # nothing before initialize
    answer(server, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                    "params": {"capabilities": {}}})
    assert server.busy and not server.prepared
    server.work(lambda: True)  # a message waits: nothing is done
    assert not server.prepared
    asked = []
    protocol = server.protocol
    assert isinstance(protocol, BlocknotProtocol)
    assert not protocol.prepare(lambda: len(asked) > 3 or bool(asked.append(1)))
    server.work(lambda: False)
    assert server.prepared and not server.busy


def test_a_check_yields_to_a_request_between_games() -> None:
    # A record of 40 games opened, and a hover on another document sent at once: the hover
    # is answered before the record's diagnostics, which take its 40 games to check.
    # Was: the whole record checked and published first.
    evening = "\n".join(t for _, t in generate_games(3, 40, claims=True))
    with Raw() as raw:
        raw.initialize()
        raw.send(message(method="textDocument/didOpen", params=open_params(URI, evening))
                 + message(id=99, method="textDocument/hover",
                           params=at("file:///club/other.block", 0)))
        first = raw.read()
        assert first == {"jsonrpc": "2.0", "id": 99, "result": None}
        assert raw.published(URI) == []


def test_a_check_is_made_a_game_at_a_time() -> None:
    document = Document("file:///club.block", "club.block", settings_for(None, "en"),
                        types.PositionEncodingKind.Utf16, 1, EVENING)
    steps = 1
    while not document.step():
        steps += 1
    assert document.analysis is not None
    assert steps == len(document.analysis.cut.games) + 1
    assert document.checked == 1


def test_a_request_the_client_cancelled_while_it_waited_is_answered_at_once(
        caplog: pytest.LogCaptureFixture) -> None:
    # The reader notes the cancellation as it reads it (``Inbox.cancelled``); the request,
    # when its turn comes, is answered -32800 without its work; the cancellation itself then
    # leaves nothing behind, and nothing is logged of it.
    stream = io.BytesIO(message(id=7, method="textDocument/codeAction", params={
        "textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0},
                                                "end": {"line": 400, "character": 0}},
        "context": {"diagnostics": []}})
        + message(method="$/cancelRequest", params={"id": 7})
        + message(method="$/cancelRequest", params={"id": "never-sent"}))
    inbox = Inbox(Frames(stream))
    bodies = [inbox.next() for _ in range(4)]
    assert bodies[-1] is None and inbox.cancelled == {7, "never-sent"}
    server = build()
    written = io.BytesIO()
    server.protocol.set_writer(StdoutWriter(written))
    answer(server, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                    "params": {"capabilities": {}}})
    for body in bodies[:3]:
        assert isinstance(body, bytearray)
        answer(server, json.loads(body), inbox.cancelled)
    assert inbox.cancelled == set()
    answers = messages_of(written.getvalue())
    assert answers[-1] == {"jsonrpc": "2.0", "id": 7, "error": {
        "code": -32800,
        "message": "Request cancelled: the client cancelled it before it was answered"}}
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
