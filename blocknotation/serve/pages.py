"""The pages: a frame of HTML each (Jinja2, every value escaped), the page's words and first
data as a JSON block its script reads, and the script and style, served by the server
itself from ``static/`` (nothing is loaded from elsewhere).

The data block is JSON inside ``<script type="application/json">``, with ``<``, ``>`` and
``&`` written as escapes, so that no name or tag can close it; the scripts put every value
on the page as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from html import unescape
from pathlib import Path
from typing import Any

from starlette.responses import HTMLResponse, Response

from .evening import EveningGame
from .state import game_json
from .words import words

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
#: The files of ``static/`` the server serves, and their types: nothing else is.
ASSETS = {"serve.css": "text/css", "common.js": "text/javascript",
          "index.js": "text/javascript", "table.js": "text/javascript",
          "director.js": "text/javascript"}
_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


@cache
def _environment() -> Any:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def _data(value: Mapping[str, Any]) -> str:
    """JSON that can stand inside a ``<script type="application/json">`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _page(template: str, lang: str, status: int = 200, **values: Any) -> HTMLResponse:
    said = words(lang)
    data = _data({"words": said, "lang": lang, **values.pop("data", {})})
    html = _environment().get_template(template).render(lang=lang, w=said, data=data, **values)
    return HTMLResponse(html, status, headers={"cache-control": "no-store"})


def index(lang: str, games: Mapping[str, EveningGame], names: list[str]) -> HTMLResponse:
    listed = sorted(games.values(), key=lambda g: (int(g.table), g.id))
    return _page("index.html.j2", lang, games=listed, names=names,
                 data={"names": names, "tables": sorted({int(g.table) for g in listed})})


def game(lang: str, found: EveningGame) -> HTMLResponse:
    return _page("game.html.j2", lang, table=found.table, data={"state": game_json(found, lang)})


def director(lang: str, join_url: str, code: str) -> HTMLResponse:
    return _page("director.html.j2", lang, join_url=join_url, code=code)


def join(lang: str, wrong: bool, status: int = 200) -> HTMLResponse:
    return _page("join.html.j2", lang, status, wrong=wrong)


def plain(lang: str, text: str, status: int) -> HTMLResponse:
    return _page("plain.html.j2", lang, status, text=text)


def missing(lang: str) -> HTMLResponse:
    from .words import answer

    return plain(lang, answer(lang, "no_game"), 404)


def replay(html: str) -> HTMLResponse:
    """A game's HTML replay (``blocknot validate --format html``), under the page's own
    policy, which its ``<meta>`` states (its style and script allowed by their hashes)."""
    found = _POLICY.search(html)
    policy = unescape(found.group(1)) if found is not None else "default-src 'none'"
    return HTMLResponse(html, headers={"content-security-policy": policy,
                                       "cache-control": "no-store"})


@cache
def _asset_bytes(name: str) -> bytes:
    return (STATIC / name).read_bytes()


def asset(name: str) -> Response:
    """One of the server's own files, looked up by name among ``ASSETS``, never as a path."""
    kind = ASSETS.get(name)
    if kind is None:
        return Response(b"", 404)
    return Response(_asset_bytes(name), media_type=kind,
                    headers={"cache-control": "no-cache"})


def qr_svg(url: str) -> Response:
    """The join address as a QR code, for the director's screen."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, dark="#000", light="#fff")
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"cache-control": "no-store"})
