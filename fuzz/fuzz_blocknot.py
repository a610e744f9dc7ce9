"""Fuzz target: whatever the bytes, parse, convert and validate answer without raising.

One input goes through the whole pipeline a stranger's file can reach: ``parse_bytes``,
``convert_bytes`` to JSON and to text (and the result converted back), ``validate_bytes``,
and the text and JSON reports in English and Italian.  One input in ten also goes through a
command (``validate`` in each format, ``convert``, ``rules``) whose standard output fails
with ENOSPC after a random number of bytes (``check_output_failure``): that must end in
exit 2 and one line naming the output.  Besides "never raises", it checks
what every answer must satisfy (``check``): positions are 1-based, codes are in the
catalogue, text report lines hold no control, bidi or zero-width character, and whatever
``convert`` writes, ``convert`` reads back to the same canonical text.

Usage::

    python fuzz/fuzz_blocknot.py --smoke            # deterministic: 5,000 inputs, about 10 s
    python fuzz/fuzz_blocknot.py --smoke --count N --seed S
    python fuzz/fuzz_blocknot.py [libFuzzer flags] [CORPUS_DIR ...]

The last form runs atheris (coverage-guided) when it is installed (``pip install atheris``);
without it, it runs the smoke mutator until interrupted.  A failing input is saved under
``fuzz/crashes/``; once understood and fixed, it belongs in ``tests/badinput/`` as a case.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import io
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:
    import blocknotation  # noqa: F401 - installed, or the checkout is on the path
except ImportError:  # run as a script from a source checkout
    sys.path.insert(0, str(ROOT))

from blocknotation.basics.diagnostics import CATALOGUE, Diagnostic  # noqa: E402
from blocknotation.cli.commands import main as blocknot_main  # noqa: E402
from blocknotation.formats.records.convert import convert_bytes  # noqa: E402
from blocknotation.formats.reports.report_json import document  # noqa: E402
from blocknotation.formats.reports.report_text import report_lines  # noqa: E402
from blocknotation.pipeline import validate_bytes  # noqa: E402
from blocknotation.notation.parsing import parse_bytes  # noqa: E402

CRASHES = Path(__file__).resolve().parent / "crashes"
SEED_DIRS = (ROOT / "samples", ROOT / "tests" / "badinput")

#: Pieces the mutator inserts: the notation's tokens and the bytes that break naive readers.
DICTIONARY: tuple[bytes, ...] = (
    b"hand ", b"opener ", b"deal ", b"pass", b"show ", b"domino ", b"blocked", b"points ",
    b"score ", b"none", b" L", b" R", b" left", b" right", b"Ada", b"Bea", b"Cy", b": ",
    b"1-2", b"6-6", b"0-0", b"7-1", b"[3|5]", b"[ 3 |", b"-", b",", b"#", b"#=", b"#!",
    b"[", b"]", b'"', b"\\", b"\\\"", b'[Players "Ada Bea"]\n', b'[Target "5"]\n',
    b"\n", b"\r\n", b"\r", b"\t", b" ", b"\x00", b"\xff", b"\xc0\xaf", b"\xed\xa0\x80",
    b"\xef\xbb\xbf", b"\x1b[31m", "\u202e".encode(), "\u200b".encode(), "\u2028".encode(),
    "٣".encode(), "１".encode(), "é".encode(), b"999999999", b"1234567890", b"9" * 60,
    b"0", b"-1", b"{", b"}", b'"games": ', b"true", b"6.0", b'"6"', b"null", b"[]", b"1e400",
)

_INVISIBLE_OK = frozenset("\n")


class Finding(AssertionError):
    """An answer that breaks one of the promises ``check`` states."""


def _check_diagnostics(diagnostics: tuple[Diagnostic, ...], where: str) -> None:
    for d in diagnostics:
        if d.code not in CATALOGUE:
            raise Finding(f"{where}: unknown code {d.code}")
        if d.line < 1 or d.column < 1:
            raise Finding(f"{where}: {d.code} at {d.line}:{d.column}")


def _check_printable(text: str, where: str) -> None:
    for line in text.split("\n"):
        if not line.isprintable():
            bad = next(c for c in line if not c.isprintable())
            raise Finding(f"{where}: U+{ord(bad):04X} written raw in {line[:80]!r}")


def check(data: bytes) -> None:
    """Run one input through every stage; raise on any exception or broken promise."""
    parsed = parse_bytes(data)
    _check_diagnostics(parsed.diagnostics, "parse")

    written: dict[str, str | None] = {}
    for target in ("json", "text"):
        out, problems = convert_bytes(data, target)
        _check_diagnostics(problems, f"convert --to {target}")
        if (out is None) == (not problems):
            raise Finding(f"convert --to {target}: output and diagnostics {problems!r}")
        written[target] = out
    # Whatever convert writes, convert reads: the text again as itself, the JSON as that text.
    for target, out in written.items():
        if out is None:
            continue
        text, again = convert_bytes(out.encode("utf-8"), "text")
        if text is None:
            first = again[0]
            raise Finding(
                f"convert --to {target} wrote what convert refuses: {first.code} "
                f"{first.line}:{first.column} {first.message.render()}"
            )
        if text != written["text"]:
            raise Finding(f"convert --to {target}: does not read back to the same text")
        if target == "json":
            _check_printable(out, "convert --to json")

    report = validate_bytes(data, "fuzz")
    _check_diagnostics(report.diagnostics, "validate")
    for lang in ("en", "it"):
        _check_printable("\n".join(report_lines(report, lang)), f"validate text ({lang})")
        json.loads(document([report], lang))


# --- output that fails -----------------------------------------------------------------------

#: The commands whose output ``check_output_failure`` makes fail, reading standard input.
OUTPUT_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate", "-"), ("validate", "--format", "json", "-"),
    ("validate", "--format", "annotated", "-"), ("validate", "--jobs", "1", "--strict", "-"),
    ("convert", "-"), ("convert", "--to", "text", "-"), ("rules",),
)
FULL_DISK = "blocknot: cannot write standard output: No space left on device\n"


class FullDisk(io.RawIOBase):
    """Standard output on a disk that fills after ``room`` bytes: then OSError(ENOSPC)."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room
        self.failed = False

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if len(data) > self.room:
            self.failed = True
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return len(data)


