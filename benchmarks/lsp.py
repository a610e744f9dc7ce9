"""`blocknot lsp` as an editor sees it: keystrokes, code actions and opening a large record.

    python benchmarks/lsp.py               # every measurement, at 1x, 2x and 4x sizes
    python benchmarks/lsp.py --only burst  # or keys, actions, open
    python benchmarks/lsp.py --tiny        # tiny sizes, to check that it runs (CI)

A real client (pygls's) starts `python -m blocknotation lsp` for each record, as an editor
does, and times what the editor waits for:

- **keys**: a statement of a game in the middle of the record is typed again on a new line
  below it, a key at a time, then erased, each change sent as an editor sends it (the range
  and the text typed); the delay is from the change to the `publishDiagnostics` of that
  version, and the server's CPU time a change (from /proc, over the session: on a loaded
  machine the delays grow, the CPU time much less).  Records of 200, 400 and 800 games;
  the target is the 95th percentile on 200.
- **actions**: `textDocument/codeAction` on one line, on each line in turn (as the cursor
  moves), and on the whole document; the first request on a game finds its fixes ("first"),
  later ones are answered from them.  Records of about 12, 24 and 48 KB whose plays are
  written without their sides, so that every tile that fits both ends is a P404 with a fix
  to find (the hardest case for the fixes), and records as generated.
- **burst**: 500 changes, as an editor sends them while keys are held down or a macro
  runs (a statement typed a key at a time on a new line of a game in the middle of the
  record, then erased, again and again), with a request after every tenth change, in turn a
  hover, a completion, a code action and the inlay hints of a screen of 50 lines, all on the
  line being typed.  Twice: paced, a change every 10 ms (100 a second, three times as fast as
  a key held down repeats, and a request every 100 ms), and the whole burst written at once,
  as fast as the pipe takes it, as a client that fell behind would send it (each request
  then waits for the requests before it, each answered on its own version of the text, in
  order).  Then once more at once, with changes that never give back a text the document
  had (the statement typed again and again, each time on a new line, never erased), so
  that no game's report checked before is taken again (``lsp/seen.py``) and each request
  costs a check of its game.
  The messages are framed beforehand and written by hand, as pygls's client would take
  longer to make them than the server to answer them.  Printed: the delay of each request,
  from the moment it is written to its answer, its 50th and 95th percentiles and the
  longest, in all and by kind; how many diagnostics were published during the burst (one
  for each change, before changes were coalesced); the delay from the last change to the
  diagnostics of its version; the server's CPU time.  Records of 200, 400 and 800 games;
  the target is the 95th percentile of the requests under 200 ms on 200.
- **open**: `didOpen` of a record of 2.5, 5 and 10 MB to its diagnostics, a new server each
  time: the time, the server's CPU time and its peak resident memory (VmHWM).

The floor of each size is measured in the same run: for keys, actions and burst, the round trip of
a request the server answers at once (a hover on a document not open); for open, the CPU
time of `pipeline.validate_bytes` on the same text in this process, the check that opening
cannot avoid.  Each figure is printed with its ratio to its floor, and each family with its
growth exponent from 1x to 4x (log(t4x / t1x) / log 4: 0 for a cost that does not grow with
the record, 1 for a linear one).  The records are generated (`blocknot generate`'s
simulator), a quarter of the games with a scorer's mistake.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import queue
import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

URI = Path("/tmp/benchmark.block").as_uri()
NOWHERE = Path("/tmp/not-open.block").as_uri()


def record(games: int, seed: int = 14) -> str:
    return "\n".join(add_mistakes(generate_games(seed, games, claims=True), 0.25, seed))


def without_sides(games: int, seed: int = 3) -> str:
    text = "\n".join(t for _, t in generate_games(seed, games, claims=True))
    return re.sub(r"^(\S+: \d-\d) [LR]$", r"\1", text, flags=re.M)


def of_size(size: int) -> str:
    """A generated record of about ``size`` characters."""
    games = max(1, round(size / 4000))
    text = record(games)
    while len(text) < size:
        games = math.ceil(games * size / len(text) * 1.02)
        text = record(games)
    return text


def keystrokes(text: str) -> list[tuple[types.TextDocumentContentChangePartial, bool]]:
    """The changes an editor sends while a statement of a game in the middle of the record
    is typed again on a new line below it, a key at a time, then erased; each with whether
    it added or removed a line."""
    lines = text.split("\n")
    middle = len(lines) // 2
    while not lines[middle].strip() or lines[middle].startswith(("[", "#")):
        middle += 1
    typed, end = lines[middle], len(lines[middle])

    def at(line: int, character: int) -> types.Position:
        return types.Position(line=line, character=character)

    def change(start: types.Position, stop: types.Position, new: str
               ) -> types.TextDocumentContentChangePartial:
        return types.TextDocumentContentChangePartial(range=types.Range(start=start, end=stop),
                                                      text=new)

    steps = [(change(at(middle, end), at(middle, end), "\n"), True)]
    steps += [(change(at(middle + 1, n), at(middle + 1, n), typed[n]), False)
              for n in range(len(typed))]
    steps += [(change(at(middle + 1, n - 1), at(middle + 1, n), ""), False)
              for n in range(len(typed), 0, -1)]
    steps.append((change(at(middle, end), at(middle + 1, 0), ""), True))
    return steps


class Server:
    """``python -m blocknotation lsp`` and a client talking to it."""

    def __init__(self) -> None:
        self.client = LanguageClient("blocknot-benchmark", "1")
        self.arrived: asyncio.Queue[tuple[int | None, float]] = asyncio.Queue()
        self.version = 0

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.arrived.put_nowait((params.version, time.perf_counter()))

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-m", "blocknotation", "lsp")
        await self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities()))
        self.client.initialized(types.InitializedParams())

    @property
    def pid(self) -> int:
        process = self.client._server  # pygls keeps the process it started here
        assert process is not None
        return int(process.pid)

    async def published(self, version: int) -> float:
        while True:
            got, at = await self.arrived.get()
            if got == version:
                return at

    async def open(self, text: str) -> float:
        """Open the record; the seconds to its diagnostics."""
        self.version = 1
        sent = time.perf_counter()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="blocknot", version=1,
                                                 text=text)))
        return await self.published(1) - sent

    async def change(self, change: types.TextDocumentContentChangePartial) -> float:
        self.version += 1
        sent = time.perf_counter()
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=self.version),
            content_changes=[change]))
        return await self.published(self.version) - sent

    async def floor(self, rounds: int = 30) -> float:
        """The median round trip of a request answered at once."""
        found = []
        for _ in range(rounds):
            sent = time.perf_counter()
            await self.client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=NOWHERE),
                position=types.Position(line=0, character=0)))
            found.append(time.perf_counter() - sent)
        return statistics.median(found)

    async def action(self, first: int, last: int) -> float:
        sent = time.perf_counter()
        await self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=types.Range(start=types.Position(line=first, character=0),
                              end=types.Position(line=last, character=0)),
            context=types.CodeActionContext(diagnostics=[])))
        return time.perf_counter() - sent

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100  # utime, stime in clock ticks

    def peak_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def p95(values: list[float]) -> float:
    found = sorted(values)
    return found[min(len(found) - 1, round(0.95 * (len(found) - 1)))]


def growth(first: float, last: float) -> str:
    return f"{math.log(last / first) / math.log(4):+.2f}" if first > 0 and last > 0 else "?"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


async def keys(games: int) -> tuple[int, int, list[float], list[float], float, float]:
    text = record(games)
    server = Server()
    await server.start()
    await server.open(text)
    floor = await server.floor()
    within: list[float] = []
    moving: list[float] = []
    session = keystrokes(text)
    cpu = server.cpu()
    for _ in range(3):
        for change, moves in session:
            (moving if moves else within).append(await server.change(change))
    cpu = (server.cpu() - cpu) / (len(within) + len(moving))
    await server.stop()
    return len(text), text.count("\n") + 1, within, moving, floor, cpu


async def actions(text: str) -> tuple[list[float], list[float], float, float]:
    server = Server()
    await server.start()
    await server.open(text)
    floor = await server.floor()
    lines = text.count("\n") + 1
    starts = [n for n, line in enumerate(text.split("\n")) if line.startswith("[Players")]
    first = [await server.action(n + 12, n + 12) for n in starts]
    moving = [await server.action(n, n) for n in range(0, lines, max(1, lines // 200))]
    whole = await server.action(0, lines)
    await server.stop()
    return first, moving, whole, floor


async def open_record(text: str) -> tuple[float, float, float]:
    server = Server()
    await server.start()
    before = server.cpu()
    wall = await server.open(text)
    cpu = server.cpu() - before
    peak = server.peak_mb()
    await server.stop()
    return wall, cpu, peak


def floor_of_open(text: str) -> float:
    data = text.encode()
    start = time.process_time()
    validate_bytes(data, "x")
    return time.process_time() - start


#: Changes in a burst, and a request after every how many of them.
BURST = 500
ASK_EVERY = 10
#: Seconds between two changes of a paced burst: 100 a second, three times as fast as a key
#: held down repeats.
PACE = 0.01
KINDS = ("hover", "completion", "code action", "inlay hints")
#: Seconds between the record's diagnostics and the burst, as a user reads before typing:
#: the server makes then what its first checks and answers need (``lsp/server.py``).
SETTLE = 2.0


def burst_changes(text: str, count: int) -> list[types.TextDocumentContentChangePartial]:
    """``count`` changes: ``keystrokes`` of ``text`` again and again (each round leaves the
    text as it was)."""
    session = [change for change, _ in keystrokes(text)]
    return [session[n % len(session)] for n in range(count)]


def new_texts(text: str, count: int) -> list[types.TextDocumentContentChangePartial]:
    """``count`` changes that never give back a text the document had: the statement of
    ``keystrokes`` typed a key at a time on a new line, again and again, each time on a new
    line below the last, never erased."""
    typing = [change for change, _ in keystrokes(text)]
    typing = typing[:len(typing) // 2]  # the new line, and the statement's keys
    found: list[types.TextDocumentContentChangePartial] = []
    below = 0
    while len(found) < count:
        for change in typing:
            start, end = change.range.start, change.range.end
            found.append(types.TextDocumentContentChangePartial(
                range=types.Range(
                    start=types.Position(line=start.line + below, character=start.character),
                    end=types.Position(line=end.line + below, character=end.character)),
                text=change.text))
        below += 1
    return found[:count]


class Wire:
    """``python -m blocknotation lsp`` spoken to in bytes: the messages of a burst are framed
    beforehand and written one after the other as fast as the pipe takes them (pygls's
    client would spend longer making them than the server answering them); what the server
    writes is read by a thread, each message with the moment it came."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "blocknotation", "lsp"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.came: queue.Queue[tuple[dict[str, Any], float]] = queue.Queue()
        self.aside: list[tuple[dict[str, Any], float]] = []
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()

    def framed(self, method: str, params: object, ask: bool = False) -> tuple[bytes, int]:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if ask:
            self.ids += 1
            message["id"] = self.ids
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body, self.ids

    def write(self, data: bytes) -> float:
        """Write ``data``; the moment it was all handed to the pipe."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()
        return time.perf_counter()

    def answer(self, ask: int) -> dict[str, Any]:
        """The answer to the request ``ask``; what came before it is put aside."""
        while True:
            message, at = self.came.get(timeout=600)
            if message.get("id") == ask:
                return message
            self.aside.append((message, at))

    def published(self) -> int | None:
        """The version of the next diagnostics published."""
        while True:
            message, _ = self.aside.pop(0) if self.aside else self.came.get(timeout=600)
            if message.get("method") == "textDocument/publishDiagnostics":
                return int(message["params"]["version"])

    def stop(self) -> None:
        self.write(self.framed("shutdown", None, ask=True)[0])
        self.answer(self.ids)
        self.write(self.framed("exit", None)[0])
        self.process.wait(60)

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while header := stream.readline():
            length = 0
            while header.strip():
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
                header = stream.readline()
            self.came.put((json.loads(stream.read(length)), time.perf_counter()))


def request(wire: Wire, kind: str, line: int) -> tuple[bytes, int]:
    """A request of ``kind`` about ``line`` (the inlay hints of a screen around it)."""
    document = {"uri": URI}
    here = {"line": line, "character": 3}
    if kind == "hover":
        return wire.framed("textDocument/hover", {"textDocument": document, "position": here},
                           ask=True)
    if kind == "completion":
        return wire.framed("textDocument/completion", {
            "textDocument": document, "position": {"line": line, "character": 5}}, ask=True)
    if kind == "code action":
        return wire.framed("textDocument/codeAction", {
            "textDocument": document, "range": {"start": here, "end": here},
            "context": {"diagnostics": []}}, ask=True)
    screen = {"start": {"line": max(line - 25, 0), "character": 0},
              "end": {"line": line + 25, "character": 0}}
    return wire.framed("textDocument/inlayHint", {"textDocument": document, "range": screen},
                       ask=True)


def burst(games: int, pace: float, new: bool = False
          ) -> tuple[dict[str, list[float]], int, float, float, float]:
    """The delays of the requests sent among ``BURST`` changes, a change every ``pace``
    seconds (0: as fast as the pipe takes them), by kind (``new``: changes that never give
    back a text the document had, ``new_texts``); how many versions were published
    meanwhile; the delay from the last change to its diagnostics; the floor (a hover on a
    document not open, answered at once); the server's CPU time."""
    text = record(games)
    wire = Wire()
    first, ask = wire.framed("initialize", {"capabilities": {}}, ask=True)
    wire.write(first)
    wire.answer(ask)
    wire.write(wire.framed("initialized", {})[0] + wire.framed("textDocument/didOpen", {
        "textDocument": {"uri": URI, "languageId": "blocknot", "version": 1, "text": text}})[0])
    floors = []
    for _ in range(30):
        data, ask = wire.framed("textDocument/hover", {"textDocument": {"uri": NOWHERE},
                                                       "position": {"line": 0, "character": 0}},
                                ask=True)
        sent = wire.write(data)
        wire.answer(ask)
        floors.append(time.perf_counter() - sent)
    assert wire.published() == 1  # the burst starts from the record checked
    time.sleep(SETTLE)
    changes = (new_texts if new else burst_changes)(text, BURST)
    line = changes[1].range.start.line  # the new line typed on
    sending: list[tuple[bytes, int, str]] = []  # each message, its request's id and kind
    for number, change in enumerate(changes, start=1):
        where = {"start": {"line": change.range.start.line,
                           "character": change.range.start.character},
                 "end": {"line": change.range.end.line, "character": change.range.end.character}}
        sending.append((wire.framed("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": number + 1},
            "contentChanges": [{"range": where, "text": change.text}]})[0], 0, ""))
        if number % ASK_EVERY == 0:
            kind = KINDS[number // ASK_EVERY % len(KINDS)]
            here = change.range.start.line if new else line  # the line being typed
            sending.append((*request(wire, kind, here), kind))
    asked: dict[int, tuple[str, float]] = {}
    cpu = wire.cpu()
    start = time.perf_counter()
    changed = 0
    for data, ask, kind in sending:
        if not ask:
            changed += 1
            while pace and time.perf_counter() < start + changed * pace:
                time.sleep(pace / 4)
        sent = wire.write(data)
        if ask:
            asked[ask] = (kind, sent)
    last = time.perf_counter()
    delays: dict[str, list[float]] = {kind: [] for kind in KINDS}
    published, settled = 0, float("nan")
    while asked or settled != settled:
        message, at = wire.came.get(timeout=600)
        if message.get("id") in asked:
            kind, sent = asked.pop(message["id"])
            delays[kind].append(at - sent)
        elif message.get("method") == "textDocument/publishDiagnostics":
            published += 1
            if message["params"]["version"] == BURST + 1:
                settled = at - last
    cpu = wire.cpu() - cpu
    wire.stop()
    return delays, published, settled, statistics.median(floors), cpu


def run_burst(sizes: list[int]) -> None:
    for pace, new, how in ((PACE, False, f"a change every {PACE * 1000:.0f} ms"),
                           (0.0, False, "sent at once"),
                           (0.0, True, "sent at once, each text new")):
        print(f"\nburst: {BURST} changes {how}, a request after every {ASK_EVERY}th, ms "
              "from each request to its answer")
        print("games  size KB     p50     p95     max  hover p95  compl. p95  action p95  "
              "hints p95  published  last change to diagnostics  server CPU s   floor")
        found = []
        for games in sizes:
            delays, published, settled, floor, cpu = burst(games, pace, new)
            every = [d for kind in delays.values() for d in kind]
            found.append(p95(every))
            by_kind = "".join(f"{ms(p95(delays[kind]))}   " for kind in KINDS)
            print(f"{games:5}  {len(record(games)) / 1000:7.0f}{ms(statistics.median(every))}"
                  f"{ms(p95(every))}{ms(max(every))} {by_kind}{published:8}  "
                  f"{ms(settled):>26}  {cpu:12.2f}{ms(floor)}")
        print(f"growth exponent of the p95, 1x to 4x: {growth(found[0], found[-1])}")


def run_keys(sizes: list[int]) -> None:
    print("\nkeys: a change to its diagnostics, ms (floor: a request answered at once)")
    print("games  size KB   lines   median     p95  within p95  line +/- p95  server CPU"
          "   floor  p95/floor")
    found, cpus = [], []
    for games in sizes:
        size, lines, within, moving, floor, cpu = asyncio.run(keys(games))
        every = within + moving
        found.append(p95(every))
        cpus.append(cpu)
        print(f"{games:5}  {size / 1000:7.0f}  {lines:6}  {ms(statistics.median(every))}"
              f"{ms(p95(every))}    {ms(p95(within))}      {ms(p95(moving))}    {ms(cpu)}"
              f"{ms(floor)}  {p95(every) / floor:8.1f}x")
    print(f"growth exponent, 1x to 4x, of the p95: {growth(found[0], found[-1])}, "
          f"of the server's CPU time a change: {growth(cpus[0], cpus[-1])}")


def run_actions(sizes: list[int], make: Callable[[int], str], name: str) -> None:
    print(f"\nactions on {name}: ms (first: the first request on each game)")
    print("games  size KB  first max  line median  line p95  whole doc   floor  line p95/floor")
    found = []
    for games in sizes:
        text = make(games)
        first, moving, whole, floor = asyncio.run(actions(text))
        found.append(p95(moving))
        print(f"{games:5}  {len(text) / 1000:7.1f}  {ms(max(first))}   "
              f"{ms(statistics.median(moving))}  {ms(p95(moving))}   {ms(whole)}{ms(floor)}"
              f"  {p95(moving) / floor:8.1f}x")
    print(f"growth exponent of the line p95, 1x to 4x: {growth(found[0], found[-1])}")


def run_open(sizes: list[int]) -> None:
    print("\nopen: didOpen to the diagnostics (floor: validate_bytes's CPU time here)")
    print("  size MB   wall s  server CPU s  floor s  CPU/floor  peak RSS MB")
    found = []
    for size in sizes:
        text = of_size(size)
        wall, cpu, peak = asyncio.run(open_record(text))
        floor = floor_of_open(text)
        found.append(wall)
        print(f"{len(text) / 1e6:9.2f}  {wall:7.2f}  {cpu:12.2f}  {floor:7.2f}  "
              f"{cpu / floor:8.2f}x  {peak:11.0f}")
    print(f"growth exponent of the wall time, 1x to 4x: {growth(found[0], found[-1])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("keys", "burst", "actions", "open"),
                        action="append")
    parser.add_argument("--tiny", action="store_true", help="tiny sizes: it runs, no more")
    args = parser.parse_args()
    only = set(args.only or ("keys", "burst", "actions", "open"))
    scale = [1, 2, 4]
    if "keys" in only:
        run_keys([n * (3 if args.tiny else 200) for n in scale])
    if "burst" in only:
        run_burst([n * (3 if args.tiny else 200) for n in scale])
    if "actions" in only:
        if not args.tiny:  # each game's first fixes take seconds there
            run_actions([n * 2 for n in scale], without_sides, "records without sides")
        run_actions([n * (1 if args.tiny else 3) for n in scale], record, "generated records")
    if "open" in only:
        run_open([n * (25_000 if args.tiny else 2_500_000) for n in scale])


if __name__ == "__main__":
    main()
