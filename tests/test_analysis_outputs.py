"""``blocknot analyse`` and ``validate --analyse`` as a user runs them: the text lines, the
JSON report and its schema, the annotated record's ``#?`` lines, the hover, the exit
statuses, and every reason a hand is not analysed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import jsonschema
import pytest

from blocknotation.analysis import search
from blocknotation.formats.records.schema import report_schema
from blocknotation.report.analysis import marks

from inprocess import run, run_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
TWO = str(SAMPLES / "two-players.block")
REPORTS = jsonschema.Draft202012Validator(report_schema())


def lines(*args: str) -> list[str]:
    done = run_text(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_mistakes_of_a_sample() -> None:
    found = lines("analyse", TWO)
    # Worked out by hand: at 4|3 Ada holds 6-0 4-3 1-0 1-5 2-1 and Bea 6-6 0-0 3-3 6-4 1-1.
    # 4-3 L leaves 3|3: Bea's 3-3, then nobody can play, Ada 16 pips to Bea's 24 (8 for
    # Ada); 4-3 R leaves 4|4, every move forced until Ada keeps 2-1 (3 pips) to Bea's 18: 15.
    assert f"{TWO}: line 148: Ada played 4-3 L and gave away 7 (Ada's points minus Bea's); " \
           "3-4 R would have won the blocked hand, scoring 15" in found
    assert found[-1] == f"{TWO}: 8 hands analysed, 28 mistakes of 1 point or more"
    assert sum(": hand " in line and "by force" in line for line in found) == 8
    # With four players a value is the mover's own points, and the line says so.
    four = str(ROOT / "samples" / "four-players.block")
    assert f"{four}: line 70: Anna-Maria played 4-2 and gave away 5 of Anna-Maria's own " \
           "points; 0-3 would have won the hand by domino, scoring 5" in lines("analyse", four)


def test_the_threshold() -> None:
    found = lines("analyse", "--threshold", "20", TWO)
    given = [int(line.split("gave away ")[1].split()[0]) for line in found
             if "gave away" in line]
    assert given and min(given) >= 20
    assert found[-1] == f"{TWO}: 8 hands analysed, {len(given)} mistakes of 20 points or more"
    assert run("analyse", "--threshold", "0", TWO).returncode == 2


def test_jobs_give_the_same_output() -> None:
    files = [str(p) for p in sorted(SAMPLES.glob("*.block"))]
    alone = run("analyse", *files)
    together = run("analyse", "--jobs", "2", *files)  # a real process, with workers
    assert (together.returncode, together.stdout) == (alone.returncode, alone.stdout)
    assert together.stderr == b""
    json_alone = run("analyse", "--format", "json", *files)
    json_together = run("analyse", "--format", "json", "-j", "2", *files)
    assert json_together.stdout == json_alone.stdout


def test_hands_not_analysed_say_why() -> None:
    partial = str(SAMPLES / "partial-deals.block")
    found = lines("analyse", partial)
    assert found[0] == f"{partial}: hand 1: not analysed: no deal is recorded for Eitan, " \
                       "Fumiko, and the analysis needs every deal"
    assert found[-1] == f"{partial}: 1 hand analysed, 3 not analysed, 1 mistake of 1 point " \
                        "or more"


def test_a_hand_whose_moves_do_not_replay(tmp_path: Path) -> None:
    broken = tmp_path / "broken.block"
    # Bea's 1-1 fits neither end of 0|5 (P403, line 12).
    broken.write_text(Path(TWO).read_text("utf-8").replace("Bea: 0-6\n", "Bea: 1-1\n", 1),
                      "utf-8")
    done = run_text("analyse", str(broken))
    assert done.returncode == 1  # the record has an error
    assert done.stdout.splitlines()[0] == (
        f"{broken}: hand 1: not analysed: P403 at line 12: its deals and moves do not replay "
        "without error")
    report = json.loads(run("analyse", "--format", "json", str(broken)).stdout)
    first = report["files"][0]["games"][0]["hands"][0]["analysis"]
    assert (first["analysed"], first["reason"]) == (False, "moves")
    assert REPORTS.is_valid(report)


def test_too_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "NODE_BOUND", 200)
    four = str(SAMPLES / "four-players.block")
    found = lines("analyse", four)
    assert f"{four}: hand 1: not analysed (too large): the search would visit more than 200 " \
           "positions" in found
    assert found[-1].startswith(f"{four}: 0 hands analysed, 3 not analysed")


def test_validate_analyse() -> None:
    found = lines("validate", "--analyse", TWO)
    assert found[0] == f"{TWO}: game 1: Bea wins with 104 points (Ada 8)"
    assert found[-2:] == [f"{TWO}: 1 game, 8 hands, 0 errors, 0 warnings",
                          f"{TWO}: 8 hands analysed, 28 mistakes of 1 point or more"]
    assert lines("analyse", TWO)[:-1] == found[1:-2]
    done = run("validate", "--analyse", "--format", "sarif", TWO)
    assert done.returncode == 2 and b"--analyse goes with" in done.stderr


def test_the_json_report_holds_every_move(tmp_path: Path) -> None:
    report = json.loads(run("analyse", "--format", "json", TWO).stdout)
    assert REPORTS.is_valid(report), list(REPORTS.iter_errors(report))[:1]
    hand = report["files"][0]["games"][0]["hands"][6]
    moves = {m["line"]: m for m in hand["analysis"]["moves"]}
    assert moves[148]["before"] == 15 and moves[148]["after"] == 8
    assert moves[148]["best"] == [{"tile": [3, 4], "side": "R", "ending": {
        "outcome": "blocked", "winner": "Ada", "points": 15}}]
    # The hand ends at line 149, nobody able to play (R12): the two passes after are read past.
    assert [m["line"] for m in hand["analysis"]["moves"]] == list(range(144, 150))
    plain = json.loads(run("validate", "--format", "json", TWO).stdout)
    assert "analysis" not in plain["files"][0]["games"][0]["hands"][0]


def _tool(name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.block")), ids=lambda p: p.name)
def test_golden_analysis(sample: Path) -> None:
    golden = ROOT / "tests" / "golden" / "analysis" / f"{sample.stem}.json"
    text = golden.read_text("utf-8")
    assert _tool("golden_reports").golden_analysis(sample) == text, (  # type: ignore[attr-defined]
        "run `python tools/golden_reports.py` and review")
    assert REPORTS.is_valid(json.loads(text)["report"])


def test_the_annotated_record_is_annotated_again_the_same(tmp_path: Path) -> None:
    once = run("analyse", "--format", "annotated", TWO)
    assert once.returncode == 0
    text = once.stdout.decode("utf-8")
    assert "#? value 15, played 8: a mistake: Ada played 4-3 L and gave away 7 (Ada's points " \
           "minus Bea's); 3-4 R would have won the blocked hand, scoring 15\n" in text
    again = tmp_path / "again.block"
    again.write_bytes(once.stdout)
    assert run("analyse", "--format", "annotated", str(again)).stdout == once.stdout
    # The #? lines are the engine's: plain annotation drops them, validation ignores them.
    plain = run("validate", "--format", "annotated", str(again)).stdout.decode("utf-8")
    assert "#?" not in plain and plain == run("validate", "--format", "annotated",
                                              TWO).stdout.decode("utf-8")
    assert run("validate", str(again)).returncode == 0


def test_in_italian() -> None:
    found = lines("analyse", "--lang", "it", TWO)
    assert found[-1] == f"{TWO}: 8 mani analizzate, 28 sbagli da 1 punto in su"
    assert any("ha giocato 4-3 L" in line for line in found)


def test_an_unreadable_file() -> None:
    done = run_text("analyse", "no-such-file.block", TWO)
    assert done.returncode == 2
    assert done.stderr.startswith("blocknot: cannot read no-such-file.block")
    assert done.stdout.splitlines()[-1].startswith(f"{TWO}: 8 hands analysed")


def test_a_later_game_names_its_hands(tmp_path: Path) -> None:
    three = (SAMPLES / "three-players.block").read_text("utf-8")
    both = tmp_path / "both.block"
    both.write_text(three + "\n" + three, "utf-8")
    found = lines("analyse", str(both))
    assert any(line.startswith(f"{both}: game 2, hand 1: ") for line in found)
    assert found[-1].startswith(f"{both}: 8 hands analysed")


def test_what_the_html_replay_marks() -> None:
    from blocknotation.analysis.pieces import analysed
    from blocknotation.pipeline import read_and_validate

    with open(TWO, "rb") as record:
        (piece,) = [analysed(parsed, piece) for parsed, piece in read_and_validate(record)]
    hand = piece.games[0].hands[6]
    shown = marks(hand.analysis)
    assert shown[148].mistake and shown[148].given_away == 7
    assert [move.text for move in shown[148].best] == ["3-4 R"]
    assert not shown[146].mistake
    assert marks(None) == {}


@pytest.mark.parametrize("text", ['# a comment\n[Players "Ada Bea"]\n',
                                  '[Players "Ada Bea"]\n\nhand 1\nAda: 1-1\n\n'
                                  '[Players "Cy Dee"]\n'])
def test_a_game_without_hands_is_nothing_to_analyse(tmp_path: Path, text: str) -> None:
    # A game of tags alone (S005 when the file holds no hand) is no internal error: the
    # other games are analysed, and the exit status is validate's.
    record = tmp_path / "r.block"
    record.write_text(text, "utf-8")
    for args in (["analyse"], ["analyse", "--format", "json"], ["validate", "--analyse"]):
        done = run_text(*args, str(record))
        assert done.returncode == 0, (args, done.stderr)
        assert "internal error" not in done.stderr
    if "hand" not in text:
        assert run_text("analyse", str(record)).stdout.endswith(
            "0 hands analysed, 0 mistakes of 1 point or more\n")
