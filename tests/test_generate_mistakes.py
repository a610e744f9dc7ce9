"""`blocknot generate --mistakes` and `--counts-only`, through the command and the library.

A record with a mistake must be caught by `validate` in the game it was put into; a count
written down after play must validate clean with the simulator's own points and scores.
The command runs in this process (``inprocess.run``): nothing here depends on a new one.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.mistakes import KINDS, make_mistake
from blocknotation.simulator.writer import generate_games

from inprocess import Done, run
from seeded_sample import seeded_sample

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {"pass": {"P405"}, "side": {"P403"}, "player": {"T302"},
            "tile": {"P401", "P402", "P403"}, "rejected": {"P401", "P402", "P403", "P406"},
            "omitted_pass": {"T302"}, "claim": {"E504", "E505"}, "deal": {"D202"},
            "extra_hand": {"E506"}, "hidden_pass": {"P407"},
            "hidden_tile": {"P401", "P402", "P403", "P404"},
            "doubled": {"G107"}, "swapped": {"T302"}, "first_name": {"T302"},
            "opener": {"T301"}, "hand_twice": {"G106"}, "both_ends": {"P403"},
            "own_tile": {"P401", "P404"},
            "deal_tile": {"P401", "P405", "E502", "E503", "E504", "E505", "D203"},
            "hidden_rejected": {"P401", "P402", "P403", "P406"}, "omitted_play": {"T302"}}
#: The kinds whose slip may leave a record that breaks no rule: a hidden player's tile written
#: as another they may hold, that nothing later contradicts; the passes that each player may
#: still write after a block that no tile can break (R12), swapped; a deal's tile copied as
#: one no deal lists, never played and not counted by any claim.
#: The kinds whose slip the record always shows where it was made (``ALWAYS_AT_THE_LINE``).
#: A hidden player's tile written as another they may hold may never be contradicted; two
#: lines swapped, or a hidden player's play written as a pass, may be read another way that
#: costs as little; a deal's tile copied wrong shows where the hand disagrees with it; a
#: hidden player's pass written as a tile she may hold that fits is legal as written.
#: (The kinds left are at their line in each of these games, not in every game: a side
#: the other way on a tile that fits both ends, or a tile a hidden player is written with,
#: may show nowhere, or as well at a later line; ``tools/slip_survey.py`` counts how often.)
UNSEEN_AT_TIMES = ("hidden_tile", "swapped", "deal_tile")
ALWAYS_AT_THE_LINE = tuple(kind for kind in EXPECTED if kind not in (
    "hidden_tile", "swapped", "hidden_pass", "deal_tile", "hidden_rejected", "omitted_play"))
#: A play left out is at its line too, drawn on its own so that the draws above stay those
#: the games were checked with.
LEFT_OUT = ("omitted_play",)


def blocknot(*args: str, stdin: str = "") -> Done:
    return run(*args, stdin=stdin.encode(), cwd=ROOT)


def generated(*args: str) -> str:
    done = blocknot("generate", *args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    return done.stdout.decode()


def report(text: str) -> tuple[int, dict[str, Any]]:
    done = blocknot("validate", "--format", "json", "-", stdin=text)
    (file,) = json.loads(done.stdout)["files"]
    return done.returncode, file


def games_of(text: str) -> list[list[str]]:
    """The lines of each game of a generated file (every game starts with a tag line)."""
    games: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("[") and (not games or games[-1][-1] == ""):
            if games:
                games[-1].pop()  # the blank line between games
            games.append([])
        games[-1].append(line)
    return games


@pytest.mark.parametrize("args", [
    ("--mistakes", "0.3", "--claims"),
    ("--mistakes", "1", "--partial"),
    ("--counts-only",),
    ("--counts-only", "--mistakes", "0.5"),
])
def test_the_same_seed_gives_the_same_bytes(args: tuple[str, ...]) -> None:
    first = generated("--games", "20", "--seed", "41", *args)
    assert generated("--games", "20", "--seed", "41", *args) == first
    assert generated("--games", "20", "--seed", "42", *args) != first


def test_no_mistakes_is_the_record_without_the_option() -> None:
    plain = generated("--games", "15", "--seed", "3", "--partial", "--claims")
    assert generated("--games", "15", "--seed", "3", "--partial", "--claims",
                     "--mistakes", "0") == plain


def test_a_mistake_changes_the_lines_it_says_in_about_rate_of_the_games() -> None:
    clean = games_of(generated("--games", "200", "--seed", "8", "--claims"))
    mistaken = games_of(generated("--games", "200", "--seed", "8", "--claims",
                                  "--mistakes", "0.25"))
    assert len(clean) == len(mistaken) == 200
    changed = 0
    for before, after in zip(clean, mistaken, strict=True):
        if before == after:
            continue
        changed += 1
        assert _one_mistake(before, after), (before, after)
    assert 30 <= changed <= 70


def _one_mistake(before: list[str], after: list[str]) -> bool:
    """Whether ``after`` is ``before`` with one mistake of ``generate --mistakes``."""
    if len(after) == len(before):
        changes = [k for k, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        if len(changes) == 1:  # one line changed
            return True
        first, second = changes[0], changes[-1]  # two neighbouring move lines swapped
        return changes == [first, first + 1] and before[first] == after[second] and (
            before[second] == after[first])
    at = next((k for k, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
              len(before))
    if len(after) == len(before) - 1:
        if not before[at].startswith(("opener ", "deal ", "show ")):  # a move left out
            return before[:at] + before[at + 1:] == after
        # the opener line left out, and the hand's first move under another name
        rest = list(zip(before[at + 1:], after[at:], strict=True))
        changed = [(b, a) for b, a in rest if b != a]
        return before[at].startswith("opener ") and len(changed) == 1 and (
            changed[0][0].split(": ")[1] == changed[0][1].split(": ")[1])
    if len(after) == len(before) + 1 and after[at] == after[at - 1]:  # a line typed twice
        return [*before[:at], after[at], *before[at:]] == after
    # the last hand written again as one more, without points and score
    last = max(i for i, line in enumerate(before) if line.startswith("hand "))
    number = int(before[last].split()[1])
    return after[: len(before)] == before and after[len(before):][:2] == [
        "", f"hand {number + 1}"]


#: The games of a generated file the checks below read: the first ones of the seed in every
#: run, all of them under the ``slow`` marker (``--run-slow``, as .ci/run and the mutation run
#: run it).  A file's first games are the same whatever the count.
SOME_GAMES = [20, pytest.param(60, marks=pytest.mark.slow)]
SOME_MISTAKES = [50, pytest.param(150, marks=pytest.mark.slow)]


@pytest.mark.parametrize("games", SOME_GAMES)
@pytest.mark.parametrize("style", [("--claims",), (), ("--partial", "--claims"), ("--partial",),
                                   ("--counts-only",)])
def test_mistakes_1_puts_an_error_in_every_game_and_0_in_none(style: tuple[str, ...],
                                                              games: int) -> None:
    seen = ",".join(kind for kind in KINDS if kind not in UNSEEN_AT_TIMES) if (
        "--counts-only" not in style) else "claim,extra_hand"
    args = ("--games", str(games), "--seed", "17", *style)
    status, file = report(generated(*args, "--mistakes", "1", "--mistake-kinds", seen))
    assert status == 1
    assert len(file["games"]) == games
    with_errors = {d["game"] for d in file["diagnostics"] if d["severity"] == "error"}
    assert with_errors == set(range(1, games + 1))

    status, file = report(generated(*args, "--mistakes", "0"))
    assert status == 0
    assert [d for d in file["diagnostics"] if d["severity"] == "error"] == []


def test_counts_only_validates_clean_with_the_simulators_scores() -> None:
    text = generated("--games", "40", "--seed", "906", "--counts-only")
    status, file = report(text)
    assert status == 0
    assert file["diagnostics"] == []
    truth = [game for game, _ in generate_games(906, 40, counts_only=True)]
    assert len(file["games"]) == len(truth)
    for found, game in zip(file["games"], truth, strict=True):
        assert found["players"] == list(game.players)
        assert found["score"] == dict(game.score)
        assert found["winner"] == game.winner
        assert len(found["hands"]) == len(game.hands)
        for hand, sim in zip(found["hands"], game.hands, strict=True):
            assert hand["unverified"] is False
            assert (hand["outcome"], hand["winner"]) == (sim.outcome, sim.winner)
            assert hand["points"] == dict(sim.points)
            assert hand["score"] == dict(sim.score)
            assert hand["remaining"] == dict(sim.remaining)


def test_counts_only_writes_shows_and_claims_only() -> None:
    (game,) = games_of(generated("--games", "1", "--seed", "5", "--players", "3",
                                 "--counts-only"))
    players = next(line for line in game if line.startswith("[Players "))[10:-2].split()
    hands = [i for i, line in enumerate(game) if line.startswith("hand ")]
    assert hands
    for start in hands:
        end = game.index("", start) if "" in game[start:] else len(game)
        body = game[start + 1 : end]
        assert body[0].startswith("opener ")
        assert [line.split(":")[0] for line in body[1:4]] == [f"show {p}" for p in players]
        assert body[4] == "blocked" or body[4].startswith("domino ")
        assert body[5].startswith("points ") and body[6].startswith("score ")
        assert len(body) == 7


@pytest.mark.parametrize("args, message", [
    (("--partial", "--counts-only"), "--partial and --counts-only do not go together"),
    (("--mistakes", "1.5"), "1.5 is not in the range 0<=x<=1"),
    (("--mistakes", "many"), "'many' is not a valid float"),
])
def test_bad_options_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    done = blocknot("generate", *args)
    assert done.returncode == 2
    assert done.stdout == b""
    assert message in done.stderr.decode()
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("games", SOME_MISTAKES)
def test_each_kind_is_reported_first_at_its_line_with_its_code(games: int) -> None:
    """Each kind of mistake, made in game after game (the first 50 of the seed hold every
    kind), is the first error, at the mistake's line."""
    rng = random.Random(2)
    seen: set[str] = set()
    for game, text in generate_games(5, games, claims=True, partial=True):
        lines = text.split("\n")
        made = make_mistake(lines, game, rng, ALWAYS_AT_THE_LINE)
        assert made is not None
        kind, at = made
        seen.add(kind)
        found = validate_bytes("\n".join(lines).encode(), "mistake.txt").diagnostics
        errors = [(d.code, d.line) for d in found if d.severity == "error"]
        assert {code for code, line in errors if line == at} & EXPECTED[kind], (kind, errors)
        assert min(line for _, line in errors) == at, (kind, errors)
    assert seen == set(ALWAYS_AT_THE_LINE)


