"""Judging hands that do not end cleanly, as properties of simulated legal games.

- One slip of the kind scorers make (a side flipped on a tile that fits only one end, a side
  left out where the tile fits both, a claim changed) gives exactly one diagnostic, at the
  changed line, and leaves every other hand's points as they were.
- With every deal known, one mistake of any kind (a play turned into a pass, a claim changed,
  a tile swapped, a move or claim line removed) never makes a hand's remaining pips unknown,
  and no hand is then scored from a claim the engine could not check.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.pipeline import validate_bytes
from blocknotation.report.values import FileReport
from blocknotation.simulator.simulate import SimGame, simulate_game
from blocknotation.simulator.writer import render_game

from strategies import examples

NAMES = {2: ["Ada", "Bea"], 3: ["Ada", "Bea", "Cy"], 4: ["Ada", "Bea", "Cy", "Dan"]}
SEEDS = st.integers(0, 10**6)
PLAYERS = st.sampled_from([2, 3, 4])
MOVE = re.compile(r"(?P<who>[A-Z][a-z]+): (?P<tile>\d-\d)(?: (?P<side>[LR]))?$")
SLIPS = settings(max_examples=examples(60), deadline=None)


def simulated(seed: int, players: int) -> tuple[SimGame, list[str]]:
    game = simulate_game(random.Random(seed), NAMES[players])
    return game, render_game(game, claims=True).splitlines()


def validated(lines: list[str]) -> FileReport:
    return validate_bytes(("\n".join(lines) + "\n").encode(), "slip.txt")


def hand_at(lines: list[str], index: int) -> int:
    """The number of the hand that line ``index`` belongs to."""
    return int(next(lines[i] for i in range(index, -1, -1) if lines[i].startswith("hand "))
               .split()[1])


def assert_one_slip(lines: list[str], at: int, code: str, truth: SimGame) -> None:
    report = validated(lines)
    assert [(d.code, d.line) for d in report.diagnostics] == [(code, at + 1)]
    slipped = hand_at(lines, at)
    (game,) = report.games
    for hand, sim in zip(game.hands, truth.hands, strict=True):
        if hand.number != slipped:
            assert hand.points == dict(sim.points), hand.number


def play_lines(game: SimGame, lines: list[str]) -> list[tuple[int, bool, bool]]:
    """Each play's line index, whether its side is written, and whether it is required."""
    written = [m for h in game.hands for m in h.moves if m.tile is not None]
    at = [i for i, line in enumerate(lines) if MOVE.match(line)]
    return [(i, m.side is not None, m.side_required)
            for i, m in zip(at, written, strict=True)]


@SLIPS
@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_flipped_side_is_one_p403(seed: int, players: int, rnd: random.Random) -> None:
    game, lines = simulated(seed, players)
    choices = [i for i, sided, required in play_lines(game, lines) if sided and not required]
    if not choices:
        return
    at = rnd.choice(choices)
    lines[at] = lines[at][:-1] + ("R" if lines[at].endswith("L") else "L")
    assert_one_slip(lines, at, "P403", game)


@SLIPS
@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_missing_side_is_one_p404(seed: int, players: int, rnd: random.Random) -> None:
    game, lines = simulated(seed, players)
    choices = [i for i, _, required in play_lines(game, lines) if required]
    if not choices:
        return
    at = rnd.choice(choices)
    lines[at] = lines[at][:-2]
    assert_one_slip(lines, at, "P404", game)


@SLIPS
@given(SEEDS, PLAYERS, st.randoms(use_true_random=False), st.sampled_from(["points", "score",
                                                                           "outcome"]))
def test_a_changed_claim_is_one_diagnostic(
    seed: int, players: int, rnd: random.Random, kind: str
) -> None:
    game, lines = simulated(seed, players)
    if kind == "outcome":
        claims = [i for i, line in enumerate(lines) if line.startswith(("domino ", "blocked"))]
        at = rnd.choice(claims)
        others = [f"domino {name}" for name in NAMES[players]] + ["blocked"]
        lines[at] = rnd.choice([claim for claim in others if claim != lines[at]])
        assert_one_slip(lines, at, "E503", game)
        return
    claims = [i for i, line in enumerate(lines)
              if line.startswith(kind + " ") and line != "points none"]
    at = rnd.choice(claims)
    number = re.search(r"\d+", lines[at])
    assert number is not None
    lines[at] = f"{lines[at][:number.start()]}{int(number[0]) + 1}{lines[at][number.end():]}"
    assert_one_slip(lines, at, "E504" if kind == "points" else "E505", game)


def _mistake(lines: list[str], rnd: random.Random, kind: str) -> None:
    moves = [i for i, line in enumerate(lines) if MOVE.match(line)]
    if kind == "pass":
        at = rnd.choice(moves)
        lines[at] = MOVE.sub(lambda m: f"{m['who']}: pass", lines[at])
    elif kind == "claim":
        claims = [i for i, line in enumerate(lines)
                  if line.startswith(("points ", "score ", "domino ", "blocked"))]
        at = rnd.choice(claims)
        lines[at] = "blocked" if lines[at].startswith("domino") else (
            lines[at].replace("blocked", "domino " + NAMES[2][0]) if lines[at] == "blocked"
            else re.sub(r"\d+", lambda m: str(int(m[0]) + 7), lines[at], count=1)
        )
    elif kind == "swap":
        at = rnd.choice(moves)
        tile = f"{rnd.randrange(7)}-{rnd.randrange(7)}"
        lines[at] = MOVE.sub(lambda m: f"{m['who']}: {tile}" + (f" {m['side']}" if m["side"]
                                                                else ""), lines[at])
    else:
        removable = [i for i, line in enumerate(lines)
                     if MOVE.match(line) or line.endswith(": pass")
                     or line.startswith(("points ", "score ", "domino ", "blocked"))]
        del lines[rnd.choice(removable)]


@SLIPS
@given(SEEDS, PLAYERS, st.randoms(use_true_random=False),
       st.sampled_from(["pass", "claim", "swap", "remove"]))
def test_known_deals_keep_the_remaining_pips_known(
    seed: int, players: int, rnd: random.Random, kind: str
) -> None:
    _, lines = simulated(seed, players)
    _mistake(lines, rnd, kind)
    report = validated(lines)
    for game in report.games:
        for hand in game.hands:
            assert None not in hand.remaining.values(), (hand.number, report.diagnostics)
            assert not hand.unverified, hand.number
