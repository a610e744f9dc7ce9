"""``blocknot lsp``: the language server, spoken over standard input and output.

The wiring only: the messages are read and checked by ``rpc.py``; each open document keeps
its latest text and the analysis of a version of it (``document.py``, ``analysis.py``).  A
change is made to the text and nothing more; a request hands the analysis of the latest
text, made then if it must be, to the module that answers (``problems``, ``hover``,
``completion``, ``hints``, ``actions``); whenever no message waits, the documents whose text
changed are checked, a game at a time, and their diagnostics published (``work``).  So a
burst of changes costs one check, and a request never waits behind the checks of the
versions before it.  The first time nothing waits at all, the server checks a record half
typed (``HALF_TYPED``), which compiles the parser of the lines its fast reader cannot read
and the patterns of the lines it reads, half a second that the first keys would otherwise
wait for, and makes the functions that read and write the messages of each kind
(``protocol.BlocknotProtocol.prepare``).  Only documents the editor opened are
analysed: a request about another gets an empty answer, and nothing is read from its path.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..notation.stream import Chunk
from ..pipeline import validate_chunk
from .actions import code_actions, formatting
from .completion import completions
from .document import Document
from .framing import Frames
from .hints import inlay_hints
from .hover import hover
from .problems import Shown
from .protocol import BlocknotProtocol, strict_converter
from .rpc import serve
from .settings import ClientSettings, language_of, settings_for


class BlocknotServer(LanguageServer):
    """The server, with the documents the editor has open."""

    def __init__(self) -> None:
        super().__init__("blocknot", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=BlocknotProtocol, converter_factory=strict_converter)
        self.client_lang = "en"
        self.documents: dict[str, Document] = {}
        self.shown: dict[str, Shown] = {}
        self.told: set[str] = set()
        #: Whether ``initialize`` came, and ``shutdown`` (``rpc.py`` answers accordingly).
        self.ready = False
        self.shut_down = False
        self.frames: Frames | None = None
        #: Whether what the checks need on first use is made (``work``).
        self.prepared = False

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve one client over ``stdin`` and ``stdout`` until it exits."""
        # Standard input unbuffered: its reader thread, blocked in a read at the exit, then
        # holds no lock of the interpreter's.
        self.frames = Frames(stdin or sys.stdin.buffer.raw)  # type: ignore[union-attr]
        try:
            serve(self, self.frames, stdout or sys.stdout.buffer, self)
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]

    @property
    def busy(self) -> bool:
        """Whether a document waits for its check or its diagnostics, or the server has yet
        to prepare (once initialized)."""
        return (self.ready and not self.prepared) or any(
            document.busy for document in self.documents.values())

    def work(self, waiting: Callable[[], bool]) -> None:
        """Check the documents whose text changed, a game at a time, until a message waits;
        publish the diagnostics of each once its latest text is checked.  Then, once, make
        what the checks need on first use."""
        for document in list(self.documents.values()):
            while document.busy:
                if waiting():
                    return
                if document.step():
                    self.publish(document)
        if self.ready and not self.prepared and not waiting():
            validate_chunk(HALF_TYPED, 1)
            protocol = self.protocol
            self.prepared = not isinstance(protocol, BlocknotProtocol) or protocol.prepare(
                waiting)

    def settings(self, path: str | None) -> ClientSettings:
        """The settings of the document at ``path``; a problem with the configuration is
        shown once."""
        settings = settings_for(path, self.client_lang)
        if settings.problem is not None and settings.problem not in self.told:
            self.told.add(settings.problem)
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning, message=f"blocknot: {settings.problem}"))
        return settings

    def encoding(self) -> str:
        return str(self.workspace.position_encoding or types.PositionEncodingKind.Utf16)

    def publish(self, document: Document) -> None:
        """Send the diagnostics of the document's analysis."""
        analysis = document.current()
        found = self.shown.setdefault(document.uri, Shown()).of(analysis)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=document.uri, diagnostics=found, version=document.checked))
        document.published = True


#: A record with statements half typed, checked once the server is first idle: the parsers
#: and patterns a key typed needs are made then (``BlocknotServer.work``).
HALF_TYPED = Chunk(1, '[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 1-1 1-2\n'
                      "Ada: 1-1\nBea: 1-\nBea 1-2 L\nAda: pass\n")


def build() -> BlocknotServer:
    """The server with every feature registered."""
    server = BlocknotServer()
    _follow_documents(server)
    _answer_requests(server)
    return server


def _follow_documents(server: BlocknotServer) -> None:
    """The client's settings, and its documents as they open, change, are saved, close."""

    @server.feature(types.INITIALIZE)
    def initialize(ls: BlocknotServer, params: types.InitializeParams) -> None:
        ls.client_lang = language_of(params.locale)
        ls.ready = True

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: BlocknotServer, params: None) -> None:
        ls.shut_down = True

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: BlocknotServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        path = to_fs_path(item.uri)
        ls.documents[item.uri] = Document(item.uri, path or item.uri, ls.settings(path),
                                          ls.encoding(), item.version, item.text)
        ls.shown.pop(item.uri, None)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: BlocknotServer, params: types.DidChangeTextDocumentParams) -> None:
        document = ls.documents.get(params.text_document.uri)
        if document is not None:
            document.edit(params.content_changes, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: BlocknotServer, params: types.DidSaveTextDocumentParams) -> None:
        document = ls.documents.get(params.text_document.uri)
        if document is None:
            return
        # A configuration file may have changed meanwhile: read it again.
        document.recheck(ls.settings(to_fs_path(document.uri)))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: BlocknotServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.documents.pop(params.text_document.uri, None)
        ls.shown.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _answer_requests(server: BlocknotServer) -> None:
    """Hover, completion, inlay hints, code actions and formatting: an empty answer for a
    document that is not open."""

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: BlocknotServer, params: types.HoverParams) -> types.Hover | None:
        document = ls.documents.get(params.text_document.uri)
        return None if document is None else hover(document.current(), params.position)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" "]))
    def on_completion(ls: BlocknotServer,
                      params: types.CompletionParams) -> list[types.CompletionItem]:
        document = ls.documents.get(params.text_document.uri)
        return [] if document is None else completions(document.current(), params.position)

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    def on_inlay_hint(ls: BlocknotServer,
                      params: types.InlayHintParams) -> list[types.InlayHint]:
        document = ls.documents.get(params.text_document.uri)
        return [] if document is None else inlay_hints(document.current(), params.range)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: BlocknotServer,
                       params: types.CodeActionParams) -> list[types.CodeAction]:
        document = ls.documents.get(params.text_document.uri)
        if document is None:
            return []
        return code_actions(document.current(), document.uri, params.range,
                            params.context.diagnostics)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: BlocknotServer,
                      params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        document = ls.documents.get(params.text_document.uri)
        return None if document is None else formatting(document.current())


def run() -> None:
    """Serve one client over standard input and output until it exits; the log, of what
    the server could not read, goes to standard error."""
    logging.basicConfig(level=logging.WARNING, format="blocknot lsp: %(message)s")
    build().start_io()
