"""The deals of one hand (R2, R3; D201, D202).

A deal with the wrong number of tiles (D201), or holding a tile already dealt (D202), is
reported and then treated as not recorded: one of its tiles is wrong and nobody can say
which, so using it would turn one slip into a string of P401/P405 reports.  The first deal
of a tile wins; only the later deal is set aside.
"""

from __future__ import annotations

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from .knowledge import NOBODY, Table
from .players import Seats
from .tiles import bit, index, text


def check_deals(deals: list[r.Deal], seats: Seats, table: Table) -> list[Diagnostic]:
    """Record every usable deal in ``table`` and report the others."""
    problems: list[Diagnostic] = []
    for deal in deals:
        seat = seats.seat[deal.player]
        tiles = deal.tiles
        # A sum of distinct bits is their union; a tile written twice carries into another
        # bit and leaves fewer bits set than tiles.
        mask = sum(map(bit, tiles))
        if len(tiles) == seats.each == mask.bit_count() and not mask & table.dealt:
            table.deal(seat, tiles, mask, deal.line)  # the usual case: nothing to report
        else:
            problems += _unusable(deal, seats, table)
    return problems


def _unusable(deal: r.Deal, seats: Seats, table: Table) -> list[Diagnostic]:
    """D201/D202 for a deal that cannot be used, which it records when it can."""
    problems: list[Diagnostic] = []
    seat = seats.seat[deal.player]
    usable = True
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
    seen: set[int] = set()
    for tile in deal.tiles:
        i = index(tile)
        owner = table.dealt_to(i)
        if i in seen:
            usable = False
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    N_("{tile} is dealt twice to {player}; the set has each tile once "
                       "(R2)"),
                    tile=text(tile), player=deal.player,
                )
            )
        elif owner != NOBODY:
            usable = False
            problems.append(
                diagnostic(
                    "D202", deal.line, deal.column,
                    N_("{tile} is dealt to {player}, but it was already dealt to "
                       "{owner} at line {at}; the set has each tile once (R2)"),
                    tile=text(tile), player=deal.player, owner=seats.names[owner],
                    at=table.holders[owner].deal_line,
                )
            )
        seen.add(i)
    if usable:
        table.deal(seat, deal.tiles, sum(map(bit, deal.tiles)), deal.line)
    return problems
