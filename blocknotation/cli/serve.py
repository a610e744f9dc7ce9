"""``blocknot serve``: the club evening scored live from the tables' phones (docs/serve.md).

The command reads the options and the folder's configuration, makes the evening
(``serve.evening``), its standings and its replays as ``standings`` and ``validate --format
html`` make them, prints where to join, with the join code and a QR code, and runs the
server (uvicorn) until it is stopped.  It needs the ``serve`` extra.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
import socket
import sys
from typing import Any

import click

from ..basics.diagnostics import N_, Message
from ..basics.i18n import translator
from ..run.files import configuration, language
from ..run.output import say
from ..run.problems import Refused
from . import options
from .help import TranslatedCommand

#: The letters of a join code made by the server: no 0/O, 1/I/L to mix up.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def _join_code(value: str | None, folder: str) -> str:
    """The code given, else the folder's (kept in its ``.blocknot-serve/join-code`` when the
    server first made it, so that a server started again keeps the phones joined)."""
    if value is not None:
        if not re.fullmatch(r"[A-Za-z0-9]{6,20}", value):
            raise Refused(Message(N_("--join-code takes 6 to 20 letters and digits")))
        return value.upper()
    from ..serve.journal import FOLDER
    from ..serve.store import replace_durably

    kept = os.path.join(folder, FOLDER, "join-code")
    try:
        with open(kept, encoding="utf-8") as handle:
            found = handle.read().strip()
        if re.fullmatch(r"[A-Z0-9]{6,20}", found):
            return found
    except OSError:
        pass
    made = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
    os.makedirs(os.path.dirname(kept), exist_ok=True)
    replace_durably(kept, made.encode() + b"\n")
    os.chmod(kept, 0o600)
    return made


@click.command(cls=TranslatedCommand)
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help=N_("The address to serve on; any other than the loopback address asks "
                      "every page for the join code."))
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help=N_("The port to serve on (0: any free one)."))
@click.option("--join-code", default=None,
              help=N_("The code the phones join with (default: the folder's, made the first "
                      "time and kept in it)."))
@click.option("--event", default=None, help=N_("The Event tag of the games started."))
@options.configuration_path
@options.isolated
@options.lang
def serve(folder: str, host: str, port: int, join_code: str | None, event: str | None,
          config_path: str | None, isolated: bool, lang: str | None) -> None:
    """Score a club evening live: each table enters its games from a phone's browser.

    Each game is a .block file in FOLDER (made if missing), written as it is entered; the
    director's page shows every table and the standings of FOLDER.
    """
    try:
        import uvicorn

        from ..serve.app import build
        from ..serve.evening import Evening
        from ..serve.guard import StartSettings
        from ..serve.standings import LiveStandings
    except ImportError as missing:
        raise Refused(Message(N_("blocknot serve needs the serve extra: pip install "
                                 "'blocknot[serve]'"))) from missing
    config = configuration(config_path, isolated)
    os.makedirs(folder, exist_ok=True)
    code = _join_code(join_code, folder)
    sources = _sources(folder, config, config_path, isolated)
    evening = Evening(folder, lambda path: _selection(path, config, config_path, isolated),
                      event)
    evening.load()
    sock = _listening(host, port)
    url = _address(host, sock.getsockname()[1])
    loopback = _is_loopback(host)
    settings = StartSettings(code, loopback, lang)
    app = build(evening, LiveStandings(sources), settings,
                lambda name, data, chosen: _replay(name, data, chosen, evening),
                f"{url}/join?code={code}")
    _tell(folder, url, code, language(lang or config.lang))
    server = uvicorn.Server(uvicorn.Config(
        app, log_level="warning", access_log=False, proxy_headers=False, server_header=False,
        timeout_graceful_shutdown=2, lifespan="on"))
    server.run(sockets=[sock])


def _sources(folder: str, config: Any, config_path: str | None, isolated: bool) -> Any:
    """The standings' files of ``folder``, found anew each time (new games appear)."""
    def found() -> list[Any]:
        from ..run.files import expanded
        from ..run.season_inputs import sources_for

        try:
            files = expanded([folder], config.include, config.exclude, True)
        except Refused:
            return []  # nothing to add up yet
        return list(sources_for(files, config, config_path, isolated))

    return found


def _selection(path: str, config: Any, config_path: str | None, isolated: bool) -> Any:
    """The codes ``validate PATH`` reports, with the folder's configuration."""
    from ..run.season_inputs import sources_for

    return sources_for([path], config, config_path, isolated)[0].selection


def _replay(name: str, data: bytes, lang: str, evening: Any) -> str:
    from ..run.html_page import html_report

    path = os.path.join(evening.folder, name)
    return html_report([(name, data)], evening.selection_for(path), lang)[0]


def _listening(host: str, port: int) -> socket.socket:
    """A socket bound to the address (reused at once after a restart)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as error:
        raise Refused(Message(N_("cannot serve on {host}:{port}: {reason}"), {
            "host": host, "port": port, "reason": error.strerror or str(error)})) from None
    return sock


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address(host: str, port: int) -> str:
    """The address the phones open: the machine's own address when serving on all of them."""
    shown = host
    if host in ("0.0.0.0", "::"):
        try:
            found = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            found = []
        shown = next((a for a in found if not a.startswith("127.")), host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def _tell(folder: str, url: str, code: str, lang: str) -> None:
    """Where to join, the code, and a QR code of the address with the code."""
    import segno

    _ = translator(lang)
    join = f"{url}/join?code={code}"
    say("\n".join([
        _(N_("blocknot serve: the games are written in {folder}")).format(
            folder=os.path.abspath(folder)),
        _(N_("  tables:    {url}")).format(url=join),
        _(N_("  director:  {url}")).format(url=f"{url}/director"),
        _(N_("  join code: {code}")).format(code=code), ""]), sys.stdout)
    segno.make(join, error="m").terminal(out=sys.stdout, compact=True)
    say(_(N_("Ctrl-C stops the server; every entry acknowledged is on the disk.")) + "\n",
        sys.stdout)
    sys.stdout.flush()