@pytest.mark.parametrize("games", SOME_MISTAKES)
def test_a_play_left_out_is_reported_first_at_the_next_move(games: int) -> None:
    """A play left out, every deal written: T302 at the move that takes its line, the
    first error (a hidden player's is read as a pass only, docs/engine.md)."""
    rng = random.Random(3)
    for game, text in generate_games(7, games, claims=True):
        lines = text.split("\n")
        made = make_mistake(lines, game, rng, LEFT_OUT)
        assert made is not None
        _, at = made
        found = validate_bytes("\n".join(lines).encode(), "mistake.txt").diagnostics
        errors = [(d.code, d.line) for d in found if d.severity == "error"]
        assert ("T302", at) in errors, errors
        assert min(line for _, line in errors) == at, errors


def test_a_count_has_room_for_claims_extra_hands_and_hand_lines_only() -> None:
    rng = random.Random(4)
    kinds = set()
    for game, text in generate_games(6, 60, counts_only=True):
        made = make_mistake(text.split("\n"), game, rng)
        assert made is not None
        kinds.add(made[0])
    assert kinds == {"claim", "extra_hand", "hand_twice"}


@pytest.mark.parametrize("kind", seeded_sample("mistake_kinds",
                                              sorted(set(KINDS) - {"deal", "extra_hand"})))
