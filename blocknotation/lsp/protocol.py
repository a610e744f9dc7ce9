"""pygls's protocol, as the language server has it: messages read strictly, errors
without tracebacks, the documents' notifications handled at once, notebooks not followed.

``rpc.py`` reads the messages and checks them before they come here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
    LanguageServerProtocol,
    default_converter,
    lsp_method,
)

if TYPE_CHECKING:
    from concurrent.futures import Future

log = logging.getLogger(__name__)

#: Characters of an error's message at most.
SHORT = 200
#: The values the answers hold (``prepare``).
ANSWERED = (types.Hover, types.MarkupContent, types.CompletionItem, types.TextEdit,
            types.Range, types.Position, types.InlayHint, types.CodeAction,
            types.WorkspaceEdit, types.Diagnostic, types.CodeDescription,
            types.PublishDiagnosticsParams)


def strict_converter() -> cattrs.Converter:
    """pygls's converter, but a number must be a number, a string a string, a boolean a
    boolean: cattrs alone reads ``"3"`` and ``3.5`` as the line 3, and ``5`` as the URI
    ``"5"``."""
    converter: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    return converter


def _exactly(kind: type) -> Callable[[object, type], object]:
    """A hook for ``kind`` and the enumerations built on it (``DiagnosticSeverity``)."""
    def structure(value: object, wanted: type) -> object:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, found {type(value).__name__}")
        return value if wanted is kind else wanted(value)

    return structure


class BlocknotProtocol(LanguageServerProtocol):
    """pygls's protocol, without tracebacks: in the log when a message cannot be read, in
    ``error.data`` when a request fails."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The message as lsprotocol's value, as pygls makes it; raises what cattrs raises
        (pygls logs its traceback first)."""
        if "id" in data:
            if "error" in data:
                return self._converter.structure(data, types.ResponseErrorMessage)
            if "method" in data:
                kind = self.get_message_type(data["method"]) or JsonRPCRequestMessage
                return self._converter.structure(data, kind)
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
            return self._converter.structure(data, kind)
        kind = self.get_message_type(data.get("method", "")) or JsonRPCNotification
        return self._converter.structure(data, kind)

    def _send_response(self, msg_id: Any, result: Any | None = None,
                       error: types.ResponseError | None = None) -> None:
        if error is not None:
            message = error.message.strip().splitlines()[0] if error.message.strip() else ""
            error = types.ResponseError(code=error.code, message=message[:SHORT] or "error")
        super()._send_response(msg_id, result, error)

    def _send_handler_result(self, future: Future[Any], *, msg_id: Any) -> None:
        """pygls's, but an error a handler means (``JsonRpcException``) is logged in a
        line, not with a traceback."""
        if not future.cancelled() and isinstance(future.exception(),
                                                  JsonRpcException):
            self._request_futures.pop(msg_id, None)
            error = future.exception()
            assert isinstance(error, JsonRpcException)
            log.warning("request %s: %s", msg_id, str(error).splitlines()[0][:SHORT])
            self._send_response(msg_id, error=error.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

    def _check_handler_result(self, future: Future[Any]) -> None:
        super()._check_handler_result(future)
        # pygls keeps the future of a notification handled by a generator (``initialized``,
        # ``$/setTrace``, ...) for ever.
        for key in [k for k, kept in self._request_futures.items() if kept is future]:
            del self._request_futures[key]

    #: The document notifications, by far the most frequent messages (a change for each key
    #: typed): handled at once, not through pygls's dispatch (a future, a generator and an id
    #: made for each), and never into pygls's workspace: the documents are the server's own
    #: (``document.py``), and pygls's would read a document never opened from its path, and
    #: make each change line by line over the whole text.
    DOCUMENTS = frozenset({types.TEXT_DOCUMENT_DID_OPEN, types.TEXT_DOCUMENT_DID_CHANGE,
                           types.TEXT_DOCUMENT_DID_SAVE, types.TEXT_DOCUMENT_DID_CLOSE})

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if method not in self.DOCUMENTS or hasattr(message, "id") or self._shutdown:
            super().handle_message(message)
            return
        if (handler := self.fm.features.get(method)) is not None:
            try:
                handler(message.params)
            except Exception:  # a bug: its traceback is what a report of it needs
                log.exception("%s failed", method)

    # Notebooks are not followed (no ``notebookDocumentSync`` is offered): pygls would look
    # one never opened up in its workspace, a KeyError shown to the user.
    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: object) -> None:
        log.info("a notebook is not followed: %s ignored", types.NOTEBOOK_DOCUMENT_DID_OPEN)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(self, params: object) -> None:
        log.info("a notebook is not followed: %s ignored", types.NOTEBOOK_DOCUMENT_DID_CHANGE)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: object) -> None:
        log.info("a notebook is not followed: %s ignored", types.NOTEBOOK_DOCUMENT_DID_CLOSE)

    def prepare(self, waiting: Callable[[], bool]) -> bool:
        """Make cattrs's functions for the messages of the server's features, their
        answers and the values these hold (``ANSWERED``), which it makes on first use (a
        millisecond or more each, which the first request of each kind would wait for),
        until ``waiting()``; whether all are made (those made are kept by cattrs, and found
        at once the next time)."""
        converter = self._converter
        kinds = [kind for method in self.fm.features
                 for kind in (self.get_message_type(method), self.get_result_type(method))]
        for kind in [*kinds, *ANSWERED]:
            if waiting():
                return False
            if kind is not None and attrs.has(kind):
                converter.get_structure_hook(kind)
                converter.get_unstructure_hook(kind)
        return True

    def answers(self, method: str) -> bool:
        """Whether a request for ``method`` has an answer here: a method the server has
        (pygls's own or a feature), and a request's, not a notification's."""
        if method not in self.fm.builtin_features and method not in self.fm.features:
            return False
        kind = self.get_message_type(method)
        return kind is None or not attrs.has(kind) or "id" in attrs.fields_dict(kind)
