"""Scorers' mistakes put into simulated records, one at a time, for tests and benchmarks.

``add_mistakes`` takes the games and records of ``writer.generate_games`` and gives about
one game in ``1/rate`` exactly one mistake of the kind a scorer makes:

- ``pass``: a play (not the lead) by a player whose deal is written, written as a pass (P405);
- ``side``: a side written on a tile that fits only that end, flipped (P403);
- ``player``: a play (not the lead) written under another player's name (T302);
- ``claim``: a number of a ``points`` or ``score`` line raised by one (E504, E505);
- ``deal``: one tile of a deal replaced by a tile of an earlier deal of the hand (D202);
- ``extra_hand``: the last hand written again, as one more hand, after the game ended (E506).

A mistake is drawn among the kinds the record has room for (a record without moves has no
play to turn into a pass). The choices come from their own generator, seeded from ``seed``,
so the games are the same with and without mistakes, and the same seed gives the same bytes.
Like the simulator, this uses the standard library only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator

from .simulate import SimGame

__all__ = ["KINDS", "add_mistakes", "make_mistake"]

KINDS: tuple[str, ...] = ("pass", "side", "player", "claim", "deal", "extra_hand")
"""The kinds of mistake, in the order ``make_mistake`` considers them."""

# A number in a claim: after `points NAME ` or after each `NAME ` of a score.
_NUMBER = re.compile(r"(?<= )[0-9]+")
# A change: it edits the lines in place and may return the index of the line it wrote.
_Change = Callable[[list[str], int, SimGame, random.Random], "int | None"]
# The salt that keeps the mistakes' choices apart from the games' own.
_SALT = 0x6D697374616B65


def add_mistakes(
    games: Iterable[tuple[SimGame, str]], rate: float, seed: int
) -> Iterator[str]:
    """Yield each record of ``games``, a fraction ``rate`` of them with one mistake each."""
    if not 0 <= rate <= 1:
        raise ValueError(f"the rate of mistakes must be between 0 and 1, not {rate}")
    rng = random.Random(seed ^ _SALT)
    for game, text in games:
        if rate and rng.random() < rate:
            lines = text.split("\n")
            made = make_mistake(lines, game, rng)
            yield "\n".join(lines) if made else text
        else:
            yield text


def make_mistake(lines: list[str], game: SimGame, rng: random.Random) -> tuple[str, int] | None:
    """Put one mistake into ``lines``, the record of ``game`` split on line ends.

    Returns the kind made and the (1-based) line it is on, or None when the record has room
    for none of them.
    """
    options: list[tuple[str, int, _Change]] = []
    layout = _Layout(lines, game)
    options += [("pass", i, _to_pass) for i in layout.known_plays]
    options += [("side", i, _flip_side) for i in layout.flippable]
    options += [("player", i, _other_player) for i in layout.plays]
    options += [("claim", i, _raise_claim) for i in layout.claims]
    options += [("deal", i, _deal_twice) for i in layout.later_deals]
    if layout.last_hand is not None:
        options.append(("extra_hand", layout.last_hand, _extra_hand))
    if not options:
        return None
    # First the kind, then the line, so every kind is about as likely whatever its count.
    kind = rng.choice(sorted({k for k, _, _ in options}, key=KINDS.index))
    _, at, change = rng.choice([o for o in options if o[0] == kind])
    line = change(lines, at, game, rng)
    return kind, (at if line is None else line) + 1


class _Layout:
    """Where the lines a mistake can change are, in a canonical record of a simulated game."""

    def __init__(self, lines: list[str], game: SimGame) -> None:
        self.plays: list[int] = []  # plays other than the lead
        self.known_plays: list[int] = []  # those by a player whose deal is written
        self.flippable: list[int] = []  # plays with a side that only that end takes
        self.claims: list[int] = []  # points lines naming a scorer, and score lines
        self.later_deals: list[int] = []  # deal lines after another deal of the same hand
        self.last_hand: int | None = None
        moves = iter([m for hand in game.hands for m in hand.moves if m.tile is not None])
        first_move, dealt = False, set[str]()
        for i, line in enumerate(lines):
            if line.startswith("hand "):
                self.last_hand, first_move = i, True
                dealt.clear()
            elif line.startswith("deal "):
                if dealt:
                    self.later_deals.append(i)
                dealt.add(line[5:].split(":")[0])
            elif line.startswith(("points ", "score ")):
                if line != "points none":
                    self.claims.append(i)
            elif ": " in line and not line.startswith(("show ", "[")):
                if line.endswith(": pass"):
                    first_move = False
                    continue
                move = next(moves)
                if not first_move:
                    self.plays.append(i)
                    if line.split(":")[0] in dealt:
                        self.known_plays.append(i)
                    if move.side is not None and not move.side_required:
                        self.flippable.append(i)
                first_move = False


def _to_pass(lines: list[str], at: int, game: SimGame, rng: random.Random) -> None:
    lines[at] = lines[at].split(": ")[0] + ": pass"


def _flip_side(lines: list[str], at: int, game: SimGame, rng: random.Random) -> None:
    lines[at] = lines[at][:-1] + ("R" if lines[at].endswith("L") else "L")


def _other_player(lines: list[str], at: int, game: SimGame, rng: random.Random) -> None:
    who, rest = lines[at].split(": ", 1)
    other = rng.choice([name for name in game.players if name != who])
    lines[at] = f"{other}: {rest}"


def _raise_claim(lines: list[str], at: int, game: SimGame, rng: random.Random) -> None:
    number = rng.choice(list(_NUMBER.finditer(lines[at])))
    line = lines[at]
    lines[at] = f"{line[: number.start()]}{int(number[0]) + 1}{line[number.end() :]}"


def _deal_twice(lines: list[str], at: int, game: SimGame, rng: random.Random) -> None:
    start = max(i for i in range(at) if lines[i].startswith("hand "))
    earlier = [
        tile for line in lines[start:at] if line.startswith("deal ")
        for tile in line.split(": ")[1].split()
    ]
    who, tiles = lines[at].split(": ")
    mine = tiles.split()
    mine[rng.randrange(len(mine))] = rng.choice(earlier)
    lines[at] = f"{who}: {' '.join(mine)}"


def _extra_hand(lines: list[str], at: int, game: SimGame, rng: random.Random) -> int:
    """Write the last hand (from ``at``) again as the next one; its claims of points and
    score are left out. Returns the index of the new ``hand`` line."""
    end = len(lines) - 1 if lines[-1] == "" else len(lines)
    body = [line for line in lines[at + 1 : end] if not line.startswith(("points ", "score "))]
    number = int(lines[at].split()[1]) + 1
    lines[end:end] = ["", f"hand {number}", *body]
    return end + 1
