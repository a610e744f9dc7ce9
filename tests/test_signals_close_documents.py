"""SIGTERM, like SIGINT, leaves a whole document: JSON, JSON Lines, SARIF and JUnit are closed,
marked interrupted, with the files reported whole so far (exit 130 or 143, one line on
standard error).  With workers, a SIGTERM to the whole process group ends every process
quietly: no traceback from any worker, however many there are.

Each run is a real process that waits on a FIFO, so that the signal comes while it reads.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "samples" / "three-players.block").read_bytes()
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}
SAID = {signal.SIGINT: b"blocknot: interrupted\n", signal.SIGTERM: b"blocknot: terminated\n"}

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals and FIFOs")


def interrupted(tmp_path: Path, sent: signal.Signals, *args: str) -> tuple[list[str], bytes]:
    """Run ``validate ARGS first.block second.block pipe.block`` and send ``sent`` while the
    third file is being read; the paths of the two files read whole, and the output."""
    first, second, fifo = tmp_path / "first.block", tmp_path / "second.block", tmp_path / "p"
    first.write_bytes(GOOD)
    second.write_bytes(GOOD)
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", "--isolated", *args, str(first),
         str(second), str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    with open(fifo, "wb") as writer:  # the command is reading the third file
        writer.write(GOOD[:200])
        writer.flush()
        time.sleep(0.2)
        process.send_signal(sent)
        try:
            out, error = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:  # a signal missed between two system calls
            process.send_signal(sent)
            out, error = process.communicate(timeout=60)
    assert process.returncode == STATUS[sent]
    assert error.lstrip(b"\n") == SAID[sent]
    return [str(first), str(second)], out


SIGNALS = [signal.SIGINT, signal.SIGTERM]


@pytest.mark.parametrize("sent", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_is_closed(tmp_path: Path, sent: signal.Signals, jobs: str) -> None:
    whole, out = interrupted(tmp_path, sent, "--format", "json", "--jobs", jobs)
    document = json.loads(out)
    assert document["interrupted"] is True
    assert [f["path"] for f in document["files"]] == whole
    assert all(f["valid"] for f in document["files"])


@pytest.mark.parametrize("sent", SIGNALS, ids=lambda s: s.name)
def test_json_lines_end_with_interrupted(tmp_path: Path, sent: signal.Signals) -> None:
    whole, out = interrupted(tmp_path, sent, "--format", "jsonl")
    objects = [json.loads(line) for line in out.decode().splitlines()]
    assert objects[-1] == {"interrupted": True}
    assert [o["path"] for o in objects[:-1]] == whole  # a game each


@pytest.mark.parametrize("sent", SIGNALS, ids=lambda s: s.name)
def test_sarif_says_the_run_was_interrupted(tmp_path: Path, sent: signal.Signals) -> None:
    whole, out = interrupted(tmp_path, sent, "--format", "sarif")
    (run,) = json.loads(out)["runs"]
    assert run["invocations"] == [{"executionSuccessful": False,
                                   "properties": {"interrupted": True}}]
    assert [a["location"]["uri"] for a in run["artifacts"]] == [
        Path(p).as_uri() for p in whole]


@pytest.mark.parametrize("sent", SIGNALS, ids=lambda s: s.name)
def test_junit_holds_the_files_read_whole(tmp_path: Path, sent: signal.Signals) -> None:
    whole, out = interrupted(tmp_path, sent, "--format", "junit")
    root = ET.fromstring(out)
    assert root.get("interrupted") == "true"
    assert [suite.get("name") for suite in root.findall("testsuite")] == whole
    assert root.get("tests") == "2"


def test_sigterm_to_a_group_of_many_workers_is_one_quiet_line(tmp_path: Path) -> None:
    for number in range(40):
        (tmp_path / f"{number:02}.block").write_bytes(b"\n".join([GOOD] * 40))
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", "--isolated", "--format", "json",
         "--jobs", "16", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True, env={**os.environ, "LC_ALL": "C"},
    )
    assert process.stdout is not None
    head = os.read(process.stdout.fileno(), 20)  # well under way: workers started
    os.killpg(process.pid, signal.SIGTERM)
    rest, error = process.communicate(timeout=60)
    assert process.returncode == 143
    lines = error.decode().splitlines()
    assert lines[-1] == "blocknot: terminated"
    assert all(line.startswith("blocknot: warning: 16 worker processes") for line in lines[:-1])
    assert json.loads(head + rest)["interrupted"] is True


# One moment in every run, three more under the ``slow`` marker (``--run-slow``, as .ci/run
# runs it).
@pytest.mark.parametrize("seed", [1, *(pytest.param(seed, marks=pytest.mark.slow)
                                      for seed in (2, 3, 4))])
def test_sigterm_at_a_random_moment_leaves_a_whole_document(tmp_path: Path, seed: int) -> None:
    """The signal comes while the report waits on a full pipe, mostly: with PYTHONUNBUFFERED
    the write it interrupts once took part of an entry and dropped the rest."""
    names = []
    for number in range(30):
        path = tmp_path / f"{number:02}.block"
        path.write_bytes(b"\n".join([GOOD] * 20))
        names.append(str(path))
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", "--isolated", "--format", "json",
         "--jobs", "2", *names], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    head = os.read(process.stdout.fileno(), 20)  # the report has begun
    time.sleep(random.Random(seed).uniform(0.0, 1.5))
    process.send_signal(signal.SIGTERM)
    rest, error = process.communicate(timeout=60)
    document = json.loads(head + rest)
    paths = [entry["path"] for entry in document["files"]]
    assert paths == names[: len(paths)]
    assert all(len(entry["games"]) == 20 for entry in document["files"])
    if process.returncode == 143:
        assert document["interrupted"] is True
        assert error.endswith(b"blocknot: terminated\n")
    else:  # done before the signal came
        assert (process.returncode, paths, error) == (0, names, b"")
