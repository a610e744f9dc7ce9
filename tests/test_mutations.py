"""One mistake put into a legal game is reported with its code at its line, and first.

Each property takes a simulated legal game (every deal and claim written), makes one change of
the kind a scorer makes, and checks that the validator reports the expected code at the line
changed, with nothing reported before it.  Then the canonical form and the JSON round trip
of every generated record are checked to be stable.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.formats.records.convert import convert_bytes
from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.simulate import simulate_game
from blocknotation.simulator.writer import render_game

from strategies import examples

NAMES = {2: ["Ada", "Bea"], 3: ["Ada", "Bea", "Cy"], 4: ["Ada", "Bea", "Cy", "Dan"]}
SEEDS = st.integers(0, 10**6)
PLAYERS = st.sampled_from([2, 3, 4])
MOVE = re.compile(r"(?P<who>[A-Z][a-z]+): (?P<tile>\d-\d)(?: (?P<side>[LR]))?$")


def legal_lines(seed: int, players: int) -> list[str]:
    game = simulate_game(random.Random(seed), NAMES[players])
    return render_game(game, claims=True).splitlines()


def reported(lines: list[str]) -> list[tuple[str, int]]:
    report = validate_bytes(("\n".join(lines) + "\n").encode(), "mutated.txt")
    return [(d.code, d.line) for d in report.diagnostics]


def assert_first(found: list[tuple[str, int]], code: str, line: int) -> None:
    assert (code, line) in found, found
    assert min(at for _, at in found) == line, found


def hand_of(lines: list[str], index: int) -> list[str]:
    """The deal lines of the hand that line ``index`` belongs to."""
    start = max(i for i in range(index + 1) if lines[i].startswith("hand "))
    return [line for line in lines[start:index] if line.startswith("deal ")]


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_play_turned_into_a_pass_is_p405(seed: int, players: int, rnd: random.Random) -> None:
    lines = legal_lines(seed, players)
    plays = [
        i for i, line in enumerate(lines)
        if MOVE.match(line) and not lines[i - 1].startswith(("deal ", "opener "))
    ]
    at = rnd.choice(plays)
    lines[at] = MOVE.sub(lambda m: f"{m['who']}: pass", lines[at])
    assert_first(reported(lines), "P405", at + 1)


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_side_flipped_is_p403(seed: int, players: int, rnd: random.Random) -> None:
    game = simulate_game(random.Random(seed), NAMES[players])
    lines = render_game(game, claims=True).splitlines()
    # Plays whose side is written though the tile fits only that end, in record order.
    written = [m for h in game.hands for m in h.moves if m.tile is not None]
    play_lines = [i for i, line in enumerate(lines) if MOVE.match(line)]
    choices = [i for i, m in zip(play_lines, written, strict=True)
               if m.side is not None and not m.side_required]
    if not choices:
        return
    at = rnd.choice(choices)
    lines[at] = lines[at][:-1] + ("R" if lines[at].endswith("L") else "L")
    assert_first(reported(lines), "P403", at + 1)


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_move_by_the_wrong_player_is_t302(
    seed: int, players: int, rnd: random.Random
) -> None:
    lines = legal_lines(seed, players)
    # Plays only: once nobody can play, one pass per player may follow in any order.
    plays = [i for i, line in enumerate(lines)
             if MOVE.match(line) and not lines[i - 1].startswith("deal ")]
    at = rnd.choice(plays)
    who = lines[at].split(":")[0]
    other = rnd.choice([n for n in NAMES[players] if n != who])
    lines[at] = other + lines[at][len(who):]
    assert_first(reported(lines), "T302", at + 1)


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False), st.booleans())
def test_a_claim_changed_is_e504_or_e505(
    seed: int, players: int, rnd: random.Random, points: bool
) -> None:
    lines = legal_lines(seed, players)
    kind = "points " if points else "score "
    claims = [i for i, line in enumerate(lines) if line.startswith(kind)
              and (not points or line != "points none")]
    at = rnd.choice(claims)
    number = re.search(r"\d+", lines[at][len(kind):])
    assert number is not None
    start = len(kind) + number.start()
    lines[at] = f"{lines[at][:start]}{int(number[0]) + 1}{lines[at][len(kind) + number.end():]}"
    assert_first(reported(lines), "E504" if points else "E505", at + 1)


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_tile_dealt_twice_is_d202(seed: int, players: int, rnd: random.Random) -> None:
    lines = legal_lines(seed, players)
    seconds = [i for i, line in enumerate(lines)
               if line.startswith("deal ") and lines[i - 1].startswith("deal ")]
    at = rnd.choice(seconds)
    earlier = lines[at - 1].split(": ")[1].split()
    mine = lines[at].split(": ")
    tiles = mine[1].split()
    tiles[rnd.randrange(len(tiles))] = rnd.choice(earlier)
    lines[at] = f"{mine[0]}: {' '.join(tiles)}"
    assert_first(reported(lines), "D202", at + 1)


@given(SEEDS, PLAYERS)
def test_a_hand_after_the_game_ended_is_e506(seed: int, players: int) -> None:
    lines = legal_lines(seed, players)
    last = max(i for i, line in enumerate(lines) if line.startswith("hand "))
    number = int(lines[last].split()[1])
    extra = ["", f"hand {number + 1}", *[
        line for line in lines[last + 1:] if not line.startswith(("points ", "score "))
    ]]
    lines += extra
    at = len(lines) - len(extra) + 2
    assert_first(reported(lines), "E506", at)


@settings(max_examples=examples(20, whole=60))
@given(SEEDS, PLAYERS, st.booleans())
def test_generated_records_are_stable_through_json(
    seed: int, players: int, claims: bool
) -> None:
    game = simulate_game(random.Random(seed), NAMES[players])
    text = render_game(game, claims=claims)
    canonical, problems = convert_bytes(text.encode(), "text")
    assert problems == () and canonical == text
    as_json, _ = convert_bytes(text.encode(), "json")
    assert as_json is not None
    assert convert_bytes(as_json.encode(), "text") == (text, ())
