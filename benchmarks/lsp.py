"""`blocknot lsp`: the time from a change of the text to its diagnostics, as an editor sees it.

    python benchmarks/lsp.py            # a club evening (6 games) and a big record (200)
    python benchmarks/lsp.py --rounds 10

A real client (pygls's) starts `python -m blocknotation lsp`, opens a record, then sends
whole-text changes, each followed by the wait for the `publishDiagnostics` of that version.
The changes are those of typing: a statement of a game in the middle of the record is typed
again on a new line below it, a key at a time (the half-typed line is a syntax error in that
game), then erased.  Printed: the median and the 95th percentile of the delays, in
milliseconds, for the keys typed within a line, and apart for the changes that add or remove
a line, after which every game below is checked again at its new place.  The records are
generated (`blocknot generate`'s simulator), a quarter of the games with a scorer's mistake.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games


def record(games: int, seed: int) -> str:
    made = add_mistakes(generate_games(seed, games, claims=True), 0.25, seed)
    return "\n".join(made)


def typing_session(text: str) -> list[tuple[str, bool]]:
    """The texts an editor sends while a statement of a game in the middle of the record is
    typed again below itself, a key at a time, then erased a key at a time; each with
    whether the change added or removed a line (which moves the games below it)."""
    lines = text.split("\n")
    middle = len(lines) // 2
    while not lines[middle].strip() or lines[middle].startswith(("[", "#")):
        middle += 1
    typed = lines[middle]
    above, below = lines[:middle + 1], lines[middle + 1:]
    steps = [("\n".join([*above, typed[:n], *below]), n == 0) for n in range(len(typed) + 1)]
    return [*steps, *reversed(steps[:-1]), (text, True)]


async def delays(text: str, rounds: int) -> tuple[list[float], list[float]]:
    client = LanguageClient("blocknot-benchmark", "1")
    arrived: asyncio.Queue[tuple[int | None, float]] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrived.put_nowait((params.version, time.perf_counter()))

    await client.start_io(sys.executable, "-m", "blocknotation", "lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    uri = Path("/tmp/benchmark.block").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="blocknot", version=0,
                                             text=text)))
    await arrived.get()  # the first check loads the parser: not counted
    within: list[float] = []
    moving: list[float] = []
    session = typing_session(text)
    for version in range(1, rounds * len(session) + 1):
        changed, moves = session[(version - 1) % len(session)]
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=changed)]))
        while True:
            got, at = await arrived.get()
            if got == version:
                (moving if moves else within).append(at - sent)
                break
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return within, moving


def figures(delays: list[float]) -> str:
    found = sorted(delays)
    p95 = found[min(len(found) - 1, round(0.95 * (len(found) - 1)))]
    return f"{statistics.median(found) * 1000:9.1f}  {p95 * 1000:6.1f}  {len(found):5}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="typing sessions per record")
    args = parser.parse_args()
    print("record                   lines  changes             median ms  p95 ms  count")
    for name, games in (("club evening (6 games)", 6), ("big record (200 games)", 200)):
        text = record(games, seed=14)
        within, moving = asyncio.run(delays(text, args.rounds))
        lines = text.count("\n") + 1
        print(f"{name:23}  {lines:5}  {'keys within a line':18}  {figures(within)}")
        print(f"{'':23}  {'':5}  {'a line added/gone':18}  {figures(moving)}")


if __name__ == "__main__":
    main()
