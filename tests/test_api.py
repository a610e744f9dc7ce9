"""The public API: the names of ``blocknotation`` are what its docstrings promise.

``parse``, ``parse_bytes``, ``validate`` and ``validate_stream`` are functions whatever has
been imported before (no submodule shares their names), and each keeps its contract.
"""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import blocknotation
from blocknotation import (
    FileReport,
    ParseResult,
    Piece,
    RecordFile,
    parse,
    parse_bytes,
    validate,
    validate_stream,
)
from blocknotation.formats.reports.report_json import document

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))
SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "three-players.block"
FUNCTIONS = ("parse", "parse_bytes", "validate", "validate_stream", "analyse", "format_text",
             "convert", "fix", "export", "standings")
BAD = b'[Players "Ada Bea"]\n\nhand 1\nAda: 4-1\nBea: 1-1 L\n'


def test_public_names_are_functions_after_every_submodule_is_imported() -> None:
    for module in pkgutil.walk_packages(blocknotation.__path__, "blocknotation."):
        if module.name != "blocknotation.__main__":  # that one runs the command line
            importlib.import_module(module.name)
    for name in FUNCTIONS:
        value = getattr(importlib.import_module("blocknotation"), name)
        assert inspect.isfunction(value) and value.__doc__, name
    assert set(FUNCTIONS) <= set(blocknotation.__all__)
    for name in blocknotation.__all__:
        assert not inspect.ismodule(getattr(blocknotation, name)), name


def test_parse_keeps_good_lines_and_reports_bad_ones() -> None:
    result = parse('[Players "Ada Bea"]\n\nhand 1\nAda: 4-1\nBea: 1-9 L\nBea: oops\n')
    assert isinstance(result, ParseResult) and isinstance(result.records, RecordFile)
    (hand,) = result.records.games[0].hands
    assert [(s.line, s.kind) for s in hand.statements] == [(4, "play")]
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [
        ("S002", 5, 6), ("S001", 6, 6)]


def test_parse_bytes_decodes_and_reports_s003() -> None:
    crlf = parse_bytes(b'\xef\xbb\xbf[Players "Ada Bea"]\r\n\r\nhand 1\r\nAda: 4-1\r\n')
    assert crlf.diagnostics == () and crlf.records.games[0].hands[0].statements[0].line == 4
    broken = parse_bytes(b'[Players "Ada Bea"]\n\xff\n')
    assert broken.records == RecordFile()
    assert [(d.code, d.line, d.column) for d in broken.diagnostics] == [("S003", 2, 1)]


def test_validate_reports_every_problem_and_the_games() -> None:
    report = validate(BAD, "short.txt")
    assert isinstance(report, FileReport) and report.path == "short.txt"
    assert [(d.code, d.line) for d in report.diagnostics] == [("P403", 5), ("E501", 5)]
    assert (report.valid, report.errors, report.warnings) == (False, 1, 1)
    assert [g.players for g in report.games] == [("Ada", "Bea")]
    assert validate(bytearray(BAD)).path == "<bytes>"


def test_validate_selects_and_ignores_codes_or_prefixes() -> None:
    assert [d.code for d in validate(BAD, select=["P4"]).diagnostics] == ["P403"]
    assert [d.code for d in validate(BAD, select="P4").diagnostics] == ["P403"]
    assert [d.code for d in validate(BAD, ignore=("P", "E501")).diagnostics] == []


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_validate_stream_gathers_to_validate(sample: Path) -> None:
    data = sample.read_bytes() + b"\n" + BAD
    with io.BytesIO(data) as stream:
        pieces = list(validate_stream(stream))
    assert all(isinstance(p, Piece) for p in pieces)
    assert [g.index for p in pieces for g in p.games] == [1, 2]
    gathered = FileReport("x", tuple(d for p in pieces for d in p.diagnostics),
                          tuple(g for p in pieces for g in p.games))
    assert document([gathered]) == document([validate(data, "x")])
    ignored = [d for p in validate_stream(io.BytesIO(data), ignore=["E"]) for d in p.diagnostics]
    assert ignored == [d for d in validate(data).diagnostics if d.code[0] != "E"]


def test_wrong_argument_types_raise_type_error() -> None:
    with pytest.raises(TypeError, match=r"parse\(\) takes a str"):
        parse(b"hand 1\n")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"validate\(\) takes bytes"):
        validate("hand 1\n")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"parse_bytes\(\) takes bytes"):
        parse_bytes("hand 1\n")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="binary mode"):
        validate_stream(io.StringIO("hand 1\n"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"io\.BytesIO"):
        validate_stream([b"hand 1\n"])  # type: ignore[arg-type]


def test_the_library_validates_a_clean_record_without_lark_or_pydantic() -> None:
    """As the command does: a clean game with every deal known takes the quick way, which
    needs neither the parser nor the records (see tests/test_startup.py)."""
    script = (
        "import sys\n"
        "from blocknotation import validate\n"
        f"report = validate(open({str(SAMPLE)!r}, 'rb').read())\n"
        "heavy = {m.split('.')[0] for m in sys.modules} & {'lark', 'pydantic'}\n"
        "print(report.valid, len(report.games), sorted(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=False)
    assert (done.stdout, done.stderr) == ("True 1 []\n", "")
