"""``blocknot convert`` of text records writes, says and exits as it did when it built
records to write them (``tests/reference_record_json.py``): from files, gzip files and
standard input, to standard output and to ``-o``, whole or a game at a time."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import pytest
from reference_record_json import reference_convert, reference_convert_stream

from blocknotation.basics import limits
from blocknotation.formats.records import convert, text_convert
from blocknotation.simulator.writer import generate

from inprocess import Done, run

ROOT = Path(__file__).resolve().parent.parent
CLEAN = "\n".join(generate(seed=3, games=6, partial=True)) + "# the end\n"
BROKEN = CLEAN.replace("hand 2\n", "hand two\n", 1) + "Ada: 9-9\n"
TOO_LONG = "[A \"1\"]\nhand 1\nAda:1-2#" + "x" * 9995 + "\n"


def both(monkeypatch: pytest.MonkeyPatch, call: Callable[[], Done]) -> tuple[Done, Done]:
    """What ``call`` gives, and what it gave with the records-based conversion."""
    done = call()
    with monkeypatch.context() as patch:
        patch.setattr(text_convert, "convert_bytes", _reference_bytes)
        patch.setattr(convert, "convert_stream", reference_convert_stream)
        before = call()
    return done, before


def _reference_bytes(data: bytes, target: str | None) -> tuple[str | None, tuple[object, ...]]:
    if text_convert.looks_like_json(data):
        return convert.convert_json(data, target)
    return reference_convert(data, target)


@pytest.fixture(params=["whole", "a game at a time"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param != "whole":  # every file is then too large to hold whole
        monkeypatch.setattr(limits, "MAX_INPUT_BYTES", 16)
    return str(request.param)


@pytest.mark.parametrize("text", [CLEAN, BROKEN, TOO_LONG, "", "# only\n"],
                         ids=["clean", "syntax errors", "too long", "empty", "comments"])
@pytest.mark.parametrize("target", [[], ["--to", "json"]], ids=["default", "--to json"])
def test_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str, text: str,
               target: list[str]) -> None:
    source = tmp_path / "record.block"
    source.write_text(text, encoding="utf-8")
    done, before = both(monkeypatch, lambda: run("convert", str(source), *target))
    assert done == before
    assert done.returncode == (0 if text in (CLEAN, "", "# only\n") else 1)


def test_gzip_stdin_and_output_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    way: str) -> None:
    packed = tmp_path / "record.block.gz"
    packed.write_bytes(gzip.compress(CLEAN.encode()))
    plain = both(monkeypatch, lambda: run("convert", "-", stdin=CLEAN.encode()))
    assert plain[0].returncode == 0 and plain[0] == plain[1]
    # Compressed, from a file or from standard input, too large to hold whole or not.
    assert both(monkeypatch, lambda: run("convert", str(packed))) == plain
    assert both(monkeypatch, lambda: run("convert", "-", stdin=packed.read_bytes())) == plain
    out = tmp_path / "out.json"

    def written() -> Done:
        done = run("convert", str(packed), "-o", str(out))
        return Done(done.returncode, out.read_bytes(), done.stderr)

    done, before = both(monkeypatch, written)
    assert done == before and done.returncode == 0 and done.stdout.startswith(b"{\n")


@pytest.mark.parametrize("sample", sorted((ROOT / "samples").glob("*.block")),
                         ids=lambda p: p.name)
def test_samples(monkeypatch: pytest.MonkeyPatch, sample: Path) -> None:
    done, before = both(monkeypatch, lambda: run("convert", str(sample)))
    assert done == before and done.returncode == 0
