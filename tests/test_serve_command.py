"""``blocknot serve`` as a command: what it prints to join, the code it keeps in the folder,
and the usage errors it stops on (exit 2, one line, no traceback)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from serve_support import free_port, needs_serve, wait_listening


def started(folder: Path, port: int, *args: str) -> tuple[str, subprocess.Popen[str]]:
    """The server started, and what it printed before its QR code."""
    process = subprocess.Popen([sys.executable, "-m", "blocknotation", "serve", str(folder),
                                "--port", str(port), *args], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(4)]
    wait_listening(port)
    return "".join(lines), process


def stopped(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGTERM)
    return process.wait(15)


def test_it_prints_where_to_join_and_keeps_the_folders_code(tmp_path: Path) -> None:
    needs_serve()
    folder = tmp_path / "tonight"
    port = free_port()
    shown, process = started(folder, port)
    try:
        code = re.search(r"join code: ([A-Z0-9]{8})\n", shown)
        assert code is not None, shown
        assert shown == (f"blocknot serve: the games are written in {folder}\n"
                         f"  tables:    http://127.0.0.1:{port}/join?code={code.group(1)}\n"
                         f"  director:  http://127.0.0.1:{port}/director\n"
                         f"  join code: {code.group(1)}\n")
    finally:
        # Stopped as every blocknot command is when terminated (uvicorn shuts down first).
        assert stopped(process) == 143
    kept = folder / ".blocknot-serve" / "join-code"
    assert kept.read_text() == code.group(1) + "\n"
    assert kept.stat().st_mode & 0o777 == 0o600
    # Started again, the server keeps the code: the phones stay joined.
    again, process = started(folder, port)
    stopped(process)
    assert f"join code: {code.group(1)}\n" in again


def test_usage_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    needs_serve()
    bad = subprocess.run([sys.executable, "-m", "blocknotation", "serve", str(tmp_path),
                          "--join-code", "no!"], capture_output=True, text=True, check=False,
                         env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert (bad.returncode, bad.stdout, bad.stderr) == (
        2, "", "blocknot: --join-code takes 6 to 20 letters and digits\n")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = subprocess.run([sys.executable, "-m", "blocknotation", "serve", str(tmp_path),
                               "--port", str(port)], capture_output=True, text=True,
                              check=False, env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert busy.returncode == 2
    assert busy.stderr == (f"blocknot: cannot serve on 127.0.0.1:{port}: Address already in "
                           "use\n")
