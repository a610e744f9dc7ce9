"""What the tests of ``blocknot serve`` share: the application in the test process (Starlette's
``TestClient``), and the real server as a process of its own, started and killed as a user
would (``running``)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CODE = "TESTCODE42"
ORIGIN = "http://127.0.0.1:8000"
#: The deals of docs/notation.md, section 1: a hand of three that blocks after ten moves.
DEALS = {"Ada": ["1-4", "1-1", "4-4", "3-4", "2-2"], "Bea": ["0-0", "3-6", "6-6", "2-5", "0-4"],
         "Cy": ["5-5", "1-2", "0-1", "0-2", "2-3"]}
#: Its moves, each a player, a tile and a side (None for a pass).
MOVES = [("Ada", "1-4", None), ("Bea", "0-4", "R"), ("Cy", "0-1", "R"), ("Ada", "1-1", "L"),
         ("Bea", None, None), ("Cy", "1-2", "L"), ("Ada", "2-2", "L"), ("Bea", "2-5", "L"),
         ("Cy", "5-5", "L")]


def needs_serve() -> None:
    """Skip (fail in CI) where the serve extra is not installed."""
    for module in ("starlette", "uvicorn", "segno", "httpx"):
        try:
            __import__(module)
        except ImportError:
            if os.environ.get("CI") == "true":
                pytest.fail(f"the serve extra must be installed in CI ({module})")
            pytest.skip(f"the serve extra is not installed ({module}): pip install '.[serve]'")


def app_for(folder: Path, *, loopback: bool = True, lang: str | None = None) -> Any:
    """The application of ``blocknot serve FOLDER --join-code CODE`` (its standings and its
    replays as the command makes them), in this process."""
    needs_serve()
    from blocknotation.run.html_page import html_report
    from blocknotation.season.sources import SeasonInput
    from blocknotation.serve.app import build
    from blocknotation.serve.evening import Evening
    from blocknotation.serve.guard import StartSettings
    from blocknotation.serve.standings import LiveStandings

    evening = Evening(str(folder))
    evening.load()

    def sources() -> list[SeasonInput]:
        return [SeasonInput(str(p), str(p)) for p in sorted(folder.glob("*.block"))]

    app = build(evening, LiveStandings(sources), StartSettings(CODE, loopback, lang),
                lambda name, data, chosen: html_report([(name, data)], lang=chosen)[0],
                f"{ORIGIN}/join?code={CODE}")
    app.evening = evening  # type: ignore[attr-defined]
    return app


def client(app: Any, *, joined: bool = True, origin: str | None = ORIGIN) -> Any:
    with warnings.catch_warnings():  # Starlette 1.x would rather run it on httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    headers = {}
    if origin is not None:
        headers["origin"] = origin
    made = TestClient(app, base_url=ORIGIN, headers=headers)
    if joined:
        made.cookies.set("blocknot_join", CODE)
    return made


class Scorer:
    """A page's entries, sent through the API as a page sends them."""

    def __init__(self, http: Any, game: str) -> None:
        self.http = http
        self.game = game
        self.sent = 0

    def state(self) -> dict[str, Any]:
        return dict(self.http.get(f"/api/games/{self.game}").json())

    def send(self, entry: dict[str, Any], *, insist: bool = False, base: int | None = None,
             key: str | None = None) -> Any:
        self.sent += 1
        version = self.state()["version"] if base is None else base
        body = {"key": key or f"key-{self.game}-{self.sent:05d}", "base": version,
                "entry": entry, "insist": insist}
        return self.http.post(f"/api/games/{self.game}/entries", json=body)

    def move(self, player: str, tile: str | None, side: str | None = None, **kw: Any) -> Any:
        if tile is None:
            return self.send({"kind": "pass", "player": player}, **kw)
        return self.send({"kind": "play", "player": player, "tile": tile, "side": side}, **kw)


def new_game(http: Any, players: list[str], opener: str, table: str = "1",
             **more: Any) -> str:
    answer = http.post("/api/games", json={"key": f"setup-{table}-{'-'.join(players)}",
                                           "table": table, "players": players,
                                           "opener": opener, **more})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running(folder: Path, port: int, *args: str,
            cwd: Path | None = None) -> Iterator[subprocess.Popen[str]]:
    """``blocknot serve FOLDER`` as its own process (in ``cwd``), once it listens; stopped at
    the end (unless the test killed it)."""
    needs_serve()
    command = [sys.executable, "-m", "blocknotation", "serve", str(folder), "--port",
               str(port), "--join-code", CODE, *args]
    with tempfile.TemporaryFile("w+") as log:  # read back if it does not start
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"}, cwd=cwd)
        try:
            try:
                wait_listening(port)
            except AssertionError:
                log.seek(0)
                raise AssertionError(f"blocknot serve did not start:\n{log.read()}") from None
            yield process
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def wait_listening(port: int, within: float = 20.0) -> None:
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port}")


def record_lines(path: Path) -> list[str]:
    return [line for line in path.read_text("utf-8").splitlines()
            if line and not line.startswith(("#", "["))]


TILE = re.compile(r"\d-\d")
