"""The deals of one hand (R2, R3; D201, D202).

A deal with the wrong number of tiles (D201), or holding a tile already dealt (D202), is
reported and then treated as not recorded: one of its tiles is wrong and nobody can say
which, so using it would turn one slip into a string of P401/P405 reports.

A tile dealt to two players or more is reported at each later deal.  Which deal holds the
slip, the rest of the hand may tell: a deal is belied when another player lays or shows the
tile (each tile is in the set once, R2, and nobody draws, R4).  Of the deals that share a
tile, the one the hand does not belie is kept, if there is exactly one; the others are set
aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from .knowledge import Whereabouts
from .order import Move, Stages
from .players import Seats
from .tiles import bit, index, text


def check_deals(
    deals: list[r.PlainDeal], seats: Seats, known: Whereabouts, order: Stages | None = None
) -> list[Diagnostic]:
    """Record every usable deal in ``known`` and report the others; ``order``: the hand,
    whose moves and shows tell which of the deals of one tile is wrong."""
    problems: list[Diagnostic] = []
    written = 0  # the tiles of the whole deals so far (``_whole``), used or set aside
    clashes = False
    for at, deal in enumerate(deals):
        seat = seats.seat[deal.player]
        tiles = deal.tiles
        # A sum of distinct bits is their union; a tile written twice carries into another
        # bit and leaves fewer bits set than tiles.
        mask = sum(map(bit, tiles))
        if len(tiles) == seats.each == mask.bit_count() and not mask & written:
            known.deal(seat, tiles, mask, deal.line)  # the usual case: nothing to report
            written |= mask
            continue
        problems += _unusable(deal, deals[:at], seats)
        if _whole(deal, seats.each):
            written |= mask
            clashes = True
    if clashes:
        seen = [] if order is None else [*order.moves, *order.shows]
        _settle(deals, seats, known, seen)
    return problems


def _unusable(deal: r.PlainDeal, before: list[r.PlainDeal], seats: Seats) -> list[Diagnostic]:
    """D201/D202 for a deal that cannot be used as it is."""
    problems: list[Diagnostic] = []
    if len(deal.tiles) != seats.each:
        problems.append(
            diagnostic(
                "D201", deal.line, deal.column,
                "count",
                player=deal.player, count=len(deal.tiles), players=len(seats),
                each=seats.each,
            )
        )
    written_here: set[int] = set()
    for tile in deal.tiles:
        i = index(tile)
        if i in written_here:
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    "twice_to_one",
                    tile=text(tile), player=deal.player,
                )
            )
        elif (earlier := next((d for d in before if _whole(d, seats.each)
                               and i in map(index, d.tiles)), None)) is not None:
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    "already_dealt",
                    tile=text(tile), player=deal.player, owner=earlier.player,
                    at=earlier.line,
                )
            )
        written_here.add(i)
    return problems


def _settle(deals: list[r.PlainDeal], seats: Seats, known: Whereabouts,
            seen: Sequence[Move | r.PlainShow]) -> None:
    """Which of the whole deals that share tiles are kept: for each tile they share, the
    one deal that the hand does not belie, when there is exactly one."""
    whole = [d for d in deals if _whole(d, seats.each)]
    holders: dict[int, list[r.PlainDeal]] = {}
    for deal in whole:
        for tile in deal.tiles:
            holders.setdefault(index(tile), []).append(deal)
    for deal in whole:
        kept = True
        for tile in deal.tiles:
            sharing = holders[index(tile)]
            if len(sharing) > 1:
                trusted = [d for d in sharing if not _belied(d, index(tile), seen)]
                kept = kept and trusted == [deal]
        seat = seats.seat[deal.player]
        dealt = known.holders[seat].deal_line == deal.line
        if kept and not dealt:
            known.deal(seat, deal.tiles, sum(map(bit, deal.tiles)), deal.line)
        elif dealt and not kept:
            known.undeal(seat)


def _belied(deal: r.PlainDeal, i: int, seen: Sequence[Move | r.PlainShow]) -> bool:
    """Whether the hand's moves or shows (``seen``) say tile ``i`` was not in ``deal``:
    another player lays or shows it (each tile is in the set once, R2; nobody draws, R4)."""
    for statement in seen:
        if statement.player == deal.player or isinstance(statement, r.PlainPass):
            continue
        tiles = (statement.tile,) if isinstance(statement, r.PlainPlay) else statement.tiles
        if any(index(tile) == i for tile in tiles):
            return True
    return False


def _whole(deal: r.PlainDeal, each: int) -> bool:
    """Whether ``deal`` has the right number of tiles, each written once: a deal that
    shares a tile with another may then be the one that holds the slip."""
    return len(deal.tiles) == each == len(set(map(index, deal.tiles)))
