"""Scorers' mistakes put into simulated records, one at a time, for tests and benchmarks.

``add_mistakes`` takes the games and records of ``writer.generate_games`` and gives about
one game in ``1/rate`` exactly one mistake of the kind a scorer makes:

- ``pass``: a play (not the lead) by a player whose deal is written, written as a pass (P405);
- ``side``: a side written on a tile that fits only that end, flipped (P403);
- ``player``: a play (not the lead) written under another player's name (T302);
- ``tile``: a play's tile miswritten, one pip changed, as a tile the player does not hold
  then: not dealt to them, or already played (P401, P402, or P403 when the tile written is
  their own and fits nowhere);
- ``rejected``: a pass written as the tile the player tried to lay, which fits nowhere or
  is not theirs, and was taken back (P403, P401, P402; P406 when nobody could play any more);
- ``omitted_pass``: a pass in the middle of a hand left out, so that the next move comes out
  of turn (T302);
- ``claim``: a number of a ``points`` or ``score`` line raised by one (E504, E505);
- ``deal``: one tile of a deal replaced by a tile of an earlier deal of the hand (D202);
- ``extra_hand``: the last hand written again, as one more hand, after the game ended (E506).

A mistake is drawn among the kinds the record has room for (a record without moves has no
play to turn into a pass), or among the kinds asked for. The choices come from their own
generator, seeded from ``seed``, so the games are the same with and without mistakes, and the
same seed gives the same bytes. Like the simulator, this uses the standard library only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass

from .simulate import SimGame, SimHand, SimMove, Tile

__all__ = ["COUNTS_ONLY_KINDS", "KINDS", "add_mistakes", "make_mistake"]

KINDS: tuple[str, ...] = (
    "pass", "side", "player", "tile", "rejected", "omitted_pass", "claim", "deal", "extra_hand",
)
"""The kinds of mistake, in the order ``make_mistake`` considers them."""
COUNTS_ONLY_KINDS: tuple[str, ...] = ("claim", "extra_hand")
"""The kinds a record of counts only (``--counts-only``: no deal, no move) has room for."""

# A number in a claim: after `points NAME ` or after each `NAME ` of a score.
_NUMBER = re.compile(r"(?<= )[0-9]+")
# A change: it edits the lines in place and may return the index of the line it wrote.
_Change = Callable[[list[str], int, "_Layout", random.Random], "int | None"]
# The salt that keeps the mistakes' choices apart from the games' own.
_SALT = 0x6D697374616B65


def add_mistakes(
    games: Iterable[tuple[SimGame, str]], rate: float, seed: int,
    kinds: Collection[str] = KINDS,
) -> Iterator[str]:
    """Yield each record of ``games``, a fraction ``rate`` of them with one mistake each,
    of one of ``kinds``."""
    if not 0 <= rate <= 1:
        raise ValueError(f"the rate of mistakes must be between 0 and 1, not {rate}")
    rng = random.Random(seed ^ _SALT)
    for game, text in games:
        if rate and rng.random() < rate:
            lines = text.split("\n")
            made = make_mistake(lines, game, rng, kinds)
            yield "\n".join(lines) if made else text
        else:
            yield text


def make_mistake(
    lines: list[str], game: SimGame, rng: random.Random, kinds: Collection[str] = KINDS,
) -> tuple[str, int] | None:
    """Put one mistake of one of ``kinds`` into ``lines``, the record of ``game`` split on
    line ends.

    Returns the kind made and the (1-based) line it is on, or None when the record has room
    for none of them.
    """
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise ValueError(f"no such kind of mistake: {', '.join(unknown)}")
    layout = _Layout(lines, game)
    options: list[tuple[str, int, _Change]] = []
    options += [("pass", i, _to_pass) for i in layout.known_plays]
    options += [("side", i, _flip_side) for i in layout.flippable]
    options += [("player", i, _other_player) for i in layout.plays]
    options += [("tile", i, _other_tile) for i in layout.plays if layout.miswritings(i)]
    options += [("rejected", i, _rejected) for i in layout.passes if layout.refusals(i)]
    options += [("omitted_pass", i, _omit) for i in layout.middle_passes]
    options += [("claim", i, _raise_claim) for i in layout.claims]
    options += [("deal", i, _deal_twice) for i in layout.later_deals]
    if layout.last_hand is not None:
        options.append(("extra_hand", layout.last_hand, _extra_hand))
    options = [option for option in options if option[0] in kinds]
    if not options:
        return None
    # First the kind, then the line, so every kind is about as likely whatever its count.
    kind = rng.choice(sorted({k for k, _, _ in options}, key=KINDS.index))
    _, at, change = rng.choice([o for o in options if o[0] == kind])
    line = change(lines, at, layout, rng)
    return kind, (at if line is None else line) + 1


@dataclass(frozen=True, slots=True)
class _Moment:
    """A move line of the record, with the truth around it."""

    hand: SimHand
    move: SimMove
    held: tuple[Tile, ...]
    """What the mover held just before the move, as dealt (orientation as written)."""
    before: tuple[int, int] | None
    """The chain's ends before the move (None before the lead)."""
    played: frozenset[Tile]
    """Every tile on the chain before the move, low pip first."""


def _low(tile: Tile) -> Tile:
    return (min(tile), max(tile))