def run_main(args: tuple[str, ...], data: bytes, room: int) -> tuple[int, str, bool]:
    """``blocknot ARGS`` in this process with ``data`` on standard input and a standard
    output that fails after ``room`` bytes: (exit status, standard error, whether it failed)."""
    disk = FullDisk(room)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(disk, 64), encoding="utf-8")
    sys.stderr = io.StringIO()
    try:
        blocknot_main(list(args))
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else -1
    finally:
        errors = sys.stderr.getvalue()  # type: ignore[attr-defined]
        sys.stdin, sys.stdout, sys.stderr = saved
    return status, errors, disk.failed


def check_output_failure(data: bytes, rng: random.Random) -> None:
    """A command whose standard output fails with ENOSPC part way through: exit 2 and one
    line naming the output, never an internal error (70) or a traceback."""
    args = rng.choice(OUTPUT_COMMANDS)
    room = rng.choice((0, 1, rng.randint(0, 4096)))
    status, errors, failed = run_main(args, data, room)
    if failed and (status, errors) != (2, FULL_DISK):
        raise Finding(f"{' '.join(args)}: output failed, status {status}: {errors[:200]!r}")
    if not failed and status not in (0, 1):
        raise Finding(f"{' '.join(args)}: status {status}: {errors[:200]!r}")


# --- the deterministic mutator ---------------------------------------------------------------


def seeds() -> list[bytes]:
    """The samples, the bad-input corpus, and the samples as record JSON."""
    found: list[bytes] = []
    for folder in SEED_DIRS:
        for path in sorted(folder.glob("*")):
            if path.suffix in {".txt", ".json"} and path.stat().st_size < 1 << 16:
                found.append(path.read_bytes())
    for path in sorted((ROOT / "samples").glob("*.block"))[:2]:
        out, _ = convert_bytes(path.read_bytes(), "json")
        if out is not None:
            found.append(out.encode("utf-8"))
    return found or [b'[Players "Ada Bea"]\nhand 1\nAda: 1-2\n']


