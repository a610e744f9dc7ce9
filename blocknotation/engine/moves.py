"""The checks of a single move, kept apart from applying it (``Chain.place``, ``Table.play``).

Each check returns a diagnostic or None and changes nothing.  A play gets at most one of
P401/P402/P403/P404, the first that applies, since one wrong tile usually explains the rest.
"""

from __future__ import annotations

from typing import Literal

from .. import records as r
from ..diagnostics import N_, Diagnostic, Message, diagnostic
from .chain import Chain, Side, values
from .knowledge import NOBODY, Table
from .tiles import TILES, VALUE_MASK, bits, index, text

_END: dict[str, str] = {"L": N_("left end ({value})"), "R": N_("right end ({value})")}


def end_name(chain: Chain, side: Side) -> Message:
    """``left end (4)``: an end as the messages name it (``(3/5)`` when in doubt)."""
    return Message(_END[side], {"value": "/".join(map(str, values(chain.mask(side))))})


def check_holding(
    table: Table, seat: int, play: r.Play, names: tuple[str, ...]
) -> tuple[Diagnostic | None, bool]:
    """Whether ``seat`` can hold the tile it plays (R2, R4): P402, P401 or nothing.

    Returns the diagnostic and whether the tile is the player's own: a tile played a second
    time (P402) is not placed at all; one the player cannot hold (P401) is placed if it fits
    but is not taken from anyone's hand.
    """
    i = index(play.tile)
    tile = text(play.tile)
    if table.played_by[i] != NOBODY:
        return diagnostic(
            "P402", play.line, play.column,
            N_("{player} plays {tile}, but {owner} already played it at line {at}; the set "
               "has each tile once (R2)"),
            player=play.player, tile=tile, owner=names[table.played_by[i]],
            at=table.played_at[i],
        ), False
    holder = table.holders[seat]
    owner = table.dealt_to[i]
    if owner != NOBODY and owner != seat:
        return diagnostic(
            "P401", play.line, play.column,
            N_("{player} plays {tile}, which was dealt to {owner} at line {at}"),
            player=play.player, tile=tile, owner=names[owner],
            at=table.holders[owner].deal_line,
        ), False
    if holder.deal is not None and not holder.deal >> i & 1:
        if table.all_known:
            return diagnostic(
                "P401", play.line, play.column,
                N_("{player} plays {tile}, which nobody was dealt: it was set aside (R4)"),
                player=play.player, tile=tile,
            ), False
        return diagnostic(
            "P401", play.line, play.column,
            N_("{player} plays {tile}, which is not among the tiles dealt to {player} at "
               "line {at}"),
            player=play.player, tile=tile, at=holder.deal_line,
        ), False
    return None, True


Placement = Side | Literal["either"]


def check_fit(chain: Chain, play: r.Play) -> tuple[Diagnostic | None, Placement | None]:
    """Where ``play`` goes on a chain that is not empty (R6, R7): the side, or None when the
    tile fits nowhere (P403) and is skipped.

    Without SIDE the tile must fit exactly one end.  Fitting both is P404, and the answer is
    then "either": the replay cannot tell which end the record meant, so it keeps both
    possibilities (``Chain.place_either``) rather than guess and report the next plays.
    When an end is in doubt (see ``Chain.blur``) and the tile fits the certain one, that is
    where the record meant it; when both are in doubt, the answer is again "either".
    """
    tile = play.tile
    on_left, on_right = chain.fits(tile, "L"), chain.fits(tile, "R")
    side = play.side
    if side is None:
        certain_left, certain_right = chain.value("L") is not None, chain.value("R") is not None
        if on_left and on_right and not (certain_left and certain_right):
            if certain_left or certain_right:
                return None, "L" if certain_left else "R"
            return None, "either"
        if on_left and on_right:
            return diagnostic(
                "P404", play.line, play.column,
                N_("{player}: {tile} fits both the {left} and the {right}: write L or R "
                   "after the tile"),
                player=play.player, tile=text(tile), left=end_name(chain, "L"),
                right=end_name(chain, "R"),
            ), "either"
        if on_left or on_right:
            return None, "L" if on_left else "R"
    elif chain.fits(tile, side):
        return None, side
    else:
        other: Side = "R" if side == "L" else "L"
        if chain.fits(tile, other):
            return diagnostic(
                "P403", play.line, play.column,
                N_("{player}: {tile} fits the {fits}, not the {end}: did you mean {side}?"),
                player=play.player, tile=text(tile), fits=end_name(chain, other),
                end=end_name(chain, side), side=other,
            ), None
    if 0 in tile or chain.fits((0, 0), "L") or chain.fits((0, 0), "R"):
        template = N_("{player}: {tile} fits neither the {left} nor the {right}; a blank "
                      "matches only a blank (R7)")
    else:
        template = N_("{player}: {tile} fits neither the {left} nor the {right} (R6)")
    return diagnostic(
        "P403", play.line, play.column, template,
        player=play.player, tile=text(tile), left=end_name(chain, "L"),
        right=end_name(chain, "R"),
    ), None


