"""Fuzzing the edges: random command lines over random trees of hostile files.

Hypothesis draws the files (good and bad records, missing paths, dangling links, FIFOs and
sockets in a walked directory, a name used as a directory, empty, truncated and NUL-filled
gzip data), how they are named (walked or one by one), the patterns (``--include``,
``--exclude``, a ``.gitignore``), a configuration file (nested, huge, with odd ``jobs``), the
format and ``--jobs``.  Whatever it draws, ``validate`` ends with 0, 1 or 2 and never 70,
says nothing but ``blocknot: …`` lines on standard error, writes a document that parses, and
gives every file named an entry of its own.  ``generate --mistakes`` gets any number.

Workers killed at random moments and signals are in ``tests/test_worker_chaos.py`` and
``tests/test_signals_close_documents.py``.
"""

from __future__ import annotations

import gzip
import json
import math
import os
import socket
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inprocess import Done, run

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "samples" / "club-night.block").read_bytes()
BAD = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_bytes()

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="FIFOs and sockets")

#: What a file of the tree holds; those marked ``walked_only`` are never named (a FIFO named
#: on the command line is read as ``cat`` reads it, and would wait).
CONTENTS = {
    "good": GOOD, "bad": BAD, "empty": b"", "gz": gzip.compress(GOOD),
    "truncated-gz": gzip.compress(GOOD)[:60], "zeros-gz": gzip.compress(bytes(1 << 22)),
}
SPECIAL = ["missing", "dangling", "fifo", "socket", "not-a-directory"]
WALKED_ONLY = {"fifo"}
PATTERN = st.text(alphabet="[]!\\-*?/ab.", max_size=6)
FORMATS = ["text", "json", "jsonl", "sarif", "junit", "github"]


def make(root: Path, number: int, kind: str) -> str:
    """File ``number`` of the tree, of ``kind``; its path relative to ``root``."""
    name = f"d/f{number}.block"
    path = root / name
    if kind in CONTENTS:
        path.write_bytes(CONTENTS[kind])
    elif kind == "dangling":
        path.symlink_to(root / "nowhere")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        listening = socket.socket(socket.AF_UNIX)
        listening.bind(str(path))
        listening.close()
    elif kind == "not-a-directory":
        path.write_bytes(GOOD)
        return name + "/x.block"
    return name  # missing: never made


@st.composite
def configurations(draw: st.DrawFn) -> str:
    depth = draw(st.sampled_from([0, 1, 31, 40, 3_000]))
    lines = [f"x = {'[' * depth}{']' * depth}"] if depth else []
    jobs = draw(st.none() | st.sampled_from([-1, 0, 1, 64, 65, 100_000]))
    if jobs is not None:
        lines.append(f"jobs = {jobs}")
    for key in draw(st.lists(st.sampled_from(["include", "exclude"]), max_size=2, unique=True)):
        lines.append(f"{key} = {json.dumps(draw(st.lists(PATTERN, max_size=2)))}")
    return "\n".join(lines) + "\n"


def check(done: Done, fmt: str, named: list[str]) -> None:
    """What every run must give, whatever was drawn."""
    error = done.stderr.decode("utf-8", "replace")
    assert done.returncode in (0, 1, 2), error
    assert "Traceback" not in error and "internal error" not in error, error
    assert all(line.startswith("blocknot: ") for line in error.splitlines()), error
    out = done.stdout.decode("utf-8")
    if not out:
        return  # a usage error: one line, nothing else
    if fmt == "json":
        paths = [entry["path"] for entry in json.loads(out)["files"]]
    elif fmt == "jsonl":
        paths = [json.loads(line)["path"] for line in out.splitlines()]
    elif fmt == "junit":
        paths = [suite.get("name", "") for suite in ET.fromstring(out).findall("testsuite")]
    else:
        if fmt == "sarif":
            json.loads(out)
        return
    assert set(named) <= set(paths)  # an entry for each, even those that cannot be read


@settings(max_examples=40, deadline=None)
@given(kinds=st.lists(st.sampled_from([*CONTENTS, *SPECIAL]), min_size=1, max_size=6),
       walk=st.booleans(), fmt=st.sampled_from(FORMATS),
       options=st.lists(st.tuples(st.sampled_from(["--include", "--exclude"]), PATTERN),
                        max_size=2),
       gitignore=st.none() | st.lists(PATTERN, max_size=3),
       config=st.none() | configurations(), jobs=st.sampled_from([None, None, "2", "999"]))
def test_validate_answers_whatever_it_is_given(
        kinds: list[str], walk: bool, fmt: str, options: list[tuple[str, str]],
        gitignore: list[str] | None, config: str | None, jobs: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "d").mkdir()
        (root / ".git").mkdir()
        names = [make(root, number, kind) for number, kind in enumerate(kinds)]
        if gitignore is not None:
            (root / "d" / ".gitignore").write_text("\n".join(gitignore) + "\n", "utf-8")
        arguments = ["--isolated"] if config is None else []
        if config is not None:
            (root / "blocknot.toml").write_text(config, "utf-8")
        for option, pattern in options:
            arguments += [option, pattern]
        if jobs is not None:
            arguments += ["--jobs", jobs]
        named = [name for name, kind in zip(names, kinds, strict=True)
                 if kind not in WALKED_ONLY]
        targets = ["d", *[n for n in named if "/x.block" in n]] if walk else named or ["d"]
        done = run("validate", "--format", fmt, *arguments, *targets, cwd=root)
        # JSON Lines has an object per game: a file without games (empty) has none.
        answered = [name for name, kind in zip(names, kinds, strict=True)
                    if kind not in WALKED_ONLY and not (fmt == "jsonl" and kind == "empty")]
        check(done, fmt, [] if walk else answered)


@settings(max_examples=25, deadline=None)
@given(rate=st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=5))
def test_generate_answers_whatever_rate_it_is_given(rate: float | str) -> None:
    done = run("generate", "--games", "2", "--mistakes", str(rate))
    assert done.returncode in (0, 2), done.stderr
    fraction = isinstance(rate, float) and not math.isnan(rate) and 0 <= rate <= 1
    assert (done.returncode == 0) == (fraction or _fraction_text(str(rate)))
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr


def _fraction_text(text: str) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return not math.isnan(value) and 0 <= value <= 1
