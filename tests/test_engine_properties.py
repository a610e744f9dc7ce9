"""The engine against the simulator (``blocknotation.simulator.simulate``), which plays legal games
keeps the whole truth: legal records validate with no diagnostic at all and the engine
recomputes the simulator's points, totals, status and winner, however much of each hand the
record leaves out; an illegal pass hidden in a record is caught once the record reveals a
tile that could have been played.
"""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from blocknotation.engine import replay
from blocknotation.notation.parsing import parse_text
from blocknotation.report.values import GameResult
from blocknotation.simulator.simulate import NAME_POOL, SimGame, simulate_game
from blocknotation.simulator.writer import render_game

from strategies import examples

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=2, max_value=4)
FAST = settings(max_examples=25, deadline=None)


def game_for(seed: int, players: int) -> SimGame:
    rng = random.Random(seed)
    return simulate_game(rng, rng.sample(NAME_POOL, players))


def check(text: str, truth: SimGame) -> GameResult:
    parsed = parse_text(text)
    problems, games = replay(parsed)
    assert parsed.diagnostics == () and problems == ()
    (game,) = games
    assert game.players == truth.players and game.target == truth.target
    assert len(game.hands) == len(truth.hands)
    for hand, sim in zip(game.hands, truth.hands, strict=True):
        assert hand.number == sim.number
        assert hand.outcome == sim.outcome and hand.winner == sim.winner
        assert hand.points == dict(sim.points)
        assert hand.score == dict(sim.score)
        assert hand.remaining == dict(sim.remaining)
        assert not hand.unverified
    assert game.score == dict(truth.score)
    assert (game.status, game.winner) == (truth.status, truth.winner)
    return game


@FAST
@given(SEEDS, PLAYERS, st.booleans())
def test_legal_games_validate_clean_and_score_as_simulated(
    seed: int, players: int, claims: bool
) -> None:
    truth = game_for(seed, players)
    game = check(render_game(truth, claims=claims), truth)
    for hand, sim in zip(game.hands, truth.hands, strict=True):
        assert hand.opener == sim.opener
        plays = [m for m in sim.moves if m.tile is not None]
        assert len(hand.ends) == len(plays)
        assert list(hand.ends.values()) == [m.ends for m in plays]


@FAST
@given(SEEDS, PLAYERS, st.data())
def test_hiding_any_deals_keeps_the_record_valid(
    seed: int, players: int, data: st.DataObject
) -> None:
    truth = game_for(seed, players)
    everyone = [(h.number, p) for h in truth.hands for p in truth.players]
    hidden = data.draw(st.sets(st.sampled_from(everyone)), label="hidden deals")
    check(render_game(truth, hidden=frozenset(hidden), shows="hidden"), truth)


@FAST
@given(SEEDS, PLAYERS)
def test_a_count_after_play_is_scored_from_its_claims(seed: int, players: int) -> None:
    truth = game_for(seed, players)
    everyone = frozenset((h.number, p) for h in truth.hands for p in truth.players)
    game = check(render_game(truth, hidden=everyone, shows="all", moves=False), truth)
    assert all(hand.settled_by_claims for hand in game.hands)


