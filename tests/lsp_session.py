"""A real language client for the tests: pygls's own, talking over standard input and output
to ``python -m blocknotation lsp`` started as a subprocess."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from lsprotocol import types
from pygls.lsp.client import LanguageClient

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


class Session:
    """One server process and the client talking to it; ``async with Session() as s``."""

    def __init__(self, locale: str | None = None,
                 encodings: Sequence[str] = (types.PositionEncodingKind.Utf16,)) -> None:
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
        await self.client.start_io(sys.executable, "-m", "blocknotation", "lsp")
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
