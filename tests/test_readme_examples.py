"""Every example of README.md and of every page of docs/ is run, or checked, as printed.

The documents are README.md and every ``docs/*.md`` (a new page is covered as soon as it is
written; the pages the site makes at build time are read off blocknot itself). The fenced
blocks of each are read in order (the ``file:`` blocks of all of them make one workspace, so
two of them may not give one name different texts); each is one of these kinds:

- a **transcript**, a block whose first line starts with ``$ ``: each ``$`` line is a command
  (a line ending in ``\\`` goes on to the next) and the lines under it, up to the next ``$``
  line, are what it prints, standard output and standard error together as a terminal shows
  them. A block runs in one ``bash``, so a command sees the files the ones before it wrote, and
  ``$ echo $?`` shows the exit status of the command before it. A command must exit 0 unless
  the README shows its status so.
- an ``sh`` block: commands whose output is not shown; each must exit 0 (with ``pipefail``).
  A command that installs something (``pip install``) is run by ``.ci/run`` instead, in a
  fresh environment, and so is a command written there verbatim (the fuzz smoke, ten seconds):
  this test checks that ``.ci/run`` has the line.
- a ``python`` block, followed by a ``text`` block: the program, run in a new interpreter,
  prints exactly the text, and nothing on standard error.
- a ``toml`` block reads as TOML; a blocknot configuration (``# blocknot.toml`` on its first
  line, or a ``[tool.blocknot]`` table) is loaded by blocknot's reader, which gives back every
  value it sets.
- a ``yaml`` block reads as YAML; in a pre-commit configuration, a hook with the id of one of
  ``.pre-commit-hooks.yaml`` runs the same entry on the same files.
- a ``json`` block reads as JSON (one that shows a command's output takes ``json of:``).
- a block without a language and without ``$``: a record, or part of one with ``...`` for the
  lines left out, which reads without a syntax error.

A block of any other language fails ``test_every_block_is_checked`` until it gets a marker.

The blocks that start processes (transcripts, ``sh``, ``python``, ``part of``, ``json of``)
run, in the suite, for every block of the README and a sample of the pages' drawn with a
fixed seed (``in_sample``); ``pytest --run-slow``, as ``.ci/run`` runs it, runs every one.

An HTML comment on the line just before a block says what else it is:

- ``<!-- file: NAME -->``: the file NAME, written where the examples run, for a transcript
  that uses it;
- ``<!-- part of: COMMAND -->``: consecutive lines of what COMMAND prints;
- ``<!-- json of: COMMAND -->``: the JSON that COMMAND prints, laid out freely, a string
  written ``"…"`` standing for any string;
- ``<!-- not run: REASON -->``: left alone, for the reason given (keep these rare).

Commands run with nothing on standard input, in a temporary folder holding a copy of the
repository's data folders (COPIED), with the installed ``blocknot`` first on PATH. The
environment is made the same everywhere:
the C.UTF-8 locale (English messages, whatever the machine's locale), no ``GITHUB_ACTIONS``
(which would change the default format), no colour or blocknot variables, and Python
unbuffered, so that standard output and standard error interleave as on a terminal. Nothing
in the output is normalised: the examples name their files relative to that folder, so no
temporary path appears. A program a command needs that is missing (``jq``) skips the test
with its name, except under CI (``CI`` set), where it fails: ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from blocknotation import parse
from blocknotation.basics.config import load

from readme_blocks import Block, programs, read_blocks, run_session, transcript, without_comment

ROOT = Path(__file__).resolve().parent.parent
#: The documents whose examples are run: the README and every page of docs/.
DOCUMENTS = ("README.md", *sorted(p.relative_to(ROOT).as_posix()
                                  for p in (ROOT / "docs").glob("*.md")))
CI_LINES = {line.strip() for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()}
COPIED = ("samples", "docs", "blocknotation/examples", "tests/data", "tests/cases")
BUILTINS = {"echo", "printf", "cd", "export", "set", "test", "[", "true", "false", "exit"}
PER_DOCUMENT = {name: read_blocks((ROOT / name).read_text("utf-8")) for name in DOCUMENTS}
BLOCKS = [block for blocks in PER_DOCUMENT.values() for block in blocks]
NAMES = {id(block): name for name, blocks in PER_DOCUMENT.items() for block in blocks}
#: The output blocks: each one after a ``python`` block of the same document.
OUTPUTS = {BLOCKS.index(blocks[i + 1]) for blocks in PER_DOCUMENT.values()
           for i, b in enumerate(blocks[:-1]) if b.kind == "python"}
CHECKED = {"transcript", "sh", "python", "toml", "yaml", "json", "record", "file", "part of",
           "json of", "not run"}


#: The examples that start processes run on a sample of the pages' (one in ``SAMPLED``, drawn
#: with ``SEED`` from each block's page and text: the same every run, and a block keeps its
#: draw when lines move), the README's all; under the ``slow`` marker, every one of them.
SEED = 35
SAMPLED = 8


def in_sample(block: Block) -> bool:
    """Whether the suite runs ``block`` without ``--run-slow``: every block of the README, and
    one in ``SAMPLED`` of the pages', the same every run."""
    name = NAMES[id(block)]
    return name == "README.md" or random.Random(f"{SEED}:{name}:{block.text}").randrange(
        SAMPLED) == 0


