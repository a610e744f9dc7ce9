"""One hand in play: the public ``Table``, which says what the rules of play allow now
(R4–R13) and applies legal moves, where the replay (``hand.py``) judges a record as written.

Its state is the engine's, in integers (the chain's ends as one bit of ``chain.py``, the
tiles' whereabouts as ``knowledge.Whereabouts`` masks), and its answers are the rules of
play as the engine writes each of them once, on those integers, so that the replay's
readings, which are many states at once, ask the same predicates: ``rules.fits``,
``rules.sides`` and ``rules.legal_plays`` (R5-R7, on ``chain.lay``), ``rules.may_pass``
(R8), ``Whereabouts.may_hold`` (R2, R4), ``rules.ending_play`` and ``rules.all_passed``
(R12), with ``scoring.blocked`` (R15).  It words P401-P406 and T303 as
``validate`` does (``moves.py``).  Tiles are taken as ``"3-5"`` or ``(3, 5)`` and given out
low pip first; the chain keeps them as played.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..basics.diagnostics import Message, message_part
from ..basics.game_sizes import TILES_EACH
from ..notation import plain as r
from .chain import PAIR, Chain, Side, chain_of, lay
from .knowledge import ALL, NOBODY, Hidden, Whereabouts, fillable
from .moves import check_opening_pass, illegal_pass, misfit
from .players import Seats
from .rules import barring_a_pass, fits, legal_plays, may_pass, sides
from .scoring import blocked as blocked_count
from .tiles import TILES, Tile, bits, index, pips, text
from .world import World

#: A tile as the table takes it: ``"3-5"`` or ``(3, 5)``, either way round.
TileLike = str | tuple[int, int]

_TILE_TEXT = re.compile(r"\s*([0-6])\s*-\s*([0-6])\s*")
_AS_WRITTEN = frozenset((a, b) for a in range(7) for b in range(7))

@dataclass(frozen=True, slots=True)
class TablePlay:
    """A play: ``tile`` at the ``side`` end ("L" or "R"); None for the lead (R5)."""

    tile: Tile
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class TablePass:
    """A pass (R8)."""  # no fields: every pass is the same move


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended (R12): "domino", won by who went out, or "blocked", won by the lowest
    total alone (R15) when every deal is known; ``winner`` None: a tie, or not known."""

    kind: Literal["domino", "blocked"]
    winner: str | None


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile in the chain: who placed it, the tile as played, its end (None: the lead)."""

    player: str
    tile: Tile
    side: Side | None


class IllegalMove(ValueError):
    """A move the rules do not allow now; the table is left as it was.  ``code`` is the
    diagnostic code ``blocknot validate`` reports for the same move in a record (P401,
    P402, P403, P404, P405, T303, P406), ``message`` the reason, to render in a language
    (``message.render(translate)``); ``str()`` gives it in English."""

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(message.render())
        self.code = code
        self.message = message


def as_tile(tile: TileLike) -> Tile:
    """``"3-5"`` or ``(3, 5)`` as a tile; ``ValueError`` for anything else (pips 0 to 6)."""
    found = _TILE_TEXT.fullmatch(tile) if isinstance(tile, str) else None
    if found is not None:
        return int(found.group(1)), int(found.group(2))
    if isinstance(tile, tuple) and tile in _AS_WRITTEN and {type(p) for p in tile} == {int}:
        return tile[0], tile[1]
    raise ValueError(f"not a tile of the double-six set: {tile!r} (write it '3-5' or (3, 5))")


def _tiles(mask: int) -> frozenset[Tile]:
    return frozenset(map(TILES.__getitem__, bits(mask)))


class Table:
    """One hand of Block in play.  ``players``: 2 to 4 names in seating order (R1);
    ``opener``: who leads (R5); ``deals``: the tiles of the players whose deal is known (R3: 7
    each with two players, 5 with three or four, no tile twice; bad arguments raise
    ``ValueError``).  A player left out is hidden: they may hold any tile nobody placed and
    no known deal holds.  ``play`` and ``pass_`` apply a move of the player on turn or raise
    ``IllegalMove``; every other method only asks.

    Its state is one reading of the hand (``world.World``), the state the replay of a record
    keeps for each way the hand may have gone: a table is that state with the checks a
    move must pass before it is applied, and the players' names."""

    __slots__ = ("_moves", "_reading", "_seats", "players")

    def __init__(self, players: Sequence[str], opener: str,
                 deals: Mapping[str, Iterable[TileLike]] | None = None) -> None:
        names = tuple(players)
        if len(names) not in TILES_EACH or not all(isinstance(n, str) and n for n in names):
            raise ValueError(f"Block is for 2, 3 or 4 players, named (R1): not {names!r}")
        if len(set(names)) != len(names) or opener not in names:
            raise ValueError(f"the players are {len(names)} different names, the opener one "
                             f"of them: not {names!r} with {opener!r}")
        self._seated(names)
        known = Whereabouts(len(names))
        for player, tiles in (deals or {}).items():
            self._deal(known, player, tuple(as_tile(t) for t in tiles))
        self._reading = World(known)
        self._reading.expected = self._seats.seat[opener]
        self._moves = 0
        """The moves made: each is numbered as the lines of a record are."""

    def _seated(self, names: tuple[str, ...]) -> None:
        """The players' seats, in seating order, and how many tiles each is dealt (R3)."""
        self.players: tuple[str, ...] = names
        self._seats = Seats.of(names)

    def _deal(self, known: Whereabouts, player: str, tiles: tuple[Tile, ...]) -> None:
        seat, each = self._seat_of(player), self._seats.each
        if len(tiles) != each:
            raise ValueError(f"{player}'s deal holds {len(tiles)} tiles, but with "
                             f"{len(self.players)} players each is dealt {each} (R3)")
        mask = 0
        for tile in tiles:
            bit = 1 << index(tile)
            if (mask | known.dealt) & bit:
                raise ValueError(f"{text(tile)} is dealt twice: the set has each tile once (R2)")
            mask |= bit
        known.deal(seat, tiles, mask, 0)

    def _seat_of(self, player: str) -> int:
        seat = self._seats.seat.get(player)
        if seat is None:
            raise ValueError(f"{player!r} is not one of the players ({', '.join(self.players)})")
        return seat

    # --- the state ------------------------------------------------------------------------
    @property
    def turn(self) -> str | None:
        """The player to move; None once the hand is over."""
        seat = self._turn()
        return None if seat is None else self.players[seat]

    @property
    def ends(self) -> tuple[int, int] | None:
        """The values of the chain's (left, right) ends; None before the lead."""
        ends = self._reading.chain
        return PAIR[ends.bit_length() - 1] if ends else None

    @property
    def chain(self) -> tuple[Placement, ...]:
        """The tiles placed, in the order placed."""
        return placements(self._reading, self.players)

    @property
    def passes_in_a_row(self) -> int:
        """The passes since the last tile was placed."""
        return self._reading.passed.bit_count()

    def placed(self, player: str) -> int:
        """How many tiles ``player`` has placed."""
        return self._reading.known.holders[self._seat_of(player)].placed

    def held(self, player: str) -> frozenset[Tile] | None:
        """The tiles ``player`` still holds, when their deal is known; else None."""
        held = self._reading.known.holders[self._seat_of(player)].held()
        return _tiles(held) if held is not None else None

    def unseen(self) -> frozenset[Tile]:
        """The tiles nobody has placed and no known deal holds: in hidden hands, or set
        aside (R4)."""
        known = self._reading.known
        return _tiles(((1 << 28) - 1) & ~known.played & ~known.held_by_anyone())

    # --- what the rules allow -----------------------------------------------------------------
    def fits(self, tile: TileLike) -> bool:
        """Whether ``tile`` matches an end of the chain (R6, R7); any tile before the lead."""
        return fits(as_tile(tile), self._reading.chain)

    def sides(self, tile: TileLike) -> tuple[Side | None, ...]:
        """The ends ``tile`` may go to: ``("L",)``, ``("R",)``, ``("L", "R")`` or ``()``;
        ``(None,)`` before the lead, when it is laid as written."""
        found, ends = as_tile(tile), self._reading.chain
        return sides(found, ends) if ends else (None,)

    def may_hold(self, player: str, tile: TileLike) -> bool:
        """Whether ``player`` may still hold ``tile`` (R2, R4, R8): nobody placed it, and it
        is in their deal when that is known, else in no other known deal, without a value
        an end showed at one of their passes, and not a tile another hidden player must
        hold for every hidden hand to hold as many tiles as it does."""
        return self._may_hold(self._seat_of(player), index(as_tile(tile)))

    def _may_hold(self, seat: int, i: int, hidden: Hidden | None = None) -> bool:
        """Whether ``seat`` may hold tile ``i``: one of ``Whereabouts.may_still_hold``, and
        for a hidden player one with which every hidden hand can still hold its tiles
        (``_dealable``; ``hidden``: the hidden hands, when already worked out)."""
        known = self._reading.known
        if not known.may_still_hold(seat) >> i & 1:
            return False
        return known.holders[seat].deal is not None or self._dealable(
            seat, tile=1 << i, hidden=hidden)

    def _dealable(self, seat: int, keep: int = ALL, tile: int = 0,
                  hidden: Hidden | None = None) -> bool:
        """Whether the hidden hands can each hold the tiles they still hold, no tile twice
        (``knowledge.fillable``; R2, R4, R8): with ``seat``'s narrowed to the tiles of
        ``keep``, and with ``tile`` (a bit) ``seat``'s, no other hand's.  Where they cannot
        even now (a table made from a record whose hidden players' passes cannot all have
        been legal, ``table_of``), the passes together are held against no move: as
        ``validate`` then takes them, each player's alone.  ``hidden``: the hidden hands
        (``Whereabouts.hidden_hands``), when already worked out."""
        if hidden is None:
            hidden = self._reading.known.hidden_hands(self._seats.each)
        if not fillable(hidden.values()):
            return True
        hands = []
        for other, (mask, count) in hidden.items():
            mask &= ~tile
            if other == seat:
                mask, count = mask & keep, count - bool(tile)
            hands.append((mask, count))
        return fillable(hands)

    def may_pass(self, player: str) -> bool:
        """Whether the rules let ``player`` pass now (R8): never before the lead (R5); not
        while their known deal holds a tile that fits; a hidden player only while she may
        hold as many tiles as she holds none of which fits (a pass says so: R4, R8)."""
        return self._may_pass(self._seat_of(player))

    def _may_pass(self, seat: int) -> bool:
        reading = self._reading
        holder = reading.known.holders[seat]
        if holder.deal is not None or not reading.chain:
            return may_pass(holder.held(), reading.chain)
        return self._dealable(seat, keep=~barring_a_pass(reading.chain))

    def legal_moves(self) -> list[TablePlay | TablePass]:
        """Every move the player on turn may make: a ``TablePlay`` for each tile they may hold
        that fits, on each end it fits (side None for the lead), lowest tile first, then a
        ``TablePass`` when they may pass.  Empty once the hand is over."""
        seat = self._turn()
        if seat is None:
            return []
        reading = self._reading
        known = reading.known
        plays = legal_plays(reading.chain, known.may_still_hold(seat))
        hidden = known.hidden_hands(self._seats.each)  # worked out once for every tile
        moves: list[TablePlay | TablePass] = [TablePlay(TILES[i], side) for i, side, _ in plays
                                              if self._may_hold(seat, i, hidden)]
        return [*moves, TablePass()] if self._may_pass(seat) else moves

    def is_over(self) -> bool:
        """Whether the hand has ended (R12, ``outcome``)."""
        return self._reading.outcome is not None

    def outcome(self) -> Outcome | None:
        """How the hand ended (None while it goes on): a domino once a player has placed as
        many tiles as each is dealt (R3, R12: known with the deal hidden), blocked once every
        player passed in succession or, every deal known, nobody holds a tile that fits;
        a block's winner is the lowest count alone (R15), known when every deal is."""
        reading = self._reading
        if reading.outcome is None:
            return None
        if reading.outcome == "domino":
            return Outcome("domino", None if reading.winner is None
                           else self.players[reading.winner])
        known = reading.known
        if not known.all_known:
            return Outcome("blocked", None)
        lowest = blocked_count([pips(h.held() or 0) for h in known.holders]).winner
        return Outcome("blocked", None if lowest is None else self.players[lowest])

    # --- moves ----------------------------------------------------------------------------
    def play(self, tile: TileLike, side: Side | None = None) -> None:
        """The player on turn places ``tile`` at the ``side`` end ("L" or "R"); the lead is
        laid as written.  A tile that fits both ends needs a side (P404) unless both ends
        show one value: the two placings are mirror images, and it goes to the left.  Raises
        ``IllegalMove``, the table unchanged, for a tile the player cannot hold (P401,
        P402), that does not fit (P403), that a hidden player's passes say is not hers
        (P407), or after the end of the hand (P406): the first of these ``validate`` would
        report at the move."""
        found = as_tile(tile)
        if side not in (None, "L", "R"):
            raise ValueError(f"a side is 'L', 'R' or None, not {side!r}")
        seat = self._on_turn()
        self._check_holding(seat, found)
        before = self._reading.chain
        placed, after = self._side(seat, found, side) if before else (None, chain_of(*found))
        self._check_passes(seat, found)
        self._moves += 1
        self._reading.lay(seat, found, after, self._moves, self._seats, (found, placed))

    def pass_(self) -> None:
        """The player on turn passes.  Raises ``IllegalMove``, the table unchanged, before
        the lead (T303), while their known deal holds a tile that fits (P405), for a hidden
        player who cannot hold as many tiles as she holds without one that fits (P407), or
        after the end of the hand (P406)."""
        seat = self._on_turn()
        reading = self._reading
        move = r.PlainPass(self._moves + 1, 1, self.players[seat])
        if not self._may_pass(seat):
            if reading.known.holders[seat].deal is None and reading.chain:
                raise IllegalMove("P407", message_part("P407", "at_table_pass_leaves",
                                                       player=move.player))
            problem = illegal_pass(reading.known, Chain(reading.chain), seat, move) if (
                reading.chain) else check_opening_pass(move)
            raise IllegalMove(problem.code, problem.message)
        self._moves += 1
        reading.pass_(seat, move, self._seats, 0)

    def copy(self) -> Table:
        """An independent table in the same state."""
        copied = Table.__new__(Table)
        copied.players, copied._seats, copied._moves = self.players, self._seats, self._moves
        copied._reading = self._reading.copy()
        return copied

    # --- the parts of a move --------------------------------------------------------------
    def _turn(self) -> int | None:
        """The seat on turn; None once the hand is over."""
        reading = self._reading
        return None if reading.outcome is not None else reading.expected

    def _on_turn(self) -> int:
        """The seat on turn; P406 once the hand is over."""
        seat = self._turn()
        if seat is not None:
            return seat
        found = self.outcome()
        assert found is not None
        key = "at_table_domino" if found.kind == "domino" else "at_table_blocked"
        raise IllegalMove("P406", message_part("P406", key, player=found.winner))

    def _check_holding(self, seat: int, tile: Tile) -> None:
        """P402 for a tile already placed, P401 for one the player cannot hold (R2, R4)."""
        i = index(tile)
        known = self._reading.known
        if known.may_hold(seat, i):
            return
        by, owner = known.played_by[i], known.dealt_to(i)
        player, written = self.players[seat], text(tile)
        if by != NOBODY:
            raise IllegalMove("P402", message_part(
                "P402", "at_table_placed", player=player, tile=written, owner=self.players[by]))
        if owner not in (NOBODY, seat):
            raise IllegalMove("P401", message_part(
                "P401", "at_table_dealt", player=player, tile=written, owner=self.players[owner]))
        key = "at_table_aside" if known.all_known else "at_table_not_dealt"
        raise IllegalMove("P401", message_part("P401", key, player=player, tile=written,
                                               owner=player))

    def _check_passes(self, seat: int, tile: Tile) -> None:
        """P407 for a tile a hidden player's pass says she did not hold: an end showed one
        of its values then, and nobody draws (R4, R8); or one another hidden hand must hold
        for every hidden hand to hold its tiles (``_dealable``)."""
        i = index(tile)
        known = self._reading.known
        if not known.ruled_out(seat) >> i & 1:
            if not self._may_hold(seat, i):
                raise IllegalMove("P407", message_part(
                    "P407", "at_table_hidden_need", player=self.players[seat],
                    tile=text(tile)))
            return
        passed = next(p for p in known.holders[seat].passes if p.lacks >> i & 1)
        value = next(v for v in tile if passed.proves(v))
        player = self.players[seat]
        raise IllegalMove("P407", message_part("P407", "at_table_passed", player=player,
                                               tile=text(tile), value=value))

    def _side(self, seat: int, tile: Tile, side: Side | None) -> tuple[Side, int]:
        """The end a tile goes to on the chain (R6, R7), and the chain after it; or P403/P404
        as ``moves.misfit`` words them.  Both ends showing one value take a tile without a
        side on the left."""
        before = self._reading.chain
        after = lay(before, tile, side)
        if after:
            return side or sides(tile, before)[0], after
        left, right = PAIR[before.bit_length() - 1]
        if side is None and left == right and sides(tile, before):
            return "L", lay(before, tile, "L")
        problem = misfit(Chain(before), r.PlainPlay(self._moves + 1, 1, self.players[seat],
                                               tile, side))
        assert problem is not None
        raise IllegalMove(problem[0].code, problem[0].message)


