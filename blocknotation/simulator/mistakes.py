"""Scorers' mistakes put into simulated records, one at a time, for tests and benchmarks.

``add_mistakes`` takes the games and records of ``writer.generate_games`` and gives about
one game in ``1/rate`` exactly one mistake of the kind a scorer makes:

- ``pass``: a play (not the lead) by a player whose deal is written, written as a pass (P405);
- ``hidden_pass``: the same by a player whose deal is not written, their last tile included
  (P407: a later play or show, or the count of their tiles, proves that they could play);
- ``side``: a side written on a tile that fits only that end, flipped (P403);
- ``player``: a play (not the lead) written under another player's name (T302);
- ``tile``: a play's tile miswritten, one pip changed, as a tile the player does not hold
  then: not dealt to them, or already played (P401, P402, or P403 when the tile written is
  their own and fits nowhere);
- ``rejected``: a pass written as the tile the player tried to lay, which fits nowhere or
  is not theirs, and was taken back (P403, P401, P402; P406 when nobody could play any more);
- ``hidden_rejected``: the same by a player whose deal is not written, as a tile she holds
  (it fits nowhere: P403), or as a tile that fits an end and that she may hold as far as the
  record tells (legal as written: the moves after it show that she passed, P401 at the line);
- ``omitted_pass``: a pass in the middle of a hand left out, so that the next move comes out
  of turn (T302);
- ``omitted_play``: a play (not the lead) that another move of its hand follows left out, by
  a player whose deal is written or not: the next move comes out of turn (T302);
- ``hidden_tile``: a play's tile, by a player whose deal is not written, miswritten as another
  tile they may hold as far as the record tells: one pip changed, a tile nobody played before
  and no written deal holds;
- ``doubled``: a move line typed twice, the copy right after it;
- ``swapped``: two neighbouring move lines of a hand written the other way round;
- ``first_name``: in a hand whose ``opener`` line is left out, its first move written under
  another player's name;
- ``opener``: an ``opener`` line naming another player than the one who led;
- ``hand_twice``: a ``hand N`` line written twice, the copy right after it;
- ``both_ends``: a side written on a tile that fits two different ends, flipped: legal as
  written, the slip shows only in what follows (P403 at the play);
- ``own_tile``: a play's tile written as another the player holds then that fits the same
  end: legal as written too (P401 at the play);
- ``claim``: a number of a ``points`` or ``score`` line raised by one (E504, E505);
- ``deal``: one tile of a deal replaced by a tile of an earlier deal of the hand (D202);
- ``deal_tile``: one tile of a deal miswritten, one pip changed, as a tile no written deal
  of the hand holds: it shows where the rest of the hand first disagrees with the deal (a
  play of the tile it lacks, P401; a pass it makes illegal, P405; a show, E502; a claim,
  E503 to E505), or nowhere when the tile was never played and no claim counts it;
- ``extra_hand``: the last hand written again, as one more hand, after the game ended (E506).

``make_mistakes`` puts two or more into one record, in one hand or in different hands, each
at its own lines. A mistake is drawn among the kinds the record has room for (a record
without moves has no play to turn into a pass), or among the kinds asked for. The choices
come from their own generator, seeded from ``seed``, so the games are the same with and
without mistakes, and the same seed gives the same bytes. Like the simulator, this uses the
standard library only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass

from .simulate import SimGame, SimHand, SimMove, Tile

__all__ = ["COUNTS_ONLY_KINDS", "KINDS", "add_mistakes", "make_mistake", "make_mistakes"]

KINDS: tuple[str, ...] = (
    "pass", "side", "player", "tile", "rejected", "omitted_pass", "claim", "deal", "extra_hand",
    "hidden_pass", "hidden_tile", "doubled", "swapped", "first_name", "opener", "hand_twice",
    "both_ends", "own_tile", "deal_tile", "hidden_rejected", "omitted_play",
)
"""The kinds of mistake, in the order ``make_mistake`` considers them."""
COUNTS_ONLY_KINDS: tuple[str, ...] = ("claim", "extra_hand", "hand_twice")
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
    made = make_mistakes(lines, game, rng, kinds, 1)
    return made[0] if made else None


def make_mistakes(
    lines: list[str], game: SimGame, rng: random.Random, kinds: Collection[str] = KINDS,
    count: int = 2, same_hand: bool | None = None,
) -> list[tuple[str, int]]:
    """Put ``count`` mistakes of ``kinds`` into ``lines`` (see ``make_mistake``), each at
    lines of its own at least one line apart from the others'; ``same_hand``: all in one
    hand (True), each in another hand (False), or as they fall (None).

    Returns each mistake's kind and (1-based) line in the record as changed, in line order;
    an empty list when the record has no room for that many.
    """
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise ValueError(f"no such kind of mistake: {', '.join(unknown)}")
    layout = _Layout(lines, game)
    options = [option for option in _options(layout) if option[0] in kinds]
    chosen: list[tuple[str, int, _Change]] = []
    for _ in range(count):
        left = [o for o in options if _apart(layout, o, chosen, same_hand)]
        if not left:
            return []
        # First the kind, then the line, so every kind is about as likely whatever its count.
        kind = rng.choice(sorted({k for k, _, _ in left}, key=KINDS.index))
        chosen.append(rng.choice([o for o in left if o[0] == kind]))
    made: list[tuple[str, int, int]] = []  # kind, line index, lines added before what follows
    for kind, at, change in sorted(chosen, key=lambda o: -o[1]):
        before = len(lines)
        line = change(lines, at, layout, rng)
        made.append((kind, at if line is None else line, len(lines) - before))
    out = []
    for kind, at, _ in made:
        shift = sum(added for _, other, added in made if other < at)
        out.append((kind, at + shift + 1))
    return sorted(out, key=lambda m: m[1])


def _options(layout: _Layout) -> list[tuple[str, int, _Change]]:
    """Every mistake the record has room for: its kind, the line it changes, and how."""
    options: list[tuple[str, int, _Change]] = []
    options += [("pass", i, _to_pass) for i in layout.known_plays]
    options += [("side", i, _flip_side) for i in layout.flippable]
    options += [("player", i, _other_player) for i in layout.plays]
    options += [("tile", i, _other_tile) for i in layout.plays if layout.miswritings(i)]
    options += [("rejected", i, _rejected) for i in layout.passes if layout.refusals(i)]
    options += [("omitted_pass", i, _omit) for i in layout.middle_passes]
    options += [("omitted_play", i, _omit) for i in layout.plays if i in layout.followed]
    options += [("claim", i, _raise_claim) for i in layout.claims]
    options += [("deal", i, _deal_twice) for i in layout.later_deals]
    options += [("deal_tile", i, _deal_tile) for i in layout.deals
                if layout.deal_miswritings(i)]
    if layout.last_hand is not None:
        options.append(("extra_hand", layout.last_hand, _extra_hand))
    options += [("hidden_pass", i, _to_pass) for i in layout.hidden_plays]
    options += [("hidden_tile", i, _other_hidden_tile) for i in layout.hidden_plays
                if layout.hidden_miswritings(i)]
    options += [("hidden_rejected", i, _hidden_rejected) for i in layout.hidden_passes
                if layout.hidden_refusals(i)]
    options += [("doubled", i, _double) for i in layout.moves]
    options += [("swapped", i, _swap) for i in layout.neighbours]
    options += [("first_name", i, _first_name) for i in layout.first_moves]
    options += [("opener", i, _wrong_opener) for i in layout.openers]
    options += [("hand_twice", i, _hand_twice) for i in layout.hand_lines]
    options += [("both_ends", i, _flip_side) for i in layout.both_ends]
    options += [("own_tile", i, _own_tile) for i in layout.known_plays if layout.own_tiles(i)]
    return options


def _apart(layout: _Layout, option: tuple[str, int, _Change],
           chosen: list[tuple[str, int, _Change]], same_hand: bool | None) -> bool:
    """Whether ``option`` can join the mistakes ``chosen``: its lines at least one line
    away from theirs, in the same hand as theirs or in another, as asked."""
    kind, at, _ = option
    first, last = _span(kind, at)
    for other, line, _ in chosen:
        other_first, other_last = _span(other, line)
        if first <= other_last + 1 and other_first <= last + 1:
            return False  # the same lines, or lines next to each other
        if kind in _WHOLE or other in _WHOLE:
            return False  # a hand after the end, or every line after it moved
        if same_hand is not None and (layout.hand_of[at] == layout.hand_of[line]) != same_hand:
            return False
    return True


#: Mistakes that change what every later line means: never one of two.
_WHOLE = frozenset({"extra_hand", "hand_twice"})


def _span(kind: str, at: int) -> tuple[int, int]:
    """The first and last line a mistake of ``kind`` at ``at`` touches."""
    return {"swapped": (at, at + 1), "first_name": (at - 2, at)}.get(kind, (at, at))


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


def _one_pip_from(tile: Tile) -> list[Tile]:
    """The tiles one pip from ``tile``, either half changed, each once, in a fixed order."""
    found: list[Tile] = []
    for keep in (0, 1):
        for pip in range(7):
            other = (tile[0], pip) if keep == 0 else (pip, tile[1])
            if pip != tile[1 - keep] and other not in found:
                found.append(other)
    return found


def _low(tile: Tile) -> Tile:
    return (min(tile), max(tile))


#: Every tile of the set, each once, as ``_low`` writes it.
_EVERY_TILE: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))


class _Layout:
    """Where the lines a mistake can change are, in a canonical record of a simulated game."""

    def __init__(self, lines: list[str], game: SimGame) -> None:
        self.plays: list[int] = []  # plays other than the lead
        self.known_plays: list[int] = []  # those by a player whose deal is written
        self.flippable: list[int] = []  # plays with a side that only that end takes
        self.both_ends: list[int] = []  # plays with a side, on two different ends they fit
        self.passes: list[int] = []  # passes by a player whose deal is written
        self.hidden_passes: list[int] = []  # passes by a player whose deal is not
        self.middle_passes: list[int] = []  # passes that a play follows in the same hand
        self.claims: list[int] = []  # points lines naming a scorer, and score lines
        self.later_deals: list[int] = []  # deal lines after another deal of the same hand
        self.deals: list[int] = []  # every deal line
        self.last_hand: int | None = None
        self.hidden_plays: list[int] = []  # plays other than the lead, deal not written
        self.moves: list[int] = []  # every play and pass
        self.neighbours: list[int] = []  # a move line that another of its hand follows
        self.followed: set[int] = set()  # the same, as a set
        self.first_moves: list[int] = []  # each hand's first move, after its opener line
        self.openers: list[int] = []  # opener lines of hands with moves
        self.hand_lines: list[int] = []  # hand N lines
        self.hand_of: list[int] = []  # the number of the hand each line is in (0: none)
        self.dealt_in_hand: dict[int, frozenset[Tile]] = {}  # tiles of the written deals
        self.moments: dict[int, _Moment] = {}
        self.lines_at = lines
        self.game = game
        hands = iter(game.hands)
        moves: Iterator[tuple[SimHand, SimMove, tuple[Tile, ...], tuple[int, int] | None,
                              frozenset[Tile]]] = iter(())
        dealt = set[str]()
        last_pass: int | None = None
        number = 0
        hand: SimHand | None = None
        first = False
        for i, line in enumerate(lines):
            if line.startswith("hand "):
                self.last_hand = i
                self.hand_lines.append(i)
                dealt.clear()
                hand = next(hands)
                number = hand.number
                moves = _moments(hand)
                last_pass = None
                first = False
            self.hand_of.append(number)
            if line.startswith("hand "):
                continue
            if line.startswith("opener "):
                first = True
            elif line.startswith("deal "):
                self.deals.append(i)
                if dealt:
                    self.later_deals.append(i)
                dealt.add(line[5:].split(":")[0])
                assert hand is not None
                self.dealt_in_hand[number] = self.dealt_in_hand.get(number, frozenset()) | {
                    _low(t) for t in hand.deals[line[5:].split(":")[0]]}
            elif line.startswith(("points ", "score ")):
                if line != "points none":
                    self.claims.append(i)
            elif ": " in line and not line.startswith(("show ", "[")):
                sim, move, held, before, played = next(moves)
                self.moments[i] = _Moment(sim, move, held, before, played)
                known = move.player in dealt
                self.moves.append(i)
                if first and lines[i - 1].startswith(("opener ", "deal ")):
                    self.first_moves.append(i)
                    self.openers.append(max(k for k in range(i) if lines[k].startswith(
                        "opener ")))
                    first = False
                if i + 1 < len(lines) and ": " in lines[i + 1] and not lines[i + 1].startswith(
                        ("show ", "[")):
                    self.neighbours.append(i)
                    self.followed.add(i)
                if move.tile is None:
                    (self.passes if known else self.hidden_passes).append(i)
                    last_pass = i
                    continue
                if last_pass is not None:
                    self.middle_passes.append(last_pass)
                    last_pass = None
                if before is not None:
                    self.plays.append(i)
                    if known:
                        self.known_plays.append(i)
                    else:
                        self.hidden_plays.append(i)
                    if move.side is not None and not move.side_required:
                        self.flippable.append(i)
                    elif move.side is not None and before[0] != before[1]:
                        self.both_ends.append(i)

    def miswritings(self, at: int) -> list[Tile]:
        """The tiles a play may be miswritten as: one pip changed, to a tile the player
        does not hold then (another's, set aside, or already played)."""
        moment = self.moments[at]
        tile = moment.move.tile
        assert tile is not None
        held = {_low(t) for t in moment.held}
        return [other for other in _one_pip_from(tile) if _low(other) not in held]

    def own_tiles(self, at: int) -> list[Tile]:
        """The tiles a play may be miswritten as that leave the line legal: another the
        player holds then, that fits the end the tile went on (the line is then wrong only
        for what follows)."""
        moment = self.moments[at]
        tile, before, end = moment.move.tile, moment.before, moment.move.end
        if tile is None or before is None or end is None:
            return []
        value = before[0] if end == "L" else before[1]
        return [t for t in moment.held if _low(t) != _low(tile) and value in t]

    def hidden_miswritings(self, at: int) -> list[Tile]:
        """The tiles a hidden player's play may be miswritten as, one the record does not
        tell them apart from: one pip changed, a tile nobody played before and no written
        deal of the hand holds."""
        moment = self.moments[at]
        tile = moment.move.tile
        assert tile is not None
        barred = moment.played | self.dealt_in_hand.get(moment.hand.number, frozenset())
        return [other for other in _one_pip_from(tile) if _low(other) not in barred]

    def hidden_refusals(self, at: int) -> list[Tile]:
        """The tiles a hidden player's pass may be written as: one she holds (none fits, or
        she could not have passed), or one that fits an end and that she may hold as far as
        the record tells: nobody laid it before and no written deal of the hand holds it."""
        moment = self.moments[at]
        ends = moment.before
        if ends is None:
            return []
        barred = moment.played | self.dealt_in_hand.get(moment.hand.number, frozenset())
        return [*moment.held, *(tile for tile in _EVERY_TILE if tile not in barred
                                and (ends[0] in tile or ends[1] in tile))]

    def deal_miswritings(self, at: int) -> list[tuple[int, Tile]]:
        """The ways a deal line may be miswritten as a tile no written deal of its hand
        holds: each tile's place in the line, and a tile one pip from it."""
        barred = self.dealt_in_hand.get(self.hand_of[at], frozenset())
        tiles = [_tile(text) for text in self.lines_at[at].split(": ")[1].split()]
        return [(place, other) for place, tile in enumerate(tiles)
                for other in _one_pip_from(tile) if _low(other) not in barred]

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


def _retiled(lines: list[str], at: int, tile: Tile) -> None:
    """The play at ``at`` written with ``tile``, its side (if any) kept."""
    who, rest = lines[at].split(": ", 1)
    side = rest.split(" ")[1:]
    lines[at] = " ".join([f"{who}: {tile[0]}-{tile[1]}", *side])


def _other_tile(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    _retiled(lines, at, rng.choice(layout.miswritings(at)))


def _own_tile(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    _retiled(lines, at, rng.choice(layout.own_tiles(at)))


def _rejected(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who = lines[at].split(": ")[0]
    a, b = rng.choice(layout.refusals(at))
    lines[at] = f"{who}: {a}-{b}"


def _hidden_rejected(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who = lines[at].split(": ")[0]
    a, b = rng.choice(layout.hidden_refusals(at))
    lines[at] = f"{who}: {a}-{b}"


def _omit(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    """Leave the move out; the mistake shows at the move that now takes its line."""
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


def _deal_tile(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    place, tile = rng.choice(layout.deal_miswritings(at))
    who, tiles = lines[at].split(": ")
    mine = tiles.split()
    mine[place] = f"{tile[0]}-{tile[1]}"
    lines[at] = f"{who}: {' '.join(mine)}"


def _tile(text: str) -> Tile:
    a, b = text.split("-")
    return int(a), int(b)


def _extra_hand(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> int:
    """Write the last hand (from ``at``) again as the next one; its claims of points and
    score are left out. Returns the index of the new ``hand`` line."""
    end = len(lines) - 1 if lines[-1] == "" else len(lines)
    body = [line for line in lines[at + 1 : end] if not line.startswith(("points ", "score "))]
    number = int(lines[at].split()[1]) + 1
    lines[end:end] = ["", f"hand {number}", *body]
    return end + 1


def _other_hidden_tile(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    _retiled(lines, at, rng.choice(layout.hidden_miswritings(at)))


def _double(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> int:
    """Write the move line again, right after it: the copy is the slip."""
    lines.insert(at + 1, lines[at])
    return at + 1


def _swap(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    lines[at], lines[at + 1] = lines[at + 1], lines[at]


def _first_name(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> int:
    """Leave the hand's ``opener`` line out and write its first move under another name."""
    opener = max(i for i in range(at) if lines[i].startswith("opener "))
    who, rest = lines[at].split(": ", 1)
    other = rng.choice([name for name in layout.game.players if name != who])
    lines[at] = f"{other}: {rest}"
    del lines[opener]
    return at - 1


def _wrong_opener(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> None:
    who = lines[at].split(" ", 1)[1]
    other = rng.choice([name for name in layout.game.players if name != who])
    lines[at] = f"opener {other}"


def _hand_twice(lines: list[str], at: int, layout: _Layout, rng: random.Random) -> int:
    """Write the ``hand N`` line again, right after it: the copy is the slip."""
    lines.insert(at + 1, lines[at])
    return at + 1
