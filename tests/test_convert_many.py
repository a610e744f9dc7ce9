"""`blocknot convert DIR|GLOB -o OUTDIR`: every record of a tree converted to the same
relative path, text to JSON and JSON to text; unreadable ones reported and skipped."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from inprocess import TextDone, run_utf8
from inprocess import run as run_bytes

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
TWO = (ROOT / "samples" / "two-players.block").read_bytes()


def run(*args: str, cwd: Path) -> TextDone:
    return run_utf8(*args, cwd=cwd)


def test_a_directory_is_converted_file_by_file(tmp_path: Path) -> None:
    records = tmp_path / "records"
    (records / "b").mkdir(parents=True)
    (records / "club.block").write_bytes(CLUB)
    (records / "b" / "two.block.gz").write_bytes(gzip.compress(TWO))
    single = run_bytes("convert", str(ROOT / "samples" / "three-players.block"))
    assert single.returncode == 0
    (records / "three.json").write_bytes(single.stdout)
    (records / "notes.txt").write_text("not a record, not included\n", "utf-8")
    done = run("convert", "records", "-o", "out", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    out = tmp_path / "out"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "b/two.block.json", "club.block.json", "three.block"]
    assert json.loads((out / "club.block.json").read_text("utf-8"))["games"]
    back = run("convert", "records/three.json", cwd=tmp_path).stdout  # as one file converts
    assert (out / "three.block").read_text("utf-8") == back and "[Players " in back
    again = run("validate", "out/three.block", cwd=tmp_path)
    assert again.returncode == 0


def test_bad_records_are_reported_and_the_others_converted(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "good.block").write_bytes(CLUB)
    (tmp_path / "in" / "bad.block").write_bytes(b'[Players "Ada Bea"]\n\nhand 1\nAda 3-5\n')
    done = run("convert", "in/*.block", "-o", "out", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("in/bad.block:4:5: error S001 ")
    assert [p.name for p in (tmp_path / "out" / "in").iterdir()] == ["good.block.json"]
    missing = run("convert", "in", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (
        2, "blocknot: converting a directory or a glob needs -o OUTDIR\n")


def test_a_folder_converted_and_converted_back_is_the_folder_again(tmp_path: Path) -> None:
    """Text becomes ``*.block.json``, which a directory search finds; JSON becomes
    ``*.block``; the records come back as their canonical text."""
    (tmp_path / "club" / "2026").mkdir(parents=True)
    (tmp_path / "club" / "two.block").write_bytes(TWO)
    (tmp_path / "club" / "2026" / "night.block").write_bytes(CLUB)
    assert run("convert", "club", "-o", "json", cwd=tmp_path).returncode == 0
    found = sorted(p.relative_to(tmp_path / "json").as_posix()
                   for p in (tmp_path / "json").rglob("*") if p.is_file())
    assert found == ["2026/night.block.json", "two.block.json"]
    for command in ("validate", "standings", "export"):
        extra = ["-o", "tables", "--to", "csv"] if command == "export" else []
        done = run(command, "json", *extra, cwd=tmp_path)
        assert done.returncode == 0, (command, done.stderr)
    # The JSON is checked as the text it came from: the same results, file for file.
    as_json = run("validate", "json", cwd=tmp_path).stdout.replace(".block.json", ".block")
    assert as_json.replace("json/", "club/") == run("validate", "club", cwd=tmp_path).stdout
    assert run("convert", "json", "-o", "back", cwd=tmp_path).returncode == 0
    back = sorted(p.relative_to(tmp_path / "back").as_posix()
                  for p in (tmp_path / "back").rglob("*") if p.is_file())
    assert back == ["2026/night.block", "two.block"]
    for name in back:
        canonical = run("convert", "--to", "text", f"club/{name}", cwd=tmp_path).stdout
        assert (tmp_path / "back" / name).read_text("utf-8") == canonical


def test_help_names_every_suffix_a_folder_search_finds(tmp_path: Path) -> None:
    for command in ("validate", "format", "standings", "export", "analyse"):
        shown = " ".join(run(command, "--help", cwd=tmp_path).stdout.split())
        assert "*.block, *.block.gz and *.block.json" in shown, command
    assert "*.block.json" in " ".join(run("convert", "--help", cwd=tmp_path).stdout.split())
