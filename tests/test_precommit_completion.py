"""The pre-commit hook runs `blocknot validate` on the files pre-commit hands it, and shell
completion (through click) completes codes after --select/--ignore and paths for files."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOKS = (ROOT / ".pre-commit-hooks.yaml").read_text("utf-8")
G105 = (ROOT / "blocknotation" / "examples" / "G105.bad.txt").read_bytes()
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_bytes()


def field(name: str) -> str:
    match = re.search(rf"^  {name}: (.+)$", HOOKS, re.MULTILINE)
    assert match is not None, name
    return match.group(1)


def test_the_hook_checks_block_files_as_precommit_calls_it(tmp_path: Path) -> None:
    assert re.findall(r"^- id: (\S+)$", HOOKS, re.MULTILINE) == ["blocknot-validate"]
    files = re.compile(field("files"))
    assert [bool(files.search(n)) for n in ("a.block", "b.block.gz", "c.txt", "d.blocks")] == [
        True, True, False, False]
    (tmp_path / "good.block").write_bytes(G105)
    (tmp_path / "bad.block").write_bytes(P405)
    entry = field("entry").split()
    assert entry == ["blocknot", "validate"]
    command = [sys.executable, "-m", "blocknotation", *entry[1:]]
    passing = subprocess.run([*command, "good.block"], cwd=tmp_path, capture_output=True,
                             check=False)
    failing = subprocess.run([*command, "good.block", "bad.block"], cwd=tmp_path,
                             capture_output=True, check=False)
    assert (passing.returncode, failing.returncode) == (0, 1)
    assert b"bad.block:12:1: error P405 " in failing.stdout


def complete(words: str, shell: str = "bash", cwd: Path = ROOT) -> list[str]:
    environment = dict(os.environ, _BLOCKNOT_COMPLETE=f"{shell}_complete", COMP_WORDS=words,
                       COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
    script = ("import sys; from blocknotation.cli.commands import cli; "
              "cli.main(prog_name='blocknot')")
    done = subprocess.run([sys.executable, "-c", script], env=environment, cwd=cwd,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_codes_complete_after_select_and_ignore() -> None:
    assert complete("blocknot validate --select P40") == [f"plain,P40{n}" for n in range(1, 8)]
    assert complete("blocknot validate --ignore G105,E50") == [
        f"plain,G105,E50{n}" for n in range(1, 8)]
    assert complete("blocknot validate --select t30", "zsh")[:3] == [
        "plain", "T301", "the opener is not the one the rotation requires"]


def test_files_complete_as_paths(tmp_path: Path) -> None:
    assert complete("blocknot validate sa") == ["file,sa"]  # the shell lists the paths
    assert complete("blocknot convert ") == ["file,"]


def test_the_completion_scripts_exist_for_bash_zsh_and_fish() -> None:
    for shell in ("bash", "zsh", "fish"):
        environment = dict(os.environ, _BLOCKNOT_COMPLETE=f"{shell}_source")
        script = "from blocknotation.cli.commands import cli; cli.main(prog_name='blocknot')"
        done = subprocess.run([sys.executable, "-c", script], env=environment,
                              capture_output=True, text=True, check=False)
        assert "_BLOCKNOT_COMPLETE" in done.stdout, shell
