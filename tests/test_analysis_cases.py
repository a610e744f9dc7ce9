"""Hand-written records whose analysis was worked out by hand from the rules, the expected
values in their headers (the records of ``tests/cases/analyse/``; their ``# expect:``
line is their diagnostics, read by ``test_cases.py`` like every case's).

After the ``# expect:`` line come ``# analysis:`` lines of items, each for the hand named by
the last ``hand=N`` before it:

- ``start=WINNER/OUTCOME/POINTS``: how the hand ends under best play from its first move
  (``none`` for a tie);
- ``forced=PLAYER/POINTS`` (or ``forced=none``): who wins it by force from the first move,
  and the least they score;
- ``mistakes=none`` or ``mistakes@LINE=L,L``: the lines of every mistake (at the default
  threshold of 1 point), of the whole hand or from ``LINE`` on;
- ``value@LINE=BEFORE/AFTER``: the mover's value before the move at ``LINE`` and after it;
- ``best@LINE=TILE[SIDE],…``: every best move there (``2-3R``; a pass is ``pass``);
- ``ending@LINE=…`` and ``bestending@LINE=…``: how the hand ends, best play going on,
  after the move played and after the (first) best move.

They are read from ``blocknot analyse --format json``, as a user would read them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from inprocess import run

CASES = sorted((Path(__file__).resolve().parent / "cases" / "analyse").glob("*.txt"))
ITEM = re.compile(r"(?P<key>[a-z]+)(?:@(?P<line>\d+))?=(?P<value>\S+)")


def expected(path: Path) -> list[tuple[int, str, int | None, str]]:
    """The (hand, key, line, value) items of a case's header."""
    items: list[tuple[int, str, int | None, str]] = []
    hand = 0
    for text in path.read_text("utf-8").splitlines()[1:]:
        if not text.startswith("# analysis:"):
            break
        for word in text.removeprefix("# analysis:").split():
            match = ITEM.fullmatch(word)
            assert match is not None, f"{path.name}: malformed item {word!r}"
            if match["key"] == "hand":
                hand = int(match["value"])
                continue
            line = match["line"]
            items.append((hand, match["key"], None if line is None else int(line),
                          match["value"]))
    return items


def ending(found: dict[str, Any] | None) -> str:
    assert found is not None
    return f"{found['winner'] or 'none'}/{found['outcome']}/{found['points']}"


def move(found: dict[str, Any]) -> str:
    if found["tile"] is None:
        return "pass"
    return "-".join(map(str, found["tile"])) + (found["side"] or "")


def test_there_are_the_cases() -> None:
    assert [p.name for p in CASES] == ["forced_passes.txt", "forced_win.txt",
                                       "thrown_away.txt", "tie_avoided.txt"]


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_analysis_case(path: Path) -> None:
    done = run("analyse", "--format", "json", str(path))
    assert done.returncode == 0, done.stderr
    (game,) = json.loads(done.stdout)["files"][0]["games"]
    hands = {hand["number"]: hand["analysis"] for hand in game["hands"]}
    items = expected(path)
    assert items
    for number, key, line, value in items:
        analysis = hands[number]
        assert analysis["analysed"]
        moves = {m["line"]: m for m in analysis["moves"]}
        where = (path.name, number, key, line)
        if key == "start":
            assert (where, ending(analysis["start"])) == (where, value)
        elif key == "forced":
            forced = analysis["forced"]
            got = "none" if forced is None else f"{forced['player']}/{forced['points']}"
            assert (where, got) == (where, value)
        elif key == "mistakes":
            got = [m["line"] for m in analysis["moves"] if m["mistake"] and m["line"] >= (
                line or 0)]
            want = [] if value == "none" else [int(v) for v in value.split(",")]
            assert (where, got) == (where, want)
        elif key == "value":
            found = moves[line]
            before, after = map(int, value.split("/"))
            assert (where, found["before"], found["after"], found["given_away"]) == (
                where, before, after, before - after)
        elif key == "best":
            assert (where, [move(b) for b in moves[line]["best"]]) == (where, value.split(","))
        elif key == "ending":
            assert (where, ending(moves[line]["ending"])) == (where, value)
        elif key == "bestending":
            assert (where, ending(moves[line]["best"][0]["ending"])) == (where, value)
        else:
            raise AssertionError(f"{path.name}: unknown item {key}")


def test_the_mistakes_as_text() -> None:
    done = run("analyse", *map(str, CASES))
    lines = done.stdout.decode("utf-8").splitlines()
    thrown, tie = (str(p) for p in CASES[2:])
    ada, bea = "(Ada's points minus Bea's)", "(Bea's points minus Ada's)"
    assert f"{thrown}: line 23: Ada played 5-6 L and gave away 19 {ada}; 2-3 R would have " \
           "won the hand by domino, scoring 14" in lines
    assert f"{thrown}: line 22: Bea played 5-5 L and gave away 9 {bea}; 2-4 R would have let " \
           "Ada score only 5" in lines
    assert f"{tie}: line 24: Ada played 3-2 L and gave away 4 {ada}; 3-6 L would have won " \
           "the blocked hand, scoring 4" in lines
    passes = str(CASES[0])
    assert f"{passes}: line 18: Ada played 5-6 L and gave away 10 {ada}; 4-6 R or 5-5 L would " \
           "have won the blocked hand, scoring 25" in lines
    assert f"{tie}: line 20: Ada played 6-5 L and gave away 6 {ada}; 3-6 L would have tied " \
           "the blocked hand, and nobody would have scored" in lines
    forced = str(CASES[1])
    start = lines.index(f"{forced}: hand 1: Ada wins by force from the first move, scoring at "
                        "least 60 whatever Bea plays")
    assert lines[start:start + 2] == [
        f"{forced}: hand 1: Ada wins by force from the first move, scoring at least 60 "
        "whatever Bea plays",
        f"{forced}: 1 hand analysed, 0 mistakes of 1 point or more"]
