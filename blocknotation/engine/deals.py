"""The deals of one hand (R2, R3; D201, D202).

A deal with the wrong number of tiles (D201), or holding a tile already dealt (D202), is
reported and then treated as not recorded: one of its tiles is wrong and nobody can say
which, so using it would turn one slip into a string of P401/P405 reports.

A tile dealt to two players is reported at the later deal.  Which of the two deals holds the
slip, the rest of the hand may tell: a deal is belied when its player plays or shows a tile
that is not in it, or another player plays or shows one that is (each tile is in the set
once, R2, and nobody draws, R4).  The belied deal is set aside and the other kept; when
neither or both are belied, both are set aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from .knowledge import Table
from .order import Move, Stages
from .players import Seats
from .tiles import bit, index, text


def check_deals(
    deals: list[r.Deal], seats: Seats, table: Table, order: Stages | None = None
) -> list[Diagnostic]:
    """Record every usable deal in ``table`` and report the others; ``order``: the hand,
    whose moves and shows tell which of two deals of one tile is wrong."""
    problems: list[Diagnostic] = []
    written = 0  # the tiles of the whole deals so far (``_whole``), used or set aside
    for at, deal in enumerate(deals):
        seat = seats.seat[deal.player]
        tiles = deal.tiles
        # A sum of distinct bits is their union; a tile written twice carries into another
        # bit and leaves fewer bits set than tiles.
        mask = sum(map(bit, tiles))
        if len(tiles) == seats.each == mask.bit_count() and not mask & written:
            table.deal(seat, tiles, mask, deal.line)  # the usual case: nothing to report
            written |= mask
        else:
            seen = [] if order is None else [*order.moves, *order.shows]
            problems += _unusable(deal, deals[:at], seats, table, seen)
            if _whole(deal, seats.each):
                written |= mask
    return problems


def _unusable(
    deal: r.Deal, before: list[r.Deal], seats: Seats, table: Table,
    seen: Sequence[Move | r.Show],
) -> list[Diagnostic]:
    """D201/D202 for a deal that cannot be used, which it records when it can, and the deals
    ``before`` it that share a tile with it set aside or kept (see the module's doc)."""
    problems: list[Diagnostic] = []
    seat = seats.seat[deal.player]
    usable = whole = _whole(deal, seats.each)
    kept = True  # the deal is kept if it is whole and every deal it clashes with is belied
    if len(deal.tiles) != seats.each:
        usable = False
        problems.append(
            diagnostic(
                "D201", deal.line, deal.column,
                N_("{player} is dealt {count} tiles; with {players} players each is "
                   "dealt {each} (R3)"),
                player=deal.player, count=len(deal.tiles), players=len(seats),
                each=seats.each,
            )
        )
    written_here: set[int] = set()
    for tile in deal.tiles:
        i = index(tile)
        earlier = next((d for d in before
                        if _whole(d, seats.each) and i in map(index, d.tiles)), None)
        if i in written_here:
            usable = False
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    N_("{tile} is dealt twice to {player}; the set has each tile once "
                       "(R2)"),
                    tile=text(tile), player=deal.player,
                )
            )
        elif earlier is not None:
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    N_("{tile} is dealt to {player}, but it was already dealt to "
                       "{owner} at line {at}; the set has each tile once (R2)"),
                    tile=text(tile), player=deal.player, owner=earlier.player,
                    at=earlier.line,
                )
            )
            belied = _belied(earlier, seen), whole and _belied(deal, seen)
            kept = kept and belied == (True, False)
            owner = seats.seat[earlier.player]
            if whole and belied != (False, True) and (
                    table.holders[owner].deal_line == earlier.line):
                table.undeal(owner)  # (a deal that is not whole is the one to blame)
        written_here.add(i)
    if usable and kept:
        table.deal(seat, deal.tiles, sum(map(bit, deal.tiles)), deal.line)
    return problems


def _belied(deal: r.Deal, seen: Sequence[Move | r.Show]) -> bool:
    """Whether the hand's moves or shows (``seen``) say ``deal`` is not what was dealt: its
    player lays or shows a tile not in it, or another player one that is."""
    dealt = {index(tile) for tile in deal.tiles}
    for statement in seen:
        if isinstance(statement, r.Pass):
            continue
        tiles = (statement.tile,) if isinstance(statement, r.Play) else statement.tiles
        own = statement.player == deal.player
        if any((index(tile) in dealt) != own for tile in tiles):
            return True
    return False


def _whole(deal: r.Deal, each: int) -> bool:
    """Whether ``deal`` has the right number of tiles, each written once: a deal that
    shares a tile with a later one may then be the one that holds the slip."""
    return len(deal.tiles) == each == len(set(map(index, deal.tiles)))
