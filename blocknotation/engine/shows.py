"""``show`` lines against the deals and plays: tile conservation at the end of a hand (R2,
R4, R13; E502).

A show may name only tiles its player can still hold: not played by anyone, not dealt to
another player, not shown by another player, and from the player's own deal when that is
known.  Its length is what the player was dealt minus what they placed (R3) when the record
holds the whole hand; when the record stops early and the claims settle the hand, moves
may be missing, so the show may be shorter but never longer.

A hand recorded without moves (a disputed count) is still bound by how a hand is played: it
ends as soon as one player goes out (R12), so only one player can show no tiles, and the
opener must lead (R5), so the opener shows at most one tile fewer than dealt.  When a
``domino NAME`` claim names a player who shows no tiles, theirs is the empty show that
stands; otherwise the first one written does.
"""

from __future__ import annotations

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from .knowledge import ALL, NOBODY, Whereabouts
from .order import Stages
from .tiles import index, text


def check_show(
    show: r.PlainShow, shown: int, seat: int, known: Whereabouts, each: int, complete: bool,
    names: tuple[str, ...],
) -> Diagnostic | None:
    """The first way ``show`` contradicts the record (E502), or None.  ``shown``: the sum of
    the bits of its tiles (their union when they are distinct, as the count tells)."""
    # What the seat cannot hold (R2, R4: a placed tile, another's deal, with its own deal
    # known anything outside it), or another seat showed.
    barred = ALL & ~known.may_have_kept(seat, passes=False)
    if shown.bit_count() == len(show.tiles) and not shown & barred:
        return check_show_count(show, known, seat, each, complete)
    return _contradiction(show, seat, known, names) or check_show_count(
        show, known, seat, each, complete)


def _contradiction(
    show: r.PlainShow, seat: int, known: Whereabouts, names: tuple[str, ...]
) -> Diagnostic | None:
    """The first tile of ``show`` its player cannot hold, in the order written (E502)."""
    holder = known.holders[seat]
    line, column, player = show.line, show.column, show.player
    seen = 0
    for tile in show.tiles:
        i = index(tile)
        if seen >> i & 1:
            return diagnostic("E502", line, column, "shown_twice", player=player, tile=text(tile))
        seen |= 1 << i
        if known.played_by[i] != NOBODY:
            return diagnostic(
                "E502", line, column, "already_played", player=player,
                tile=text(tile), owner=names[known.played_by[i]], at=known.played_at[i],
            )
        owner = known.dealt_to(i)
        if owner != NOBODY and owner != seat:
            return diagnostic(
                "E502", line, column, "dealt_to_other", player=player,
                tile=text(tile), owner=names[owner], at=known.holders[owner].deal_line,
            )
        shown = known.shown_by(i)
        if shown is not None and shown[0] != seat:
            return diagnostic(
                "E502", line, column, "shown_by_other", player=player,
                tile=text(tile), owner=names[shown[0]], at=shown[1],
            )
        if holder.deal is not None and not holder.deal >> i & 1:
            return diagnostic(
                "E502", line, column, "not_dealt", player=player,
                tile=text(tile), at=holder.deal_line,
            )
    return None


def check_show_count(
    show: r.PlainShow, known: Whereabouts, seat: int, each: int, complete: bool
) -> Diagnostic | None:
    """E502 when a show holds more tiles than its player can hold, or, once the hand is over
    (``complete``), other than exactly what they hold: dealt minus placed (R3)."""
    placed = known.holders[seat].placed
    holds = each - placed
    count = len(show.tiles)
    if count == holds or (count < holds and not complete):
        return None
    return diagnostic(
        "E502", show.line, show.column,
        "count",
        player=show.player, count=count, each=each, placed=placed, holds=holds,
    )


def going_out(order: Stages) -> r.PlainShow | None:
    """In a hand recorded without moves, the empty show that stands (R12): the one of the
    player a ``domino`` claim names, else the first one written; None when nobody shows no
    tiles."""
    empty = [show for show in order.shows if not show.tiles]
    claim = order.outcome
    if isinstance(claim, r.PlainDomino):
        named = next((show for show in empty if show.player == claim.player), None)
        if named is not None:
            return named
    return empty[0] if empty else None


def check_unplayed_show(
    show: r.PlainShow, out: r.PlainShow | None, opener: bool, each: int
) -> Diagnostic | None:
    """E502 for a show in a hand recorded without moves that no way of playing the hand
    allows: no tiles while ``out``, another player, shows none too (the hand ends as soon as
    one player goes out, R12), or, by the ``opener``, every tile dealt (the opener leads,
    R5)."""
    if not show.tiles and out is not None and out is not show:
        return diagnostic(
            "E502", show.line, show.column,
            "other_went_out",
            player=show.player, out=out.player, at=out.line,
        )
    if opener and len(show.tiles) >= each:
        return diagnostic(
            "E502", show.line, show.column,
            "opener_shows_all",
            player=show.player, count=len(show.tiles), each=each, most=each - 1,
        )
    return None
