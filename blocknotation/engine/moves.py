"""The checks of a single move, kept apart from applying it (``Chain``, ``Table.play``).

Each check returns a diagnostic or None and changes nothing; the checks of the chain also
return the readings of the chain that the move leaves possible (see ``chain.py``).  A play
gets at most one of P401/P402/P403/P404, the first that applies, since one wrong tile
usually explains the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import records as r
from ..diagnostics import N_, Diagnostic, Message, diagnostic
from .chain import (
    Chain,
    Side,
    lay,
    mirrored,
    pairs,
    placed_anywhere,
    reading,
    unknown_end,
)
from .knowledge import NOBODY, Passed, Table
from .tiles import TILES, VALUE_MASK, Tile, bits, index, text

_END: dict[str, str] = {"L": N_("left end ({value})"), "R": N_("right end ({value})")}


def end_name(chain: Chain, side: Side) -> Message:
    """``left end (4)``: an end as the messages name it; ``(3/5)`` when the readings of the
    chain differ, naming only values some reading allows."""
    return Message(_END[side], {"value": "/".join(map(str, chain.values(side)))})


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


def judge_play(
    chain: Chain, play: r.Play, hint: Callable[[], str | None] = lambda: None
) -> tuple[Diagnostic | None, int]:
    """Where ``play`` goes on a chain that is not empty (R6, R7): the problem, if any, and
    the readings of the chain after it.

    A play is reported only when it fails in every reading of the chain (see ``chain.py``);
    otherwise the readings where it fails are dropped, since the record says they were not
    the chain its writer saw.  Failing means: the tile does not fit the end named (P403),
    fits no end (P403), or fits both ends and no side is named (P404).  After a failure the
    readings are what the writer may have meant, so that one slip is reported once:

    - P404: the tile on either end;
    - P403 where the tile fits the other end: on that end (the side was the slip), the same
      with the writer's left and right the other way round from here on, or not placed;
    - P403 where the tile fits nowhere: not placed, or a mistyped tile on the end named (or
      on either end), which may then show any value.

    ``hint`` gives the opening tile turned round when that makes every side of the hand
    fit; the message then says so.
    """
    tile, side = play.tile, play.side
    readings = chain.readings
    legal = lay(readings, tile, side)
    if legal:
        return None, legal
    if side is None:
        both = _fitting_both(readings, tile)
        if both:
            return diagnostic(
                "P404", play.line, play.column,
                N_("{player}: {tile} fits both the {left} and the {right}: write L or R "
                   "after the tile"),
                player=play.player, tile=text(tile), left=end_name(Chain(both), "L"),
                right=end_name(Chain(both), "R"),
            ), placed_anywhere(both, tile, ("L", "R"))
        after = readings | unknown_end(readings, "L") | unknown_end(readings, "R")
        return _fits_neither(chain, play), after
    other: Side = "R" if side == "L" else "L"
    on_other = lay(readings, tile, other)
    if not on_other:
        return _fits_neither(chain, play), readings | unknown_end(readings, side)
    fitting = Chain(_fitting(readings, tile, other))
    opening = hint()
    args: dict[str, object] = {
        "player": play.player, "tile": text(tile), "fits": end_name(fitting, other),
        "end": end_name(fitting, side), "side": other,
    }
    if opening is None:
        template = N_("{player}: {tile} fits the {fits}, not the {end}: did you mean {side}?")
    else:
        template = N_("{player}: {tile} fits the {fits}, not the {end}: did you mean {side}? "
                      "If the opening was {opening}, every side in this hand fits")
        args["opening"] = opening
    problem = diagnostic("P403", play.line, play.column, template, **args)
    return problem, on_other | mirrored(on_other) | readings


def _fitting(readings: int, tile: Tile, side: Side) -> int:
    """The readings in which ``tile`` fits the ``side`` end."""
    return sum(reading(left, right) for left, right in pairs(readings)
               if (left if side == "L" else right) in tile)


def _fitting_both(readings: int, tile: Tile) -> int:
    """The readings in which ``tile`` fits both ends."""
    return _fitting(readings, tile, "L") & _fitting(readings, tile, "R")


def _fits_neither(chain: Chain, play: r.Play) -> Diagnostic:
    tile = play.tile
    if 0 in tile or 0 in chain.values("L") or 0 in chain.values("R"):
        template = N_("{player}: {tile} fits neither the {left} nor the {right}; a blank "
                      "matches only a blank (R7)")
    else:
        template = N_("{player}: {tile} fits neither the {left} nor the {right} (R6)")
    return diagnostic(
        "P403", play.line, play.column, template,
        player=play.player, tile=text(tile), left=end_name(chain, "L"),
        right=end_name(chain, "R"),
    )


def opening_turned_fits(plays: Sequence[r.Play]) -> str | None:
    """The opening tile turned round (``3-5`` for ``5-3``), when with it every play of the
    hand fits the side it names; else None.  The hint of a P403 whose side is wrong."""
    if not plays or plays[0].tile[0] == plays[0].tile[1]:
        return None
    a, b = plays[0].tile
    readings = reading(b, a)
    for play in plays[1:]:
        readings = lay(readings, play.tile, play.side)
        if not readings:
            return None
    return text((b, a))


def check_pass(
    table: Table, chain: Chain, seat: int, move: r.Pass
) -> tuple[Diagnostic | None, int]:
    """P405: the player's deal is known and, in every reading of the chain, they still hold
    a tile that fits (R8).  Returns the problem and the readings in which the pass is legal
    (all of them, when it is illegal in every one or the deal is unknown).  The message
    names the lowest such tile, as written in the deal, and an end it fits."""
    held = table.holders[seat].held()
    readings = chain.readings
    if held is None:
        return None, readings
    legal = 0
    for left, right in pairs(readings):
        if not held & (VALUE_MASK[left] | VALUE_MASK[right]):
            legal |= reading(left, right)
    if legal:
        return None, legal
    written = table.holders[seat].written
    ends = chain.ends
    if ends is not None:
        left, right = ends
        i = next(bits(held & (VALUE_MASK[left] | VALUE_MASK[right])))
        side: Side = "L" if left in TILES[i] else "R"
        return diagnostic(
            "P405", move.line, move.column,
            N_("{player} passed holding {tile}, which fits the {end}: a player who can play "
               "must (R8)"),
            player=move.player, tile=text(written[i]), end=end_name(chain, side),
        ), readings
    showing = 0
    for value in (*chain.values("L"), *chain.values("R")):
        showing |= VALUE_MASK[value]
    tiles = tuple(text(written[i]) for i in bits(held & showing))
    return diagnostic(
        "P405", move.line, move.column,
        N_("{player} passed holding {tiles}: whichever values the ends show after the "
           "uncertain play, one of these tiles fits, and a player who can play must (R8)"),
        player=move.player, tiles=tiles,
    ), readings


def check_opening_pass(move: r.Pass) -> Diagnostic:
    """T303: on an empty chain every tile can be led, so nobody may pass (R5)."""
    return diagnostic(
        "T303", move.line, move.column,
        N_("{player} passes instead of leading: the chain is empty and any tile may be led "
           "(R5)"),
        player=move.player,
    )


def proven_passes(table: Table, seat: int, tile: Tile) -> list[tuple[Passed, int]]:
    """Every pass of ``seat``, not yet reported, that holding ``tile`` proves illegal
    (P407), each with the value of the end it ignored."""
    found = []
    for passed in table.holders[seat].passes:
        if passed.proven:
            continue
        value = next((v for v in tile if v in passed.showing), None)
        if value is not None:
            found.append((passed, value))
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