def table_of(reading: World, players: Sequence[str], lead: int | None = None
             ) -> Table | None:
    """A reading the replay of a record keeps, as a ``Table``, for whoever asks what the
    rules allow next (the language server's completion): the same state, copied.  Before
    the first move of a first hand with no opener line the turn is anyone's: ``lead`` is
    then on turn, and without one there is no table (None)."""
    if reading.expected is None and reading.outcome is None and lead is None:
        return None
    table = Table.__new__(Table)
    table._seated(tuple(players))
    table._reading = reading.copy()
    if reading.expected is None:
        table._reading.expected = lead
    known = reading.known
    table._moves = max([0, *reading.ends_at, *(p.line for holder in known.holders
                                               for p in holder.passes)])
    return table


def placements(reading: World, players: Sequence[str]) -> tuple[Placement, ...]:
    """The tiles a reading laid, in the order laid, each with the end it went to where the
    reading kept it, else where the ends before and after it tell it, else None (a reading
    that turns the chain round, as where the opening tile is read otherwise, keeps its ends
    but not where each tile lies); the lead's is None."""
    known = reading.known
    laid = sorted((known.played_at[i], i) for i in bits(known.played))
    chain: list[Placement] = []
    before: tuple[int, int] | None = None
    for line, i in laid:
        after = reading.ends_at.get(line)
        side = reading.placed_at[line][1] if line in reading.placed_at else _end_taken(
            TILES[i], before, after)
        chain.append(Placement(players[known.played_by[i]], TILES[i], side if chain else None))
        before = after
    return tuple(chain)


def _end_taken(tile: Tile, before: tuple[int, int] | None, after: tuple[int, int] | None
               ) -> Side | None:
    """The end a tile went to, the chain's ends before and after it known: the one on
    which it makes them (R6, ``chain.lay``); None when the ends do not tell."""
    if before is None or after is None:
        return None
    found: tuple[Side, ...] = tuple(side for side in ("L", "R")
                                   if lay(chain_of(*before), tile, side) == chain_of(*after))
    return found[0] if found else None
