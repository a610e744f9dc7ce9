"""Run the ``blocknot`` command inside the test process.

``run("validate", path)`` calls the click group's ``main`` (``blocknotation.cli.commands``),
with standard input, output and error swapped for memory by click's ``CliRunner``, and returns
what ``subprocess.run`` would: the exit status, standard output and standard error as bytes.
It spares a test the start-up of a new interpreter (a tenth of a second or more) when what it
checks does not depend on being a separate process; signals, pipes, closed or full
descriptors, resource limits and the installed entry point are tested in real processes, and
``--jobs`` other than 1 always runs in one (its workers are processes of their own).
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from blocknotation.cli.commands import main


@dataclass(frozen=True)
class Done:
    """What a finished command left: as ``subprocess.CompletedProcess`` with bytes."""

    returncode: int
    stdout: bytes
    stderr: bytes


@dataclass(frozen=True)
class TextDone:
    """What a finished command left, as ``subprocess.run(..., text=True)`` gives it: standard
    output and error decoded from UTF-8, each line end (CRLF, CR) read as a line feed."""

    returncode: int
    stdout: str
    stderr: str


def _text(data: bytes) -> str:
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@contextmanager
def _working_directory(path: Path | str | None) -> Iterator[None]:
    if path is None:
        yield
        return
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def _parallel(args: tuple[str, ...]) -> bool:
    """Whether ``args`` ask for worker processes (``--jobs N``, ``-j N``, N other than 1):
    those are not forked from a test process, whose threads a fork would not carry over."""
    for option, value in itertools.pairwise(args):
        if option in ("--jobs", "-j") and value != "1":
            return True
    return any(a.startswith("--jobs=") and a != "--jobs=1" for a in args)


def _in_a_process(args: tuple[str, ...], stdin: bytes | str | None,
                  env: Mapping[str, str] | None, cwd: Path | str | None) -> Done:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run([sys.executable, "-m", "blocknotation", *args], input=data or b"",
                          capture_output=True, env=env, cwd=cwd, timeout=300, check=False)
    return Done(done.returncode, done.stdout, done.stderr)


def run(*args: str, stdin: bytes | str | None = b"", env: Mapping[str, str] | None = None,
        cwd: Path | str | None = None) -> Done:
    """Run ``blocknot ARGS…`` in this process. ``env``, when given, is the whole environment
    (as for ``subprocess.run``), not additions to it."""
    if _parallel(args):
        return _in_a_process(args, stdin, env, cwd)
    runner = CliRunner()
    overrides: dict[str, str | None] | None = None
    if env is not None:
        overrides = {name: None for name in os.environ if name not in env}
        overrides.update(env)
    status: int = 0
    with _working_directory(cwd), runner.isolation(input=stdin, env=overrides) as (out, err, _):
        try:
            main(list(args))
        except SystemExit as done:
            # As the interpreter exits: no code is 0, a message is 1 (printed by the caller).
            status = 0 if done.code is None else done.code if isinstance(done.code, int) else 1
        sys.stdout.flush()  # as a process's exit would
        sys.stderr.flush()
    return Done(status, out.getvalue(), err.getvalue())


def run_text(*args: str, stdin: str | None = "", env: Mapping[str, str] | None = None,
             cwd: Path | str | None = None) -> TextDone:
    """``run`` with text in and out, as ``subprocess.run(..., text=True)``."""
    done = run(*args, stdin=None if stdin is None else stdin.encode("utf-8"), env=env, cwd=cwd)
    return TextDone(done.returncode, _text(done.stdout), _text(done.stderr))


def run_utf8(*args: str, stdin: bytes | str | None = b"", env: Mapping[str, str] | None = None,
             cwd: Path | str | None = None) -> TextDone:
    """``run`` with standard output and error decoded from UTF-8 as they are (no line ends
    changed), as ``subprocess.run(...).stdout.decode()`` gives them."""
    done = run(*args, stdin=stdin, env=env, cwd=cwd)
    return TextDone(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))
