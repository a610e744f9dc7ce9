"""The simulator against the rules (R1-R18), checked from the outside.

The records the simulator writes are read back by a small reader of this file's own and
replayed move by move, so that what is checked is the text a user would see, not the
simulator's bookkeeping. The samples under ``samples/`` are replayed the same way.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.simulator.simulate import KEYWORDS, NAME_POOL, SimGame, simulate_game
from blocknotation.simulator.writer import generate, render_game

from strategies import examples

EACH = {2: 7, 3: 5, 4: 5}
TARGET = {2: 100, 3: 61, 4: 61}
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
# docs/notation.md, "Lexical rules": a letter of any script, then letters, ASCII digits, _ ' -.
NAME_RE = re.compile(r"[^\W\d_](?:[^\W\d_]|[0-9_'\-])*")
TAG_RE = re.compile(r'\[([A-Za-z]\w*) "((?:[^"\\]|\\["\\])*)"\]')
TILE_RE = re.compile(r"(\d)-(\d)|\[\s*(\d)\s*\|\s*(\d)\s*\]")

Tile = tuple[int, int]


# ----- a reader for records -------------------------------------------------------------------


@dataclass
class Hand:
    number: int
    opener: str | None = None
    deals: dict[str, list[Tile]] = field(default_factory=dict)
    # (player, tile as written or None for a pass, side or None)
    moves: list[tuple[str, Tile | None, str | None]] = field(default_factory=list)
    shows: dict[str, list[Tile]] = field(default_factory=dict)
    outcome: str | None = None
    claimed_winner: str | None = None
    points: tuple[str, int] | None = None
    points_none: bool = False
    score: dict[str, int] | None = None


@dataclass
class Game:
    tags: dict[str, str] = field(default_factory=dict)
    hands: list[Hand] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return self.tags["Players"].replace(",", " ").split()


def tiles_of(text: str) -> list[Tile]:
    found = []
    for m in TILE_RE.finditer(text):
        a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        found.append((int(a), int(b)))
    assert TILE_RE.sub("", text).strip() == "", f"stray text among tiles: {text!r}"
    return found


def read(text: str) -> list[Game]:
    """Read a record (canonical or not: comments, ``[a|b]``, ``left``/``right``)."""
    games: list[Game] = []
    for raw in text.splitlines():
        tag = TAG_RE.match(raw.strip())
        if tag:
            if not games or games[-1].hands:
                games.append(Game())
            value = re.sub(r"\\(.)", r"\1", tag.group(2))
            games[-1].tags[tag.group(1)] = value
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        game = games[-1]
        hand = game.hands[-1] if game.hands else None
        if words[0] == "hand":
            game.hands.append(Hand(int(words[1])))
            continue
        assert hand is not None, f"statement before the first hand: {raw!r}"
        if words[0] == "opener":
            hand.opener = words[1]
        elif words[0] in ("deal", "show"):
            name, rest = line.split(None, 1)[1].split(":", 1)
            tiles = [] if rest.strip() == "-" else tiles_of(rest)
            (hand.deals if words[0] == "deal" else hand.shows)[name.strip()] = tiles
        elif words[0] in ("domino", "blocked"):
            hand.outcome = words[0]
            hand.claimed_winner = words[1] if words[0] == "domino" else None
        elif words[0] == "points":
            if words[1] == "none":
                hand.points_none = True
            else:
                hand.points = (words[1], int(words[2]))
        elif words[0] == "score":
            entries = [e.split() for e in line[len("score") :].split(",")]
            hand.score = {name: int(n) for name, n in entries}
        else:
            name, rest = line.split(":", 1)
            rest = rest.strip()
            if rest == "pass":
                hand.moves.append((name, None, None))
                continue
            side = None
            m = re.fullmatch(r"(.*?)\s+(L|R|left|right)", rest)
            if m:
                rest, side = m.group(1), m.group(2)[0].upper()
            (tile,) = tiles_of(rest)
            hand.moves.append((name, tile, side))
    return games


# ----- the rules, replayed --------------------------------------------------------------------


def key(tile: Tile) -> Tile:
    return (min(tile), max(tile))


def pips(tiles: list[Tile]) -> int:
    return sum(a + b for a, b in tiles)


@dataclass
class Seen:
    """What the replays ran into, so that tests can ask that every path was taken."""

    outcomes: Counter[str] = field(default_factory=Counter)
    sides: Counter[str] = field(default_factory=Counter)
    hidden_deals: int = 0
    known_deals: int = 0


def replay(game: Game, seen: Seen | None = None) -> dict[str, int]:
    """Replay ``game`` by the rules, asserting every step; return the final totals."""
    seen = seen or Seen()
    players = game.players
    n = len(players)
    assert 2 <= n <= 4 and len(set(players)) == n  # R1
    for name in players:
        assert NAME_RE.fullmatch(name) and name not in KEYWORDS, name
    each = EACH[n]
    target = int(game.tags.get("Target", TARGET[n]))
    totals = dict.fromkeys(players, 0)
    assert game.hands, "a game with no hands"
    for index, hand in enumerate(game.hands):
        assert hand.number == index + 1
        assert max(totals.values()) < target, "a hand after the game was decided (R18)"
        first = hand.moves[0][0] if hand.moves else None
        opener = hand.opener or first
        assert opener in players
        if index:
            previous = game.hands[index - 1].opener or game.hands[index - 1].moves[0][0]
            assert opener == players[(players.index(previous) + 1) % n], "R17"
        remaining = replay_hand(hand, players, opener, each, seen)
        # R13-R15, recomputed from the remaining tiles.
        left = {p: pips(remaining[p]) for p in players}
        if hand.outcome == "domino":
            winner: str | None = hand.claimed_winner
            assert winner is not None and left[winner] == 0
            gained = sum(left.values())
        else:
            low = min(left.values())
            lows = [p for p in players if left[p] == low]
            winner = lows[0] if len(lows) == 1 else None
            gained = sum(left.values()) - 2 * low if winner else 0
        if winner is None:
            assert hand.points_none and hand.points is None
            seen.outcomes["tied block"] += 1
        else:
            assert hand.points == (winner, gained), (hand.number, hand.points, winner, gained)
            totals[winner] += gained
        assert hand.score == totals, (hand.number, hand.score, totals)
    assert max(totals.values()) >= target, "the game stops before the target (R18)"
    return totals


def replay_hand(
    hand: Hand, players: list[str], opener: str, each: int, seen: Seen
) -> dict[str, list[Tile]]:
    """Replay one hand's moves; check how it ended; return everybody's remaining tiles."""
    n = len(players)
    dealt: set[Tile] = set()
    for tiles in hand.deals.values():
        assert len(tiles) == each, "R3"
        for tile in tiles:
            assert key(tile) not in dealt, "a tile dealt twice (R2)"
            dealt.add(key(tile))
    seen.known_deals += len(hand.deals)
    seen.hidden_deals += n - len(hand.deals)
    held = {name: [key(t) for t in tiles] for name, tiles in hand.deals.items()}
    played: set[Tile] = set()
    count = Counter[str]()
    # For players whose deal is unknown: the end values each of their passes showed, and
    # every tile they later played, so that a pass can be checked once the hand is over.
    blind: list[tuple[str, int, int, int]] = []
    later: dict[str, list[tuple[int, Tile]]] = {p: [] for p in players}
    ends = (-1, -1)
    passes = 0
    ended = None
    for step, (name, move, side) in enumerate(hand.moves):
        assert ended is None, f"a move after the hand ended: {name} {move}"
        turn = (players.index(opener) + step) % n
        assert name == players[turn], "out of turn"
        if move is None:
            assert step > 0, "the opener passes (T303)"
            if name in held:  # R8: a pass only when nothing fits
                assert not [t for t in held[name] if set(t) & set(ends)], (name, ends)
            else:
                blind.append((name, step, *ends))
            passes += 1
            if passes == n:
                ended = "blocked"
            continue
        passes = 0
        tile = move
        assert key(tile) not in played, "a tile played twice"
        played.add(key(tile))
        if name in held:
            assert key(tile) in held[name], f"{name} plays {tile}, not held"
            held[name].remove(key(tile))
        else:
            assert key(tile) not in dealt, f"{name} plays {tile}, dealt to somebody else"
            later[name].append((step, tile))
        count[name] += 1
        a, b = tile
        if step == 0:
            assert side is None, "the opening play has no side"
            ends = (a, b)  # laid as written
        else:
            fits_l = ends[0] in tile
            fits_r = ends[1] in tile
            assert fits_l or fits_r, f"{tile} fits neither end of {ends} (R6, R7)"
            if fits_l and fits_r:
                assert side is not None, f"{tile} fits both ends of {ends}: side required"
                seen.sides["required"] += 1
            else:
                assert side in (None, "L" if fits_l else "R"), (tile, side, ends)
                seen.sides["optional written" if side else "optional left out"] += 1
            on = side or ("L" if fits_l else "R")
            if on == "L":
                ends = (b if a == ends[0] else a, ends[1])
            else:
                ends = (ends[0], b if a == ends[1] else a)
        if count[name] == each:
            ended = "domino"  # R12
    if hand.moves:
        assert ended is not None, "the record stops before the hand is over"
        assert hand.outcome in (None, ended)
        hand.outcome = ended
        if ended == "domino":
            hand.claimed_winner = hand.claimed_winner or hand.moves[-1][0]
            assert hand.claimed_winner == hand.moves[-1][0]
    assert hand.outcome is not None, "an ending is neither played out nor claimed"
    seen.outcomes[hand.outcome] += 1

    remaining: dict[str, list[Tile]] = {}
    for name in players:
        shown = [key(t) for t in hand.shows.get(name, [])]
        if name in held:
            if name in hand.shows:
                assert sorted(shown) == sorted(held[name]), f"show {name} contradicts the deal"
            remaining[name] = held[name]
        else:
            assert name in hand.shows, f"{name}'s remaining tiles are unknown"
            if hand.moves:
                assert len(shown) == each - count[name], f"show {name}: wrong number of tiles"
            remaining[name] = shown
    everything = [t for p in players for t in remaining[p]] + sorted(played)
    assert len(everything) == len(set(everything)), "a tile both shown and played, or twice"
    assert not dealt & {t for p in players if p not in held for t in remaining[p]}
    if hand.outcome == "domino":
        assert [p for p in players if not remaining[p]] == [hand.claimed_winner]
    else:
        assert all(remaining.values()), "a blocked hand where somebody holds nothing"
        # Nobody can play: every remaining tile misses both ends (only known with moves).
        if hand.moves:
            assert not [t for p in players for t in remaining[p] if set(t) & set(ends)]
    # A pass by a player whose deal is unknown: nothing they played afterwards or still hold
    # may carry a value that was open when they passed (nobody draws, R4).
    for name, step, left, right in blind:
        afterwards = [t for s, t in later[name] if s > step] + remaining[name]
        assert not [t for t in afterwards if left in t or right in t], (name, step)
    return remaining


def assert_canonical(text: str) -> None:
    assert text.endswith("\n") and not text.endswith("\n\n")
    lines = text.split("\n")[:-1]
    for i, line in enumerate(lines):
        assert line == line.strip() and "  " not in line, repr(line)
        assert "#" not in line or line.startswith("["), repr(line)
        if line == "":
            follows = lines[i + 1]
            assert follows.startswith(("hand ", "[")), "a blank line that is not a separator"
        elif line.startswith("hand "):
            assert lines[i - 1] == "", "no blank line before a hand"


# ----- the generated records ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, None])
@pytest.mark.parametrize("partial", [False, True])
def test_generated_records_replay_by_the_rules(players: int | None, partial: bool) -> None:
    seen = Seen()
    texts = list(generate(2026, 40, players, partial=partial))
    for text in texts:
        assert_canonical(text)
        (game,) = read(text)
        if players:
            assert len(game.players) == players
        replay(game, seen)
    assert_canonical("\n".join(texts))
    assert len(read("\n".join(texts))) == len(texts)
    # Every path was taken: both endings, tied blocks, every way of writing a side.
    assert seen.outcomes["domino"] > 0 and seen.outcomes["blocked"] > 0
    assert seen.outcomes["tied block"] > 0
    assert seen.sides["required"] > 0
    assert seen.sides["optional written"] > 0 and seen.sides["optional left out"] > 0
    if partial:
        assert seen.hidden_deals > 0 and seen.known_deals > 0
    else:
        assert seen.hidden_deals == 0


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 2**64), partial=st.booleans(), claims=st.booleans())
def test_any_seed_gives_a_legal_record(seed: int, partial: bool, claims: bool) -> None:
    (text,) = generate(seed, 1, partial=partial, claims=claims)
    assert_canonical(text)
    (game,) = read(text)
    if claims:
        replay(game)
    else:
        assert not re.search(r"^(domino|blocked|points|score)\b", text, re.MULTILINE)
        # Without claims only the play can be checked; the count must still add up.
        for hand in game.hands:
            replay_hand(hand, game.players, hand.opener or "", EACH[len(game.players)], Seen())


def test_a_seed_gives_the_same_bytes() -> None:
    first = list(generate(99, 25, partial=True))
    assert first == list(generate(99, 25, partial=True))
    assert first != list(generate(100, 25, partial=True))
    names = ["Ada", "Bea", "Cy"]
    assert simulate_game(random.Random(5), names) == simulate_game(random.Random(5), names)


def test_the_generated_mix_of_players_and_tags() -> None:
    games = [read(text)[0] for text in generate(11, 120)]
    assert Counter(len(g.players) for g in games).keys() == {2, 3, 4}
    assert any(not name.isascii() for g in games for name in g.players)
    assert any("Event" in g.tags for g in games) and any("Date" in g.tags for g in games)
    assert any("Event" not in g.tags for g in games)
    for g in games:
        assert list(g.tags)[-1] == "Players"
        if "Date" in g.tags:
            assert re.fullmatch(r"\d{4}-\d\d-\d\d", g.tags["Date"])


def test_tiles_are_written_both_ways_round() -> None:
    orders = Counter[tuple[str, bool]]()
    for text in generate(12, 20):
        for hand in read(text)[0].hands:
            for dealt in (t for tiles in hand.deals.values() for t in tiles):
                orders["deal", dealt[0] < dealt[1]] += dealt[0] != dealt[1]
            for step, (_, played, _) in enumerate(hand.moves):
                if played and played[0] != played[1]:
                    orders["lead" if step == 0 else "play", played[0] < played[1]] += 1
    kinds = ("deal", "lead", "play")
    assert all(orders[kind, low_first] for kind in kinds for low_first in (False, True))


def test_partial_records_sometimes_hide_every_deal_and_sometimes_none() -> None:
    kinds = Counter[str]()
    for text in generate(3, 30, 3, partial=True):
        for hand in read(text)[0].hands:
            kinds[{0: "all hidden", 3: "none hidden"}.get(len(hand.deals), "some hidden")] += 1
            # A show line for exactly the players whose deal is left out.
            assert not set(hand.shows) & set(hand.deals)
            assert len(hand.shows) + len(hand.deals) == 3
    assert kinds["all hidden"] and kinds["none hidden"] and kinds["some hidden"]


# ----- the truth the simulator keeps ----------------------------------------------------------


def check_truth(game: SimGame) -> None:
    """The SimGame's own fields agree with the rules and with each other."""
    players = game.players
    n = len(players)
    totals = dict.fromkeys(players, 0)
    first = players.index(game.hands[0].opener)
    for index, hand in enumerate(game.hands):
        assert hand.number == index + 1
        assert hand.opener == players[(first + index) % n]  # R17
        assert list(hand.deals) == list(players)
        dealt = [key(t) for tiles in hand.deals.values() for t in tiles]
        assert all(len(tiles) == EACH[n] for tiles in hand.deals.values())
        assert len(set(dealt)) == len(dealt) and all(0 <= min(t) <= max(t) <= 6 for t in dealt)
        left = {p: Counter(key(t) for t in hand.deals[p]) for p in players}
        ends = (-1, -1)
        for move in hand.moves:
            if move.tile is not None:
                left[move.player][key(move.tile)] -= 1
                assert left[move.player][key(move.tile)] == 0
                if move.end is None:
                    ends = move.tile
                else:
                    assert move.side_required == (ends[0] in move.tile and ends[1] in move.tile)
                    assert move.side in (None, move.end)
                    assert move.side is not None or not move.side_required
                    i = 0 if move.end == "L" else 1
                    assert ends[i] in move.tile
                    other = move.tile[1] if move.tile[0] == ends[i] else move.tile[0]
                    ends = (other, ends[1]) if i == 0 else (ends[0], other)
            assert move.ends == ends
        for p in players:
            assert +left[p] == Counter(key(t) for t in hand.remaining_tiles[p])
            assert hand.remaining[p] == pips(list(hand.remaining_tiles[p]))
        assert sum(hand.points.values()) == (hand.points[hand.winner] if hand.winner else 0)
        if hand.winner:
            totals[hand.winner] += hand.points[hand.winner]
        assert hand.score == totals
        reached = max(totals.values()) >= game.target
        assert reached == (index == len(game.hands) - 1), "the game ends exactly at the target"
    assert game.score == totals
    top = max(totals.values())
    leaders = [p for p in players if totals[p] == top]
    assert (game.status, game.winner) == (
        ("won", leaders[0]) if len(leaders) == 1 else ("drawn", None)
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_truth_agrees_with_the_rules(n: int) -> None:
    rng = random.Random(n)
    openers = Counter[str]()
    for _ in range(60):
        game = simulate_game(rng, NAME_POOL[:n])
        check_truth(game)
        (read_back,) = read(render_game(game, shows="all"))
        assert replay(read_back) == dict(game.score)
        openers[game.hands[0].opener] += 1
    assert set(openers) == set(NAME_POOL[:n]), "R5: any seat may open the first hand"


def test_a_house_target_ends_the_game_at_the_first_points() -> None:
    game = simulate_game(random.Random(1), ["Ada", "Bea"], target=1)
    check_truth(game)
    assert all(h.winner is None for h in game.hands[:-1]) and game.hands[-1].winner
    text = render_game(game)
    assert '[Players "Ada Bea"]\n[Target "1"]\n' in text
    assert replay(read(text)[0]) == dict(game.score)


# ----- rendering ------------------------------------------------------------------------------


def test_render_writes_exactly_what_is_asked() -> None:
    game = simulate_game(random.Random(8), ["Zoë", "D'Amico", "P2"])
    hidden = {(1, "Zoë"), (2, "P2")}
    text = render_game(game, hidden=hidden, claims=False, tags={"Event": 'Caf\\é "3"'})
    assert text.startswith('[Event "Caf\\\\é \\"3\\""]\n[Players "Zoë D\'Amico P2"]\n\nhand 1\n')
    assert "deal Zoë:" not in text.split("hand 2")[0]
    assert "show Zoë:" in text.split("hand 2")[0] and "show P2:" not in text.split("hand 2")[0]
    assert "\nscore " not in text and "\npoints " not in text
    (read_back,) = read(text)
    assert read_back.tags["Event"] == 'Caf\\é "3"'
    for hand in game.hands:
        shown = {p for p in game.players if (hand.number, p) in hidden}
        assert set(read_back.hands[hand.number - 1].shows) == shown


def test_a_count_after_play_has_no_deals_and_no_moves() -> None:
    game = simulate_game(random.Random(4), ["Ada", "Bea", "Cy", "Dana"])
    every = {(h.number, p) for h in game.hands for p in game.players}
    text = render_game(game, hidden=every, shows="all", moves=False)
    assert not re.search(r"^(deal |\S+: )", text, re.MULTILINE)
    (read_back,) = read(text)
    assert all(len(h.shows) == 4 and not h.moves for h in read_back.hands)
    assert replay(read_back) == dict(game.score)


def test_the_end_of_a_hand_is_written_in_order() -> None:
    game = simulate_game(random.Random(2), ["Ada", "Bea"])
    text = render_game(game, hidden={(1, "Bea")})
    tail = text.split("\n\nhand 2")[0].splitlines()[-4:]
    assert tail[0].startswith("show Bea: ")
    assert tail[1] in ("blocked", f"domino {game.hands[0].winner}")
    assert tail[2].startswith("points ")
    h = game.hands[0]
    assert tail[3] == f"score Ada {h.score['Ada']}, Bea {h.score['Bea']}"


@pytest.mark.parametrize(
    "players",
    [
        ["Ada"],
        ["A", "B", "C", "D", "E"],
        ["Ada", "Ada"],
        ["Ada", "pass"],
        ["L", "Bea"],
        ["Ada Lovelace", "Bea"],
        ["2P", "Bea"],
    ],
)
def test_impossible_tables_are_refused(players: list[str]) -> None:
    with pytest.raises(ValueError):
        simulate_game(random.Random(0), players)


def test_the_name_pool_is_safe_and_varied() -> None:
    assert len(set(NAME_POOL)) == len(NAME_POOL) >= 4
    assert all(NAME_RE.fullmatch(n) and n not in KEYWORDS for n in NAME_POOL)
    assert {"Nicolò", "D'Amico", "Anna-Maria", "P2"} <= set(NAME_POOL)
    with pytest.raises(ValueError):
        next(generate(1, 1, players=5))


# ----- the samples ----------------------------------------------------------------------------

SAMPLE_PLAYERS = {
    "two-players.block": 2,
    "three-players.block": 3,
    "four-players.block": 4,
    "partial-deals.block": 3,
    "disputed-count.block": None,
    "club-night.block": None,
}


@pytest.mark.parametrize("name", sorted(SAMPLE_PLAYERS))
def test_each_sample_is_a_legal_game_played_to_the_end(name: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert text.startswith("#"), "a sample opens with a comment saying what it shows"
    games = read(text)
    assert len(games) == 1
    (game,) = games
    if SAMPLE_PLAYERS[name]:
        assert len(game.players) == SAMPLE_PLAYERS[name]
    assert replay(game) == game.hands[-1].score
    for hand in game.hands:
        assert hand.outcome and (hand.points or hand.points_none) and hand.score


def test_the_samples_show_what_their_names_say() -> None:
    def load(name: str) -> tuple[str, Game]:
        text = (SAMPLES / name).read_text(encoding="utf-8")
        return text, read(text)[0]

    _, three = load("three-players.block")
    assert {"Event", "Date"} <= set(three.tags)
    assert any(not p.isascii() for p in three.players)
    for name in ("two-players.block", "three-players.block", "four-players.block"):
        _, game = load(name)
        assert all(len(h.deals) == len(game.players) and h.moves for h in game.hands)
    _, partial = load("partial-deals.block")
    hidden = [len(h.shows) for h in partial.hands]
    assert any(hidden) and sum(hidden) < 3 * len(partial.hands)
    assert all(len(h.shows) + len(h.deals) == 3 for h in partial.hands)
    _, disputed = load("disputed-count.block")
    for h in disputed.hands:
        assert h.opener and not h.deals and not h.moves
        assert set(h.shows) == set(disputed.players)
    club_text, _ = load("club-night.block")
    statements = [line for line in club_text.splitlines() if line and not line.startswith("#")]
    assert sum("#" in line for line in statements) >= 5, "trailing comments"
    assert re.search(r"\n\s*#.*\n(hand|\S+:)", club_text), "own-line comments before statements"
    assert re.search(r"\[\d\|\d\]", club_text), "bracket tiles"
    assert re.search(r" (left|right)\b", club_text), "long sides"
    assert "\n\n\n" in club_text or re.search(r"\n\n(?!hand|\[|#)", club_text), "extra blanks"
