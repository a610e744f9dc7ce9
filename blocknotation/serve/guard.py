"""The guards every request passes before the application sees it (docs/serve.md, "Safe on a
club's Wi-Fi"):

- **the address**: on a loopback address the server answers only to a ``Host`` that names
  one (a page elsewhere cannot reach it by a name of its own that points here);
- **the join code**: every write needs it (the cookie ``/join`` sets, or the header
  ``X-Join-Code``); served beyond the loopback address, every page does too;
- **cross-site requests**: a write must come from the server's own pages: its ``Origin`` is
  the server's, and its ``Sec-Fetch-Site``, when the browser sends one, ``same-origin``;
- **sizes**: a body declared larger than ``MAX_BODY_BYTES`` is refused at once (the
  application counts the bytes of the others as it reads them);
- **headers**: a strict Content-Security-Policy (nothing but the server's own scripts,
  styles and images), no framing, no sniffing, no referrer.

A refusal is a 4xx with a clear message in the reader's language, JSON for ``/api/``.
"""

from __future__ import annotations

import hmac
import json
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

from . import limits
from .limits import MAX_BODY_BYTES
from .words import answer, language

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "blocknot_join"
#: The pages' policy: only the server's own scripts, styles, images and connections.
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin"),
           (b"cross-origin-resource-policy", b"same-origin")]
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: What a page may load or do without the join code: the form that asks for it.
OPEN = ("/join", "/static/serve.css")


@dataclass(frozen=True, slots=True)
class StartSettings:
    """How the server was started: its join code, whether it is served on a loopback address
    only, and the language chosen with ``--lang`` (None: the browser's)."""

    code: str
    loopback: bool
    lang: str | None = None


def headers_of(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}


class Tries:
    """The wrong join codes each address has given in the last minute: beyond
    ``JOIN_TRIES_PER_MINUTE``, the address is refused until the minute has passed, whatever
    code it gives."""

    def __init__(self) -> None:
        self.wrong: dict[str, deque[float]] = defaultdict(deque)

    def blocked(self, client: str) -> bool:
        times = self.wrong[client]
        while times and times[0] <= time.monotonic() - 60:
            times.popleft()
        return len(times) >= limits.JOIN_TRIES_PER_MINUTE

    def failed(self, client: str) -> None:
        self.wrong[client].append(time.monotonic())


def right_code(given: str, settings: StartSettings) -> bool:
    """Whether ``given`` is the join code, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), settings.code.encode())


def given_code(scope: Scope) -> str | None:
    """The join code a request carries: the header ``X-Join-Code``, else the cookie."""
    headers = headers_of(scope)
    given = headers.get("x-join-code")
    if given is None:
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header carries no code
            return None
        given = cookie[COOKIE].value if COOKIE in cookie else None
    return given


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class Guard:
    """The ASGI middleware that applies the guards (see the module's doc)."""

    def __init__(self, app: App, settings: StartSettings, tries: Tries) -> None:
        self.app = app
        self.settings = settings
        self.tries = tries

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is not None:
            status, key, args = refused
            await _refuse(scope, send, status, key, self.settings.lang, **args)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = {k.lower() for k, _ in message.get("headers", [])}
                extra = [h for h in HEADERS if h[0] not in given]
                if b"content-security-policy" not in given:
                    extra.append((b"content-security-policy", POLICY.encode()))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, scope: Scope) -> tuple[int, str, dict[str, object]] | None:
        headers = headers_of(scope)
        host = headers.get("host", "")
        if self.settings.loopback and _host_name(host) not in LOOPBACK_NAMES:
            return 421, "wrong_host", {}
        path, method = scope.get("path", ""), scope.get("method", "GET")
        writes = method not in ("GET", "HEAD")
        if writes and not _same_origin(headers, scope.get("scheme", "http"), host):
            return 403, "cross_site", {}
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY_BYTES:
            return 413, "too_large", {"count": MAX_BODY_BYTES}
        given = given_code(scope)
        if given is not None and self.tries.blocked(client_of(scope)):
            return 429, "too_many", {}
        if given is not None and not right_code(given, self.settings):
            self.tries.failed(client_of(scope))
            given = None
        if path in OPEN or given is not None:
            return None
        if writes or not self.settings.loopback:
            return (401 if path.startswith("/api/") else 303), "join_needed", {}
        return None


def _host_name(host: str) -> str:
    """The name of a ``Host`` header, without its port."""
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _same_origin(headers: dict[str, str], scheme: str, host: str) -> bool:
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    return headers.get("origin") == f"{scheme}://{host}"


async def _refuse(scope: Scope, send: Send, status: int, key: str, lang: str | None,
                  **args: object) -> None:
    """A refusal: JSON for the API, a small page (or, for a page that needs the code, the
    way to the join form) otherwise."""
    chosen = language(lang, headers_of(scope).get("accept-language"))
    text = answer(chosen, key, **args)
    extra: list[tuple[bytes, bytes]] = []
    if scope.get("path", "").startswith("/api/"):
        body = json.dumps({"error": key, "message": text}).encode()
        kind = b"application/json"
    else:
        from html import escape

        body = (f'<!DOCTYPE html><html lang="{chosen}"><meta charset="utf-8"><title>blocknot'
                f"</title><p>{escape(text)}</p></html>").encode()
        kind = b"text/html; charset=utf-8"
        if status == 303:
            extra.append((b"location", b"/join"))
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"), *extra, *HEADERS,
                            (b"content-security-policy", POLICY.encode())]})
    await send({"type": "http.response.body", "body": body})
