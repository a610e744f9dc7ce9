"""`blocknot serve` under a full club: tables entering their games at once, the director
watching.

    python benchmarks/serve.py                    # 40 tables, an entry a second each, 60 s
    python benchmarks/serve.py --tables 4 --seconds 3    # a tiny run, to check it runs (CI)

`blocknot serve` runs as its own process on the loopback address, in a new folder.  Each
table is a client of its own (one kept-alive connection, as a phone's browser keeps one),
which starts a game of 2, 3 or 4 players and, once a second, sends the next entry: each
hand's deals, then the first move the table's page offers, the next hand, and a new game
when one ends; it reads what to send from the answer to the entry before.  The director's
page listens too (server-sent events) and asks for the evening's tables and standings after
each update, at most four times a second, as its script does.

It prints the latency of an acknowledged entry (from the request sent to the answer read,
the entry written and flushed to the disk in between) as p50, p95 and max; the server's CPU
(user and system time over the run, from /proc, as a share of one core) and its resident
memory (VmRSS) after the first tenth of the run, at the end and at its highest, and how fast
it moved from the first minute on (the server warm); and the load average of the machine,
which is shared.  Everything stays on this machine, and the run stops by itself after
`--seconds`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

CODE = "BENCHMARK1"
TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


class Connection:
    """One kept-alive HTTP/1.1 connection to the server, as small as a client can be (the
    clients share the machine with the server)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Origin: {self.origin}\r\nX-Join-Code: {CODE}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return int(status_line.split()[1]), json.loads(payload) if payload else None


def next_entry(state: dict[str, Any], shuffle: random.Random) -> dict[str, Any] | None:
    """What the table's scorer enters next, from the game as the server last told it."""
    if state["phase"] == "over":
        return None
    if state["phase"] == "next":
        return {"kind": "hand"}
    hand = state["hand"]
    missing = [p for p in state["players"] if p not in hand["deals"]]
    if missing and not hand["moves"]:
        dealt = {t for tiles in hand["deals"].values() for t in tiles}
        free = [t for t in TILES if t not in dealt]
        return {"kind": "deal", "player": missing[0],
                "tiles": shuffle.sample(free, state["each"])}
    move = hand["legal"][0]
    if move.get("pass"):
        return {"kind": "pass", "player": hand["turn"]}
    return {"kind": "play", "player": hand["turn"], "tile": move["tile"], "side": move["side"]}


async def table(number: int, port: int, until: float, latencies: list[float],
                refused: list[int]) -> None:
    """One table: a game after another, an entry a second."""
    shuffle = random.Random(number)
    connection = Connection(port)
    players = ["Ada", "Bea", "Cy", "Dana"][: 2 + number % 3]
    games = 0
    tick = time.monotonic() + shuffle.random()
    state: dict[str, Any] | None = None
    while tick < until:
        await asyncio.sleep(max(0.0, tick - time.monotonic()))
        tick += 1.0
        entry = None if state is None else next_entry(state, shuffle)
        started = time.perf_counter()
        if entry is None:
            games += 1
            status, answer = await connection.request("POST", "/api/games", {
                "key": f"table{number}-game{games}", "table": str(number), "players": players,
                "opener": players[0]})
            ok = status == 201
            if ok:
                status, state = await connection.request("GET", f"/api/games/{answer['id']}")
        else:
            assert state is not None
            status, answer = await connection.request(
                "POST", f"/api/games/{state['id']}/entries",
                {"key": f"table{number}-game{games}-v{state['version']}", "base": state["version"],
                 "entry": entry})
            ok = status == 200
            if ok:
                state = answer["state"]
        if ok:
            latencies.append(time.perf_counter() - started)
        else:
            refused.append(status)


