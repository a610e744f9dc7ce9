"""``blocknot format`` through the command, on temporary files: in place, ``--check``,
``--diff``, ``-``, directories and their filters, gzip, a record with a syntax error. The
command runs in the test process (``tests/inprocess.py``); the first test of the command runs
``python -m blocknotation format`` as a process of its own."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest

from blocknotation.formats.records.formatting import format_text

from inprocess import Done, run

MESSY = '#  Club\n[Players   "Ada, Bea"]   # seats\nhand   01\nAda:[4|1]\nBea:  1-1   left # x\n'
CANONICAL = '#  Club\n[Players "Ada, Bea"] # seats\n\nhand 1\nAda: 4-1\nBea: 1-1 L # x\n'
BAD = '[Players "Ada Bea"]\n\nhand 1\nAda 4-1\n'


def blocknot(*args: str, cwd: Path, stdin: bytes = b"", process: bool = False) -> Done:
    """``blocknot ARGS`` in ``cwd`` in an English UTF-8 locale, in this process
    (``tests/inprocess.py``) or, with ``process``, as ``python -m blocknotation``."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    if not process:
        return run(*args, cwd=cwd, env=env, stdin=stdin)
    done = subprocess.run([sys.executable, "-m", "blocknotation", *args], cwd=cwd, env=env,
                          input=stdin, capture_output=True, timeout=120, check=False)
    return Done(done.returncode, done.stdout, done.stderr)


def test_format_text_gives_the_canonical_form_and_refuses_syntax_errors() -> None:
    assert format_text(MESSY).text == CANONICAL
    assert format_text(CANONICAL).text == CANONICAL
    bad = format_text(BAD)
    assert bad.text is None
    assert [(d.code, d.line, d.column) for d in bad.diagnostics] == [("S001", 4, 5)]


def test_format_rewrites_in_place_and_leaves_a_bad_file_untouched(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(MESSY)
    (tmp_path / "bad.block").write_text(BAD)
    (tmp_path / "done.block").write_text(CANONICAL)
    os.chmod(tmp_path / "club.block", 0o640)
    before = (tmp_path / "done.block").stat().st_mtime_ns
    done = blocknot("format", ".", cwd=tmp_path, process=True)
    assert done.returncode == 1
    assert done.stdout == b""
    assert done.stderr.decode() == (
        "bad.block:4:5: error S001 unexpected '4-1'; expected ':'\n"
        "  Ada 4-1\n"
        "      ^\n"
        "1 file reformatted, 1 file left unchanged, 1 file with syntax errors left untouched\n")
    assert (tmp_path / "club.block").read_text() == CANONICAL
    assert (tmp_path / "club.block").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "bad.block").read_text() == BAD
    assert (tmp_path / "done.block").stat().st_mtime_ns == before
    again = blocknot("format", ".", "--exclude", "bad.block", cwd=tmp_path)
    assert again.returncode == 0
    assert again.stderr == b"0 files reformatted, 2 files left unchanged\n"


