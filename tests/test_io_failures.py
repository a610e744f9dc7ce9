"""Reliability at scale, through the real command: outputs that fail, inputs that vanish,
descriptor limits, signals.  No input, output or signal may end in an internal error (70).

Each test of a failure runs ``python -m blocknotation`` in a real process, as a shell would,
with the failure made real: ``/dev/full``, a closed descriptor, ``resource.setrlimit`` in a
``preexec_fn``, a file removed while the command waits on a FIFO, a signal.  Where no process
is needed (a missing directory, the mode of a new file, what the JSON report says) the command
runs in the test process (``tests/inprocess.py``).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from blocknotation.basics.limits import MAX_INPUT_BYTES
from blocknotation.simulator.writer import generate

from inprocess import run
from unmeasured import UNMEASURED

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GOOD = SAMPLES / "three-players.block"
#: Not a record: converting it is refused with exit 1.
NOT_A_RECORD = b"this is not a record\n"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux devices and limits")


def blocknot(
    *args: str, stdin: bytes | None = b"", preexec: Callable[[], None] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "blocknotation", *args], input=stdin, capture_output=True,
        preexec_fn=preexec, timeout=timeout, check=False,
        env=UNMEASURED if preexec is _small_file_limit else None,
    )


#: A remark line of the padding of ``big`` (about 180 bytes).
REMARK = "# " + "a long remark about the game, the table and the players, " * 3


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid record file of more than MAX_INPUT_BYTES (about 2.2 MB, 25 games), which the
    commands stream a game at a time.  Its size is mostly remarks, 480 lines before each game:
    every hand costs replaying and reporting, a comment line little, and the tests are about
    the size of the file, not the number of hands.  Every deal is written: such games are
    replayed the quick way (a record with hidden deals takes eight times longer)."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    games = generate(seed=7, games=25, partial=False, claims=True)
    padding = "\n".join([REMARK] * 480)
    path.write_text("\n".join(f"{padding}\n{game}" for game in games), encoding="utf-8")
    assert path.stat().st_size > MAX_INPUT_BYTES
    return path


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid record file of more than MAX_INPUT_BYTES (about 2.2 MB: 260 games, every deal
    written, each after 25 remark lines), whose record JSON (about 10 MB) is more than
    ``convert`` holds in memory (8 MB): it is spooled to a temporary file before it is
    written (``test_a_temporary_file_that_cannot_grow_is_exit_2`` shows that it is)."""
    path = tmp_path_factory.mktemp("many") / "many.txt"
    games = generate(seed=7, games=260, partial=False, claims=True)
    padding = "\n".join([REMARK] * 25)
    path.write_text("\n".join(f"{padding}\n{game}" for game in games), encoding="utf-8")
    assert path.stat().st_size > MAX_INPUT_BYTES
    return path


# --- 10: outputs that cannot be written --------------------------------------------------------

FULL = "No space left on device"


@pytest.mark.parametrize("args", [
    ("validate", str(GOOD)),
    ("validate", "--format", "json", str(GOOD)),
    ("validate", "--format", "annotated", str(GOOD)),
    ("validate", "--jobs", "2", str(GOOD)),
    ("convert", str(GOOD)),
    ("generate", "--games", "3"),
    ("rules",),
    ("rules", "E501"),
    ("schema",),
    ("--help",),
    ("--version",),
    ("validate", "--help"),
], ids=lambda a: " ".join(a).replace(str(GOOD), "FILE"))
def test_a_full_standard_output_is_exit_2_and_one_line(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "blocknotation", *args], stdout=full,
                              stderr=subprocess.PIPE, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.decode() == f"blocknot: cannot write standard output: {FULL}\n"


def test_a_full_output_file_is_named(many_games: Path) -> None:
    for args in (("convert", str(many_games), "-o", "/dev/full"),
                 ("convert", str(GOOD), "-o", "/dev/full"),
                 ("generate", "--games", "50", "-o", "/dev/full")):
        done = blocknot(*args)
        assert done.returncode == 2, args
        assert done.stderr.decode() == f"blocknot: cannot write /dev/full: {FULL}\n"
        assert done.stdout == b""


def _close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("args", [
    ("validate", str(GOOD)), ("validate", "--format", "annotated", str(GOOD)),
    ("convert", str(GOOD)), ("generate",), ("rules",), ("--help",), ("--version",),
], ids=lambda a: a[0] + ("-annotated" if "annotated" in a else ""))
def test_a_closed_standard_output_is_exit_2_and_one_line(args: tuple[str, ...]) -> None:
    done = blocknot(*args, preexec=_close_stdout)
    assert done.returncode == 2
    assert done.stderr == b"blocknot: cannot write standard output: Bad file descriptor\n"


def test_an_output_in_a_missing_directory_fails_before_any_work(tmp_path: Path) -> None:
    source = tmp_path / "not-a-record.txt"
    source.write_bytes(NOT_A_RECORD)  # converted first, this would be refused with exit 1
    done = run("convert", str(source), "-o", "/nonexistent/x.json")
    assert done.returncode == 2
    assert done.stderr == b"blocknot: cannot write /nonexistent/x.json: No such file or directory\n"
    done = run("generate", "--games", "2", "-o", str(tmp_path / "missing" / "g.txt"))
    assert done.returncode == 2 and done.stderr.startswith(b"blocknot: cannot write ")
    assert list(tmp_path.iterdir()) == [source]


