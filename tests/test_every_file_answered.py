"""Every file gets its own answer: a missing path, a dangling link, a file that cannot be
read, a name used as a directory, a FIFO, a socket.  Each gets an ``unreadable`` entry with
the reason in every format and a line on standard error; the other files are still checked,
and the exit status is 2.  Special files found by walking a directory are never opened: a FIFO
named ``*.block`` once blocked ``validate DIR`` for ever.

The runs are real processes with a timeout, so that a hang fails instead of waiting.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from blocknotation.formats.reports.sarif import artifact_uri
from blocknotation.run.inputs import FoundPath, NotRegular, open_input

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
SARIF_SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-schema-2.1.0.json"
FORMATS = ["text", "json", "jsonl", "sarif", "junit", "github"]

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="FIFOs, sockets, /proc")

#: (path, reason) of every file of ``hostile`` that cannot be read, in the order checked.
UNREADABLE = [
    ("records/dangling.block", "No such file or directory"),
    ("records/pipe.block", "it is a FIFO, not a regular file: not opened"),
    ("records/sock.block", "it is a socket, not a regular file: not opened"),
    ("missing.block", "No such file or directory"),
    ("records/z.block/x.block", "Not a directory"),
    ("/proc/self/mem", "Input/output error"),  # opens, but cannot be read
]
READ = ["records/a.block", "records/z.block"]
#: The arguments, and the paths in the order the reports give them.
ARGUMENTS = ["records", "missing.block", "records/z.block/x.block", "/proc/self/mem"]
ORDER = ["records/a.block", "records/dangling.block", "records/pipe.block",
         "records/sock.block", "records/z.block", "missing.block", "records/z.block/x.block",
         "/proc/self/mem"]


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    records = tmp_path / "records"
    records.mkdir()
    (records / "a.block").write_bytes(CLUB)
    (records / "z.block").write_bytes(CLUB)
    (records / "dangling.block").symlink_to(tmp_path / "nowhere")
    os.mkfifo(records / "pipe.block")
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(records / "sock.block"))
    listening.close()
    return tmp_path


def validate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "blocknotation", "validate", "--isolated",
                           *args], capture_output=True, text=True, cwd=cwd, timeout=60,
                          check=False, env={**os.environ, "LC_ALL": "C"})


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_file_has_an_answer_in_every_format(hostile: Path, fmt: str) -> None:
    done = validate(hostile, "--format", fmt, *ARGUMENTS)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f"blocknot: cannot read {path}: {reason}"
                                        for path, reason in UNREADABLE]
    reasons = dict(UNREADABLE)
    out = done.stdout
    if fmt == "text":
        *lines, total = out.splitlines()
        assert [line.split(":")[0] for line in lines if ": game " not in line] == READ
        assert total == (f"No problems found in {len(READ)} files; "
                         f"{len(UNREADABLE)} files could not be read")
    elif fmt == "json":
        files = json.loads(out)["files"]
        assert [f["path"] for f in files] == ORDER
        assert {f["path"]: f.get("unreadable") for f in files} == {
            path: reasons.get(path) for path in ORDER}
        assert [f["valid"] for f in files] == [path in READ for path in ORDER]
    elif fmt == "jsonl":
        objects = [json.loads(line) for line in out.splitlines()]
        assert [o["path"] for o in objects] == ORDER  # a game each for the files read
        assert {o["path"]: o.get("unreadable") for o in objects} == {
            path: reasons.get(path) for path in ORDER}
    elif fmt == "sarif":
        log = json.loads(out)
        jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text("utf-8"))).validate(log)
        (invocation,) = log["runs"][0]["invocations"]
        told = [(n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                 n["message"]["text"]) for n in invocation["toolExecutionNotifications"]]
        assert told == [(artifact_uri(path), f"cannot read {path}: {reason}")
                        for path, reason in UNREADABLE]
        assert [a["location"]["uri"] for a in log["runs"][0]["artifacts"]] == [
            artifact_uri(path) for path in ORDER]
        assert invocation["executionSuccessful"] is True  # it ran to its end
    elif fmt == "junit":
        suites = ET.fromstring(out).findall("testsuite")
        assert [s.get("name") for s in suites] == ORDER
        errors = {s.get("name"): s.find("testcase/error") for s in suites}
        assert {name: None if e is None else e.get("message") for name, e in errors.items()} \
            == {p: f"cannot read {p}: {reasons[p]}" if p in reasons else None for p in ORDER}
    else:
        assert out.splitlines() == [f"::error file={path.replace(':', '%3A')},title=unreadable"
                                    f"::cannot read {path}: {reason}"
                                    for path, reason in UNREADABLE]


def test_the_same_answers_with_workers(hostile: Path) -> None:
    one = validate(hostile, "--format", "json", *ARGUMENTS)
    two = validate(hostile, "--format", "json", "--jobs", "2", *ARGUMENTS)
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


def test_a_fifo_named_on_the_command_line_is_read_as_cat_reads_it(hostile: Path) -> None:
    fifo = hostile / "records" / "pipe.block"
    process = subprocess.Popen([sys.executable, "-m", "blocknotation", "validate",
                                "--isolated", str(fifo)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    with open(fifo, "wb") as writer:
        writer.write(CLUB)
    out, error = process.communicate(timeout=60)
    assert (process.returncode, error) == (0, b"")
    assert out.decode().splitlines()[-1].startswith(f"{fifo}: 1 game, ")


def test_special_files_found_are_never_opened(hostile: Path) -> None:
    records = hostile / "records"
    for name, kind in (("pipe.block", "a FIFO"), ("sock.block", "a socket")):
        with pytest.raises(NotRegular) as refused:
            open_input(FoundPath(records / name))
        assert str(refused.value) == f"it is {kind}, not a regular file: not opened"
    with pytest.raises(NotRegular, match="it is a directory"):
        open_input(FoundPath(records))
    if Path("/dev/null").exists():
        with pytest.raises(NotRegular, match="a character device"):
            open_input(FoundPath("/dev/null"))
    with open_input(FoundPath(records / "a.block")) as handle:
        assert handle.read() == CLUB
    with open_input("/dev/null") as handle:  # named by the user: opened as it is
        assert handle.read() == b""


def test_two_links_to_one_missing_file_get_an_answer_each(tmp_path: Path) -> None:
    # Two names of one file that exists are one file, checked once; two links to one
    # file that does not exist are two names told they cannot be read (was: one answer).
    (tmp_path / "a.block").symlink_to(tmp_path / "nowhere")
    (tmp_path / "b.block").symlink_to(tmp_path / "nowhere")
    (tmp_path / "real.block").write_bytes(CLUB)
    (tmp_path / "again.block").symlink_to(tmp_path / "real.block")
    done = validate(tmp_path, "--format", "json", "a.block", "b.block", "real.block",
                    "again.block")
    assert done.returncode == 2, done.stderr
    files = json.loads(done.stdout)["files"]
    assert [(f["path"], f.get("unreadable")) for f in files] == [
        ("a.block", "No such file or directory"), ("b.block", "No such file or directory"),
        ("real.block", None)]


def test_standings_tells_each_reason_in_the_language_asked(hostile: Path) -> None:
    """The reasons of the files that gave no game, as ``validate --lang it`` tells them."""
    done = subprocess.run([sys.executable, "-m", "blocknotation", "--lang", "it", "standings",
                           "--isolated", "records"], capture_output=True, text=True,
                          cwd=hostile, timeout=60, check=False, env={**os.environ,
                                                                     "LC_ALL": "C"})
    assert done.returncode == 2
    told = [line.strip() for line in done.stdout.splitlines() if line.startswith("  records/")]
    assert told == [
        "records/dangling.block (impossibile leggere: file o directory inesistente)",
        "records/pipe.block (impossibile leggere: è una FIFO, non un file regolare: non viene "
        "aperto)",
        "records/sock.block (impossibile leggere: è un socket, non un file regolare: non viene "
        "aperto)",
    ]
    html = subprocess.run([sys.executable, "-m", "blocknotation", "standings", "--lang", "it",
                           "--isolated", "--format", "html", "records"], capture_output=True,
                          text=True, cwd=hostile, timeout=60, check=False).stdout
    assert "impossibile leggere: file o directory inesistente" in html
    english = subprocess.run([sys.executable, "-m", "blocknotation", "standings", "--lang", "it",
                              "--isolated", "--format", "json", "records"],
                             capture_output=True, text=True, cwd=hostile, timeout=60,
                             check=False).stdout
    reasons = [f["reason"] for f in json.loads(english)["no_game"]]
    assert reasons == ["No such file or directory",
                       "it is a FIFO, not a regular file: not opened",
                       "it is a socket, not a regular file: not opened"]
