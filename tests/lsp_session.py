"""A real language client for the tests: pygls's own, talking to the server over a stream.

By default the server (``blocknotation.lsp.server.build()``, what ``blocknot lsp`` serves) runs
in a thread of the test process, its standard input and output one end of a socket pair, so a
test does not pay an interpreter's start-up and lsprotocol's import (most of a second of CPU
each). ``Session(process=True)`` starts ``python -m blocknotation lsp`` as a subprocess and
talks to it over its standard input and output, as an editor does; a few tests do that.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from lsprotocol import types
from pygls.io_ import run_async
from pygls.lsp.client import LanguageClient

from blocknotation.lsp.server import build

WAIT = 60.0

# A hand every deal of which is known, with 𝔅 (U+1D505), outside the Basic Multilingual
# Plane: two UTF-16 units, one code point.
RECORD = """\
[Players "Ada 𝔅ea"]

hand 1
opener Ada
deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4
deal 𝔅ea: 4-4 1-1 2-4 3-6 3-4 6-6 0-6
Ada: 0-5
𝔅ea: 0-6
Ada: 4-5
𝔅ea: 6-6 L
Ada: 4-0 R
𝔅ea: 6-3 L
Ada: pass
𝔅ea: 3-4 L
Ada: pass
𝔅ea: 4-4 L
Ada: pass
𝔅ea: 4-2 L
Ada: 2-2 L
𝔅ea: pass
Ada: pass
blocked
points 𝔅ea 25
score Ada 0, 𝔅ea 25
"""


class InThread:
    """The server in a thread of this process, its input and output a socket: the client's
    end is ``client``, read and written through asyncio's streams."""

    def __init__(self) -> None:
        self.client, theirs = socket.socketpair()
        self.theirs = theirs
        self.reading = theirs.makefile("rb")
        self.writing = theirs.makefile("wb")
        self.thread = threading.Thread(target=build().start_io, args=(self.reading, self.writing),
                                       name="blocknot-lsp", daemon=True)
        self.thread.start()

    async def connect(self, client: LanguageClient) -> None:
        """Have ``client`` talk to the server, as ``LanguageClient.start_io`` has it talk to a
        process (pygls's client has no public way to take a stream it did not open)."""
        reader, writer = await asyncio.open_connection(sock=self.client)
        client.protocol.set_writer(writer)
        client._async_tasks.append(asyncio.create_task(run_async(
            stop_event=client._stop_event, reader=reader, protocol=client.protocol,
            logger=logging.getLogger(__name__), error_handler=client.report_server_error)))

    async def finish(self) -> None:
        """After ``exit``: no more input for the server, which then stops, and its end closed,
        so the client's reader ends too."""
        self.client.shutdown(socket.SHUT_WR)
        await asyncio.wait_for(asyncio.to_thread(self.thread.join), WAIT)
        assert not self.thread.is_alive()
        self.reading.close()
        self.writing.close()
        self.theirs.close()


class Session:
    """One server and the client talking to it; ``async with Session() as s``."""

    def __init__(self, locale: str | None = None,
                 encodings: Sequence[str] = (types.PositionEncodingKind.Utf16,),
                 process: bool = False) -> None:
        self.process = process
        self.in_thread: InThread | None = None
        self.locale = locale
        self.encodings = list(encodings)
        self.client = LanguageClient("blocknot-tests", "1")
        self.published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()
        self.versions: dict[str, int] = {}

        self.messages: list[types.ShowMessageParams] = []

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def shown(params: types.ShowMessageParams) -> None:
            self.messages.append(params)

    async def __aenter__(self) -> Session:
        if self.process:
            await self.client.start_io(sys.executable, "-m", "blocknotation", "lsp")
        else:
            self.in_thread = InThread()
            await self.in_thread.connect(self.client)
        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=self.encodings))
        self.initialized = await asyncio.wait_for(self.client.initialize_async(
            types.InitializeParams(capabilities=capabilities, locale=self.locale)), WAIT)
        self.client.initialized(types.InitializedParams())
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await asyncio.wait_for(self.client.shutdown_async(None), WAIT)
        self.client.exit(None)
        if self.in_thread is not None:
            await self.in_thread.finish()
        await asyncio.wait_for(self.client.stop(), WAIT)

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The next diagnostics published for ``uri`` at its latest version."""
        while True:
            params = await asyncio.wait_for(self.published.get(), WAIT)
            if params.uri == uri and params.version == self.versions.get(uri):
                return list(params.diagnostics)

    async def open(self, path: Path, text: str) -> list[types.Diagnostic]:
        """Open a document (``path`` need not exist) and return its diagnostics."""
        uri = path.as_uri()
        self.versions[uri] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="blocknot", version=1,
                                                 text=text)))
        return await self.diagnostics(uri)

    async def change(self, path: Path, text: str) -> list[types.Diagnostic]:
        """Replace a document's whole text and return its diagnostics."""
        uri = path.as_uri()
        self.versions[uri] += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(
                uri=uri, version=self.versions[uri]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        return await self.diagnostics(uri)

    async def hover(self, path: Path, line: int, character: int) -> str | None:
        found = await asyncio.wait_for(self.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=character))), WAIT)
        if found is None:
            return None
        assert isinstance(found.contents, types.MarkupContent)
        return found.contents.value

    async def complete(self, path: Path, line: int, character: int
                       ) -> list[types.CompletionItem]:
        found = await asyncio.wait_for(self.client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
                position=types.Position(line=line, character=character))), WAIT)
        items = found.items if isinstance(found, types.CompletionList) else found or []
        return sorted(items, key=lambda item: item.sort_text or item.label)

    async def hints(self, path: Path, first: int, last: int) -> list[types.InlayHint]:
        found = await asyncio.wait_for(self.client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
                range=types.Range(start=types.Position(line=first, character=0),
                                  end=types.Position(line=last, character=0)))), WAIT)
        return list(found or [])


async def code_actions(s: Session, path: Path, line: int,
                       shown: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    """The code actions the server offers on ``line`` (0-based) for the diagnostics shown."""
    found = await asyncio.wait_for(s.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=types.Range(start=types.Position(line=line, character=0),
                              end=types.Position(line=line, character=0)),
            context=types.CodeActionContext(diagnostics=list(shown)))), WAIT)
    return [a for a in found or [] if isinstance(a, types.CodeAction)]


async def formatting(s: Session, path: Path) -> list[types.TextEdit] | None:
    found = await asyncio.wait_for(s.client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True))), WAIT)
    return None if found is None else list(found)


def applied(text: str, edits: Sequence[types.TextEdit]) -> str:
    """``text`` with ``edits`` made, as an editor makes them (positions in UTF-16 units)."""

    def offset(position: types.Position) -> int:
        lines = text.split("\n")
        start = sum(len(line) + 1 for line in lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return start + index
            units += 2 if ord(char) > 0xFFFF else 1
        return start + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                       reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text