def of_kind(*kinds: str, sampled: bool = False) -> list[Any]:
    """The blocks of ``kinds``; with ``sampled``, those outside the sample marked slow."""
    return [pytest.param(b, id=f"{NAMES[id(b)]}:{b.line}",
                         marks=() if not sampled or in_sample(b) else pytest.mark.slow)
            for b in BLOCKS if b.kind in kinds]


def environment() -> dict[str, str]:
    scripts = Path(sys.executable).parent
    assert (scripts / "blocknot").exists(), f"blocknot is not installed in {scripts}"
    dropped = ("LANG", "LANGUAGE", "TERM", "NO_COLOR", "FORCE_COLOR", "GITHUB_ACTIONS")
    env = {k: v for k, v in os.environ.items()
           if k not in dropped and not k.startswith(("LC_", "BLOCKNOT", "_BLOCKNOT"))}
    env.update(LC_ALL="C.UTF-8", PYTHONUNBUFFERED="1",
               PATH=os.pathsep.join([str(scripts), env.get("PATH", os.defpath)]))
    return env


ENV = environment()


def workspace(folder: Path) -> Path:
    """``folder`` with the repository's data folders and the README's ``file:`` blocks."""
    for name in COPIED:
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    for block in BLOCKS:
        if block.marker and block.marker[0] == "file":
            (folder / block.marker[1]).write_text(block.text, encoding="utf-8")
    return folder


def require_programs(commands: list[str]) -> None:
    needed = set().union(*(programs(c) for c in commands)) - BUILTINS
    missing = sorted(p for p in needed if shutil.which(p, path=ENV["PATH"]) is None)
    if missing and os.environ.get("CI"):
        pytest.fail(f"{', '.join(missing)} missing: .ci/run installs it")
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed here (CI installs it)")


def test_every_block_is_checked() -> None:
    """A block of a new kind, or a comment before a block that is not a marker, is a README
    example nobody runs: give it a kind above, a marker, or ``<!-- not run: REASON -->``."""
    unchecked = [(b.line, b.lang, b.before) for i, b in enumerate(BLOCKS)
                 if (b.kind not in CHECKED and i not in OUTPUTS)
                 or (b.before.startswith("<!--") and b.marker is None)]
    assert unchecked == []
    assert {b.kind for b in BLOCKS} >= {"transcript", "sh", "python", "record"}


def test_every_file_block_is_used() -> None:
    names = [b.marker[1] for b in BLOCKS if b.marker and b.marker[0] == "file"]
    commands = " ".join([s.command for b in BLOCKS if b.kind == "transcript"
                         for s in transcript(b.text)]
                        + [b.marker[1] for b in BLOCKS if b.kind in ("part of", "json of")])
    assert [n for n in names if n not in shlex.split(commands)] == []


def test_file_blocks_agree_on_their_names() -> None:
    """The pages share one workspace: a name is one file, whichever page shows it."""
    texts: dict[str, set[str]] = {}
    for b in BLOCKS:
        if b.marker and b.marker[0] == "file":
            texts.setdefault(b.marker[1], set()).add(b.text)
    assert {name: len(found) for name, found in texts.items() if len(found) > 1} == {}
    assert "blocknot.toml" not in texts, "it would configure every example of every page"


def test_the_sample_is_seeded_and_a_part() -> None:
    run = [b for b in BLOCKS if b.kind in ("transcript", "sh", "python", "part of", "json of")]
    drawn = [b for b in run if in_sample(b)]
    assert drawn == [b for b in run if in_sample(b)]
    assert all(in_sample(b) for b in run if NAMES[id(b)] == "README.md")
    pages = [b for b in run if NAMES[id(b)] != "README.md"]
    assert 0 < len([b for b in pages if in_sample(b)]) < len(pages) / 2


def test_every_page_is_read() -> None:
    assert {"README.md", "docs/tutorial.md", "docs/notation.md", "docs/ci.md"} <= set(DOCUMENTS)


@pytest.mark.parametrize("block", of_kind("transcript", sampled=True))
def test_transcript_prints_what_the_readme_shows(block: Block, tmp_path: Path) -> None:
    steps = transcript(block.text)
    require_programs([s.command for s in steps])
    results = run_session([s.command for s in steps], workspace(tmp_path), ENV)
    assert [(s.command, out) for s, (out, _) in zip(steps, results, strict=True)] == [
        (s.command, s.shown) for s in steps]
    for at, (step, (_, status)) in enumerate(zip(steps, results, strict=True)):
        shown = at + 1 < len(steps) and steps[at + 1].command == "echo $?"
        assert status == 0 or shown, f"`{step.command}` exits {status}: show it with `$ echo $?`"


