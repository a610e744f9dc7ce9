"""``analyse --max-seconds``: the run's analysis is bounded in time, and every hand it left
out says so (no clock is read here: the clock the analysis reads is set by the test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blocknotation.analysis import hand, search

from inprocess import run_text

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "samples" / "two-players.block"
OUT_OF_TIME = ("not analysed (out of time): the run's time (--max-seconds) was spent before "
               "its analysis ended")


def test_no_time_left_leaves_every_hand_out_and_names_each() -> None:
    done = run_text("analyse", "--max-seconds", "0", str(TWO))
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        *(f"{TWO}: hand {n}: {OUT_OF_TIME}" for n in range(1, 9)),
        f"{TWO}: 0 hands analysed, 8 not analysed, 0 mistakes of 1 point or more"]


def test_the_hands_after_the_deadline_are_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from blocknotation.run import analyse

    now = [0.0]
    monkeypatch.setattr(analyse, "monotonic", lambda: now[0])
    monkeypatch.setattr(search, "monotonic", lambda: now[0])
    real = hand._Walk.run

    def run_then_late(walk: hand._Walk) -> object:
        found = real(walk)
        if walk.problem.number == 3:
            now[0] = 100.0  # the deadline passes while hand 3 is written up
        return found

    monkeypatch.setattr(hand._Walk, "run", run_then_late)
    monkeypatch.setattr(hand, "monotonic", lambda: now[0])
    done = run_text("analyse", "--max-seconds", "60", "--format", "json", str(TWO))
    hands = json.loads(done.stdout)["files"][0]["games"][0]["hands"]
    assert [h["analysis"]["analysed"] for h in hands] == [True] * 3 + [False] * 5
    assert {h["analysis"]["reason"] for h in hands[3:]} == {"time"}


def test_a_search_past_the_deadline_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    from blocknotation.analysis.setup import HandToAnalyse

    monkeypatch.setattr(search, "monotonic", lambda: 10.0)
    monkeypatch.setattr(hand, "monotonic", lambda: 0.0)  # the hand starts in time
    deals = (0b1111111, 0b1111111 << 7)
    found = hand.analyse(HandToAnalyse(1, 3, ("Ada", "Bea"), deals, 0, (), deadline=5.0))
    assert found.reason == "time"
    assert 0 < found.nodes <= search.CHECK_EVERY + 1


def test_validate_analyse_takes_max_seconds_too() -> None:
    done = run_text("validate", "--analyse", "--max-seconds", "0", str(TWO))
    assert done.returncode == 0, done.stderr
    assert f"{TWO}: hand 1: {OUT_OF_TIME}" in done.stdout.splitlines()
    # The HTML page marks the mistakes of the hands analysed (``data-a``): none in no time.
    html = run_text("validate", "--analyse", "--format", "html", str(TWO)).stdout
    assert html.count(" data-a=") == 8
    late = run_text("validate", "--analyse", "--format", "html", "--max-seconds", "0", str(TWO))
    assert late.returncode == 0 and " data-a=" not in late.stdout


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "infinity"])
@pytest.mark.parametrize("command", [("analyse",), ("validate", "--analyse")])
def test_max_seconds_is_a_number_of_seconds(value: str, command: tuple[str, ...]) -> None:
    done = run_text(*command, "--max-seconds", value, str(TWO))
    assert done.returncode == 2
    assert done.stderr.startswith("blocknot: ")
    assert "--max-seconds" in done.stderr and done.stdout == ""


def test_max_seconds_goes_with_analyse() -> None:
    done = run_text("validate", "--max-seconds", "5", str(TWO))
    assert (done.returncode, done.stderr) == (
        2, "blocknot: --max-seconds goes with --analyse\n")