def check_pass(table: Table, chain: Chain, seat: int, move: r.Pass) -> Diagnostic | None:
    """P405: the player's deal is known and they still hold a tile that fits (R8).  The
    message names the lowest such tile, as written in the deal, and an end it fits."""
    held = table.holders[seat].held()
    if held is None:
        return None
    left, right = chain.value("L"), chain.value("R")
    wanted = (0 if left is None else VALUE_MASK[left]) | (
        0 if right is None else VALUE_MASK[right]
    )
    fitting = held & wanted
    if not fitting:
        return _check_pass_in_doubt(table, chain, seat, move, held)
    i = next(bits(fitting))
    side: Side = "L" if left is not None and left in TILES[i] else "R"
    return diagnostic(
        "P405", move.line, move.column,
        N_("{player} passed holding {tile}, which fits the {end}: a player who can play "
           "must (R8)"),
        player=move.player, tile=text(table.holders[seat].written[i]),
        end=end_name(chain, side),
    )


def _check_pass_in_doubt(
    table: Table, chain: Chain, seat: int, move: r.Pass, held: int
) -> Diagnostic | None:
    """P405 while an end is in doubt (after a P403 or P404): the pass is still illegal when,
    whatever values the ends show, the player holds a tile that fits one of them (R8).  Each
    pair of values the two ends may show is tried, which covers whatever the record meant."""
    lefts, rights = values(chain.mask("L")), values(chain.mask("R"))
    if len(lefts) == len(rights) == 1:
        return None  # both ends certain: nothing fits, the pass is legal
    for left in lefts:
        for right in rights:
            if not held & (VALUE_MASK[left] | VALUE_MASK[right]):
                return None  # with these ends nothing fits: the pass may be legal
    showing = 0
    for value in (*lefts, *rights):
        showing |= VALUE_MASK[value]
    tiles = tuple(text(table.holders[seat].written[i]) for i in bits(held & showing))
    return diagnostic(
        "P405", move.line, move.column,
        N_("{player} passed holding {tiles}: whichever values the ends show after the "
           "uncertain play, one of these tiles fits, and a player who can play must (R8)"),
        player=move.player, tiles=tiles,
    )


def check_opening_pass(move: r.Pass) -> Diagnostic:
    """T303: on an empty chain every tile can be led, so nobody may pass (R5)."""
    return diagnostic(
        "T303", move.line, move.column,
        N_("{player} passes instead of leading: the chain is empty and any tile may be led "
           "(R5)"),
        player=move.player,
    )


def proven_pass(table: Table, seat: int, tile: tuple[int, int]) -> tuple[int, int]:
    """The earliest pass of ``seat``, not yet reported, that holding ``tile`` proves illegal
    (P407): (line, value of the end it ignored), or (0, -1) when there is none.  The value
    may have shown on either end at the time of the pass."""
    holder = table.holders[seat]
    found = (0, -1)
    for value in tile:
        line = holder.passed_on[value]
        if line and line not in holder.proven and (not found[0] or line < found[0]):
            found = (line, value)
    return found


def disproved_pass(
    player: str, passed: tuple[int, int], value: int, tile: tuple[int, int], later: int,
    shown: bool,
) -> Diagnostic:
    """P407 at the pass (``passed`` is its line and column), naming the later line."""
    if shown:
        template = N_("{player} passed here with an end showing {value}, but shows {tile} at "
                      "line {later}: nobody draws, so {player} held it and could have played "
                      "(R4, R8)")
    else:
        template = N_("{player} passed here with an end showing {value}, but plays {tile} at "
                      "line {later}: nobody draws, so {player} held it and could have played "
                      "(R4, R8)")
    return diagnostic(
        "P407", passed[0], passed[1], template,
        player=player, value=value, tile=text(tile), later=later,
    )
