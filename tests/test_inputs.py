"""Inputs of `blocknot validate`: directories walked for .block files, quoted globs,
--include/--exclude, .gitignore'd paths skipped, explicit files always read, gzip input,
--stdin-filename.  Each test builds a tree in a temporary directory and runs the command."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

from inprocess import TextDone, run_utf8

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
G105 = (ROOT / "blocknotation" / "examples" / "G105.bad.txt").read_bytes()


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> TextDone:
    environment = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return run_utf8(*args, stdin=stdin, cwd=cwd, env=environment)


def tree(root: Path) -> Path:
    (root / ".git").mkdir()
    files = {
        "a.block": CLUB, "sub/b.block.gz": gzip.compress(CLUB), "sub/c.txt": G105,
        "ignored/d.block": G105, "sub/e.skip.block": G105, "old/f.block": G105,
        "sub/deep/g.block": G105, ".gitignore": b"ignored/\n*.skip.block\n",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def paths(done: TextDone) -> list[str]:
    return [json.loads(line)["path"] for line in done.stdout.splitlines()]


def test_a_directory_is_walked_for_block_files_minus_gitignored(tmp_path: Path) -> None:
    root = tree(tmp_path)
    done = run("validate", "--format", "jsonl", ".", cwd=root)
    assert paths(done) == ["a.block", "old/f.block", "sub/b.block.gz", "sub/deep/g.block"]
    assert done.returncode == 0
    (_, _, gz, _) = (json.loads(line) for line in done.stdout.splitlines())
    assert gz["status"] == "won"  # the compressed file was read
    everything = run("validate", "--format", "jsonl", "--no-respect-gitignore", ".", cwd=root)
    assert paths(everything) == ["a.block", "ignored/d.block", "old/f.block", "sub/b.block.gz",
                                 "sub/deep/g.block", "sub/e.skip.block"]  # sorted by path


def test_gitignore_of_a_parent_applies_to_a_subdirectory(tmp_path: Path) -> None:
    root = tree(tmp_path)
    done = run("validate", "--format", "jsonl", "sub", cwd=root)
    assert paths(done) == ["sub/b.block.gz", "sub/deep/g.block"]


def test_include_and_exclude_patterns(tmp_path: Path) -> None:
    root = tree(tmp_path)
    done = run("validate", "--format", "jsonl", "--exclude", "old/", "--exclude", "deep",
               ".", cwd=root)
    assert paths(done) == ["a.block", "sub/b.block.gz"]
    txt = run("validate", "--format", "jsonl", "--include", "*.txt", ".", cwd=root)
    assert paths(txt) == ["sub/c.txt"]


def test_explicit_files_are_read_whatever_their_name(tmp_path: Path) -> None:
    root = tree(tmp_path)
    done = run("validate", "--format", "jsonl", "sub/c.txt", "ignored/d.block", cwd=root)
    assert paths(done) == ["sub/c.txt", "ignored/d.block"]


def test_quoted_globs_are_expanded_and_filtered(tmp_path: Path) -> None:
    root = tree(tmp_path)
    done = run("validate", "--format", "jsonl", "sub/**/*.block*", cwd=root)
    assert paths(done) == ["sub/b.block.gz", "sub/deep/g.block"]
    none = run("validate", "nothing/*.block", cwd=root)
    assert (none.returncode, none.stdout) == (2, "")
    assert none.stderr == ("blocknot: cannot read nothing/*.block: No such file or "
                           "directory\n")


def test_a_directory_without_records_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    done = run("validate", "empty", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, (
        "blocknot: no record to check in empty: a directory is searched for *.block, "
        "*.block.gz, *.block.json files\n"))


def test_a_directory_of_json_files_says_how_to_read_them(tmp_path: Path) -> None:
    (tmp_path / "export").mkdir()
    for name in ("monday.json", "tuesday.json"):
        (tmp_path / "export" / name).write_text(
            run("convert", str(ROOT / "samples" / "two-players.block"), cwd=tmp_path).stdout,
            "utf-8")
    done = run("validate", "export", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, (
        "blocknot: no record to check in export: a directory is searched for *.block, "
        "*.block.gz, *.block.json files; it holds 2 .json files: if they are record JSON, "
        "name them (a quoted glob such as 'export/*.json') or add --include '*.json'\n"))
    for named in (["export/*.json"], ["--include", "*.json", "export"]):
        assert run("validate", *named, cwd=tmp_path).returncode == 0, named


def test_stdin_filename_names_standard_input(tmp_path: Path) -> None:
    done = run("validate", "--stdin-filename", "club/night.block", "-", cwd=tmp_path,
               stdin=G105)
    assert done.stdout.splitlines()[-1] == ("club/night.block: 1 game, 1 hand, 0 errors, "
                                            "1 warning")
    gh = run("validate", "--format", "github", "--stdin-filename", "x.block", "-",
             cwd=tmp_path, stdin=gzip.compress(G105))
    assert gh.stdout.startswith("::warning file=x.block,line=2,")
