"""`blocknot validate` for machines: jsonl, github, sarif, junit, end positions, and the
options --output-file, --statistics, --quiet, --color, --exit-zero; `rules --format json`.

Every test runs the command on files in a temporary directory: in this process
(``inprocess.run_utf8``), and in a real one where standard input must stay open."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema

from blocknotation.simulator.writer import generate

from inprocess import TextDone, run_utf8

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "blocknotation" / "examples"
CLUB = (ROOT / "samples" / "club-night.block").read_text("utf-8")
P405 = (EXAMPLES / "P405.bad.txt").read_text("utf-8")
G105 = (EXAMPLES / "G105.bad.txt").read_text("utf-8")
SARIF_SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-schema-2.1.0.json"


def run(*args: str, cwd: Path, stdin: bytes | None = None,
        env: dict[str, str] | None = None) -> TextDone:
    environment = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    environment.update(env or {})
    return run_utf8(*args, stdin=stdin, cwd=cwd, env=environment)


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- JSON Lines ------------------------------------------------------------------------------
def test_jsonl_writes_one_object_per_game_with_its_diagnostics(tmp_path: Path) -> None:
    write(tmp_path, "two.block", CLUB + "\n" + P405)
    done = run("validate", "--format", "jsonl", "two.block", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert (first["path"], first["game"], first["line"]) == ("two.block", 1, 6)
    assert first["players"] == ["Ada", "Bea", "Cy"] and first["target"] == 61
    assert (first["status"], first["winner"]) == ("won", "Cy")
    assert first["score"] == {"Ada": 0, "Bea": 10, "Cy": 61}
    assert [h["number"] for h in first["hands"]] == [1, 2]
    assert first["diagnostics"] == [] and first["valid"] is True
    club_lines = CLUB.count("\n") + 1
    assert (second["game"], second["line"]) == (2, club_lines + 1)
    (d,) = second["diagnostics"]
    assert (d["code"], d["line"], d["column"]) == ("P405", club_lines + 12, 1)
    assert (d["end_line"], d["end_column"]) == (club_lines + 12, 10)  # "Bea: pass" then comment
    assert (second["errors"], second["warnings"], second["valid"]) == (1, 0, False)


def test_jsonl_digest_is_the_same_for_the_same_game_written_differently(tmp_path: Path) -> None:
    spaced = CLUB.replace("Ada: ", "Ada:   ").replace("\nhand 2", "\nhand   2")
    assert spaced != CLUB
    write(tmp_path, "a.block", CLUB)
    write(tmp_path, "b.block", spaced)
    write(tmp_path, "c.block", G105)
    done = run("validate", "--format", "jsonl", "a.block", "b.block", "c.block", cwd=tmp_path)
    a, b, c = (json.loads(line) for line in done.stdout.splitlines())
    assert a["digest"] == b["digest"] and len(a["digest"]) == 64
    assert c["digest"] != a["digest"]


def test_jsonl_diagnostics_outside_a_game_have_their_own_object(tmp_path: Path) -> None:
    # A NUL byte: the file is not text, and nothing else in it is checked.
    (tmp_path / "bad.block").write_bytes(CLUB.encode() + b"\n\x00\n")
    done = run("validate", "--format", "jsonl", "bad.block", cwd=tmp_path)
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["game"] for o in objects] == [None]
    (d,) = objects[0]["diagnostics"]
    assert (d["code"], d["line"], d["column"], d["game"]) == ("S003", CLUB.count("\n") + 2, 1,
                                                             None)
    assert (d["end_line"], d["end_column"]) == (d["line"], 2)
    assert "digest" not in objects[0] and objects[0]["line"] == d["line"]
    assert done.returncode == 1


def test_jsonl_quiet_leaves_out_clean_games(tmp_path: Path) -> None:
    write(tmp_path, "two.block", CLUB + "\n" + P405)
    done = run("validate", "--format", "jsonl", "--quiet", "two.block", cwd=tmp_path)
    (only,) = (json.loads(line) for line in done.stdout.splitlines())
    assert only["game"] == 2


#: A remark line (about 180 bytes): cheap to read, unlike a move, which is replayed.
REMARK = "# " + "a long remark about the game, the table and the players, " * 3


def test_jsonl_first_line_comes_before_standard_input_ends(tmp_path: Path) -> None:
    # 25 games, every deal written, each followed by 540 remark lines: more bytes than the
    # stream reads at once, for little replaying.
    games = generate(seed=7, games=25, players=3, partial=False, claims=True)
    padding = "\n".join([REMARK] * 540)
    data = "\n".join(f"{game}\n{padding}\n" for game in games).encode("utf-8")
    assert len(data) > 2 * (1 << 20)  # more than the stream's read block
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", "validate", "--format", "jsonl", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
    )
    assert process.stdin is not None and process.stdout is not None

    def feed() -> None:
        assert process.stdin is not None
        process.stdin.write(data)  # and standard input stays open
        process.stdin.flush()

    writer = threading.Thread(target=feed)
    writer.start()
    first = json.loads(process.stdout.readline())
    assert process.poll() is None  # still running: its input has not ended
    assert (first["path"], first["game"], first["line"]) == ("<stdin>", 1, 1)
    rest: list[str] = []
    reader = threading.Thread(
        target=lambda: rest.extend(process.stdout.read().decode().splitlines()))  # type: ignore[union-attr]
    reader.start()  # the output must flow, or the command stops reading its input
    writer.join()
    process.stdin.close()
    reader.join()
    assert process.wait(timeout=300) == 0
    assert len(rest) + 1 == 25 and json.loads(rest[-1])["game"] == 25
    process.stdout.close()
    assert process.stderr is not None
    process.stderr.close()


def test_gzip_input_is_recognised_by_its_magic_bytes(tmp_path: Path) -> None:
    (tmp_path / "club.block").write_bytes(gzip.compress((CLUB + "\n" + P405).encode()))
    done = run("validate", "--format", "jsonl", "club.block", cwd=tmp_path)
    assert [json.loads(line)["game"] for line in done.stdout.splitlines()] == [1, 2]
    piped = run("validate", "--format", "jsonl", "-", cwd=tmp_path,
                stdin=gzip.compress(CLUB.encode()))
    assert json.loads(piped.stdout)["status"] == "won" and piped.returncode == 0


# --- GitHub annotations ----------------------------------------------------------------------
def test_github_format_writes_workflow_commands(tmp_path: Path) -> None:
    write(tmp_path, "p405.block", P405)
    write(tmp_path, "g105.block", G105)
    done = run("validate", "--format", "github", "p405.block", "g105.block", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "::error file=p405.block,line=12,col=1,endLine=12,endColumn=10,title=P405::Bea passed "
        "holding 1-0, which fits the left end (0): a player who can play must (R8)",
        "::warning file=g105.block,line=2,col=1,endLine=2,endColumn=14,title=G105::Target 50 "
        "overrides the rules' target of 100 for 2 players (R3): the game is played to 50",
    ]


def test_github_is_the_default_inside_github_actions_and_escapes(tmp_path: Path) -> None:
    write(tmp_path, "a,b:c%.block", G105)
    done = run("validate", "a,b:c%.block", cwd=tmp_path, env={"GITHUB_ACTIONS": "true"})
    assert done.returncode == 0
    assert done.stdout.startswith("::warning file=a%2Cb%3Ac%25.block,line=2,col=1,")
    text = run("validate", "--format", "text", "a,b:c%.block", cwd=tmp_path,
               env={"GITHUB_ACTIONS": "true"})
    assert text.stdout.startswith("a,b:c%.block:2:1: warning G105 ")


# --- SARIF -----------------------------------------------------------------------------------
def test_sarif_meets_the_official_schema_and_locates_each_result(tmp_path: Path) -> None:
    write(tmp_path, "dir/p405.block", P405)
    write(tmp_path, "g105.block", G105)
    done = run("validate", "--format", "sarif", "dir/p405.block", "g105.block", cwd=tmp_path)
    assert done.returncode == 1
    log = json.loads(done.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text("utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    # With the formats checked too: a helpUri must be an absolute URI.
    jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).validate(log)
    (run_,) = log["runs"]
    rules = run_["tool"]["driver"]["rules"]
    from blocknotation.basics.diagnostics import CATALOGUE

    assert [rule["id"] for rule in rules] == list(CATALOGUE)
    p405 = rules[list(CATALOGUE).index("P405")]
    # No link unless one is configured: never a path of the machine that wrote the log.
    assert all("helpUri" not in rule for rule in rules)
    assert "passes" in p405["help"]["text"] and p405["defaultConfiguration"]["level"] == "error"
    first, second = run_["results"]
    assert (first["ruleId"], first["level"]) == ("P405", "error")
    assert rules[first["ruleIndex"]]["id"] == "P405"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "dir/p405.block"
    assert location["region"] == {"startLine": 12, "startColumn": 1, "endLine": 12,
                                  "endColumn": 10}
    assert (second["ruleId"], second["level"]) == ("G105", "warning")
    broken = json.loads(done.stdout)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    assert not jsonschema.Draft4Validator(schema).is_valid(broken)


# --- JUnit -----------------------------------------------------------------------------------
def test_junit_has_a_case_per_game_and_a_failure_per_error(tmp_path: Path) -> None:
    write(tmp_path, "two.block", CLUB + "\n" + P405 + "\n" + G105)
    done = run("validate", "--format", "junit", "two.block", cwd=tmp_path)
    assert done.returncode == 1
    root = ET.fromstring(done.stdout)
    (suite,) = root.findall("testsuite")
    assert (suite.get("name"), suite.get("tests"), suite.get("failures")) == ("two.block", "3",
                                                                             "1")
    names = [case.get("name") for case in suite.findall("testcase")]
    club_lines = CLUB.count("\n") + 1
    assert names == ["game 1 (line 6)", f"game 2 (line {club_lines + 1})",
                     f"game 3 (line {club_lines + P405.count(chr(10)) + 2})"]
    cases = suite.findall("testcase")
    (failure,) = cases[1].findall("failure")
    assert failure.get("type") == "P405"
    assert cases[2].find("failure") is None
    out = cases[2].find("system-out")
    assert out is not None and out.text is not None and "G105" in out.text


# --- options ---------------------------------------------------------------------------------
def test_statistics_counts_each_code(tmp_path: Path) -> None:
    write(tmp_path, "a.block", P405 + "\n" + P405 + "\n" + G105)
    done = run("validate", "--statistics", "a.block", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ("2  P405  a player passes while holding a tile that fits\n"
                           "1  G105  Target overrides the rules' target\n")
    as_json = run("validate", "--statistics", "--format", "json", "a.block", cwd=tmp_path)
    assert [(row["code"], row["count"]) for row in json.loads(as_json.stdout)] == [
        ("P405", 2), ("G105", 1)]


def test_quiet_text_names_only_files_with_problems(tmp_path: Path) -> None:
    write(tmp_path, "clean.block", CLUB)
    write(tmp_path, "warn.block", G105)
    done = run("validate", "--quiet", "clean.block", "warn.block", cwd=tmp_path)
    assert done.returncode == 0
    assert "clean.block" not in done.stdout
    assert done.stdout.splitlines()[-1] == "warn.block: 1 game, 1 hand, 0 errors, 1 warning"


def test_exit_zero_output_file_and_color(tmp_path: Path) -> None:
    write(tmp_path, "p405.block", P405)
    done = run("validate", "--exit-zero", "--output-file", "out/report.json", "--format",
               "json", "p405.block", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "blocknot: cannot write out/report.json: No such file or directory\n"
    (tmp_path / "out").mkdir()
    done = run("validate", "--exit-zero", "--output-file", "out/report.json", "--format",
               "json", "p405.block", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "")
    report = json.loads((tmp_path / "out" / "report.json").read_text("utf-8"))
    assert report["files"][0]["diagnostics"][0]["end_column"] == 10
    always = run("validate", "--color", "always", "p405.block", cwd=tmp_path)
    assert "\x1b[1;31m" in always.stdout and always.returncode == 1
    never = run("validate", "--color", "always", "--no-color", "p405.block", cwd=tmp_path)
    assert "\x1b[" not in never.stdout
    env_off = run("validate", "--color", "auto", "p405.block", cwd=tmp_path,
                  env={"NO_COLOR": "1"})
    assert "\x1b[" not in env_off.stdout


def test_rules_format_json_lists_the_catalogue(tmp_path: Path) -> None:
    done = run("rules", "--format", "json", cwd=tmp_path)
    from blocknotation.basics.diagnostics import CATALOGUE

    codes = json.loads(done.stdout)["codes"]
    assert [c["code"] for c in codes] == list(CATALOGUE)
    e507 = codes[-1]
    assert (e507["code"], e507["severity"], e507["rules"]) == ("E507", "warning", ["R13"])
    assert e507["what"].startswith("A hand's points cannot be recomputed")
    italian = json.loads(run("rules", "--format", "json", "--lang", "it", cwd=tmp_path).stdout)
    assert italian["codes"][-1]["summary"] != e507["summary"]


def test_sarif_links_each_rule_to_the_docs_configured(tmp_path: Path) -> None:
    write(tmp_path, "p405.block", P405)
    write(tmp_path, "blocknot.toml", 'help-uri = "https://docs.example.org/blocknot/codes#{code}"\n')
    done = run("validate", "--format", "sarif", "p405.block", cwd=tmp_path)
    log = json.loads(done.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text("utf-8"))
    jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).validate(log)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert {rule["id"]: rule["helpUri"] for rule in rules}["P405"] == (
        "https://docs.example.org/blocknot/codes#p405")
    for bad in ("file:///x/{code}", "https://example.org/codes", "docs/{code}"):
        write(tmp_path, "blocknot.toml", f'help-uri = "{bad}"\n')
        refused = run("validate", "--format", "sarif", "p405.block", cwd=tmp_path)
        assert refused.returncode == 2 and refused.stdout == ""
        assert "help-uri" in refused.stderr and "{code}" in refused.stderr

