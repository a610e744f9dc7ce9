"""JSON-RPC for the language server: every request answered, whatever the client sends.

pygls answers the requests; this module stands in front of it.  It reads the messages
(``framing.Frames``, which skips a header it cannot trust, read ahead by ``inbox.Inbox``),
answers them one at a time, in order, and lets the server work (check the documents that
changed, ``server.py``) whenever no message waits: pygls itself would run each handler
before it reads the next message, so that a request would wait behind the check of every
change queued before it.  Before a message reaches pygls it checks what pygls would drop
without a word or answer with a traceback:

- a body that is not JSON: ``-32700`` (parse error), with a null id;
- a message that is not a JSON-RPC 2.0 object, an id that is neither a number nor a string:
  ``-32600`` (invalid request);
- parameters of the wrong shape or type (``line: -1``, ``NaN``, ``"3"`` for a line): ``-32602``
  (invalid params), read strictly (``strict_converter``: a string is no number);
- a request before ``initialize``: ``-32002`` (a notification then is dropped); after
  ``shutdown``: ``-32600``;
- a request for a method the server does not answer (one it does not have, with or without
  parameters, or a notification's, such as ``textDocument/didSave``): ``-32601``;
- a request the client cancelled (``$/cancelRequest``) before the server came to it:
  ``-32800``, at once.

An error raised while answering is sent as ``-32603`` with a one-line message and no
traceback (``BlocknotProtocol``); an error a handler means (``-32602`` for a command the
server does not have) is logged in a line; a notification that cannot be read is logged and
dropped, as JSON-RPC has no answer for one, and so are the notifications of notebooks, which
the server does not follow.  The log goes to standard error.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

import attrs
import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.protocol import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
    LanguageServerProtocol,
    default_converter,
    lsp_method,
)

from .framing import Frames
from .inbox import NOTHING, Inbox

if TYPE_CHECKING:
    from concurrent.futures import Future

    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
REQUEST_CANCELLED = -32800
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
NOT_INITIALIZED = -32002
#: Characters of an error's message at most.
_SHORT = 200


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
            error = types.ResponseError(code=error.code, message=message[:_SHORT] or "error")
        super()._send_response(msg_id, result, error)

    def _send_handler_result(self, future: Future[Any], *, msg_id: Any) -> None:
        """pygls's, but an error a handler means (``JsonRpcException``) is logged in a
        line, not with a traceback."""
        if not future.cancelled() and isinstance(future.exception(),
                                                  JsonRpcException):
            self._request_futures.pop(msg_id, None)
            error = future.exception()
            assert isinstance(error, JsonRpcException)
            log.warning("request %s: %s", msg_id, str(error).splitlines()[0][:_SHORT])
            self._send_response(msg_id, error=error.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

    def _check_handler_result(self, future: Future[Any]) -> None:
        super()._check_handler_result(future)
        # pygls keeps the future of a notification handled by a generator (didOpen,
        # didChange, ...) for ever: one more each time a key is typed.
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

    def answers(self, method: str) -> bool:
        """Whether a request for ``method`` has an answer here: a method the server has
        (pygls's own or a feature), and a request's, not a notification's."""
        if method not in self.fm.builtin_features and method not in self.fm.features:
            return False
        kind = self.get_message_type(method)
        return kind is None or not attrs.has(kind) or "id" in attrs.fields_dict(kind)


class Idle(Protocol):
    """What the server does while no message waits."""

    @property
    def busy(self) -> bool:
        """Whether there is work to do."""

    def work(self, waiting: Callable[[], bool]) -> None:
        """Do some of it, until ``waiting()`` (a message waits) or it is done."""


def serve(server: LanguageServer, frames: Frames, stdout: BinaryIO,
          idle: Idle | None = None) -> None:
    """Answer the messages ``frames`` reads until the client exits or the stream ends;
    ``idle`` works whenever no message waits."""
    server.protocol.set_writer(StdoutWriter(stdout))
    inbox = Inbox(frames)
    try:
        while (body := inbox.next(wait=idle is None or not idle.busy)) is not None:
            if body is NOTHING:
                assert idle is not None
                idle.work(inbox.waiting)
                continue
            assert isinstance(body, bytearray)
            answer(server, _decoded(body), inbox.cancelled)
        log.info("the client closed the connection")
    except SystemExit:  # the exit notification: pygls has closed the output
        pass
    except OSError as error:
        log.warning("the connection to the client is lost (%s): the server stops", error)


#: What ``_decoded`` gives for a body that is not JSON.
_NOT_JSON = object()


def _decoded(body: bytearray) -> object:
    """A message's body, decoded (its bytes are dropped by the caller before it is
    answered: a document opened may be tens of megabytes)."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        log.warning("a message that is not JSON: %r", bytes(body[:80]))
        return _NOT_JSON


def answer(server: LanguageServer, data: object, cancelled: set[int | str] | None = None
           ) -> None:
    """Hand one message, decoded, to pygls, or answer it here when pygls would not (see the
    module's docstring).  ``cancelled``: the requests the client has cancelled, noted as
    they were read (``inbox.Inbox``)."""
    protocol = server.protocol
    if data is _NOT_JSON:
        _error(protocol, None, PARSE_ERROR, "Parse error: the message is not JSON")
        return
    if not isinstance(data, dict):
        _error(protocol, None, INVALID_REQUEST, "Invalid request: a message is a JSON object")
        return
    msg_id, method = data.get("id"), data.get("method")
    request = "id" in data and "method" in data
    if "id" in data and not _is_id(msg_id):
        _error(protocol, None, INVALID_REQUEST, "Invalid request: an id is a number or a string")
        return
    if data.get("jsonrpc") != "2.0" or ("method" in data and not isinstance(method, str)):
        if request:
            _error(protocol, msg_id, INVALID_REQUEST,
                   "Invalid request: not a JSON-RPC 2.0 request with a method name")
        else:
            log.warning("a message that is not JSON-RPC 2.0: %r", str(data)[:80])
        return
    if request and not _may_ask(server, protocol, msg_id, str(method)):
        return
    if request and isinstance(protocol, BlocknotProtocol) and not protocol.answers(
            str(method)):
        _error(protocol, msg_id, METHOD_NOT_FOUND, f"Method not found: {str(method)[:80]}")
        return
    if cancelled is not None and _cancelling(protocol, data, request, msg_id, cancelled):
        return
    if not request and method != types.EXIT and not getattr(server, "ready", True):
        log.warning("%s before initialize: ignored", method or "a response")
        return
    try:
        message = protocol.structure_message(data)
    except Exception as error:  # cattrs raises its own errors and those of the hooks
        reason = _reason(error)
        if request:
            _error(protocol, msg_id, INVALID_PARAMS, f"Invalid params for {method}: {reason}")
        else:
            log.warning("%s could not be read (%s): ignored", method or "a message", reason)
        return
    protocol.handle_message(message)


def _cancelling(protocol: LanguageServerProtocol, data: dict[str, Any], request: bool,
                msg_id: Any, cancelled: set[int | str]) -> bool:
    """Answer a request the client cancelled while it waited (``-32800``), without its
    work; a cancellation is done with once read, as the requests are answered in order
    (pygls would only log that it knows of no such request).  Whether the message is dealt
    with here."""
    if request:
        if msg_id not in cancelled:
            return False
        cancelled.discard(msg_id)
        _error(protocol, msg_id, REQUEST_CANCELLED,
               "Request cancelled: the client cancelled it before it was answered")
        return True
    if data.get("method") != types.CANCEL_REQUEST:
        return False
    params = data.get("params")
    named = params.get("id") if isinstance(params, dict) else None
    if isinstance(named, int | str):
        cancelled.discard(named)
    return True


def _may_ask(server: LanguageServer, protocol: LanguageServerProtocol, msg_id: Any,
             method: str) -> bool:
    if method != types.INITIALIZE and not getattr(server, "ready", False):
        _error(protocol, msg_id, NOT_INITIALIZED, "Server not initialized: initialize first")
        return False
    if method != types.EXIT and getattr(server, "shut_down", False):
        _error(protocol, msg_id, INVALID_REQUEST, "Invalid request: the server is shut down")
        return False
    return True


def _is_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _reason(error: Exception) -> str:
    """What is wrong, in a line: where, for the errors cattrs gathers."""
    if isinstance(error, cattrs.BaseValidationError):
        return cattrs.transform_error(error)[0][:_SHORT]
    return f"{type(error).__name__}: {error}"[:_SHORT]


def _error(protocol: LanguageServerProtocol, msg_id: Any, code: int, message: str) -> None:
    """Answer the request ``msg_id`` (None: the request could not be told) with an error."""
    if msg_id is None:  # lsprotocol would leave the null id out, which JSON-RPC requires
        protocol._send_data({"jsonrpc": "2.0", "id": None,
                             "error": {"code": code, "message": message}})
        return
    protocol._send_response(msg_id, error=types.ResponseError(code=code, message=message))
