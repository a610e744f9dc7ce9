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
traceback, and an error a handler means (``-32602`` for a command the server does not have)
is logged in a line (``protocol.BlocknotProtocol``); a notification that cannot be read is
logged and dropped, as JSON-RPC has no answer for one, and so are the notifications of
notebooks, which the server does not follow.  The log goes to standard error.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

import cattrs
from lsprotocol import types
from pygls.io_ import StdoutWriter
from pygls.protocol import LanguageServerProtocol

from .framing import Frames
from .inbox import NOTHING, Inbox
from .protocol import SHORT, BlocknotProtocol

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
REQUEST_CANCELLED = -32800
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
NOT_INITIALIZED = -32002


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
        return cattrs.transform_error(error)[0][:SHORT]
    return f"{type(error).__name__}: {error}"[:SHORT]


def _error(protocol: LanguageServerProtocol, msg_id: Any, code: int, message: str) -> None:
    """Answer the request ``msg_id`` (None: the request could not be told) with an error."""
    if msg_id is None:  # lsprotocol would leave the null id out, which JSON-RPC requires
        protocol._send_data({"jsonrpc": "2.0", "id": None,
                             "error": {"code": code, "message": message}})
        return
    protocol._send_response(msg_id, error=types.ResponseError(code=code, message=message))