def test_check_lists_what_would_change_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(MESSY)
    (tmp_path / "done.block").write_text(CANONICAL)
    done = blocknot("format", "--check", ".", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.decode() == ("Would reformat: club.block\n"
                                    "1 file would be reformatted, 1 file already formatted\n")
    assert (tmp_path / "club.block").read_text() == MESSY
    clean = blocknot("format", "--check", "done.block", cwd=tmp_path)
    assert (clean.returncode, clean.stderr) == (0, b"0 files would be reformatted, "
                                                   b"1 file already formatted\n")


def test_diff_prints_a_unified_diff_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(MESSY)
    done = blocknot("format", "--diff", "club.block", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.decode() == (
        "--- club.block\n+++ club.block\n@@ -1,5 +1,6 @@\n #  Club\n"
        '-[Players   "Ada, Bea"]   # seats\n-hand   01\n-Ada:[4|1]\n-Bea:  1-1   left # x\n'
        '+[Players "Ada, Bea"] # seats\n+\n+hand 1\n+Ada: 4-1\n+Bea: 1-1 L # x\n')
    assert (tmp_path / "club.block").read_text() == MESSY
    none = blocknot("format", "--diff", "-", cwd=tmp_path, stdin=CANONICAL.encode())
    assert (none.returncode, none.stdout) == (0, b"")


def test_standard_input_goes_to_standard_output(tmp_path: Path) -> None:
    done = blocknot("format", "-", cwd=tmp_path, stdin=MESSY.replace("\n", "\r\n").encode())
    assert (done.returncode, done.stdout, done.stderr) == (
        0, CANONICAL.replace("\n", "\r\n").encode(), b"")
    bad = blocknot("format", "-", "--stdin-filename", "club.block", cwd=tmp_path,
                   stdin=BAD.encode())
    assert bad.returncode == 1 and bad.stdout == BAD.encode()
    assert bad.stderr.decode().startswith("club.block:4:5: error S001")


def test_a_gzip_file_is_written_back_compressed(tmp_path: Path) -> None:
    (tmp_path / "old.block.gz").write_bytes(gzip.compress(MESSY.encode()))
    done = blocknot("format", "old.block.gz", cwd=tmp_path)
    assert done.returncode == 0
    assert gzip.decompress((tmp_path / "old.block.gz").read_bytes()).decode() == CANONICAL


def test_files_that_cannot_be_read_exit_2(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_text(MESSY)
    done = blocknot("format", "missing.block", "club.block", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[0] == (
        "blocknot: cannot read missing.block: No such file or directory")
    assert (tmp_path / "club.block").read_text() == CANONICAL


@pytest.mark.parametrize("name", ["club.txt", "nested/club.block"])
def test_directories_and_globs_are_read_as_validate_reads_them(tmp_path: Path,
                                                               name: str) -> None:
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(MESSY)
    (tmp_path / ".gitignore").write_text("ignored.block\n")
    (tmp_path / "ignored.block").write_text(MESSY)
    done = blocknot("format", "**/*.block", ".", cwd=tmp_path)
    expected = CANONICAL if name.endswith(".block") else MESSY
    assert path.read_text() == expected
    assert (tmp_path / "ignored.block").read_text() == MESSY
    if name.endswith(".txt"):  # a directory with nothing to format is a usage error
        assert done.returncode == 2


def test_the_precommit_format_hook_rewrites_the_files_it_is_given(tmp_path: Path) -> None:
    import re

    hooks = (Path(__file__).resolve().parent.parent / ".pre-commit-hooks.yaml").read_text()
    hook = hooks.split("- id: blocknot-format\n", 1)[1]
    entry = re.search(r"^  entry: (.+)$", hook, re.MULTILINE)
    assert entry is not None and entry.group(1).split() == ["blocknot", "format"]
    (tmp_path / "club.block").write_text(MESSY)
    done = blocknot("format", "club.block", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "club.block").read_text() == CANONICAL


def test_record_json_is_formatted_as_record_json(tmp_path: Path) -> None:
    # Record JSON as convert writes it is already formatted; the same record written
    # compactly is reformatted to it; JSON that is no record is refused with one S001.
    sample = Path(__file__).resolve().parent.parent / "samples" / "three-players.block"
    converted = blocknot("convert", str(sample), cwd=tmp_path).stdout
    (tmp_path / "club.json").write_bytes(converted)
    done = blocknot("format", "--check", "club.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"0 files would be reformatted, 1 file already formatted\n"
    import json

    (tmp_path / "compact.json").write_text(json.dumps(json.loads(converted)), "utf-8")
    done = blocknot("format", "--check", "compact.json", cwd=tmp_path)
    assert done.returncode == 1 and b"Would reformat: compact.json" in done.stderr
    assert blocknot("format", "compact.json", cwd=tmp_path).returncode == 0
    assert (tmp_path / "compact.json").read_bytes() == converted
    (tmp_path / "bad.json").write_text('{"notation": "blocknot", "version": 1, "games": 3}',
                                       "utf-8")
    done = blocknot("format", "--check", "bad.json", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count(b"S001") == 1 and b"$.games: expected an array" in done.stderr
