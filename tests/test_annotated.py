"""``validate --format annotated``: golden outputs, and the promises of docs/notation.md,
"The annotated record".

The annotated text is a valid record: validating it again gives the same codes, annotating
it again gives the same bytes, and converting it to JSON and back keeps every annotation.
Golden files are written by ``tools/make_golden.py``; when one differs because the output
was meant to change, run ``python tools/make_golden.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from annotating import annotated_file

from blocknotation.formats.records.convert import convert_bytes

from inprocess import Done, run

ROOT = Path(__file__).resolve().parent.parent
FAULTS = ROOT / "tests" / "data" / "annotated-faults.txt"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


golden = _load("make_golden")
CASES = [(g, lang) for g in golden.SOURCES for lang in golden.LANGUAGES]


@pytest.mark.parametrize(("entry", "lang"), CASES,
                         ids=[f"{g.name}.{lang}" for g, lang in CASES])
def test_golden(entry: object, lang: str) -> None:
    path = entry.path(lang)  # type: ignore[attr-defined]
    assert path.exists(), "missing golden file: run `python tools/make_golden.py`"
    assert path.read_text(encoding="utf-8") == golden.expected(entry, lang), (
        f"{path.name} differs: if the change is meant, run `python tools/make_golden.py` "
        "and review the diff"
    )


RECORDS = sorted(
    [*(ROOT / "samples").glob("*.block"), FAULTS,
     *(p for p in (ROOT / "blocknotation" / "examples").glob("*.txt")
       if not p.name.startswith(("S001", "S002", "S003")))]
)


def _annotate(data: bytes, lang: str = "en", chain: bool = False) -> tuple[str, Counter[str]]:
    text, report = annotated_file(data, "record.txt", lang=lang, chain=chain)
    assert text is not None
    return text, Counter(d.code for d in report.diagnostics)


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
@pytest.mark.parametrize(("lang", "chain"), [("en", False), ("it", True)])
def test_annotated_text_is_a_record_with_the_same_findings(
    path: Path, lang: str, chain: bool
) -> None:
    once, codes = _annotate(path.read_bytes(), lang, chain)
    twice, codes_again = _annotate(once.encode(), lang, chain)
    assert codes_again == codes
    assert twice == once
    as_json, problems = convert_bytes(once.encode(), "json")
    assert problems == () and as_json is not None
    assert convert_bytes(as_json.encode(), "text") == (once, ())


def test_findings_go_on_the_line_after_their_statement() -> None:
    text, _ = _annotate(FAULTS.read_bytes())
    lines = text.splitlines()
    at = lines.index("Bea: pass # 0-1 and 0-3 fit the 0")
    assert lines[at + 1].startswith("#! P405 Bea passed holding 1-0, which fits the left end")
    assert lines[at - 1] == "#= ends 0|6"
    points = lines.index("points Bea 30")
    assert lines[points + 1] == "#! E504 points claim Bea 30, but Bea scores 28"


def test_the_count_of_a_hand_follows_it_above_the_blank_line() -> None:
    text, _ = _annotate(FAULTS.read_bytes())
    claim = "score Ada 12, Bea 0\n"
    block = text.split(claim, 1)[1].split("hand 2\n", 1)[0]
    assert block == (
        "#= hand 1: blocked\n"
        "#= remaining pips: Ada 12, Bea 24\n"
        "#= Ada scores 24 − 12 = 12\n"
        "#= totals: Ada 12, Bea 0\n"
        "\n"
    )
    assert text.endswith(
        "#= hand 2: domino by Bea\n"
        "#= remaining pips: Ada 28, Bea 0\n"
        "#= Bea scores 28\n"
        "#= totals: Ada 12, Bea 28\n"
        "#= game 1: in progress, nobody has reached 100 points\n"
    )


def test_cited_lines_are_those_of_the_annotated_text() -> None:
    record = Path(__file__).resolve().parent / "cases" / "P402" / "played_twice.txt"
    text, _ = _annotate(record.read_bytes())
    lines = text.splitlines()
    fault = next(line for line in lines if line.startswith("#! P402"))
    cited = int(fault.split("already played it at line ")[1].split(";")[0])
    assert lines[cited - 1] == "Cy: 5-2 R"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("club-night.block", ["#= Bea scores 0 + 10 = 10", "#= Cy scores 33 + 42 − 14 = 61",
                            "#= game 1: Cy wins with 61 points"]),
        ("three-players.block", ["#= tie for lowest (11, 11): nobody scores",
                               "#= Zoë scores 7 + 16 = 23"]),
        ("disputed-count.block", ["#= no moves recorded: counted from the show lines and the "
                                "claims"]),
    ],
)
def test_the_arithmetic_of_the_points(name: str, expected: list[str]) -> None:
    text, _ = _annotate((ROOT / "samples" / name).read_bytes())
    for line in expected:
        assert line in text.splitlines()


def test_old_engine_comments_are_replaced_and_the_users_kept() -> None:
    record = (
        b"# a note of the scorer\n"
        b'[Players "Ada Bea"]\n'
        b"#= ends 9|9\n"
        b"hand 1\n"
        b"Ada: 1-4 #= stale\n"
        b"#! P999 stale\n"
        b"# Bea thinks\n"
        b"Bea: 4-4 R # a double\n"
        b"#= the end\n"
    )
    text, _ = _annotate(record)
    assert "stale" not in text and "9|9" not in text and "the end" not in text
    assert "# a note of the scorer\n" in text
    assert "Ada: 1-4\n#= ends 1|4\n# Bea thinks\nBea: 4-4 R # a double\n#= ends 1|4\n" in text


def _blocknot(*args: str, stdin: bytes = b"") -> Done:
    return run(*args, stdin=stdin, cwd=ROOT)


def test_cli_writes_the_annotated_record_and_the_exit_status() -> None:
    done = _blocknot("validate", "--format", "annotated", "--lang", "it", str(FAULTS))
    assert done.returncode == 1
    expected = golden.expected(golden.Golden("tests/data/annotated-faults.txt", "x"), "it")
    assert done.stdout.decode() == expected.split("\n", 1)[1]
    clean = _blocknot("validate", "--format", "annotated", "--chain", "-",
                      stdin=(ROOT / "samples" / "club-night.block").read_bytes())
    assert clean.returncode == 0
    assert b"#= Tiles: [3|5]. Links: none." in clean.stdout


def test_cli_refuses_what_it_cannot_annotate() -> None:
    sample = str(ROOT / "samples" / "club-night.block")
    chain_alone = _blocknot("validate", "--chain", sample)
    assert chain_alone.returncode == 2
    assert b"--chain goes with --format annotated" in chain_alone.stderr
    other = str(ROOT / "samples" / "two-players.block")
    two = _blocknot("validate", "--format", "annotated", sample, other)
    assert two.returncode == 2
    bad = _blocknot("validate", "--format", "annotated",
                    str(ROOT / "blocknotation" / "examples" / "S001.bad.txt"))
    assert bad.returncode == 1 and bad.stdout == b""
    assert b"error S001" in bad.stderr
