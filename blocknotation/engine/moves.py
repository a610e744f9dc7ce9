"""The checks of a single move, kept apart from applying it (``Chain``, ``Table.play``).

The rules they judge by are asked, never written again: who may hold a tile
(``Whereabouts.may_hold``, R2, R4), what fits (``rules.fitting``, R6, R7) and where
(``chain.lay``).

Each check returns a diagnostic or None and changes nothing.  A play gets at most one of
P401/P402/P403/P404, the first that applies, since one wrong tile usually explains the rest;
what the writer may have meant instead is ``slips.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from ..basics.diagnostics import Diagnostic, Message, diagnostic, message_part, phrase
from ..notation import plain as r
from .chain import Chain, Side, chain_of, lay
from .knowledge import NOBODY, Whereabouts
from .order import Move
from .rules import barring, fitting_both, fitting_end
from .tiles import TILES, bits, index, text


def end_name(chain: Chain, side: Side) -> Message:
    """``left end (4)``: an end as the messages name it; ``(3/5)`` when the readings of the
    chain differ, naming only values some reading allows."""
    return phrase("left_end" if side == "L" else "right_end",
                  value="/".join(map(str, chain.values(side))))


def check_holding(
    known: Whereabouts, seat: int, play: r.PlainPlay, names: tuple[str, ...],
    moves: Sequence[Move] = (),
) -> Diagnostic | None:
    """Whether ``seat`` can hold the tile it plays (R2, R4): P402, P401 or nothing.
    ``moves``: the hand's moves as written, to quote the line where the tile was laid
    when the reading has it laid there in place of what is written."""
    i = index(play.tile)
    if known.may_hold(seat, i):
        return None
    holder = known.holders[seat]
    owner = known.dealt_to(i)
    tile = text(play.tile)
    if known.played_by[i] != NOBODY:
        at = known.played_at[i]
        written = next((m for m in moves if m.line == at), None)
        owner_name = names[known.played_by[i]]
        if written is None or (isinstance(written, r.PlainPlay) and index(written.tile) == i
                               and written.player == owner_name):
            return diagnostic(
                "P402", play.line, play.column,
                "played_twice",
                player=play.player, tile=tile, owner=owner_name, at=at,
            )
        return diagnostic(
            "P402", play.line, play.column,
            "laid_in_place_of",
            player=play.player, tile=tile, owner=owner_name, at=at,
            written=f"{written.player}: {text(written.tile)}" if isinstance(written, r.PlainPlay)
            else message_part("P402", "a_pass"),
        )
    if owner != NOBODY and owner != seat:
        return diagnostic(
            "P401", play.line, play.column,
            "dealt_to_other",
            player=play.player, tile=tile, owner=names[owner],
            at=known.holders[owner].deal_line,
        )
    if holder.deal is not None and not holder.deal >> i & 1:
        if known.all_known:
            return diagnostic(
                "P401", play.line, play.column,
                "set_aside",
                player=play.player, tile=tile,
            )
        return diagnostic(
            "P401", play.line, play.column,
            "not_dealt",
            player=play.player, tile=tile, at=holder.deal_line,
        )
    return None


Misfit = tuple[Diagnostic, Literal["both", "other", "nowhere"]]
"""A play that cannot go where it is written, and why: it fits both ends and no side is
written (P404), it fits only the other end (P403), or no end (P403)."""


def misfit(
    chain: Chain, play: r.PlainPlay, hint: Callable[[], str | None] = lambda: None
) -> Misfit | None:
    """Whether ``play`` goes where it is written on a chain that is not empty (R6, R7), in
    some reading of ``chain`` (see ``chain.py``); None when it does.  Otherwise the problem
    and its kind (``slips.py`` says what the writer may have meant for each): P404 when the
    tile fits both ends in some reading and no side is written, P403 when it fits the other
    end only or no end.

    ``hint`` gives the opening tile turned round when that makes every side of the hand
    fit; the message then says so.
    """
    tile, side = play.tile, play.side
    ends = chain.bits
    if lay(ends, tile, side):
        return None
    if side is None and fitting_both(tile, ends):
        return _side_missing(chain, play), "both"
    other: Side = "L" if side is None or side == "R" else "R"
    if side is None or not lay(ends, tile, other):
        return _fits_neither(chain, play), "nowhere"
    return _wrong_side(chain, play, side, other, hint()), "other"


def _side_missing(chain: Chain, play: r.PlainPlay) -> Diagnostic:
    """P404, naming the ends of the readings where the tile fits both."""
    both = Chain(fitting_both(play.tile, chain.bits))
    return diagnostic(
        "P404", play.line, play.column,
        "fits_both",
        player=play.player, tile=text(play.tile), left=end_name(both, "L"),
        right=end_name(both, "R"),
    )


def _wrong_side(
    chain: Chain, play: r.PlainPlay, side: Side, other: Side, opening: str | None
) -> Diagnostic:
    """P403 for a tile that fits only the other end."""
    tile = play.tile
    there = Chain(fitting_end(tile, chain.bits, other))
    args: dict[str, object] = {
        "player": play.player, "tile": text(tile), "fits": end_name(there, other),
        "end": end_name(there, side), "side": other,
    }
    if opening is None:
        key = "other_end"
    else:
        key = "other_end_or_opening"
        args["opening"] = opening
    return diagnostic("P403", play.line, play.column, key, **args)


def _fits_neither(chain: Chain, play: r.PlainPlay) -> Diagnostic:
    tile = play.tile
    if 0 in tile or 0 in chain.values("L") or 0 in chain.values("R"):
        key = "fits_neither_blank"
    else:
        key = "fits_neither"
    return diagnostic(
        "P403", play.line, play.column, key,
        player=play.player, tile=text(tile), left=end_name(chain, "L"),
        right=end_name(chain, "R"),
    )


def opening_turned_fits(plays: Sequence[r.PlainPlay]) -> str | None:
    """The opening tile turned round (``3-5`` for ``5-3``), when with it every play of the
    hand fits the side it names; else None.  The hint of a P403 whose side is wrong."""
    if not plays or plays[0].tile[0] == plays[0].tile[1]:
        return None
    a, b = plays[0].tile
    ends = chain_of(b, a)
    for play in plays[1:]:
        ends = lay(ends, play.tile, play.side)
        if not ends:
            return None
    return text((b, a))


def illegal_pass(known: Whereabouts, chain: Chain, seat: int, move: r.PlainPass) -> Diagnostic:
    """P405: the player's deal is known and, in every reading of the chain that is still
    possible, they held a tile that fits (R8).  The message names the lowest such tile, as
    written in the deal, and an end it fits, when the chain is certain."""
    held = barring(known.holders[seat].held() or 0, chain.bits)
    written = known.holders[seat].written
    ends = chain.ends
    if ends is not None:
        i = next(bits(held))
        side: Side = "L" if lay(chain.bits, TILES[i], "L") else "R"
        return diagnostic(
            "P405", move.line, move.column,
            "passed_holding",
            player=move.player, tile=text(written[i]), end=end_name(chain, side),
        )
    tiles = tuple(text(written[i]) for i in bits(held))
    return diagnostic(
        "P405", move.line, move.column,
        "passed_holding_any",
        player=move.player, tiles=tiles,
    )


def check_opening_pass(move: r.PlainPass) -> Diagnostic:
    """T303: on an empty chain every tile can be led, so nobody may pass (R5)."""
    return diagnostic(
        "T303", move.line, move.column,
        "pass_on_empty",
        player=move.player,
    )


def disproved_pass(
    player: str, passed: tuple[int, int], value: int, tile: tuple[int, int], later: int,
    shown: bool, instead: tuple[int, int] | None = None,
) -> Diagnostic:
    """P407 at the pass (``passed`` is its line and column), naming the later line;
    ``instead``: the tile written there, when the tile laid is a reading's, one of several
    the writer may have meant (``slips.py``): the message then names neither."""
    if instead is not None:
        return diagnostic(
            "P407", passed[0], passed[1],
            "passed_before_slip",
            player=player, later=later, written=text(instead),
        )
    key = "passed_then_shows" if shown else "passed_then_plays"
    return diagnostic(
        "P407", passed[0], passed[1], key,
        player=player, value=value, tile=text(tile), later=later,
    )
