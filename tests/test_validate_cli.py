"""`blocknot validate`: output formats, exit status, selection, several files, jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from blocknotation.cli.commands import cli

from inprocess import TextDone, run_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "three-players.block"
OUT_OF_TURN = ROOT / "tests" / "cases" / "T302" / "out_of_turn.txt"

WARNING_ONLY = '[Players "Ada Bea"]\n[Target "50"]\n\nhand 1\nAda: 1-2\n'


def run(*args: str, stdin: str | None = None) -> TextDone:
    return run_text(*args, stdin=stdin, cwd=ROOT)


def test_clean_sample_exits_0_with_a_summary() -> None:
    done = run("validate", "samples/three-players.block")
    assert done.returncode == 0
    assert done.stdout == (
        "samples/three-players.block: game 1: Zoë wins with 74 points (Nicolò 21, Łukasz 0)\n"
        "samples/three-players.block: 1 game, 4 hands, 0 errors, 0 warnings\n")
    assert done.stderr == ""
    quiet = run("validate", "--quiet", "samples/three-players.block")
    assert (quiet.returncode, quiet.stdout) == (0, "")


def test_text_format_is_compiler_style() -> None:
    done = run("validate", "tests/cases/T302/out_of_turn.txt")
    assert done.returncode == 1
    first, result, summary = done.stdout.splitlines()
    assert first.startswith("tests/cases/T302/out_of_turn.txt:18:1: error T302 ")
    assert result.startswith("tests/cases/T302/out_of_turn.txt: game 1: ")
    assert "Cy" in first and "Bea" in first
    assert summary == "tests/cases/T302/out_of_turn.txt: 1 game, 1 hand, 1 error, 0 warnings"


def test_json_format_keeps_the_contract_keys() -> None:
    done = run("validate", "--format", "json", "tests/cases/T302/out_of_turn.txt",
               "samples/three-players.block")
    assert done.returncode == 1
    files = json.loads(done.stdout)["files"]
    assert [f["path"] for f in files] == ["tests/cases/T302/out_of_turn.txt",
                                          "samples/three-players.block"]
    bad, good = files
    assert bad["valid"] is False and good["valid"] is True
    (d,) = bad["diagnostics"]
    assert {k: d[k] for k in ("code", "severity", "line", "column", "game", "hand")} == {
        "code": "T302", "severity": "error", "line": 18, "column": 1, "game": 1, "hand": 1
    }
    (game,) = good["games"]
    assert set(game) >= {"index", "line", "players", "target", "hands", "score", "status",
                         "winner"}
    assert (game["index"], game["line"], game["target"]) == (1, 5, 61)
    hand = game["hands"][0]
    assert set(hand) >= {"number", "line", "opener", "outcome", "winner", "remaining",
                         "points", "score"}
    assert (hand["outcome"], hand["winner"], hand["points"]["Zoë"]) == ("domino", "Zoë", 23)
    assert sum(hand["points"].values()) == 23
    assert game["status"] == "won" and game["winner"] in game["players"]


def test_warnings_pass_unless_strict() -> None:
    runner = CliRunner()
    relaxed = runner.invoke(cli, ["validate", "-"], input=WARNING_ONLY)
    assert relaxed.exit_code == 0, relaxed.output
    assert " warning G105 " in relaxed.stdout
    strict = runner.invoke(cli, ["validate", "--strict", "-"], input=WARNING_ONLY)
    assert strict.exit_code == 1


def test_select_and_ignore_take_codes_and_prefixes() -> None:
    runner = CliRunner()
    ignored = runner.invoke(cli, ["validate", "--ignore", "T3", str(OUT_OF_TURN)])
    assert ignored.exit_code == 0
    assert ignored.stdout.endswith("1 game, 1 hand, 0 errors, 0 warnings\n")
    selected = runner.invoke(cli, ["validate", "--select", "G", str(OUT_OF_TURN)])
    assert selected.exit_code == 0
    kept = runner.invoke(cli, ["validate", "--select", "T302,G105", str(OUT_OF_TURN)])
    assert kept.exit_code == 1
    assert " error T302 " in kept.stdout


def test_unknown_code_in_select_is_a_usage_error() -> None:
    done = run("validate", "--select", "X999", "samples/three-players.block")
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "X999" in done.stderr


def test_a_missing_file_is_told_and_the_others_are_checked() -> None:
    done = run("validate", "no/such/file.txt", "samples/three-players.block")
    assert done.returncode == 2
    assert done.stdout.splitlines()[1:] == [
        "samples/three-players.block: 1 game, 4 hands, 0 errors, 0 warnings",
        "No problems found in 1 file; 1 file could not be read"]
    assert done.stderr == "blocknot: cannot read no/such/file.txt: No such file or directory\n"


def test_standard_input_is_named_stdin() -> None:
    done = run("validate", "-", stdin=SAMPLE.read_text("utf-8"))
    assert done.stdout.splitlines()[-1] == "<stdin>: 1 game, 4 hands, 0 errors, 0 warnings"


# Text under the ``slow`` marker (``--run-slow``, as .ci/run runs it): the workers are the same.
@pytest.mark.parametrize("fmt", [pytest.param("text", marks=pytest.mark.slow), "json"])
def test_jobs_give_the_same_output(tmp_path: Path, fmt: str) -> None:
    from blocknotation.simulator.writer import generate

    big = tmp_path / "many.txt"
    games = list(generate(seed=5, games=60, partial=True, claims=True))
    games[17] = games[17].replace("hand 2\n", "hand 2\nAda 1-2\n", 1)
    big.write_text("\n".join(games), encoding="utf-8")
    args = ["validate", "--format", fmt, str(big), str(OUT_OF_TURN), str(SAMPLE)]
    one = run(*args)
    two = run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout
    assert "S001" in one.stdout


def test_each_game_gets_its_result_and_a_run_of_several_files_its_total() -> None:
    done = run("validate", "blocknotation/examples/P405.bad.txt",
               "blocknotation/examples/S001.bad.txt", "samples/two-players.block")
    assert done.returncode == 1
    lines = [line for line in done.stdout.splitlines() if not line.startswith("  ")]
    assert lines[1:3] == [
        "blocknotation/examples/P405.bad.txt: game 1: in progress, nobody has reached 100 "
        "points (Ada 12, Bea 0)",
        "blocknotation/examples/P405.bad.txt: 1 game, 1 hand, 1 error, 0 warnings"]
    # A hand with a syntax error: its points are unknown, and one hand may reach 100.
    assert lines[4] == ("blocknotation/examples/S001.bad.txt: game 1: how it stands is not "
                        "known: the unknown points may have taken somebody to 100; hand 1 not "
                        "checked: syntax error at line 10")
    assert lines[6:] == [
        "samples/two-players.block: game 1: Bea wins with 104 points (Ada 8)",
        "samples/two-players.block: 1 game, 8 hands, 0 errors, 0 warnings",
        "Found 2 errors in 2 files"]
    quiet = run("validate", "-q", "blocknotation/examples/P405.bad.txt",
                "samples/two-players.block")
    assert quiet.stdout.splitlines() == [
        quiet.stdout.splitlines()[0],
        "blocknotation/examples/P405.bad.txt: 1 game, 1 hand, 1 error, 0 warnings"]
    italian = run("validate", "--lang", "it", "samples/two-players.block",
                  "samples/three-players.block")
    assert italian.stdout.splitlines()[0] == (
        "samples/two-players.block: partita 1: vince Bea con 104 punti (Ada 8)")
    assert italian.stdout.splitlines()[-1] == "Nessun problema in 2 file"