class _Layout:
    """Where the lines a mistake can change are, in a canonical record of a simulated game."""

    def __init__(self, lines: list[str], game: SimGame) -> None:
        self.plays: list[int] = []  # plays other than the lead
        self.known_plays: list[int] = []  # those by a player whose deal is written
        self.flippable: list[int] = []  # plays with a side that only that end takes
        self.passes: list[int] = []  # passes by a player whose deal is written
        self.middle_passes: list[int] = []  # passes that a play follows in the same hand
        self.claims: list[int] = []  # points lines naming a scorer, and score lines
        self.later_deals: list[int] = []  # deal lines after another deal of the same hand
        self.last_hand: int | None = None
        self.moments: dict[int, _Moment] = {}
        self.game = game
        hands = iter(game.hands)
        moves: Iterator[tuple[SimHand, SimMove, tuple[Tile, ...], tuple[int, int] | None,
                              frozenset[Tile]]] = iter(())
        dealt = set[str]()
        last_pass: int | None = None
        for i, line in enumerate(lines):
            if line.startswith("hand "):
                self.last_hand = i
                dealt.clear()
                moves = _moments(next(hands))
                last_pass = None
            elif line.startswith("deal "):
                if dealt:
                    self.later_deals.append(i)
                dealt.add(line[5:].split(":")[0])
            elif line.startswith(("points ", "score ")):
                if line != "points none":
                    self.claims.append(i)
            elif ": " in line and not line.startswith(("show ", "[")):
                hand, move, held, before, played = next(moves)
                self.moments[i] = _Moment(hand, move, held, before, played)
                known = move.player in dealt
                if move.tile is None:
                    if known:
                        self.passes.append(i)
                    last_pass = i
                    continue
                if last_pass is not None:
                    self.middle_passes.append(last_pass)
                    last_pass = None
                if before is not None:
                    self.plays.append(i)
                    if known:
                        self.known_plays.append(i)
                    if move.side is not None and not move.side_required:
                        self.flippable.append(i)

    def miswritings(self, at: int) -> list[Tile]:
        """The tiles a play may be miswritten as: one pip changed, to a tile the player
        does not hold then (another's, set aside, or already played)."""
        moment = self.moments[at]
        tile = moment.move.tile
        assert tile is not None
        held = {_low(t) for t in moment.held}
        found = []
        for keep in (0, 1):
            for pip in range(7):
                other = (tile[0], pip) if keep == 0 else (pip, tile[1])
                if pip != tile[1 - keep] and _low(other) not in held and other not in found:
                    found.append(other)
        return found

    def refusals(self, at: int) -> list[Tile]:
        """The tiles a legal pass may be written as, a tile tried and taken back: one the
        player holds (none fits, or they could not have passed), the tile just laid, or
        another player's tile that fits no end."""
        moment = self.moments[at]
        ends = moment.before
        if ends is None:
            return []
        found = list(moment.held)
        index = moment.hand.moves.index(moment.move)
        laid = [m.tile for m in moment.hand.moves[:index] if m.tile is not None]
        if laid:
            found.append(laid[-1])
        for name, tiles in moment.hand.deals.items():
            if name == moment.move.player:
                continue
            for tile in tiles:
                low = _low(tile)
                if low not in moment.played and ends[0] not in tile and ends[1] not in tile:
                    found.append(tile)
        return found


def _moments(hand: SimHand) -> Iterator[
        tuple[SimHand, SimMove, tuple[Tile, ...], tuple[int, int] | None, frozenset[Tile]]]:
    """Each move of ``hand`` with what its player held before it, the ends before it, and
    the tiles already on the chain."""
    held = {name: list(tiles) for name, tiles in hand.deals.items()}
    before: tuple[int, int] | None = None
    played: set[Tile] = set()
    for move in hand.moves:
        yield hand, move, tuple(held[move.player]), before, frozenset(played)
        if move.tile is not None:
            low = _low(move.tile)
            held[move.player] = [t for t in held[move.player] if _low(t) != low]
            played.add(low)
        before = move.ends


def _to_pass(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    lines[at] = lines[at].split(": ")[0] + ": pass"


def _flip_side(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    lines[at] = lines[at][:-1] + ("R" if lines[at].endswith("L") else "L")


def _other_player(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who, rest = lines[at].split(": ", 1)
    other = rng.choice([name for name in layout.game.players if name != who])
    lines[at] = f"{other}: {rest}"


def _other_tile(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who, rest = lines[at].split(": ", 1)
    a, b = rng.choice(layout.miswritings(at))
    side = rest.split(" ")[1:]
    lines[at] = " ".join([f"{who}: {a}-{b}", *side])


def _rejected(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who = lines[at].split(": ")[0]
    a, b = rng.choice(layout.refusals(at))
    lines[at] = f"{who}: {a}-{b}"


def _omit(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    """Leave the pass out; the mistake shows at the move that now takes its line."""
    del lines[at]


def _raise_claim(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    number = rng.choice(list(_NUMBER.finditer(lines[at])))
    line = lines[at]
    lines[at] = f"{line[: number.start()]}{int(number[0]) + 1}{line[number.end() :]}"


def _deal_twice(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    start = max(i for i in range(at) if lines[i].startswith("hand "))
    earlier = [
        tile for line in lines[start:at] if line.startswith("deal ")
        for tile in line.split(": ")[1].split()
    ]
    who, tiles = lines[at].split(": ")
    mine = tiles.split()
    mine[rng.randrange(len(mine))] = rng.choice(earlier)
    lines[at] = f"{who}: {' '.join(mine)}"


def _extra_hand(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> int:
    """Write the last hand (from ``at``) again as the next one; its claims of points and
    score are left out. Returns the index of the new ``hand`` line."""
    end = len(lines) - 1 if lines[-1] == "" else len(lines)
    body = [line for line in lines[at + 1 : end] if not line.startswith(("points ", "score "))]
    number = int(lines[at].split()[1]) + 1
    lines[end:end] = ["", f"hand {number}", *body]
    return end + 1
