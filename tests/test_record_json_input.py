"""Record JSON given where a record is checked: its lines are trusted only once they are in
order, and every command that reads records reads its games (or says in one line why not).

The lying documents are those a hostile review planted: every tag, hand and statement
claiming line 1 (the tables then looked moves up by a line that all of them share), and
Bea's illegal pass claiming the line of Ada's legal play (Ada's play was then written
``legal=false, code=P405``).
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

from blocknotation.formats.records.convert import convert_bytes

from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "samples" / "two-players.block"
P405 = ROOT / "blocknotation" / "examples" / "P405.bad.txt"


def record_json(path: Path) -> dict[str, Any]:
    text, _ = convert_bytes(path.read_bytes(), "json")
    assert text is not None
    return json.loads(text)  # type: ignore[no-any-return]


def written(tmp_path: Path, name: str, document: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, indent=1), "utf-8")
    return path


def every_line_one(document: dict[str, Any]) -> dict[str, Any]:
    for game in document["games"]:
        for tag in game["tags"]:
            tag["line"] = 1
        for hand in game["hands"]:
            hand["line"] = 1
            for statement in hand["statements"]:
                statement["line"] = 1
    return document


def where(text: str, fragment: str) -> tuple[int, int]:
    """The line and column in ``text`` of the value after ``fragment``."""
    at = text.index(fragment) + len(fragment)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def test_every_statement_at_line_one_is_refused_at_the_first_that_repeats(
        tmp_path: Path) -> None:
    path = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    done = run("validate", "--format", "json", str(path))
    assert done.returncode == 1
    (found,) = json.loads(done.stdout)["files"][0]["diagnostics"]
    hand = path.read_text("utf-8").index('"hands"')
    line, column = where(path.read_text("utf-8")[hand:], '"line": ')
    before = path.read_text("utf-8").count("\n", 0, hand)
    assert (found["code"], found["line"], found["column"]) == ("S001", before + line, column)
    assert found["message"].startswith("$.games[0].hands[0].line: line 1 does not come after "
                                       "line 1")
    assert json.loads(done.stdout)["files"][0]["games"] == []


def test_the_lying_document_gives_no_row_of_moves(tmp_path: Path) -> None:
    path = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    done = run("export", "--to", "csv", "-o", str(tmp_path / "out"), str(path))
    assert done.returncode == 1
    with open(tmp_path / "out" / "moves.csv", encoding="utf-8", newline="") as handle:
        assert list(csv.DictReader(handle)) == []
    with open(tmp_path / "out" / "diagnostics.csv", encoding="utf-8", newline="") as handle:
        assert [row["code"] for row in csv.DictReader(handle)] == ["S001"]


def test_two_statements_on_one_line_are_refused_and_nobody_is_charged(tmp_path: Path) -> None:
    document = record_json(P405)
    statements = document["games"][0]["hands"][0]["statements"]
    bea = next(s for s in statements if s["line"] == 12)
    bea["line"] = 11  # Bea's illegal pass claims the line of Ada's legal 4-0
    path = written(tmp_path, "shared.json", document)
    done = run("validate", "--format", "json", str(path))
    (found,) = json.loads(done.stdout)["files"][0]["diagnostics"]
    text = path.read_text("utf-8")
    second = text.index('"line": 11,', text.index('"line": 11,') + 1)  # Bea's pass
    assert (found["code"], found["line"]) == ("S001", text.count("\n", 0, second) + 1)
    assert "$.games[0].hands[0].statements[8].line: line 11 does not come after line 11" in (
        found["message"])
    done = run("export", "--to", "csv", "-o", str(tmp_path / "out"), str(path))
    with open(tmp_path / "out" / "moves.csv", encoding="utf-8", newline="") as handle:
        assert [row for row in csv.DictReader(handle) if row["code"] == "P405"] == []
    done = run("standings", str(path))
    assert "Ada" not in done.stdout.decode() and "Bea" not in done.stdout.decode()


def test_lines_in_order_are_checked_as_before(tmp_path: Path) -> None:
    document = record_json(P405)
    document["games"][0]["hands"][0]["statements"][-1]["line"] = 40  # a gap is no lie
    path = written(tmp_path, "gap.json", document)
    done = run("validate", "--format", "json", str(path))
    codes = [(d["code"], d["line"]) for d in json.loads(done.stdout)["files"][0]["diagnostics"]]
    assert codes == [("P405", 12)]


def test_convert_reads_a_document_whose_lines_lie(tmp_path: Path) -> None:
    path = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    text, diagnostics = convert_bytes(path.read_bytes(), "text")
    assert diagnostics == () and text is not None
    assert text == convert_bytes(TWO.read_bytes(), "text")[0]


def test_analyse_reads_record_json_as_its_text(tmp_path: Path) -> None:
    path = tmp_path / "two.json"
    path.write_text(json.dumps(record_json(TWO)), "utf-8")
    from_json = run("analyse", str(path)).stdout.decode()
    from_text = run("analyse", str(TWO)).stdout.decode()
    assert from_json.replace(str(path), "FILE") == from_text.replace(str(TWO), "FILE")
    assert from_json.endswith("8 hands analysed, 28 mistakes of 1 point or more\n")


def test_annotated_record_json_is_its_text_annotated(tmp_path: Path) -> None:
    path = tmp_path / "two.json"
    path.write_text(json.dumps(record_json(TWO)), "utf-8")
    for command in (("validate", "--format", "annotated"), ("analyse", "--format", "annotated")):
        from_json, from_text = run(*command, str(path)), run(*command, str(TWO))
        assert from_json.returncode == from_text.returncode == 0
        assert from_json.stdout == from_text.stdout and from_json.stdout.count(b"\n") > 100


def test_annotated_lying_record_json_says_why_on_standard_error(tmp_path: Path) -> None:
    path = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    done = run("analyse", "--format", "annotated", str(path))
    assert done.returncode == 1 and done.stdout == b""
    assert b"error S001 $.games[0].hands[0].line: line 1 does not come after" in done.stderr


def test_fix_refuses_record_json_in_one_line(tmp_path: Path) -> None:
    shutil.copy(TWO, tmp_path / "text.block")
    path = tmp_path / "two.json"
    path.write_text(json.dumps(record_json(TWO)), "utf-8")
    before = path.read_bytes()
    done = run("validate", "--fix", str(path), str(tmp_path / "text.block"))
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        f"blocknot: {path} is JSON, and --fix rewrites text records: it is left as it is; "
        f"convert it to text first (`blocknot convert {path} --to text`), then fix the text",
        "Fixed 0 problems, 0 remaining, 1 file of JSON left as it is"]
    assert path.read_bytes() == before


DISPUTE = """[Players "Ada Bea Cy"]