def test_mistake_kinds_choose_the_kind_of_every_mistake(kind: str) -> None:
    # A hidden player's slip needs a deal left out (--partial).
    hidden = ("--partial",) if kind.startswith("hidden_") else ()
    text = generated("--games", "12", "--seed", "5", "--claims", *hidden, "--mistakes", "1",
                     "--mistake-kinds", kind)
    _, file = report(text)
    games = {d["game"] for d in file["diagnostics"] if d["severity"] == "error"}
    if kind in UNSEEN_AT_TIMES:
        assert len(games) >= 8, games
    else:
        assert games == set(range(1, 13))
    first = {}
    for d in file["diagnostics"]:
        if d["severity"] == "error":
            first.setdefault(d["game"], d["code"])
    assert set(first.values()) <= EXPECTED[kind], (kind, first)


def test_an_unknown_mistake_kind_is_a_usage_error() -> None:
    done = blocknot("generate", "--mistake-kinds", "pass,typo")
    assert done.returncode == 2
    assert "typo: the kinds are pass, side" in done.stderr.decode()
    assert done.stdout == b""


def test_counts_only_refuses_the_kinds_its_records_have_no_room_for() -> None:
    done = blocknot("generate", "--counts-only", "--mistakes", "1",
                    "--mistake-kinds", "claim,pass,deal")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == (
        "blocknot: --counts-only writes no deal and no move, so it has no room for the "
        "mistakes pass, deal; with it, the kinds are claim, extra_hand, hand_twice\n")
    for kinds in ("claim", "extra_hand", "claim,extra_hand"):
        text = generated("--games", "4", "--seed", "3", "--counts-only", "--mistakes", "1",
                         "--mistake-kinds", kinds)
        _, file = report(text)
        assert {d["game"] for d in file["diagnostics"] if d["severity"] == "error"} == {
            1, 2, 3, 4}