@pytest.mark.parametrize("block", of_kind("sh", sampled=True))
def test_commands_run(block: Block, tmp_path: Path) -> None:
    lines = [without_comment(x) for x in block.text.splitlines()]
    lines = [x for x in lines if x]
    elsewhere = [x for x in lines if "pip install" in x or x in CI_LINES]
    assert [x for x in elsewhere if x not in CI_LINES] == [], "not run verbatim by .ci/run"
    here = [x for x in lines if x not in elsewhere]
    if not here:
        return
    require_programs(here)
    results = run_session(here, workspace(tmp_path), ENV, pipefail=True)
    assert [(x, s) for x, (_, s) in zip(here, results, strict=True) if s] == [], results


@pytest.mark.parametrize("block", of_kind("python", sampled=True))
def test_program_prints_the_text_after_it(block: Block, tmp_path: Path) -> None:
    shown = BLOCKS[BLOCKS.index(block) + 1]
    assert shown.lang == "text", "a python example is followed by a ```text block of its output"
    done = subprocess.run([sys.executable, "-c", block.text], cwd=workspace(tmp_path), env=ENV,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=120,
                          check=False)
    assert (done.stdout.decode("utf-8"), done.stderr.decode("utf-8"), done.returncode) == (
        shown.text, "", 0)


@pytest.mark.parametrize("block", of_kind("part of", sampled=True))
def test_block_is_part_of_what_the_command_prints(block: Block, tmp_path: Path) -> None:
    assert block.marker is not None
    require_programs([block.marker[1]])
    [(printed, _)] = run_session([block.marker[1]], workspace(tmp_path), ENV)
    lines, out = block.text.splitlines(), printed.splitlines()
    assert any(out[i:i + len(lines)] == lines for i in range(len(out))), (
        f"not consecutive lines of what `{block.marker[1]}` prints")


def _matches(shown: Any, real: Any) -> bool:
    if shown == "…":
        return isinstance(real, str)
    if isinstance(shown, dict) and isinstance(real, dict):
        return list(shown) == list(real) and all(_matches(shown[k], real[k]) for k in shown)
    if isinstance(shown, list) and isinstance(real, list):
        return len(shown) == len(real) and all(map(_matches, shown, real))
    return type(shown) is type(real) and shown == real


@pytest.mark.parametrize("block", of_kind("json of", "json", sampled=True))
def test_json_is_what_the_command_prints(block: Block, tmp_path: Path) -> None:
    """A command's JSON (``json of:``) as it prints it; other JSON, such as settings, reads."""
    shown = json.loads(block.text)
    if block.marker is None:
        return
    [(printed, _)] = run_session([block.marker[1]], workspace(tmp_path), ENV)
    assert _matches(shown, json.loads(printed)), printed


@pytest.mark.parametrize("block", of_kind("record"))
def test_record_reads_without_a_syntax_error(block: Block) -> None:
    text = "".join(x for x in block.text.splitlines(True) if x.strip() != "...")
    result = parse(text)
    assert [(d.code, d.line, d.message.render()) for d in result.diagnostics] == []
    assert result.records.games, "a record block holds a game"


@pytest.mark.parametrize("block", of_kind("toml"))
def test_configuration_loads_with_every_value(block: Block, tmp_path: Path) -> None:
    data = tomllib.loads(block.text)
    if "blocknot" in data.get("tool", {}):
        path, data = tmp_path / "pyproject.toml", data["tool"]["blocknot"]
    elif block.text.startswith("# blocknot.toml"):
        path = tmp_path / "blocknot.toml"
    else:
        return  # another tool's TOML: that it reads is all that can be said here
    path.write_text(block.text, encoding="utf-8")
    config = load(str(path))
    for key, value in data.items():
        got = getattr(config, key.replace("-", "_"))
        if isinstance(value, dict):
            value = tuple((k, tuple(v)) for k, v in value.items())
        assert got == (tuple(value) if isinstance(value, list) else value), key


@pytest.mark.parametrize("block", of_kind("yaml"))
def test_hooks_are_the_shipped_ones(block: Block) -> None:
    data = yaml.safe_load(block.text)
    if not (isinstance(data, dict) and "repos" in data):
        return  # not a pre-commit configuration: that it reads is all that can be said here
    shipped = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    hooks = [h for repo in data["repos"] for h in repo["hooks"]]
    assert hooks and all(h["id"] in shipped for h in hooks)
    for hook in hooks:
        assert (hook["entry"], hook["files"]) == (shipped[hook["id"]]["entry"],
                                                  shipped[hook["id"]]["files"])


@pytest.mark.parametrize("block", of_kind("not run"))
def test_a_block_not_run_says_why(block: Block) -> None:
    assert block.marker is not None and len(block.marker[1].split()) >= 3
