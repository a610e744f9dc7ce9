"""What a report did not check: a hand not replayed (a syntax error in it) and totals that rest
on claims the engine could not verify are said on each game's result line, kept by
``--quiet``, and carried by JSON, JSON Lines, JUnit, SARIF and GitHub annotations."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema

from blocknotation.formats.records.schema import report_schema

from inprocess import run_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "two-players.block").read_text("utf-8")
# Bea's play in hand 1 lost its colon: the hand is not replayed, its points claim stands in.
TYPO = SAMPLE.replace("\nBea: 4-2 L\n", "\nBea 4-2 L\n", 1)
TYPO_LINE = TYPO.split("\n").index("Bea 4-2 L") + 1
HAND_1 = TYPO.split("\n").index("hand 1") + 1
# Moves but no deals: every hand's points are the scorer's own claim.
NO_DEALS = "".join(line for line in SAMPLE.splitlines(keepends=True)
                   if not line.startswith("deal "))
REPORTS = jsonschema.Draft202012Validator(report_schema())


def write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, "utf-8")
    return name


def test_the_result_line_says_what_was_not_checked(tmp_path: Path) -> None:
    name = write(tmp_path, "typo.block", TYPO)
    done = run_text("validate", name, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-2] == (
        f"typo.block: game 1: Bea wins with 104 points (Ada 8); hand 1 not checked: syntax "
        f"error at line {TYPO_LINE}; totals rest on 1 unverified claim")
    quiet = run_text("validate", "--quiet", name, cwd=tmp_path)
    assert quiet.stdout.splitlines()[-2] == (
        f"typo.block: game 1: hand 1 not checked: syntax error at line {TYPO_LINE}; totals "
        "rest on 1 unverified claim")


def test_totals_from_claims_alone_are_said_to_be(tmp_path: Path) -> None:
    name = write(tmp_path, "claims.block", NO_DEALS)
    done = run_text("validate", name, cwd=tmp_path)
    assert done.stdout.splitlines() == [
        "claims.block: game 1: Bea wins with 104 points (Ada 8); totals rest on 8 unverified "
        "claims",
        "claims.block: 1 game, 8 hands, 0 errors, 0 warnings"]
    # --quiet: no result lines, but the caveat stays, though the file has no diagnostic.
    quiet = run_text("validate", "--quiet", name, cwd=tmp_path)
    assert quiet.stdout.splitlines() == [
        "claims.block: game 1: totals rest on 8 unverified claims"]
    clean = write(tmp_path, "clean.block", SAMPLE)
    assert run_text("validate", "--quiet", clean, cwd=tmp_path).stdout == ""
    italian = run_text("validate", "--lang", "it", name, cwd=tmp_path)
    assert italian.stdout.splitlines()[0].endswith(
        "; i totali poggiano su 8 dichiarazioni non verificate")


def test_json_and_json_lines_carry_them(tmp_path: Path) -> None:
    typo, claims = write(tmp_path, "typo.block", TYPO), write(tmp_path, "claims.block", NO_DEALS)
    done = run_text("validate", "--format", "json", typo, claims, cwd=tmp_path)
    REPORTS.validate(json.loads(done.stdout))
    first, second = (entry["games"][0] for entry in json.loads(done.stdout)["files"])
    assert first["unchecked"] == [{"hand": 1, "line": HAND_1,
                                   "reason": f"syntax error at line {TYPO_LINE}",
                                   "cause_line": TYPO_LINE}]
    assert (first["unverified_claims"], second["unverified_claims"]) == (1, 8)
    assert "unchecked" not in second
    lines = run_text("validate", "--format", "jsonl", typo, claims, cwd=tmp_path)
    objects = [json.loads(line) for line in lines.stdout.splitlines()]
    assert [(o.get("unchecked"), o.get("unverified_claims")) for o in objects] == [
        (first["unchecked"], 1), (None, 8)]
    # --quiet keeps a game that has caveats but no diagnostic.
    quiet = run_text("validate", "--format", "jsonl", "--quiet", claims, cwd=tmp_path)
    assert [json.loads(line)["unverified_claims"] for line in quiet.stdout.splitlines()] == [8]


def test_junit_sarif_and_github_carry_them(tmp_path: Path) -> None:
    typo = write(tmp_path, "typo.block", TYPO)
    junit = ET.fromstring(run_text("validate", "--format", "junit", typo, cwd=tmp_path).stdout)
    (case,) = junit.iter("testcase")
    assert case.findtext("system-out") == (
        f"note typo.block:{HAND_1}: hand 1 not checked: syntax error at line {TYPO_LINE}\n"
        "note typo.block:5: totals rest on 1 unverified claim")
    sarif = json.loads(run_text("validate", "--format", "sarif", typo, cwd=tmp_path).stdout)
    notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert [(n["level"], n["descriptor"]["id"], n["message"]["text"],
             n["locations"][0]["physicalLocation"]["region"]["startLine"]) for n in notes] == [
        ("note", "not-checked", f"hand 1 not checked: syntax error at line {TYPO_LINE}", HAND_1),
        ("note", "unverified-claims", "totals rest on 1 unverified claim", 5)]
    github = run_text("validate", "--format", "github", typo, cwd=tmp_path).stdout.splitlines()
    assert github[-2:] == [
        f"::notice file=typo.block,line={HAND_1},title=not-checked::hand 1 not checked: syntax "
        f"error at line {TYPO_LINE}",
        "::notice file=typo.block,line=5,title=unverified-claims::totals rest on 1 unverified "
        "claim"]