@FAST
@given(SEEDS, PLAYERS, st.data())
def test_an_illegal_pass_in_a_hidden_hand_is_caught_by_p407(
    seed: int, players: int, data: st.DataObject
) -> None:
    """Replace a play by a pass: the player held that tile, so showing their hand at that
    moment proves the pass illegal (R4, R8)."""
    truth = game_for(seed, players)
    sim = truth.hands[0]
    candidates = [k for k, m in enumerate(sim.moves) if k > 0 and m.tile is not None]
    assume(candidates)  # a hand can block after its opening tile (nobody, opener too, fits)
    k = data.draw(st.sampled_from(candidates), label="play made a pass")
    mover = sim.moves[k].player
    others_hidden = data.draw(st.booleans(), label="other deals hidden")
    lines = [f'[Players "{" ".join(truth.players)}"]', "", "hand 1", f"opener {sim.opener}"]
    for name, tiles in sim.deals.items():
        if name != mover and not others_hidden:
            lines.append(f"deal {name}: " + " ".join(f"{a}-{b}" for a, b in tiles))
    for move in sim.moves[:k]:
        if move.tile is None:
            lines.append(f"{move.player}: pass")
        else:
            side = f" {move.side}" if move.side else ""
            lines.append(f"{move.player}: {move.tile[0]}-{move.tile[1]}{side}")
    lines.append(f"{mover}: pass")
    pass_line = len(lines)
    played = {tuple(sorted(m.tile)) for m in sim.moves[:k] if m.tile is not None}
    held = [t for t in sim.deals[mover] if tuple(sorted(t)) not in played]
    lines.append(f"show {mover}: " + " ".join(f"{a}-{b}" for a, b in held))
    parsed = parse_text("\n".join(lines) + "\n")
    problems, _ = replay(parsed)
    assert parsed.diagnostics == ()
    found = sorted((d.code, d.line) for d in problems)
    # The pass is proved illegal (P407), and the record stops there: the hand is unfinished
    # (E501) unless that pass was the last of everybody passing in succession (blocked, R12).
    before = [m.tile is None for m in sim.moves[:k]]
    blocked = len(before) >= players - 1 and all(before[len(before) - players + 1 :])
    expected = [("P407", pass_line)] + ([] if blocked else [("E501", pass_line + 1)])
    if blocked and others_hidden:
        expected.append(("E507", 3))  # a block needs every remaining tile to be counted
    assert found == sorted(expected)
    (p407,) = (d for d in problems if d.code == "P407")
    assert f"at line {pass_line + 1}" in p407.message.render()


MUTATIONS = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 10_000), st.integers(0, 10_000)),
    min_size=1, max_size=6,
)


@settings(max_examples=examples(10, whole=25), deadline=None)
@given(SEEDS, PLAYERS, MUTATIONS)
def test_damaged_records_never_raise(
    seed: int, players: int, mutations: list[tuple[int, int, int]]
) -> None:
    """Lines dropped, repeated, swapped, re-sided, or turned into passes or stray claims:
    the replay reports, never raises, and every diagnostic knows its game."""
    lines = render_game(game_for(seed, players)).split("\n")
    stray = ("blocked", "domino Zed", "points none", "score Ada 3", "hand 1", "opener Bea")
    for op, a, b in mutations:
        i, j = a % len(lines), b % len(lines)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[j])
        elif op == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines[i] = lines[i][:-2] + " R" if lines[i].endswith(" L") else lines[i] + " L"
        elif op == 4:
            lines[i] = lines[i].split(":")[0] + ": pass"
        else:
            lines[i] = stray[j % len(stray)]
        if not lines:
            lines = [""]
    problems, games = replay(parse_text("\n".join(lines)))
    for problem in problems:
        assert problem.game is not None and 1 <= problem.game <= len(games)
        assert problem.message.render()


@FAST
@given(SEEDS, PLAYERS)
def test_each_play_is_placed_where_the_engine_laid_it(seed: int, players: int) -> None:
    """The placement the engine gives each play (the tile as it lies, read from left to right,
    and its end) builds a chain whose ends are the engine's after every play (R6, R10)."""
    truth = game_for(seed, players)
    (game,) = replay(parse_text(render_game(truth)))[1]
    for hand in game.hands:
        row: list[tuple[int, int]] = []
        for line, (tile, side) in sorted(hand.placed.items()):
            if side is None:
                assert not row
                row.append(tile)
            elif side == "L":
                assert tile[1] == row[0][0]
                row.insert(0, tile)
            else:
                assert tile[0] == row[-1][1]
                row.append(tile)
            assert (row[0][0], row[-1][1]) == hand.ends[line]
        assert len(row) == len(hand.ends)