async def director(port: int, until: float, asked: list[float]) -> None:
    """The director's page: its events, and the evening asked for after them, at most four
    times a second."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"X-Join-Code: {CODE}\r\n\r\n".encode())
    await writer.drain()
    evening = Connection(port)
    last = 0.0
    while time.monotonic() < until:
        try:
            await asyncio.wait_for(reader.readline(), max(0.01, until - time.monotonic()))
        except TimeoutError:
            break
        if time.monotonic() - last >= 0.25:
            started = time.perf_counter()
            await evening.request("GET", "/api/evening")
            asked.append(time.perf_counter() - started)
            last = time.monotonic()
    writer.close()


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def measure(tables: int, seconds: float, port: int, pid: int) -> dict[str, Any]:
    latencies: list[float] = []
    refused: list[int] = []
    asked: list[float] = []
    start = time.monotonic()
    until = start + seconds
    memory: list[tuple[float, float]] = []

    async def sample() -> None:
        while time.monotonic() < until:
            memory.append((time.monotonic() - start, resident_mb(pid)))
            await asyncio.sleep(min(1.0, seconds / 10))

    cpu = cpu_seconds(pid)
    await asyncio.gather(sample(), director(port, until, asked),
                         *(table(k + 1, port, until, latencies, refused) for k in range(tables)))
    elapsed = time.monotonic() - start
    return {"latencies": latencies, "refused": refused, "asked": asked, "memory": memory,
            "cpu": (cpu_seconds(pid) - cpu) / elapsed, "elapsed": elapsed}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def started(folder: str, port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "serve", folder, "--port", str(port),
         "--join-code", CODE], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("blocknot serve did not start")


def growth(memory: list[tuple[float, float]]) -> str:
    """How the resident memory moved once warm: from the first minute (or the first third
    of a shorter run) to the end, in MB a minute."""
    if len(memory) < 2:
        return "not measured"
    warm = min(60.0, memory[-1][0] / 3)
    start = next((at, mb) for at, mb in memory if at >= warm)
    end = memory[-1]
    if end[0] - start[0] <= 0:
        return "not measured"
    rate = (end[1] - start[1]) / (end[0] - start[0]) * 60
    return (f"{start[1]:.1f} MB at {start[0]:.0f} s, {end[1]:.1f} MB at {end[0]:.0f} s: "
            f"{rate:+.2f} MB a minute")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40, help="tables entering at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (at most 600)")
    args = parser.parse_args()
    seconds = min(args.seconds, 600.0)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = started(folder, port)
        try:
            found = asyncio.run(measure(args.tables, seconds, port, server.pid))
        finally:
            server.terminate()
            server.wait(10)
        files = len([n for n in os.listdir(folder) if n.endswith(".block")])
    latencies = sorted(found["latencies"])
    if not latencies:
        raise SystemExit("no entry was acknowledged")
    memory = found["memory"]
    settled = [mb for at, mb in memory if at >= seconds / 10] or [mb for _, mb in memory]
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"{args.tables} tables, an entry a second each, {found['elapsed']:.1f} s: "
          f"{len(latencies)} entries acknowledged ({len(latencies) / found['elapsed']:.1f} a "
          f"second), {len(found['refused'])} refused {sorted(set(found['refused']))}, "
          f"{files} games written")
    print(f"latency of an acknowledged entry: p50 {ms(statistics.median(latencies))}, "
          f"p95 {ms(p95)}, max {ms(latencies[-1])}")
    if found["asked"]:
        print(f"the director's page: {len(found['asked'])} updates, median "
              f"{ms(statistics.median(found['asked']))}, max {ms(max(found['asked']))}")
    half = next((mb for at, mb in memory if at >= seconds / 2), settled[-1])
    print(f"server CPU: {found['cpu'] * 100:.0f}% of one core; resident memory "
          f"{settled[0]:.1f} MB after the first tenth, {half:.1f} MB half way, "
          f"{settled[-1]:.1f} MB at the end, {max(mb for _, mb in memory):.1f} MB at most")
    print(f"resident memory after the first minute (a third of a shorter run): {growth(memory)}")
    now = os.getloadavg()
    print(f"load average (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before, "
          f"{now[0]:.2f} {now[1]:.2f} {now[2]:.2f} after; {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
