"""Start-up stays light: what needs neither the parser nor the records does not load them.

An import check, not a timing: ``--version`` and ``--help`` never import lark or pydantic,
and neither does validating a clean record, which the quick way reads without records, nor
converting it to JSON, which is written from what the quick way reads.  Nor does a one-game
``validate`` load what only other options, inputs or commands need (``benchmarks/run.py``
measures the time).
"""

from __future__ import annotations

import ast
import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unmeasured import UNMEASURED

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "three-players.block"
#: A plain run's environment: coverage's start-up (.ci/run) loads modules of its own.
PLAIN = UNMEASURED

RUN = (
    "import sys\n"
    "from blocknotation.cli.commands import main\n"
    "try:\n"
    "    main(sys.argv[1:])\n"
    "except SystemExit:\n"
    "    pass\n"
)
LOADED = RUN + (
    "heavy = {m.split('.')[0] for m in sys.modules} & {'lark', 'pydantic'}\n"
    "sys.stderr.write(repr(sorted(heavy)))\n"
)
#: Every module loaded, written to standard error.
MODULES = RUN + "sys.stderr.write(repr(sorted(sys.modules)))\n"


@pytest.mark.parametrize(
    "args",
    [["--version"], ["--help"], ["validate", "--help"], ["convert", "--help"],
     ["validate", str(SAMPLE)], ["validate", "--format", "json", str(SAMPLE)],
     ["convert", str(SAMPLE)], ["convert", "--to", "json", str(SAMPLE)]],
    ids=" ".join,
)
def test_light_commands_load_neither_lark_nor_pydantic(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True,
                          timeout=60, check=False, env=PLAIN)
    assert done.stderr.decode().endswith("[]"), done.stderr.decode()


def test_a_line_the_fast_reader_declines_loads_lark() -> None:
    """The check above can fail: a record with a syntax error does load the parser."""
    broken = "import sys\nfrom blocknotation.pipeline import validate_bytes\n" \
             "validate_bytes(b'[Players \"A B\"]\\nhand 1\\nA: 1-9\\n', 'x')\n" \
             "sys.stderr.write(repr('lark' in sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", broken], capture_output=True, timeout=60,
                          check=False, env=PLAIN)
    assert done.stderr.decode().endswith("True"), done.stderr.decode()


#: What a plain run does not need: pathspec and glob expand directories and globs, tomllib
#: reads a configuration file, gzip reads gzip input, click's shell_completion completes,
#: the other commands' modules, the JSON report's modules, and the parser and the records.
NOT_FOR_TEXT = {
    "lark", "pydantic", "pathspec", "glob", "tomllib", "gzip", "json", "tempfile", "shutil",
    "pathlib", "click.shell_completion", "blocknotation.cli.convert",
    "blocknotation.cli.format", "blocknotation.cli.schema", "blocknotation.cli.rules",
    "blocknotation.cli.generate", "blocknotation.run.gamewise",
    "blocknotation.formats.reports.report_json", "blocknotation.notation.records",
}
#: ``--version`` loads no command, no catalogue of codes and no engine.
NOT_FOR_VERSION = NOT_FOR_TEXT | {
    "blocknotation.cli.validate", "blocknotation.run.validate",
    "blocknotation.basics.codes", "blocknotation.engine", "blocknotation.pipeline",
}


def loaded(args: list[str], cwd: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", MODULES, *args], capture_output=True,
                          timeout=60, check=False, cwd=cwd, env=PLAIN)
    modules = done.stderr.decode()
    assert modules.startswith("["), modules
    return set(ast.literal_eval(modules))


@pytest.mark.parametrize(
    ("args", "left_out"),
    [(["--version"], NOT_FOR_VERSION),
     (["validate", str(SAMPLE)], NOT_FOR_TEXT),
     (["validate", "--format", "json", str(SAMPLE)],
      NOT_FOR_TEXT - {"json", "blocknotation.formats.reports.report_json"})],
    ids=["--version", "validate", "validate --format json"],
)
def test_a_plain_run_leaves_out_what_it_does_not_need(
        args: list[str], left_out: set[str], tmp_path: Path) -> None:
    # A record in an empty directory, checked from there: no configuration file is found
    # above it (nor above the current directory), so none is read.
    (tmp_path / SAMPLE.name).write_bytes(SAMPLE.read_bytes())
    args = [SAMPLE.name if arg == str(SAMPLE) else arg for arg in args]
    assert loaded(args, tmp_path) & left_out == set()


def test_the_check_of_what_is_left_out_can_fail(tmp_path: Path) -> None:
    """A directory to walk loads pathspec, a configuration file tomllib, and gzip input gzip."""
    (tmp_path / "blocknot.toml").write_text("strict = false\n", encoding="utf-8")
    (tmp_path / "one.block.gz").write_bytes(gzip.compress(SAMPLE.read_bytes()))
    found = loaded(["validate", str(tmp_path)], tmp_path)
    assert {"pathspec", "tomllib", "gzip"} <= found
    assert loaded(["validate", "--format", "jsonl", str(SAMPLE)], tmp_path) \
        & {"blocknotation.run.gamewise", "json"} == {"blocknotation.run.gamewise", "json"}


ENTRY = (
    "import sys\n"
    "from blocknotation.cli.entry import main\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as done:\n"
    "    sys.stderr.write(f'{done.code} ')\n"
    "sys.stderr.write(repr(sorted(sys.modules)))\n"
)


def test_the_version_is_told_without_click(tmp_path: Path) -> None:
    """``blocknot --version`` (the entry point) loads neither click nor the commands, and
    says what click's version option says (``commands.main``)."""
    done = subprocess.run([sys.executable, "-c", ENTRY, "--version"], capture_output=True,
                          timeout=60, check=False, cwd=tmp_path, env=PLAIN)
    status, modules = done.stderr.decode().split(" ", 1)
    assert {"click", "blocknotation.cli.commands"} & set(ast.literal_eval(modules)) == set()
    by_click = subprocess.run([sys.executable, "-c", RUN, "--version"], capture_output=True,
                              timeout=60, check=False, cwd=tmp_path, env=PLAIN)
    assert (status, done.stdout) == ("0", by_click.stdout) == ("0", b"blocknot 0.1.0\n")


@pytest.mark.parametrize("args", [["--version", "--help"], ["--version", "-x"], ["validate"]])
def test_anything_else_goes_to_click(args: list[str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True,
                          timeout=60, check=False, cwd=tmp_path, env=PLAIN)
    assert "'click'" in done.stderr.decode()


def test_a_completion_request_goes_to_click(tmp_path: Path) -> None:
    environment = dict(os.environ, _BLOCKNOT_COMPLETE="bash_source")
    done = subprocess.run([sys.executable, "-c", ENTRY, "--version"], capture_output=True,
                          timeout=60, check=False, cwd=tmp_path, env=environment)
    assert b"_BLOCKNOT_COMPLETE" in done.stdout and "'click'" in done.stderr.decode()
