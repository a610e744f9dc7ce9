"""``blocknot serve`` on a club's Wi-Fi: each guard of docs/serve.md ("Safe on a club's
Wi-Fi") refuses what it is there for, with a 4xx and a clear message, never a traceback; and
each test sends the same request with what the guard asks for, to see it let through."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest

from serve_support import CODE, ORIGIN, Scorer, app_for, client, new_game

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return app_for(tmp_path)


def entry(game: str, key: str = "k1-abcdefgh") -> tuple[str, dict[str, Any]]:
    return f"/api/games/{game}/entries", {
        "key": key, "base": 1, "entry": {"kind": "play", "player": "Ada", "tile": "6-6"}}


def test_writes_need_the_join_code(app: Any) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
    with client(app, joined=False) as stranger:
        url, body = entry(game)
        refused = stranger.post(url, json=body)
        assert refused.status_code == 401
        assert refused.json()["message"] == ("join the evening first: its join code is needed "
                                             "to write")
        assert stranger.post("/api/games", json={}).status_code == 401
        # Reading is open on the loopback address.
        assert stranger.get(f"/game/{game}").status_code == 200
        # The code in a header, as a script would send it.
        assert stranger.post(url, json=body, headers={"x-join-code": CODE}).status_code == 200
        assert stranger.post(url, json={**body, "key": "k2-abcdefgh", "base": 2},
                             headers={"x-join-code": "WRONGCODE"}).status_code == 401


def test_beyond_loopback_every_page_needs_the_join_code(tmp_path: Path) -> None:
    app = app_for(tmp_path, loopback=False)
    with client(app, joined=False) as stranger:
        page = stranger.get("/director", follow_redirects=False)
        assert (page.status_code, page.headers["location"]) == (303, "/join")
        assert stranger.get("/api/evening").status_code == 401
        assert stranger.get("/join").status_code == 200  # the form that asks for it
        wrong = stranger.post("/join", data={"code": "NOTTHECODE"}, follow_redirects=False)
        assert wrong.status_code == 403 and "not the evening" in wrong.text
        joined = stranger.post("/join", data={"code": CODE.lower()}, follow_redirects=False)
        assert (joined.status_code, joined.headers["location"]) == (303, "/")
        cookie = joined.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie
        assert stranger.get("/director").status_code == 200


def test_join_codes_tried_are_bounded(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("blocknotation.serve.limits.JOIN_TRIES_PER_MINUTE", 3)
    with client(app, joined=False) as stranger:
        for _ in range(2):
            assert stranger.get("/join?code=GUESSING").status_code == 403
        # A code guessed in a script's header counts too.
        assert stranger.post("/api/games", json={}, headers={"x-join-code": "GUESSED"}
                             ).status_code == 401
        # Now even the right code waits for the minute to pass, however it comes.
        assert stranger.get(f"/join?code={CODE}", follow_redirects=False).status_code == 429
        refused = stranger.get("/api/evening", headers={"x-join-code": CODE})
        assert refused.status_code == 429
        assert refused.json()["message"] == "too many requests: wait a minute"


def test_cross_site_writes_are_refused(app: Any) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
    url, body = entry(game)
    for headers in ({"origin": "http://evil.example"}, {"origin": "null"},
                    {"origin": ORIGIN, "sec-fetch-site": "cross-site"}):
        with client(app, origin=None) as other:
            refused = other.post(url, json=body, headers=headers)
            assert refused.status_code == 403, headers
            assert refused.json()["message"] == "refused: the request comes from another site"
    with client(app, origin=None) as bare:
        assert bare.post(url, json=body).status_code == 403  # no Origin at all
    with client(app) as http:
        assert http.post(url, json=body, headers={"sec-fetch-site": "same-origin"}
                         ).status_code == 200


def test_on_loopback_only_the_servers_own_name_is_answered(app: Any) -> None:
    with client(app) as http:
        assert http.get("/", headers={"host": "rebound.example:8000"}).status_code == 421
        assert http.get("/", headers={"host": "localhost:8000"}).status_code == 200
        assert http.get("/", headers={"host": "[::1]:8000"}).status_code == 200


def test_every_page_has_a_strict_policy(app: Any) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
        for path in ("/", f"/game/{game}", "/director", "/join", "/api/evening",
                     "/static/table.js", "/nowhere"):
            answer = http.get(path)
            assert answer.headers["content-security-policy"] == POLICY, path
            assert answer.headers["x-frame-options"] == "DENY"
            assert answer.headers["x-content-type-options"] == "nosniff"
        # The replay keeps its own policy: its inline style and script by their hashes.
        replay = http.get(f"/game/{game}/replay")
        policy = replay.headers["content-security-policy"]
        assert policy.startswith("default-src 'none'; style-src 'sha256-")
        meta = replay.text.split('http-equiv="Content-Security-Policy" content="', 1)[1]
        assert html.unescape(meta.split('"', 1)[0]) == policy


def test_names_and_tags_are_escaped(app: Any, tmp_path: Path) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada", event="<img src=x onerror=alert(1)>")
        assert '[Event "<img src=x onerror=alert(1)>"]' in (
            tmp_path / f"{game}.block").read_text()
        page = http.get(f"/game/{game}").text
        assert "<img src=x" not in page
        data = page.split('<script type="application/json" id="data">', 1)[1].split(
            "</script>", 1)[0]
        assert "\\u003cimg src=x onerror=alert(1)\\u003e" in data
        assert json.loads(data)["state"]["tags"]["Event"] == "<img src=x onerror=alert(1)>"
        index = http.get("/").text
        assert "<img src=x" not in index
        # A name that is not one is refused before anything is written.
        bad = http.post("/api/games", json={"key": "setup-bad-name", "table": "2",
                                            "players": ["<b>Ada</b>", "Bea"], "opener": "Bea"})
        assert bad.status_code == 400 and bad.json()["message"].startswith("not a player's name")


def test_games_are_named_by_the_servers_ids_only(app: Any, tmp_path: Path) -> None:
    (tmp_path / "private.block").write_text('[Players "Ada Bea"]\n\nhand 1\nAda: 1-1\n')
    with client(app) as http:
        for path in ("/game/private", "/api/games/private", "/game/..%2Fprivate",
                     "/game/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/static/..%2Fapp.py",
                     "/static/app.py", "/api/games/2026-01-01-t1-g1"):
            answer = http.get(path)
            assert answer.status_code == 404, path
            assert "Traceback" not in answer.text
        assert http.post("/api/games/private/entries", json={}).status_code == 404


def test_bodies_are_bounded(app: Any) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
        url, body = entry(game)
        body["padding"] = "x" * 20000
        refused = http.post(url, json=body)
        assert refused.status_code == 413
        assert refused.json()["message"] == "the request is too large: at most 16384 bytes"

        def chunks() -> Any:  # no Content-Length: counted as it is read
            for _ in range(20):
                yield b" " * 1000
        streamed = http.post(url, content=chunks(), headers={"content-type": "application/json"})
        assert streamed.status_code == 413
        # A body declared too large is refused before anything reads it, wherever it goes.
        early = http.post("/api/games/nowhere/entries", content=b"x" * 20000)
        assert early.status_code == 413
        assert http.post(url, json=entry(game)[1]).status_code == 200


def test_entries_per_minute_are_bounded(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("blocknotation.serve.evening.ENTRIES_PER_MINUTE", 3)
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
        scorer = Scorer(http, game)
        answers = [scorer.move("Ada", "6-6").status_code,
                   scorer.move("Bea", "5-6", "R").status_code,
                   scorer.move("Ada", "4-4").status_code, scorer.move("Ada", "4-4").status_code]
        assert answers == [200, 200, 422, 429]
        assert scorer.move("Ada", "4-4").json()["message"] == "too many requests: wait a minute"


@pytest.mark.parametrize("body", [
    b"not json", b"[]", b'{"key": "short"}', b'{"key": "abcdefgh1", "base": 1}',
    b'{"key": "abcdefgh1", "base": 1, "entry": {"kind": "jump"}}',
    b'{"key": "abcdefgh1", "base": 1, "entry": {"kind": "play", "player": "Ada", "tile": "9-9"}}',
    b'{"key": "abcdefgh1", "base": -1, "entry": {"kind": "undo"}}',
    b'{"key": "abcdefgh1", "base": 1, "entry": {"kind": "correct", "line": 2, "text": "a\\nb"}}',
    b'{"key": "abcdefgh1", "base": 1, "entry": {"kind": "count", "shows": []}}',
])
def test_bad_input_gets_a_400_and_a_clear_message(app: Any, body: bytes) -> None:
    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
        answer = http.post(f"/api/games/{game}/entries", content=body,
                           headers={"content-type": "application/json"})
        assert answer.status_code == 400
        message = answer.json()["message"]
        assert message and "Traceback" not in message and "Error" not in message


def test_a_failure_of_the_server_is_one_sentence_not_a_traceback(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")

    with client(app) as http:
        game = new_game(http, ["Ada", "Bea"], "Ada")
        monkeypatch.setattr(app.evening, "submit", broken)
        with pytest.MonkeyPatch.context():
            from starlette.testclient import TestClient

            quiet = TestClient(app, base_url=ORIGIN, raise_server_exceptions=False,
                               headers={"origin": ORIGIN})
            quiet.cookies.set("blocknot_join", CODE)
            answer = quiet.post(*entry(game)[:1], json=entry(game)[1])
        assert answer.status_code == 500
        assert answer.json() == {"error": "internal",
                                 "message": "the server could not do this: it has been logged"}


def test_pages_speak_the_browsers_language_unless_told(tmp_path: Path) -> None:
    with client(app_for(tmp_path)) as http:
        assert '"title_index":"I tavoli della serata"' in http.get(
            "/", headers={"accept-language": "it-IT,it;q=0.9,en;q=0.8"}).text
        assert '"title_index":"The evening\'s tables"' in http.get(
            "/", headers={"accept-language": "de-DE, en;q=0.5"}).text
        refused = http.post("/api/games", content=b"{", headers={
            "accept-language": "it", "content-type": "application/json"})
        assert refused.json()["message"] == "il corpo della richiesta non è JSON"
    with client(app_for(tmp_path, lang="en")) as http:
        assert '"title_index":"The evening\'s tables"' in http.get(
            "/", headers={"accept-language": "it"}).text
