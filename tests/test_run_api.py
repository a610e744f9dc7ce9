"""The library's runs of the commands: ``validate(jobs=)``, ``analyse``, ``format_text``,
``convert``, ``fix`` and ``export(jobs=)`` give what the commands give."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from blocknotation import analyse, convert, export, fix, format_text, validate

from inprocess import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
THREE = (SAMPLES / "three-players.block").read_bytes()
COUNT = (SAMPLES / "disputed-count.block").read_text("utf-8")


def test_validate_with_workers_is_validate() -> None:
    data = b"# a comment before the games\n" + THREE + b"\n" + THREE.replace(b"hand 2", b"hand 9")
    alone = validate(data, "x.block")
    assert alone.errors and len(alone.games) == 2
    assert validate(data, "x.block", jobs=2) == alone


def test_analyse_is_validate_analyse() -> None:
    report = analyse(THREE, "three-players.block", threshold=5, jobs=2)
    assert report == analyse(THREE, "three-players.block", threshold=5)
    hands = report.games[0].hands
    assert [(h.number, [m.line for m in h.analysis.mistakes]) for h in hands[:3]] == [
        (1, [14, 17, 19]), (2, [42]), (3, [56, 57])]
    done = run("validate", "--analyse", "--threshold", "5", str(SAMPLES / "three-players.block"))
    assert b"line 14" in done.stdout and done.returncode == 0


def test_analyse_tells_a_hand_it_cannot_analyse() -> None:
    partial = (SAMPLES / "partial-deals.block").read_bytes()
    hands = [h for g in analyse(partial).games for h in g.hands]
    assert hands and not all(h.analysis.analysed for h in hands)
    assert all(h.analysis.reason is not None for h in hands if not h.analysis.analysed)


def test_format_text_is_format() -> None:
    messy = '[Players  "Ada Bea"]\nhand   1\nopener Ada\ndeal Ada:  5-6 0-5\nAda:   0-5\n'
    assert format_text(messy).text == (
        '[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 5-6 0-5\nAda: 0-5\n')
    refused = format_text("hand one\n")
    assert refused.text is None and [d.code for d in refused.diagnostics] == ["S001"]


def test_convert_is_convert_and_loses_nothing(tmp_path: Path) -> None:
    as_json = convert(THREE)
    assert as_json.text is not None and as_json.diagnostics == ()
    done = run("convert", str(SAMPLES / "three-players.block"))
    assert done.stdout == as_json.text.encode("utf-8")
    back = convert(as_json.text.encode("utf-8"), to="text")
    assert back.text == format_text(THREE.decode("utf-8")).text
    refused = convert(b"hand one\n")
    assert refused.text is None and [d.code for d in refused.diagnostics] == ["S001"]


def test_fix_writes_what_the_engine_proved(tmp_path: Path) -> None:
    wrong = tmp_path / "count.block"
    wrong.write_text(COUNT.replace("points Bea 45", "points Bea 44"), "utf-8")
    packed = tmp_path / "count.block.gz"
    packed.write_bytes(gzip.compress(wrong.read_bytes()))
    shutil.copy(SAMPLES / "disputed-count.block", tmp_path / "right.block")
    json_record = tmp_path / "count.block.json"
    json_record.write_text(convert(wrong.read_bytes()).text or "", "utf-8")
    done = fix(tmp_path)
    assert [(Path(d.path).name, d.changed, d.applied, d.remaining, d.skipped)
            for d in done] == [
        ("count.block", True, 1, 0, None), ("count.block.gz", True, 1, 0, None),
        ("count.block.json", False, 0, 0, "json"), ("right.block", False, 0, 0, None)]
    assert wrong.read_text("utf-8") == COUNT.replace(
        "points Bea 45", "# was: points Bea 44\npoints Bea 45")
    assert gzip.decompress(packed.read_bytes()) == wrong.read_bytes()
    assert [d.changed for d in fix([wrong])] == [False]


def test_export_with_workers_is_export(tmp_path: Path) -> None:
    alone = export(SAMPLES / "season", to="csv", out=tmp_path / "one")
    workers = export(SAMPLES / "season", to="csv", out=tmp_path / "two", jobs=2)
    assert workers.rows == alone.rows and alone.rows["games"] == 8
    for table in ("games", "hands", "moves", "diagnostics"):
        assert (tmp_path / "two" / f"{table}.csv").read_bytes() == (
            tmp_path / "one" / f"{table}.csv").read_bytes()


@pytest.mark.parametrize(("call", "error"), [
    (lambda: validate(THREE, jobs=-1), ValueError),
    (lambda: validate(THREE, jobs=True), TypeError),
    (lambda: analyse(THREE, threshold=0), ValueError),
    (lambda: analyse("text"), TypeError),
    (lambda: convert(THREE, to="xml"), ValueError),
    (lambda: format_text(THREE), TypeError),
    (lambda: fix(SAMPLES, lang="fr"), ValueError),
    (lambda: export(SAMPLES, to="csv", out="x", jobs="2"), TypeError),
], ids=["jobs<0", "jobs bool", "threshold 0", "analyse str", "to xml", "format bytes",
        "fix lang", "export jobs str"])
def test_a_wrong_argument_is_refused(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]
