"""The Starlette application: the pages, the API they call and the events they listen to.

- ``/``: the tables of the evening and a new game; ``/game/{id}``: a table's page;
  ``/game/{id}/replay``: its HTML replay (``validate --format html``); ``/director``: every
  table and the standings; ``/join``: the join code.
- ``/api/games`` (POST: a new game), ``/api/games/{id}`` (GET: its state),
  ``/api/games/{id}/entries`` (POST: an entry), ``/api/games/{id}/events`` and
  ``/api/events`` (server-sent events), ``/api/evening`` (the director's view).

Writing is done in worker threads, a game at a time (``evening.py``); a request is answered
only once its entry is on the disk.  Every failure is a 4xx with a clear message; an error
of the server itself is logged and answered with a 500 and one sentence, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from . import entries, pages
from .allocator import share_arenas
from .entries import BadEntry
from .evening import Answer, Evening, EveningGame
from .events import Hub
from .guard import COOKIE, Guard, StartSettings, Tries, client_of, right_code
from .limits import DIRECTOR_EVERY, MAX_BODY_BYTES
from .standings import LiveStandings
from .state import diagnostic_json, evening_json, game_json, message_text
from .words import answer, language

log = logging.getLogger("blocknot.serve")
#: Threads that write entries and read records, for all the games.
WORKERS = 8


class TooLarge(Exception):
    pass


#: A game's HTML replay: the page ``validate --format html`` writes for a record's bytes,
#: given its file's name, its bytes and the language.
Replay = Callable[[str, bytes, str], str]


def build(evening: Evening, standings: LiveStandings, settings: StartSettings, replay_html: Replay,
          join_url: str = "") -> Guard:
    """The application for ``evening``, behind its guards."""
    hub = Hub()
    tries = Tries()

    def told(game: EveningGame) -> None:
        standings.forget(game.path)
        hub.publish(game.id, game.version)

    evening.listeners.append(told)

    def lang(request: Request) -> str:
        return language(settings.lang, request.headers.get("accept-language"))

    def refuse(request: Request, status: int, key: str, **args: object) -> JSONResponse:
        return JSONResponse({"error": key, "message": answer(lang(request), key, **args)},
                            status)

    def found(request: Request) -> EveningGame | None:
        return evening.games.get(request.path_params.get("game", ""))

    async def body(request: Request) -> Any:
        return json.loads(await body_bytes(request))

    def answered(request: Request, done: Answer) -> JSONResponse:
        chosen = lang(request)
        if done.status == 429:
            return refuse(request, 429, "too_many")
        if done.status == 413:
            return refuse(request, 413, "too_large", count=MAX_BODY_BYTES)
        state = None if done.game is None else game_json(done.game, chosen)
        reply: dict[str, Any] = {"state": state, "duplicate": done.duplicate,
                                 "verdict": [diagnostic_json(d, chosen) for d in done.verdict]}
        if done.status == 409:
            reply |= {"error": "conflict", "message": answer(chosen, "conflict")}
        if done.refusal is not None:
            reply |= {"error": "refused", "code": done.refusal.code,
                      "insistable": done.refusal.insistable,
                      "message": message_text(done.refusal.words, chosen)}
        return JSONResponse(reply, done.status)

    # --- pages ----------------------------------------------------------------------------
    async def index(request: Request) -> Response:
        names = await run_in_threadpool(standings.players)
        return pages.index(lang(request), evening.games, names)

    async def game_page(request: Request) -> Response:
        game = found(request)
        if game is None:
            return pages.missing(lang(request))
        return pages.game(lang(request), game)

    async def replay(request: Request) -> Response:
        game = found(request)
        if game is None:
            return pages.missing(lang(request))
        html = await run_in_threadpool(replay_html, os.path.basename(game.path),
                                       game.text.encode("utf-8"), lang(request))
        return pages.replay(html)

    async def director(request: Request) -> Response:
        return pages.director(lang(request), join_url.split("?", 1)[0], settings.code)

    async def join(request: Request) -> Response:
        if request.method == "GET" and "code" not in request.query_params:
            return pages.join(lang(request), wrong=False)
        if request.method == "GET":
            given = request.query_params["code"]
        else:
            try:
                form = parse_qs((await body_bytes(request)).decode("utf-8", "replace"))
            except TooLarge:
                return refuse(request, 413, "too_large", count=MAX_BODY_BYTES)
            given = (form.get("code") or [""])[0]
        client = client_of(request.scope)
        if tries.blocked(client):
            return pages.plain(lang(request), answer(lang(request), "too_many"), 429)
        if not right_code(given.strip().upper(), settings):
            tries.failed(client)
            return pages.join(lang(request), wrong=True, status=403)
        response = RedirectResponse("/", 303)
        response.set_cookie(COOKIE, settings.code, max_age=86400, httponly=True,
                            samesite="strict")
        return response

    async def body_bytes(request: Request) -> bytes:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY_BYTES:
                raise TooLarge
        return data

    # --- the API --------------------------------------------------------------------------
    async def create(request: Request) -> Response:
        try:
            key, setup = entries.setup(await body(request))
        except TooLarge:
            return refuse(request, 413, "too_large", count=MAX_BODY_BYTES)
        except ValueError as problem:  # JSON that is not, or a setup that is not one
            return _bad(request, problem, lang(request))
        done = await run_in_threadpool(evening.create, key, setup)
        if done.game is None:
            return answered(request, done)
        return JSONResponse({"id": done.game.id, "url": f"/game/{done.game.id}",
                             "duplicate": done.duplicate}, done.status)

    async def state(request: Request) -> Response:
        game = found(request)
        if game is None:
            return refuse(request, 404, "no_game")
        return JSONResponse(game_json(game, lang(request)),
                            headers={"cache-control": "no-store"})

    async def submit(request: Request) -> Response:
        game = found(request)
        if game is None:
            return refuse(request, 404, "no_game")
        try:
            sent = entries.sent(await body(request))
        except TooLarge:
            return refuse(request, 413, "too_large", count=MAX_BODY_BYTES)
        except ValueError as problem:
            return _bad(request, problem, lang(request))
        try:
            done = await run_in_threadpool(evening.submit, game, sent)
        except OSError as error:
            log.error("cannot write %s: %s", game.path, error)
            return refuse(request, 507, "disk", reason=error.strerror or str(error))
        return answered(request, done)

    tally: dict[str, tuple[object, float, dict[str, Any]]] = {}
    tallying = asyncio.Lock()

    async def evening_state(request: Request) -> Response:
        """Every table and the standings: made again once the games have changed, at most
        every ``DIRECTOR_EVERY`` seconds (each page asks after every entry written)."""
        chosen = lang(request)
        async with tallying:
            stamp = tuple((g.id, g.version) for g in evening.games.values())
            kept = tally.get(chosen)
            if kept is None or kept[0] != stamp:
                wait = (kept[1] + DIRECTOR_EVERY - time.monotonic()) if kept else 0
                if wait > 0:
                    await asyncio.sleep(wait)
                    stamp = tuple((g.id, g.version) for g in evening.games.values())
                text = await run_in_threadpool(standings.text, chosen)
                kept = tally[chosen] = (stamp, time.monotonic(), {
                    "games": evening_json(evening.games, chosen),
                    "standings": text if isinstance(text, str) else message_text(text, chosen)})
        return JSONResponse(kept[2], headers={"cache-control": "no-store"})

    async def events(request: Request) -> Response:
        game = found(request) if "game" in request.path_params else None
        if "game" in request.path_params and game is None:
            return refuse(request, 404, "no_game")
        if hub.full():
            return refuse(request, 503, "too_many")
        stream = hub.stream(None if game is None else game.id,
                            None if game is None else game.version)
        return StreamingResponse(stream, media_type="text/event-stream",
                                 headers={"cache-control": "no-store"})

    async def asset(request: Request) -> Response:
        return pages.asset(request.path_params["name"])

    async def qr(request: Request) -> Response:
        return pages.qr_svg(join_url)

    async def icon(request: Request) -> Response:
        return Response(status_code=204)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Entries wait on the disk more than they work: a few threads write them all, and
        # share the C allocator's pools (``allocator.py``), made before the threads are.
        share_arenas()
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKERS
        hub.start()
        yield
        hub.close()

    routes = [
        Route("/", index), Route("/director", director),
        Route("/join", join, methods=["GET", "POST"]),
        Route("/game/{game}", game_page), Route("/game/{game}/replay", replay),
        Route("/static/{name}", asset), Route("/join.svg", qr), Route("/favicon.ico", icon),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game}", state),
        Route("/api/games/{game}/entries", submit, methods=["POST"]),
        Route("/api/games/{game}/events", events), Route("/api/events", events),
        Route("/api/evening", evening_state),
    ]

    async def not_found(request: Request, problem: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return refuse(request, 404, "no_page")
        return pages.plain(lang(request), answer(lang(request), "no_page"), 404)

    async def not_allowed(request: Request, problem: Exception) -> Response:
        return refuse(request, 405, "not_allowed")

    async def failed(request: Request, problem: Exception) -> Response:
        log.exception("error answering %s %s", request.method, request.url.path)
        return refuse(request, 500, "internal")

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        404: not_found, 405: not_allowed, 500: failed, Exception: failed})
    return Guard(app, settings, tries)


def _bad(request: Request, problem: ValueError, lang: str) -> JSONResponse:
    if isinstance(problem, BadEntry):
        text = message_text(problem.words, lang)
    else:
        text = answer(lang, "bad_json")
    return JSONResponse({"error": "bad_request", "message": text}, 400)
