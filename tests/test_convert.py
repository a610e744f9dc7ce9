"""Conversion between text and JSON: lossless, canonical, strict on JSON input."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from blocknotation.cli.commands import cli
from blocknotation.formats.records.canonical import to_text
from blocknotation.formats.records.convert import convert_bytes
from blocknotation.formats.records.record_json import from_json, to_json
from blocknotation.formats.records.schema import record_schema
from blocknotation.notation.parsing import parse_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

SAMPLE_FILES = sorted(SAMPLES.glob("*.block"))

MESSY = (
    "#  Club night\n"
    '[Players   "Ada, Bea"]   # seats\n'
    "\n\n"
    "hand   1\n"
    "deal Ada:  [1|4]   2-2\n"
    "Ada:[4|1]\n"
    "Bea:  1-1   left #  doubled\n"
    "\n"
    "# the end\n"
)
CANONICAL = (
    "#  Club night\n"
    '[Players "Ada, Bea"] # seats\n'
    "\n"
    "hand 1\n"
    "deal Ada: 1-4 2-2\n"
    "Ada: 4-1\n"
    "Bea: 1-1 L #  doubled\n"
    "# the end\n"
)


def convert(text: str, target: str) -> str:
    out, problems = convert_bytes(text.encode(), target)
    assert problems == ()
    assert out is not None
    return out


def test_text_to_json_to_text_gives_the_canonical_form() -> None:
    assert convert(convert(MESSY, "json"), "text") == CANONICAL


def test_canonical_text_survives_json_byte_for_byte() -> None:
    assert convert(convert(CANONICAL, "json"), "text") == CANONICAL


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.name)
def test_samples_round_trip(sample: Path) -> None:
    text = sample.read_text(encoding="utf-8")
    canonical = convert(text, "text")
    assert convert(canonical, "text") == canonical
    assert convert(convert(canonical, "json"), "text") == canonical


def test_json_keeps_every_statement_with_its_line_and_comment() -> None:
    document = json.loads(convert(MESSY, "json"))
    (game,) = document["games"]
    assert game["tags"][0] == {
        "kind": "tag", "line": 2, "column": 1, "comments": ["  Club night"],
        "comment": " seats", "key": "Players", "value": "Ada, Bea",
    }
    statements = game["hands"][0]["statements"]
    assert [(s["kind"], s["line"]) for s in statements] == [("deal", 6), ("play", 7), ("play", 8)]
    assert statements[2]["side"] == "L" and statements[2]["comment"] == "  doubled"
    assert document["comments"] == [" the end"]


def test_json_output_matches_the_published_schema() -> None:
    schema = record_schema()
    for sample in SAMPLE_FILES:
        jsonschema.validate(json.loads(convert(sample.read_text("utf-8"), "json")), schema)


def tweak(old: str, new: str) -> str:
    document = convert(CANONICAL, "json")
    assert old in document
    return document.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "code", "path"),
    [
        ('"side": "L"', '"side": "L", "extra": 1', "S001",
         "$.games[0].hands[0].statements[2].extra"),
        ('"number": 1', '"number": true', "S001", "$.games[0].hands[0].number"),
        ('"number": 1', '"number": "1"', "S001", "$.games[0].hands[0].number"),
        ('"number": 1', '"number": 1.0', "S001", "$.games[0].hands[0].number"),
        ('"tile": [4, 1]', '"tile": [4, 7]', "S002", "$.games[0].hands[0].statements[1].tile[1]"),
        ('"player": "Ada"', '"player": "Ada Bea"', "S001",
         "$.games[0].hands[0].statements[0].player"),
    ],
)
def test_json_input_is_validated_strictly(old: str, new: str, code: str, path: str) -> None:
    record, problems = from_json(tweak(old, new))
    assert record is None
    assert [(p.code, p.message.args["path"]) for p in problems] == [(code, path)]


def test_duplicate_keys_are_refused() -> None:
    record, problems = from_json(tweak('"side": "L"', '"side": "L", "side": "R"'))
    assert record is None
    assert problems[0].code == "S001"
    assert "duplicate key" in problems[0].message.render()


def test_convert_command_exit_status_and_streams(tmp_path: Path) -> None:
    runner = CliRunner()
    source = tmp_path / "club.txt"
    source.write_text(MESSY, encoding="utf-8")
    done = runner.invoke(cli, ["convert", str(source), "-o", str(tmp_path / "club.json")])
    assert done.exit_code == 0, done.output
    back = runner.invoke(cli, ["convert", str(tmp_path / "club.json"), "--to", "text"])
    assert back.exit_code == 0
    assert back.stdout == CANONICAL
    piped = runner.invoke(cli, ["convert", "-", "--to", "text"], input=MESSY)
    assert piped.stdout == CANONICAL

    source.write_text("hand 1\nAda 1-2\n", encoding="utf-8")
    refused = runner.invoke(cli, ["convert", str(source)])
    assert refused.exit_code == 1
    assert f"{source}:2:5: error S001" in refused.stderr
    assert refused.stdout == ""


def test_converting_does_not_judge_legality() -> None:
    illegal = '[Players "Ada"]\n\nhand 7\nZed: 6-6 L\nZed: 6-6 L\n'
    assert convert(illegal, "text") == illegal


def test_canonical_writer_round_trips_the_parse() -> None:
    record = parse_text(CANONICAL).records
    assert to_text(record) == CANONICAL
    assert from_json(to_json(record)) == (record, ())


def test_annotations_before_a_hand_stay_above_its_blank_line() -> None:
    text = (
        '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\n#= totals: Ada 0, Bea 0\n'
        "# the second hand\nhand 2\nBea: 3-4\n"
    )
    canonical = convert(text, "text")
    assert canonical == (
        '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\n#= totals: Ada 0, Bea 0\n\n'
        "# the second hand\nhand 2\nBea: 3-4\n"
    )
    hand = parse_text(canonical).records.games[0].hands[1]
    assert hand.comments == ("= totals: Ada 0, Bea 0", " the second hand")
    assert convert(convert(canonical, "json"), "text") == canonical