def mutate(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    """One to four random edits of ``data``: cut, delete, insert, flip, repeat or splice."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randint(0, len(data))
        match rng.randrange(7):
            case 0:
                data = data[:at]
            case 1:
                data = data[:at] + data[at + rng.randint(1, 40):]
            case 2 | 3:
                data = data[:at] + rng.choice(DICTIONARY) + data[at:]
            case 4 if data:
                at = min(at, len(data) - 1)
                data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
            case 5:
                lines = data.split(b"\n")
                k = rng.randrange(len(lines))
                lines[k:k] = [lines[rng.randrange(len(lines))]] * rng.randint(1, 3)
                data = b"\n".join(lines)
            case _:
                other = rng.choice(pool)
                data = data[:at] + other[rng.randint(0, len(other)):]
    return data


def inputs(count: int, seed: int) -> Iterator[bytes]:
    """The seeds themselves, then ``count`` inputs in all, the same for the same ``seed``.

    Most mutants start from a sample, so that they get past the parser into the engine.
    """
    rng = random.Random(seed)
    pool = seeds()
    good = [s for s in pool if parse_bytes(s).ok and s.lstrip()[:1] != b"{"]
    yield from pool
    for _ in range(max(0, count - len(pool))):
        base = rng.choice(good) if good and rng.random() < 0.7 else rng.choice(pool)
        yield mutate(base, rng, pool)


def _save(data: bytes) -> Path:
    CRASHES.mkdir(exist_ok=True)
    path = CRASHES / f"crash-{hashlib.sha1(data).hexdigest()[:16]}"
    path.write_bytes(data)
    return path


#: One input in this many also goes through a command whose output fails.
OUTPUT_EVERY = 10


def run(count: int, seed: int, seconds: float | None = None) -> list[tuple[bytes, str]]:
    """Check ``count`` inputs (or until ``seconds`` pass); return the failing ones.  Every
    ``OUTPUT_EVERY``-th input also goes through ``check_output_failure``."""
    failures: list[tuple[bytes, str]] = []
    deadline = None if seconds is None else time.monotonic() + seconds
    rng = random.Random(seed)
    for number, data in enumerate(inputs(count, seed)):
        try:
            check(data)
            if number % OUTPUT_EVERY == 0:
                check_output_failure(data, rng)
        except Exception as error:  # every kind is a finding: that is the point
            failures.append((data, f"{type(error).__name__}: {error}"))
        if deadline is not None and time.monotonic() > deadline:
            break
    return failures


def smoke(count: int = 5000, seed: int = 0) -> int:
    """The short deterministic run for tests and CI: 0 when nothing failed."""
    started = time.monotonic()
    failures = run(count, seed)
    for data, reason in failures[:20]:
        print(f"FAIL {_save(data)}: {reason[:300]}", file=sys.stderr)
    print(
        f"fuzz smoke: {count} inputs, {len(failures)} failing, "
        f"{time.monotonic() - started:.1f} s",
        file=sys.stderr,
    )
    return 1 if failures else 0


def _atheris_input(data: bytes) -> None:
    try:
        check(data)
    except Exception:
        _save(data)
        raise


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--smoke", action="store_true", help="short deterministic run")
    parser.add_argument("--count", type=int, default=5000, help="inputs for --smoke")
    parser.add_argument("--seed", type=int, default=0, help="mutator seed for --smoke")
    args, rest = parser.parse_known_args(argv[1:])
    if args.smoke:
        return smoke(args.count, args.seed)
    try:
        import atheris  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        print("atheris is not installed: running the mutator until interrupted",
              file=sys.stderr)
        seed = args.seed
        try:
            while True:
                if smoke(args.count, seed):
                    return 1
                seed += 1
        except KeyboardInterrupt:
            return 0
    atheris.instrument_all()
    atheris.Setup([argv[0], *rest], _atheris_input)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
