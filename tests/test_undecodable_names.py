"""A file whose name is not UTF-8 (bytes Python holds as lone surrogates): every format of
every command writes it, with U+FFFD for each such byte (and, in a URI, the byte %-escaped),
never an internal error."""

from __future__ import annotations

import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
SHOWN = "bn/bad\ufffdname.block"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="names of any bytes")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "bn").mkdir()
    name = os.fsdecode(b"bad\xffname.block")
    (tmp_path / "bn" / name).write_bytes((ROOT / "samples" / "two-players.block").read_bytes())
    return tmp_path


def test_standings_json(folder: Path) -> None:
    done = run("standings", "--format", "json", "--by", "file", "bn", cwd=folder)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [group["key"] for group in report["groups"]] == [SHOWN]


def test_validate_sarif(folder: Path) -> None:
    done = run("validate", "--format", "sarif", "bn", cwd=folder)
    assert done.returncode == 0, done.stderr
    json.loads(done.stdout)
    done = run("validate", "--format", "sarif", "--select", "G", "bn", cwd=folder)
    assert done.returncode == 0, done.stderr


def test_validate_sarif_names_the_bytes_in_its_uris(folder: Path) -> None:
    (folder / "bn" / os.fsdecode(b"bad\xffname.block")).write_text(
        '[Players "Ada Bea"]\nhand 1\nAda 3-5\n', "utf-8")
    done = run("validate", "--format", "sarif", "bn", cwd=folder)
    (result,) = json.loads(done.stdout)["runs"][0]["results"]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "bn/bad%FFname.block"


def test_validate_junit(folder: Path) -> None:
    done = run("validate", "--format", "junit", "bn", cwd=folder)
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(done.stdout)
    assert [suite.get("name") for suite in root.iter("testsuite")] == [SHOWN]


@pytest.mark.parametrize("to", ["csv", "parquet"])
def test_export(folder: Path, to: str) -> None:
    done = run("export", "--to", to, "bn", "-o", "tables", cwd=folder)
    assert done.returncode == 0, done.stderr
    if to == "csv":
        games = (folder / "tables" / "games.csv").read_text("utf-8")
        assert SHOWN in games


@pytest.mark.parametrize("args", [
    ("validate",), ("validate", "--format", "json"), ("validate", "--format", "jsonl"),
    ("validate", "--format", "github"), ("standings",), ("standings", "--format", "csv"),
    ("standings", "--format", "html"), ("analyse", "--format", "json"),
])
def test_the_other_formats_still_write_it(folder: Path, args: tuple[str, ...]) -> None:
    done = run(*args, "bn", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert b"internal error" not in done.stderr
