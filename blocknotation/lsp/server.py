"""``blocknot lsp``: the language server, spoken over standard input and output.

The wiring only: each request takes the document's analysis (checked once per version of
its text, ``analysis.py``) and hands it to the module that answers (``problems``, ``hover``,
``completion``, ``hints``, ``actions``).  Documents are synchronised whole.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from .actions import code_actions, formatting
from .analysis import Analysis, Checker
from .completion import completions
from .hints import inlay_hints
from .hover import hover
from .problems import to_lsp
from .ranges import Lines
from .settings import language_of, settings_for


class BlocknotServer(LanguageServer):
    """The server, with the latest analysis of each open document."""

    def __init__(self) -> None:
        super().__init__("blocknot", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.client_lang = "en"
        self.analyses: dict[str, tuple[Analysis, Lines]] = {}
        self.checkers: dict[str, Checker] = {}
        self.told: set[str] = set()

    def analysis(self, uri: str) -> tuple[Analysis, Lines]:
        """The document's analysis, made anew when its text has changed."""
        document = self.workspace.get_text_document(uri)
        text = document.source
        done = self.analyses.get(uri)
        if done is None or done[0].text != text:
            path = to_fs_path(uri)
            settings = settings_for(path, text, self.client_lang)
            if settings.problem is not None and settings.problem not in self.told:
                self.told.add(settings.problem)
                self.window_show_message(types.ShowMessageParams(
                    type=types.MessageType.Warning, message=f"blocknot: {settings.problem}"))
            checker = self.checkers.setdefault(uri, Checker())
            done = (Analysis.of(text, path or uri, settings, checker),
                    Lines(text, document.position_codec))
            self.analyses[uri] = done
        return done

    def publish(self, uri: str, version: int | None) -> None:
        """Check the document and send its diagnostics."""
        analysis, lines = self.analysis(uri)
        settings = analysis.settings
        found = [to_lsp(d, lines, settings.lang, settings.strict)
                 for d in analysis.report.diagnostics]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version))


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

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: BlocknotServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: BlocknotServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: BlocknotServer, params: types.DidSaveTextDocumentParams) -> None:
        # A configuration file may have changed meanwhile: read it again.
        ls.analyses.pop(params.text_document.uri, None)
        ls.publish(params.text_document.uri, None)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: BlocknotServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.analyses.pop(params.text_document.uri, None)
        ls.checkers.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _answer_requests(server: BlocknotServer) -> None:
    """Hover, completion, inlay hints, code actions and formatting."""

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: BlocknotServer, params: types.HoverParams) -> types.Hover | None:
        analysis, lines = ls.analysis(params.text_document.uri)
        return hover(analysis, lines, params.position)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" "]))
    def on_completion(ls: BlocknotServer,
                      params: types.CompletionParams) -> list[types.CompletionItem]:
        analysis, lines = ls.analysis(params.text_document.uri)
        return completions(analysis, lines, params.position)

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    def on_inlay_hint(ls: BlocknotServer,
                      params: types.InlayHintParams) -> list[types.InlayHint]:
        analysis, lines = ls.analysis(params.text_document.uri)
        return inlay_hints(analysis, lines, params.range)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: BlocknotServer,
                       params: types.CodeActionParams) -> list[types.CodeAction]:
        analysis, lines = ls.analysis(params.text_document.uri)
        return code_actions(analysis, lines, params.text_document.uri, params.range,
                            params.context.diagnostics)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: BlocknotServer,
                      params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        analysis, lines = ls.analysis(params.text_document.uri)
        return formatting(analysis, lines)


def run() -> None:
    """Serve one client over standard input and output until it exits."""
    build().start_io()