hand 1
opener Ada
show Ada: 1-2
show Bea: 3-4 6-6
show Cy: 0-4
blocked
points Ada 22
score Ada 22, Bea 0, Cy 0
"""


def test_fix_of_record_json_counts_what_remains_in_it(tmp_path: Path) -> None:
    """The JSON left as it is keeps its error: it is listed, as validate lists it, and
    counted among those remaining."""
    text = tmp_path / "dispute.block"
    text.write_text(DISPUTE, "utf-8")
    path = tmp_path / "dispute.block.json"
    assert run("convert", str(text), "-o", str(path)).returncode == 0
    done = run("validate", "--fix", str(path))
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[-1] == (
        "Fixed 0 problems, 1 remaining, 1 file of JSON left as it is")
    assert done.stdout.decode().splitlines() == [
        f"{path}:9:1: error E504 points claim Ada 22, but Ada scores 19 + 4 − 3 = 20",
        f"{path}: 1 game, 1 hand, 1 error, 0 warnings"]
    diff = run("validate", "--fix", "--diff", str(path))
    assert (diff.returncode, diff.stdout) == (2, b"")
    assert diff.stderr.decode().splitlines()[-1] == (
        "Would fix 0 problems, 1 remaining, 1 file of JSON left as it is")


def test_analyse_says_why_a_file_gave_nothing_to_analyse(tmp_path: Path) -> None:
    lying = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    utf16 = tmp_path / "utf16.block"
    utf16.write_bytes(TWO.read_text("utf-8").encode("utf-16"))
    done = run("analyse", str(lying), str(utf16))
    assert done.returncode == 1
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith(f"{lying}:") and " error S001 $.games[0].hands[0].line: " in (
        lines[0])
    assert lines[1] == f"{lying}: 0 hands analysed, 0 mistakes of 1 point or more"
    assert lines[2] == (f"{utf16}:1:1: error S003 the file looks like UTF-16; save it as "
                        "UTF-8, or read it as it is with --encoding utf-16; nothing else in it "
                        "is checked")


def test_the_html_page_of_a_lying_document_says_why(tmp_path: Path) -> None:
    path = written(tmp_path, "lying.json", every_line_one(record_json(TWO)))
    done = run("validate", "--format", "html", "-o", str(tmp_path / "page.html"), str(path))
    assert done.returncode == 1
    page = (tmp_path / "page.html").read_text("utf-8")
    assert "$.games[0].hands[0].line: line 1 does not come after line 1" in page