def _small_file_limit() -> None:
    """At most 20 kB per file, and EFBIG instead of the SIGXFSZ that would kill the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


def test_a_file_size_limit_leaves_no_partial_file(tmp_path: Path) -> None:
    out = tmp_path / "games.txt"
    out.write_text("the old content\n", encoding="utf-8")
    done = blocknot("generate", "--games", "40", "-o", str(out), preexec=_small_file_limit)
    assert done.returncode == 2
    assert done.stderr == f"blocknot: cannot write {out}: File too large\n".encode()
    assert out.read_text(encoding="utf-8") == "the old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.txt"]


def test_an_output_file_is_written_whole_with_the_usual_mode(tmp_path: Path) -> None:
    out = tmp_path / "games.txt"
    done = run("generate", "--games", "3", "--seed", "4", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == run("generate", "--games", "3", "--seed", "4").stdout
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == ["games.txt"]


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupted_generate_leaves_no_partial_file(
    tmp_path: Path, sent: signal.Signals, status: int
) -> None:
    out = tmp_path / "games.txt"
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "generate", "--games", "1000000", "-o",
         str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    # Wait until the temporary file has content: the command is writing.
    for _ in range(6000):
        partial = [p for p in tmp_path.iterdir() if p.stat().st_size > 0]
        if partial or process.poll() is not None:
            break
        time.sleep(0.01)
    assert partial and partial[0].name.startswith(".blocknot-")
    process.send_signal(sent)
    assert process.wait(timeout=60) == status
    assert process.stderr is not None
    error = process.stderr.read()
    process.stderr.close()
    # (after ^C, a new line first, so that the message starts a line of its own)
    assert error.lstrip(b"\n") in (b"blocknot: interrupted\n", b"blocknot: terminated\n")
    assert list(tmp_path.iterdir()) == []


# --- 8, 9: many files, and files that vanish ---------------------------------------------------


#: Descriptors the command may hold open (a low limit, so that a few hundred files exceed it).
DESCRIPTORS = 128


def _few_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


# With workers under the ``slow`` marker (``--run-slow``, as .ci/run runs it).
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_more_files_than_descriptors(tmp_path: Path, jobs: str) -> None:
    game = GOOD.read_bytes()  # a whole game, and a short one: the files are what count here
    names = []
    for number in range(2 * DESCRIPTORS + 50):
        path = tmp_path / f"{number:04}.txt"
        path.write_bytes(game)
        names.append(str(path))
    done = blocknot("validate", "--format", "json", "--jobs", jobs, *names,
                    preexec=_few_descriptors)
    assert done.returncode == 0, done.stderr[-300:]
    files = json.loads(done.stdout)["files"]
    assert [f["path"] for f in files] == names
    assert all(f["valid"] and len(f["games"]) == 1 for f in files)


def _with_fifo(tmp_path: Path, args: list[str], removed: Path) -> tuple[int, bytes, bytes]:
    """Run ``validate ARGS``, where one argument is a FIFO: once the command opens it (the
    check of every file is done by then), ``removed`` is deleted, then a game is written."""
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    with open(fifo, "wb") as writer:  # returns once the command has opened the FIFO
        removed.unlink()
        writer.write(GOOD.read_bytes())
    out, error = process.communicate(timeout=60)
    return process.returncode, out, error


def test_a_file_removed_after_the_check_is_reported_in_its_own_entry(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(GOOD.read_bytes())
    status, out, error = _with_fifo(
        tmp_path, ["--format", "json", str(tmp_path / "pipe.txt"), str(victim), str(GOOD)],
        victim)
    assert status == 2
    assert error == f"blocknot: cannot read {victim}: No such file or directory\n".encode()
    files = json.loads(out)["files"]
    assert [f["valid"] for f in files] == [True, False, True]
    assert files[1] == {"path": str(victim), "valid": False, "errors": 0, "warnings": 0,
                        "suppressed": 0,
                        "unreadable": "No such file or directory", "diagnostics": [],
                        "games": []}
    assert files[0]["games"] == files[2]["games"]  # the others are whole


def test_a_file_removed_after_the_check_in_text_output(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(GOOD.read_bytes())
    pipe = tmp_path / "pipe.txt"
    status, out, error = _with_fifo(tmp_path, [str(pipe), str(victim), str(GOOD)], victim)
    assert status == 2
    assert error == f"blocknot: cannot read {victim}: No such file or directory\n".encode()
    result = "game 1: Zoë wins with 74 points (Nicolò 21, Łukasz 0)"
    assert out.decode().splitlines() == [
        f"{pipe}: {result}", f"{pipe}: 1 game, 4 hands, 0 errors, 0 warnings",
        f"{GOOD}: {result}", f"{GOOD}: 1 game, 4 hands, 0 errors, 0 warnings",
        "No problems found in 2 files; 1 file could not be read",
    ]


# --- SIGINT: the JSON document stays whole -----------------------------------------------------


def test_sigint_during_json_closes_the_document(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    second = tmp_path / "second.block"  # another file: one named twice is read once
    second.write_bytes(GOOD.read_bytes())
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", "--format", "json", str(GOOD),
         str(second), str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    with open(fifo, "wb") as writer:  # the command is reading the third file
        writer.write(GOOD.read_bytes()[:200])
        writer.flush()
        process.send_signal(signal.SIGINT)
        try:
            out, error = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            # CPython can miss a signal that lands between two system calls made by C code
            # (blocknot reads a system call at a time to narrow that window); a user would
            # press Ctrl-C again, and so does this test.
            process.send_signal(signal.SIGINT)
            out, error = process.communicate(timeout=60)
    assert process.returncode == 130
    assert error.lstrip(b"\n") == b"blocknot: interrupted\n"
    document = json.loads(out)
    assert document["interrupted"] is True
    # Each file read whole before the signal is in it (the second too: its entry is written
    # before the third file is read).
    assert [f["path"] for f in document["files"]] == [str(GOOD), str(second)]
    assert all(f["valid"] for f in document["files"])


# --- 1: annotated output of any size -----------------------------------------------------------


def test_annotated_output_of_a_file_larger_than_the_bound(big: Path, tmp_path: Path) -> None:
    done = blocknot("validate", "--format", "annotated", str(big), timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stderr == b""
    annotated = tmp_path / "annotated.txt"
    annotated.write_bytes(done.stdout)
    # The annotated text is the same record: the same games and hands, still clean (these
    # two need no process of their own).
    again = run("validate", "--quiet", str(annotated))
    first = run("validate", str(big))
    assert again.returncode == first.returncode == 0
    *results, summary = first.stdout.decode().splitlines()
    counts = summary.split(": ", 1)[1]
    assert counts.startswith("25 games, ") and counts.endswith(" 0 errors, 0 warnings")
    assert len(results) == 25
    assert again.stdout.decode() == ""  # --quiet: a clean file says nothing
    assert "\n#= game 25: " in done.stdout.decode()


# --- 6: the JSON says what the exit status says ------------------------------------------------

#: A record with a warning only (E501 at 6:1: the hand stops before it is over).
WARNED = b'[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-3 R\n'


def test_strict_json_valid_agrees_with_the_exit_status(tmp_path: Path) -> None:
    path = tmp_path / "warned.txt"
    path.write_bytes(WARNED)
    for strict, status in (((), 0), (("--strict",), 1)):
        done = run("validate", "--format", "json", *strict, str(path))
        entry = json.loads(done.stdout)["files"][0]
        assert done.returncode == status
        assert (entry["valid"], entry["errors"], entry["warnings"]) == (status == 0, 0, 1)


def test_syntax_errors_cannot_be_ignored_or_deselected(tmp_path: Path) -> None:
    path = tmp_path / "syntax.txt"
    path.write_bytes(b'[Players "Ada Bea"]\n\nhand 1\nAda 1-2\n')
    for option in (("--ignore", "S"), ("--ignore", "S001"), ("--select", "P4")):
        done = run("validate", "--format", "json", *option, str(path))
        entry = json.loads(done.stdout)["files"][0]
        assert done.returncode == 1, option
        assert entry["valid"] is False
        assert [(d["code"], d["line"], d["column"]) for d in entry["diagnostics"]] == [
            ("S001", 4, 5)]


# --- closed standard input, and readers that go away -------------------------------------------


def _close_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize("args", [
    ("validate", "-"), ("validate", "--format", "annotated", "-"), ("convert", "-"),
], ids=lambda a: " ".join(a))
def test_a_closed_standard_input_is_exit_2_and_one_line(args: tuple[str, ...]) -> None:
    done = blocknot(*args, stdin=None, preexec=_close_stdin)
    assert done.returncode == 2
    assert done.stderr == b"blocknot: cannot read standard input: it is closed\n"


@pytest.mark.parametrize("args", [
    ("validate", "--format", "json", "BIG"), ("convert", "BIG"),
    ("generate", "--games", "2000"),
], ids=lambda a: a[0] + ("-json" if "json" in a else ""))
def test_a_reader_that_goes_away_is_141_and_quiet(big: Path, args: tuple[str, ...]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", *(str(big) if a == "BIG" else a for a in args)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(100)
    process.stdout.close()
    status = process.wait(timeout=120)
    error = process.stderr.read()
    process.stderr.close()
    assert (status, error) == (141, b"")


def test_a_temporary_file_that_cannot_grow_is_exit_2(many_games: Path) -> None:
    """A large conversion spools its output (beyond 8 MB, to a temporary file) before writing
    it: a file size limit stops the spool, which is named, not taken for a bug."""
    done = blocknot("convert", str(many_games), preexec=_small_file_limit)
    assert done.returncode == 2
    assert done.stderr == b"blocknot: cannot write a temporary file: File too large\n"
    assert done.stdout == b""
