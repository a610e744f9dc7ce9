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
from ..reading import plain as r
from .chain import PAIR, Chain, Side, chain_of, lay
from .knowledge import NOBODY, Whereabouts
from .moves import check_opening_pass, illegal_pass, misfit
from .rules import all_passed, ending_play, fits, legal_plays, may_pass, sides
from .scoring import blocked as blocked_count
from .tiles import TILES, Tile, bits, index, pips, text

#: A tile as the table takes it: ``"3-5"`` or ``(3, 5)``, either way round.
TileLike = str | tuple[int, int]

_TILE_TEXT = re.compile(r"\s*([0-6])\s*-\s*([0-6])\s*")
_AS_WRITTEN = frozenset((a, b) for a in range(7) for b in range(7))

@dataclass(frozen=True, slots=True)
class Play:
    """A play: ``tile`` at the ``side`` end ("L" or "R"); None for the lead (R5)."""

    tile: Tile
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class Pass:
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
    ``IllegalMove``; every other method only asks."""

    __slots__ = (
        "_chain",
        "_each",
        "_ends",
        "_known",
        "_outcome",
        "_passes",
        "_seat",
        "_turn",
        "players",
    )

    def __init__(self, players: Sequence[str], opener: str,
                 deals: Mapping[str, Iterable[TileLike]] | None = None) -> None:
        names = tuple(players)
        if len(names) not in TILES_EACH or not all(isinstance(n, str) and n for n in names):
            raise ValueError(f"Block is for 2, 3 or 4 players, named (R1): not {names!r}")
        if len(set(names)) != len(names) or opener not in names:
            raise ValueError(f"the players are {len(names)} different names, the opener one "
                             f"of them: not {names!r} with {opener!r}")
        self._seated(names)
        self._known = Whereabouts(len(names))
        for player, tiles in (deals or {}).items():
            self._deal(player, tuple(as_tile(t) for t in tiles))
        self._ends, self._passes = 0, 0
        self._turn: int | None = self._seat[opener]
        self._chain: list[Placement] = []
        self._outcome: Outcome | None = None

    def _seated(self, names: tuple[str, ...]) -> None:
        """The players' seats, in seating order, and how many tiles each is dealt (R3)."""
        self.players: tuple[str, ...] = names
        self._seat = {name: seat for seat, name in enumerate(names)}
        self._each = TILES_EACH[len(names)]

    def _deal(self, player: str, tiles: tuple[Tile, ...]) -> None:
        seat = self._seat_of(player)
        if len(tiles) != self._each:
            raise ValueError(f"{player}'s deal holds {len(tiles)} tiles, but with "
                             f"{len(self.players)} players each is dealt {self._each} (R3)")
        mask = 0
        for tile in tiles:
            bit = 1 << index(tile)
            if (mask | self._known.dealt) & bit:
                raise ValueError(f"{text(tile)} is dealt twice: the set has each tile once (R2)")
            mask |= bit
        self._known.deal(seat, tiles, mask, 0)

    def _seat_of(self, player: str) -> int:
        if player not in self._seat:
            raise ValueError(f"{player!r} is not one of the players ({', '.join(self.players)})")
        return self._seat[player]

    # --- the state ------------------------------------------------------------------------
    @property
    def turn(self) -> str | None:
        """The player to move; None once the hand is over."""
        return None if self._turn is None else self.players[self._turn]

    @property
    def ends(self) -> tuple[int, int] | None:
        """The values of the chain's (left, right) ends; None before the lead."""
        return PAIR[self._ends.bit_length() - 1] if self._ends else None

    @property
    def chain(self) -> tuple[Placement, ...]:
        """The tiles placed, in the order placed."""
        return tuple(self._chain)

    @property
    def passes_in_a_row(self) -> int:
        """The passes since the last tile was placed."""
        return self._passes

    def placed(self, player: str) -> int:
        """How many tiles ``player`` has placed."""
        return self._known.holders[self._seat_of(player)].placed

    def held(self, player: str) -> frozenset[Tile] | None:
        """The tiles ``player`` still holds, when their deal is known; else None."""
        held = self._known.holders[self._seat_of(player)].held()
        return _tiles(held) if held is not None else None

    def unseen(self) -> frozenset[Tile]:
        """The tiles nobody has placed and no known deal holds: in hidden hands, or set
        aside (R4)."""
        return _tiles(((1 << 28) - 1) & ~self._known.played & ~self._known.held_by_anyone())

    # --- what the rules allow -----------------------------------------------------------------
    def fits(self, tile: TileLike) -> bool:
        """Whether ``tile`` matches an end of the chain (R6, R7); any tile before the lead."""
        return fits(as_tile(tile), self._ends)

    def sides(self, tile: TileLike) -> tuple[Side | None, ...]:
        """The ends ``tile`` may go to: ``("L",)``, ``("R",)``, ``("L", "R")`` or ``()``;
        ``(None,)`` before the lead, when it is laid as written."""
        found = as_tile(tile)
        return sides(found, self._ends) if self._ends else (None,)

    def may_hold(self, player: str, tile: TileLike) -> bool:
        """Whether ``player`` may still hold ``tile`` (R2, R4, R8): nobody placed it, and it
        is in their deal when that is known, else in no other known deal and without a value
        an end showed at one of their passes."""
        seat, i = self._seat_of(player), index(as_tile(tile))
        return bool(self._known.may_still_hold(seat) >> i & 1)

    def may_pass(self, player: str) -> bool:
        """Whether the rules let ``player`` pass now (R8): never before the lead (R5); not
        while their known deal holds a tile that fits; always for a hidden player."""
        return may_pass(self._known.holders[self._seat_of(player)].held(), self._ends)

    def legal_moves(self) -> list[Play | Pass]:
        """Every move the player on turn may make: a ``Play`` for each tile they may hold
        that fits, on each end it fits (side None for the lead), lowest tile first, then a
        ``Pass`` when they may pass.  Empty once the hand is over."""
        if self._turn is None:
            return []
        moves: list[Play | Pass] = [Play(TILES[i], side) for i, side, _ in legal_plays(
            self._ends, self._holdable(self._turn))]
        return [*moves, Pass()] if self.may_pass(self.players[self._turn]) else moves

    def is_over(self) -> bool:
        """Whether the hand has ended (R12, ``outcome``)."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """How the hand ended (None while it goes on): a domino once a player has placed as
        many tiles as each is dealt (R3, R12: known with the deal hidden), blocked once every
        player passed in succession or, every deal known, nobody holds a tile that fits."""
        return self._outcome

    # --- moves ----------------------------------------------------------------------------
    def play(self, tile: TileLike, side: Side | None = None) -> None:
        """The player on turn places ``tile`` at the ``side`` end ("L" or "R"); the lead is
        laid as written.  A tile that fits both ends needs a side (P404) unless both ends
        show one value: the two placings are mirror images, and it goes to the left.  Raises
        ``IllegalMove``, the table unchanged, for a tile the player cannot hold (P401,
        P402), that does not fit (P403), or after the end of the hand (P406)."""
        found = as_tile(tile)
        if side not in (None, "L", "R"):
            raise ValueError(f"a side is 'L', 'R' or None, not {side!r}")
        seat = self._on_turn()
        self._check_holding(seat, found)
        placed = self._side(seat, found, side) if self._ends else None
        self._apply_play(seat, found, lay(self._ends, found, placed) if placed
                         else chain_of(*found), placed)

    def pass_(self) -> None:
        """The player on turn passes.  Raises ``IllegalMove``, the table unchanged, before
        the lead (T303), while their known deal holds a tile that fits (P405), or after the
        end of the hand (P406)."""
        seat = self._on_turn()
        move = r.Pass(len(self._chain) + 1, 1, self.players[seat])
        if not self.may_pass(move.player):
            problem = illegal_pass(self._known, Chain(self._ends), seat, move) if (
                self._ends) else check_opening_pass(move)
            raise IllegalMove(problem.code, problem.message)
        if self._known.holders[seat].deal is None:  # what its pass tells of a hidden hand
            self._known.passed(seat, self._ends, move.line, 1)
        self._passes += 1
        self._turn = (seat + 1) % len(self.players)
        if all_passed(self._passes, len(self.players)):
            self._end("blocked", None)

    def copy(self) -> Table:
        """An independent table in the same state."""
        copied = Table.__new__(Table)
        for name in self.__slots__:
            setattr(copied, name, getattr(self, name))
        copied._known, copied._chain = self._known.copy(), list(self._chain)
        return copied

    # --- the parts of a move --------------------------------------------------------------
    def _on_turn(self) -> int:
        """The seat on turn; P406 once the hand is over."""
        if self._turn is not None:
            return self._turn
        assert self._outcome is not None
        key = "at_table_domino" if self._outcome.kind == "domino" else "at_table_blocked"
        raise IllegalMove("P406", message_part("P406", key, player=self._outcome.winner))

    def _holdable(self, seat: int) -> int:
        """The tiles ``seat`` may still hold: ``Whereabouts.holdable``, less those a hidden
        player's passes rule out (R8)."""
        return self._known.may_still_hold(seat)

    def _check_holding(self, seat: int, tile: Tile) -> None:
        """P402 for a tile already placed, P401 for one the player cannot hold (R2, R4),
        P407 for one with a value an end showed at a pass of theirs (R8)."""
        i = index(tile)
        if self._known.may_hold(seat, i):
            self._check_passes(seat, tile)
            return
        by, owner = self._known.played_by[i], self._known.dealt_to(i)
        player, written = self.players[seat], text(tile)
        if by != NOBODY:
            raise IllegalMove("P402", message_part(
                "P402", "at_table_placed", player=player, tile=written, owner=self.players[by]))
        if owner not in (NOBODY, seat):
            raise IllegalMove("P401", message_part(
                "P401", "at_table_dealt", player=player, tile=written, owner=self.players[owner]))
        key = "at_table_aside" if self._known.all_known else "at_table_not_dealt"
        raise IllegalMove("P401", message_part("P401", key, player=player, tile=written,
                                               owner=player))

    def _check_passes(self, seat: int, tile: Tile) -> None:
        """P407 for a tile a hidden player's pass says she did not hold: an end showed one
        of its values then, and nobody draws (R4, R8)."""
        i = index(tile)
        if not self._known.ruled_out(seat) >> i & 1:
            return
        passed = next(p for p in self._known.holders[seat].passes if p.lacks >> i & 1)
        value = next(v for v in tile if passed.proves(v))
        player = self.players[seat]
        raise IllegalMove("P407", message_part("P407", "at_table_passed", player=player,
                                               tile=text(tile), value=value))

    def _side(self, seat: int, tile: Tile, side: Side | None) -> Side:
        """The end a tile goes to on the chain (R6, R7), or P403/P404 as ``moves.misfit``
        words them; both ends showing one value take a tile without a side on the left."""
        before = self._ends
        if lay(before, tile, side):
            return side or sides(tile, before)[0]
        left, right = PAIR[before.bit_length() - 1]
        if side is None and left == right and sides(tile, before):
            return "L"
        problem = misfit(Chain(before), r.Play(len(self._chain) + 1, 1, self.players[seat],
                                               tile, side))
        assert problem is not None
        raise IllegalMove(problem[0].code, problem[0].message)

    def _apply_play(self, seat: int, tile: Tile, after: int, side: Side | None) -> None:
        """Place the tile; a domino, or with every deal known nobody able to play (stuck),
        ends the hand."""
        known = self._known
        known.play(seat, tile, len(self._chain) + 1)
        self._ends, self._passes = after, 0
        self._chain.append(Placement(self.players[seat], tile, side))
        self._turn = (seat + 1) % len(self.players)
        ended = ending_play(known.holders[seat].placed, self._each,
                            known.held_by_anyone() if known.all_known else None, after)
        if ended is not None:
            self._end(ended, self.players[seat] if ended == "domino" else None)

    def _end(self, kind: Literal["domino", "blocked"], winner: str | None) -> None:
        if kind == "blocked" and self._known.all_known:
            remaining = [pips(holder.held() or 0) for holder in self._known.holders]
            lowest = blocked_count(remaining).winner
            winner = None if lowest is None else self.players[lowest]
        self._outcome = Outcome(kind, winner)
        self._turn = None


def table_at(players: Sequence[str], known: Whereabouts, ends: int, turn: int | None,
             passes: int, chain: Sequence[Placement],
             ended: tuple[Literal["domino", "blocked"], str | None] | None) -> Table:
    """A table in a state the replay of a record reached, rather than one played from the
    lead: ``known``, the tiles' whereabouts (taken as they are, not copied); ``ends``, the
    chain's ends as one bit of ``chain.py`` (0 before the lead); ``turn``, the seat on
    turn; ``passes``, the passes since the last tile; ``chain``, the tiles placed;
    ``ended``: how the hand ended and who went out, None while it goes on (a block's
    winner is the table's to count, R15) (``world.World.at_table``)."""
    table = Table.__new__(Table)
    table._seated(tuple(players))
    table._known, table._ends, table._passes = known, ends, passes
    table._turn, table._chain, table._outcome = turn, list(chain), None
    if ended is not None:
        table._end(*ended)
    return table
