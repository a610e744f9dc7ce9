"""The command line behaves in pipes, terminals and locales: the real process, not a runner.

The tests start ``python -m blocknotation`` as a user's shell would, so ``main``'s handling
of broken pipes, usage errors and colours is what is tested; all but one of the usage errors,
which ``main`` reports the same in any process, are run in the test process.
"""

from __future__ import annotations

import base64
import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from blocknotation.basics.limits import MAX_INPUT_BYTES

from inprocess import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GOOD = SAMPLES / "three-players.block"
#: A record with a rule error (P403 at 5:1) and a warning (E501 at 6:1).
BAD = b'[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 5-5\nAda: 2-2 R\n'
ESC = b"\x1b["


def blocknot(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "blocknotation", *args], input=stdin, capture_output=True,
        env={**os.environ, **(env or {})}, timeout=timeout, check=False,
    )


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    path = tmp_path / "tavolo-Nicolò.txt"  # a name that is not ASCII, as users' names are
    path.write_bytes(BAD)
    return path


# --- pipes ---------------------------------------------------------------------------------


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`blocknot validate big.txt | head -1`: the pipe closes under a long report."""
    big = tmp_path / "big.txt"
    big.write_bytes(BAD * 3000)  # ~30,000 report lines, far beyond a pipe's buffer
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", str(big)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    status = process.wait(timeout=60)
    error = process.stderr.read()
    process.stderr.close()
    assert first.startswith(str(big).encode() + b":5:1: error")
    assert b"Traceback" not in error and b"Exception" not in error, error
    assert error == b""
    assert status == 141  # as a tool stopped by SIGPIPE; never 1, which means "an error"


# --- colours -------------------------------------------------------------------------------


def _on_terminal(*args: str, env: dict[str, str] | None = None) -> bytes:
    """The output of blocknot run with a pseudo-terminal as its standard output."""
    main, secondary = os.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment["TERM"] = "xterm"  # whatever the terminal running the tests is
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", *args], stdout=secondary,
        stderr=subprocess.DEVNULL, env={**environment, **(env or {})},
    )
    os.close(secondary)
    chunks = []
    while True:
        ready, _, _ = select.select([main], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal's other end closed: all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=30)
    os.close(main)
    return b"".join(chunks)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_colours_only_on_a_terminal_and_never_with_no_color(bad_file: Path) -> None:
    coloured = _on_terminal("validate", "--lang", "en", str(bad_file))
    assert ESC in coloured and b" P403 " in coloured
    for plain in (
        _on_terminal("validate", "--lang", "en", "--no-color", str(bad_file)),
        _on_terminal("validate", "--lang", "en", str(bad_file), env={"NO_COLOR": "1"}),
        blocknot("validate", "--lang", "en", str(bad_file)).stdout,
    ):
        assert b" P403 " in plain and ESC not in plain


# --- streams -------------------------------------------------------------------------------


def test_json_on_standard_output_is_nothing_but_json(bad_file: Path) -> None:
    done = blocknot("validate", "--format", "json", str(bad_file), str(GOOD))
    assert done.returncode == 1
    assert done.stderr == b""
    files = json.loads(done.stdout)["files"]
    assert [f["valid"] for f in files] == [False, True]

    converted = blocknot("convert", str(GOOD))
    assert converted.returncode == 0 and converted.stderr == b""
    assert json.loads(converted.stdout)["games"]

    bad_file.write_bytes(BAD + b"Bea: 1-2 }\n")
    refused = blocknot("convert", str(bad_file))
    assert refused.returncode == 1
    assert refused.stdout == b""
    assert refused.stderr.startswith(f"{bad_file}:7:10: error S001".encode())


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["validate", "missing.txt"], b"blocknot: cannot read missing.txt: "),
        (["convert", "missing.txt"], b"blocknot: cannot read missing.txt: "),
        (["validate", str(SAMPLES.parent / "docs")], b"blocknot: no record to check in "),
        (["validate", "missing\x1b[2J.txt"], b"blocknot: cannot read missing<U+001B>[2J.txt"),
        (["validate", "--format", "xml", "x.txt"], b"blocknot: Invalid value for '--format'"),
        (["validate", "--bogus", "x.txt"], b"blocknot: No such option '--bogus'"),
        (["validate"], b"blocknot: Missing argument"),
        (["convert", "x.txt", "--to", "yaml"], b"blocknot: Invalid value for '--to'"),
        (["validate", "--select", "Q9", str(GOOD)], b"blocknot: unknown code or prefix 'Q9'"),
        (["rules", "X999"], b"blocknot: unknown code 'X999'"),
        (["frobnicate"], b"blocknot: No such command 'frobnicate'"),
    ],
)
def test_usage_errors_exit_2_with_one_line_saying_why(args: list[str], says: bytes) -> None:
    # ``main`` turns a usage error into its line and status; the first case runs in a process
    # of its own, the others in the test process (``tests/inprocess.py``).
    done = blocknot(*args) if args == ["validate", "missing.txt"] else run(*args)
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.startswith(says)
    assert done.stderr.count(b"\n") == 1 and done.stderr.endswith(b"\n")
    assert ESC not in done.stderr


def test_endless_input_is_refused_not_swallowed() -> None:
    """More than MAX_INPUT_BYTES on standard input: read up to the limit, then S001."""
    flood = b'[Players "Ada Bea"]\n' + b"# " + b"x" * 60 + b"\n"
    flood *= MAX_INPUT_BYTES // len(flood) + 2
    done = blocknot("convert", "-", stdin=flood)
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.startswith(
        b"<stdin>:1:1: error S001 the game that starts here is larger than "
    )


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    if sys.platform == "darwin":  # pragma: no cover - macOS refuses such names
        pytest.skip("the file system insists on UTF-8 names")
    path = os.path.join(os.fsencode(tmp_path), b"tavolo-\xe9.txt")
    with open(path, "wb") as handle:
        handle.write(BAD)
    shown = os.fsdecode(path)
    done = blocknot("validate", "--format", "text", shown)
    assert done.returncode == 1, done.stderr
    assert b"tavolo-<U+DCE9>.txt" in done.stdout
    # JSON: U+FFFD in ``path``, the exact bytes in ``path_bytes`` (base64), no lone surrogate.
    done = blocknot("validate", "--format", "json", shown)
    assert done.returncode == 1, done.stderr
    entry = json.loads(done.stdout)["files"][0]
    assert entry["path"].endswith("tavolo-\ufffd.txt")
    assert base64.b64decode(entry["path_bytes"]) == path
    assert b"\\udc" not in done.stdout


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_line_is_refused_in_bounded_memory() -> None:
    import resource

    def limit_memory() -> None:  # a blow-up ends in MemoryError, not in the machine swapping
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    for command in ("validate", "convert"):
        done = subprocess.run(
            [sys.executable, "-m", "blocknotation", command, "/dev/zero"], capture_output=True,
            timeout=60, preexec_fn=limit_memory, check=False,
        )
        assert done.returncode == 1, done.stderr
        # NUL bytes (S003) or a line too long (S001), whichever the reader meets first.
        assert re.search(rb"/dev/zero:1:1: error S00[13]", done.stdout + done.stderr)


def test_a_crash_is_one_line_and_status_70() -> None:
    """An internal error (simulated: validation replaced by a failing one) is not a traceback."""
    # The failure goes in where every game is checked, above the engine.
    crash = (
        "import sys\n"
        "import blocknotation.pipeline as v\n"
        "from blocknotation.cli.commands import main\n"
        "def validate_chunk(*args, **keywords):\n"
        "    raise RuntimeError('simulated')\n"
        "v.validate_chunk = validate_chunk\n"
        "main(sys.argv[1:])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", crash, "validate", str(GOOD)], capture_output=True, timeout=60,
        env={k: v for k, v in os.environ.items() if k != "BLOCKNOT_DEBUG"}, check=False,
    )
    assert done.returncode == 70
    assert done.stderr.startswith(b"blocknot: internal error (RuntimeError)")
    assert done.stderr.count(b"\n") == 1
    assert b"Traceback" not in done.stderr


# --- the same bytes everywhere ---------------------------------------------------------------


# JSON under the ``slow`` marker (``--run-slow``, as .ci/run runs it): a dozen processes each.
@pytest.mark.parametrize("fmt", ["text", pytest.param("json", marks=pytest.mark.slow)])
def test_output_is_byte_identical_across_runs_and_locales(bad_file: Path, fmt: str) -> None:
    args = ("validate", "--format", fmt, "--lang", "en", str(bad_file), str(GOOD))
    outputs = {
        blocknot(*args, env=env).stdout
        for env in (
            {"LANG": "C", "LC_ALL": "C", "PYTHONHASHSEED": "1"},
            {"LANG": "C.UTF-8", "LC_ALL": "", "PYTHONHASHSEED": "2"},
            {"LANG": "it_IT.UTF-8", "LC_ALL": "it_IT.UTF-8", "PYTHONHASHSEED": "3"},
            {"LANG": "it_IT.UTF-8", "LC_ALL": "", "PYTHONIOENCODING": "latin-1"},
        )
    }
    assert len(outputs) == 1
    (output,) = outputs
    assert b"P403" in output and "Nicolò".encode() in output  # UTF-8, whatever the locale


def test_conversion_is_byte_identical_across_locales() -> None:
    outputs = {
        blocknot("convert", str(GOOD), "--to", "text", env=env).stdout
        for env in ({"LC_ALL": "C"}, {"LC_ALL": "it_IT.UTF-8", "PYTHONHASHSEED": "7"})
    }
    assert outputs == {blocknot("convert", str(GOOD), "--to", "text").stdout}
