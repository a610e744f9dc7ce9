"""How a hand ended and what it scores: the moves, the claims and the shows together (R12-R16;
E501, E503, E507).

The record is judged as written:

- when the moves end the hand (``hand.py``), the ``domino``/``blocked`` claim is checked
  against them (E503) and the hand ends as it was played;
- when a hand has moves that stop before its end, a claim is accepted only if the moves reach
  it.  A ``domino`` needs every tile placed, or all but the last, which the record may have
  left out (the record stops before the last play): the player's last tile must then fit an
  end when their deal is known, and every player before them must be able to pass; a
  ``blocked`` needs nobody able to play, which
  with every deal known the replay has already seen, and with hidden deals is possible only
  when no known hand and no shown tile fits the ends.  A claim the moves do not reach, or that
  a show contradicts, is E503, naming what is still held or what still fits; how the hand
  ended is then not known (the moves say it went on, the claim that it ended: one of them
  holds a slip), and neither the claim nor the points claim after it feeds a count;
- claims stand in for moves only in a hand recorded without any (a disputed count), or where
  hidden deals leave the end truly unknown (a ``blocked`` claim as above).  In a disputed
  count the shows still bind the claim: a player who shows no tiles went out, so the hand
  ended as their domino (R12).  ``blocked``, or ``domino`` naming somebody else, is then
  E503 and feeds no count, as for any claim a show contradicts; that show settles the hand
  as their domino, as it does with no ``domino``/``blocked`` line, and the count is
  recomputed from the shows.  Shows no way of playing the hand allows (a second player with
  no tiles, the opener with every tile dealt) are E502 and count for nothing (``shows.py``).

What is known is never thrown away: with a player's deal known, what they still hold is the
deal minus the tiles the record has them play, whatever else went wrong in the hand.
"""

from __future__ import annotations

from typing import NamedTuple

from ..basics.diagnostics import Diagnostic, diagnostic
from ..notation import plain as r
from ..report.values import Outcome
from .chain import Chain, lay
from .claims import check_outcome, check_settled_claim, check_settled_domino
from .hand import Replay
from .moves import end_name
from .order import Stages
from .players import Seats
from .rules import cannot_play_again, fitting, may_be_blocked, may_pass, stuck, went_out
from .shows import check_show, check_show_count, check_unplayed_show, going_out
from .tiles import TILES, bit, bits, pips, text
from .world import World

Stage = tuple[str, int]
"""What a problem of the end of a hand is about, in the order the claims choose among the
readings (``choose.py``): ``("show", line)`` for each show, ``("outcome", 0)`` for the
``domino``/``blocked`` claim, ``("points", 0)``, and ``("rest", 0)`` for what no claim
settles (E501)."""


class HandEnd(NamedTuple):
    """How the hand ended in one reading (None when only a ``points`` claim settles a hand
    recorded without moves), who won it (a domino), what each seat still holds as the moves
    and shows leave it (None: not known; the count may narrow it, ``JudgedReading.remaining``),
    whether it was counted from the shows and the claims alone (recorded without moves), the
    seats whose show was bad, and the problems found, each with its stage.  ``if_blocked``:
    where the moves stop short with a hidden deal, and a ``points`` claim or ``score`` line
    says the hand is over, the same reading ended by the passes R8 forces there, blocked
    (``_passes_block``), for the count to check those lines against (``hand_replay``); that
    reading's end is ``by_passes``: it rests on a hidden player's pass, and is not stated."""

    outcome: Outcome | None
    winner: int | None
    remaining: tuple[int | None, ...]
    settled: bool
    bad_shows: frozenset[int]
    problems: tuple[tuple[Stage, Diagnostic], ...]
    if_blocked: HandEnd | None = None
    by_passes: bool = False


def judge_ending(
    state: Replay, world: World, order: Stages, seats: Seats, number: int
) -> HandEnd:
    """Check the shows in ``world``, decide how the hand ended there and what each seat
    holds."""
    found: list[tuple[Stage, Diagnostic]] = []
    shown, bad_shows, out = _shows(state, world, order, seats, found)
    if order.moves and not world.known.all_known:  # only a hidden hand's passes
        _passes_overdrawn(world, seats, shown)
    outcome, winner, settled = _outcome(state, world, order, seats, shown, out, number, found)
    if_blocked = None
    if outcome == "unfinished" and (order.points is not None or order.score is not None) and (
            _passes_block(world)):
        if_blocked = _ended(world, order, seats, list(shown), set(bad_shows), "blocked", None,
                            False, [x for x in found if x[0] != ("rest", 0)])._replace(
                                by_passes=True)
    return _ended(world, order, seats, shown, bad_shows, outcome, winner, settled, found,
                  if_blocked)


def _ended(world: World, order: Stages, seats: Seats, shown: list[int | None],
           bad_shows: set[int], outcome: Outcome | None, winner: int | None, settled: bool,
           found: list[tuple[Stage, Diagnostic]], if_blocked: HandEnd | None = None
           ) -> HandEnd:
    """The hand's end in one reading, ended as ``outcome``: each show checked whole where
    the claims end the hand, and what each seat holds."""
    if outcome in ("blocked", "domino") and order.moves and world.outcome is None:
        # Ended as claimed: the hand is over, so each show must be whole (the player who
        # went out shows none: ``_last_play_missing``).
        for show in order.shows:
            seat = seats.seat[show.player]
            if shown[seat] is None or seat == winner:
                continue
            problem = check_show_count(show, world.known, seat, seats.each, complete=True)
            if problem is not None:
                found.append((("show", show.line), problem))
                shown[seat] = None
                bad_shows.add(seat)
    remaining: list[int | None] = []
    for seat, holder in enumerate(world.known.holders):
        held = None if settled else holder.held()
        if outcome == "domino" and seat == winner:
            remaining.append(0)
        elif held is not None:
            remaining.append(pips(held))
        elif shown[seat] is not None:
            remaining.append(pips(shown[seat] or 0))
        else:
            remaining.append(None)
    return HandEnd(outcome, winner, tuple(remaining), settled, frozenset(bad_shows),
                   tuple(found), if_blocked)


def _shows(
    state: Replay, world: World, order: Stages, seats: Seats,
    found: list[tuple[Stage, Diagnostic]],
) -> tuple[list[int | None], set[int], r.PlainShow | None]:
    """Check each ``show`` (E502, and P407 for passes it disproves); the tiles shown by each
    seat as a mask, None where no usable show was written, the seats whose show was bad,
    and, in a hand recorded without moves, the usable show of no tiles (``going_out``)."""
    complete = world.outcome is not None
    known = world.known
    shown: list[int | None] = [None] * len(seats.names)
    bad: set[int] = set()
    unplayed = not order.moves
    out = going_out(order) if unplayed else None
    # The ``opener`` line or the rotation (R17); None in a first hand without either.
    # Who led a hand without moves is the opener line's player, unless the line is out of
    # rotation (T301): the line may be the slip, and who led is then not known.
    opener = state.opener if unplayed and not any(
        d.code == "T301" for d in state.problems) else None
    for show in order.shows:
        seat = seats.seat[show.player]
        mask = sum(map(bit, show.tiles))  # distinct tiles: their union
        problem = check_show(show, mask, seat, known, seats.each, complete, seats.names)
        if problem is None and unplayed and (not show.tiles or seat == opener):
            problem = check_unplayed_show(show, out, seat == opener, seats.each)
        if problem is not None:
            found.append((("show", show.line), problem))
            bad.add(seat)
            continue
        known.show(seat, mask, show.line)
        shown[seat] = mask
        holder = known.holders[seat]
        if holder.deal is None and holder.passes:  # it may disprove a pass (P407)
            for tile in show.tiles:
                world.disprove(seat, tile, show.line, True, seats.names)
    if out is not None and shown[seats.seat[out.player]] is None:
        out = None  # it was bad (E502)
    return shown, bad, out


def _outcome(
    state: Replay, world: World, order: Stages, seats: Seats, shown: list[int | None],
    out: r.PlainShow | None, number: int, found: list[tuple[Stage, Diagnostic]],
) -> tuple[Outcome | None, int | None, bool]:
    """(outcome, winner, settled by claims) and the E501/E503 problems; ``out``: a hand
    recorded without moves, the usable show of no tiles."""
    claim = order.outcome
    names = seats.names
    at: Stage = ("outcome", 0)
    if world.outcome is not None:
        if claim is not None:
            who = None if world.winner is None else names[world.winner]
            problem = check_outcome(claim, who, world.end_line, world.stuck)
            if problem is not None:
                found.append((at, problem))
        return world.outcome, world.winner, False
    if not order.moves:
        counted = _counted(order, seats, shown, out, found)
        if counted is not None:
            return counted
    elif isinstance(claim, r.PlainDomino):
        seat = seats.seat[claim.player]
        if not shown[seat] and _last_play_missing(world, seat, seats):
            return "domino", seat, False
        found.append((at, _domino_not_reached(state, world, claim, seats)))
        _out_elsewhere(state, world, order, seats, shown, seat, found)
        return None, None, False  # the moves say the hand went on, the claim that it ended
    elif isinstance(claim, r.PlainBlocked):
        problem = _block_not_reached(state, world, claim, seats, shown)
        if problem is None:
            return "blocked", None, False
        found.append((at, problem))
        return None, None, False
    out = next((show for show in order.shows if not show.tiles
                and shown[seats.seat[show.player]] == 0), None)
    if out is not None:  # a show of no tiles: its player went out (R12)
        seat = seats.seat[out.player]
        if _last_play_missing(world, seat, seats):
            return "domino", seat, False
        found.append((("show", out.line), _not_out(state, world, out, seats)))
        return None, None, False  # the moves say the hand went on, the show that it ended
    found.append((("rest", 0), diagnostic(
        "E501", order.last_line, 1,
        "unfinished",
        number=number,
    )))
    return "unfinished", None, False


def _counted(order: Stages, seats: Seats, shown: list[int | None], out: r.PlainShow | None,
             found: list[tuple[Stage, Diagnostic]],
             ) -> tuple[Outcome | None, int | None, bool] | None:
    """How a hand recorded without moves ended, by its claim and shows (``out``: the usable
    show of no tiles); None when they do not tell (E501 follows)."""
    claim = order.outcome
    at: Stage = ("outcome", 0)
    if isinstance(claim, r.PlainDomino):
        show = next((s for s in order.shows if s.player == claim.player), None)
        problem = check_settled_domino(claim, show) or check_settled_claim(claim, out)
        if problem is None:
            return "domino", seats.seat[claim.player], True
        found.append((at, problem))
    elif isinstance(claim, r.PlainBlocked):
        problem = check_settled_claim(claim, out)
        if problem is None:
            return ("blocked", None, True) if not _no_value_free(order, shown, found) else (
                None, None, True)
        found.append((at, problem))
    if out is not None:  # the show tells who went out (R12), whatever the claim said
        return "domino", seats.seat[out.player], True
    if None not in shown:  # every player still held tiles: nobody went out (R12)
        return ("blocked", None, True) if not _no_value_free(order, shown, found) else (
            None, None, True)
    if claim is not None or order.points is not None or order.shows:
        return None, None, True  # a claim or a show says the hand ended, nothing says how
    return None


def _no_value_free(order: Stages, shown: list[int | None],
                   found: list[tuple[Stage, Diagnostic]]) -> bool:
    """Whether the shows of every player of a hand without moves hold every value from 0
    to 6, so that it cannot have been blocked: at a block nobody holds a tile that matches
    an end (R8, R12).  E502 at the last show, which with the others says so; none of them
    is then counted."""
    held = 0
    for mask in shown:
        held |= mask or 0
    if None in shown or not order.shows or may_be_blocked(held):
        return False
    last = order.shows[-1]
    shown[:] = [None] * len(shown)  # any of them may be the one wrong: none is counted
    found.append((("show", last.line), diagnostic(
        "E502", last.line, last.column,
        "no_value_free",
        player=last.player,
    )))
    return True


def _out_elsewhere(state: Replay, world: World, order: Stages, seats: Seats,
                   shown: list[int | None], claimed: int,
                   found: list[tuple[Stage, Diagnostic]]) -> None:
    """E502 for a show of no tiles by another player than the one a ``domino`` claim the
    moves do not reach names (``claimed``), where the record cannot have left out only
    that player's last play either (R3, R12)."""
    for show in order.shows:
        seat = seats.seat[show.player]
        if not show.tiles and seat != claimed and shown[seat] == 0 and (
                not _last_play_missing(world, seat, seats)):
            found.append((("show", show.line), _not_out(state, world, show, seats)))


def _passes_overdrawn(world: World, seats: Seats, shown: list[int | None]) -> None:
    """An illegal pass this reading implies (P407, at the last pass) for each player whose
    deal is unknown, who shows nothing, and who must still hold more tiles than there are
    tiles they may hold without a value they passed on (R3, R4, R8): one pass was illegal,
    or a play written as a pass."""
    known = world.known
    for seat, holder in enumerate(known.holders):
        if holder.deal is not None or not holder.passes or shown[seat] is not None:
            continue
        if world.outcome == "domino" and world.winner == seat:
            continue
        count = seats.each - holder.placed
        free = known.may_have_kept(seat)
        last = holder.passes[-1]
        key = ("P407", last.line)
        if count > 0 and free.bit_count() < count and key not in world.illegal_passes:
            world.illegal_passes[key] = diagnostic(
                "P407", last.line, last.column,
                "passes_leave_no_tile",
                player=seats.names[seat], count=count)


def _passes_block(world: World) -> bool:
    """Whether the passes R8 forces after the moves, stopped short of the end, block the
    hand (R12): nobody may hold a tile that fits the ends, a hidden hand as her passes and
    the tiles known elsewhere leave her (``may_still_hold``)."""
    known = world.known
    one = world.chain
    if world.outcome is not None or not one:
        return False
    in_hands = 0
    for seat, holder in enumerate(known.holders):
        held = holder.held()
        in_hands |= known.may_still_hold(seat) if held is None else held
    return stuck(in_hands, one)


def _last_play_missing(world: World, seat: int, seats: Seats) -> bool:
    """Whether the moves, stopped short of the end, leave ``seat`` one tile from going out,
    with nothing to stop them laying it next: the record stops before the last play, and a
    ``domino`` claim naming them completes it.  Their last tile fits an end, when their deal
    is known (R6); every player whose turn comes first can pass, holding nothing that fits,
    as far as the record knows (R8), and a hidden player's last tile is one nobody else
    can hold, with no value their passes say they lacked (R4, R8)."""
    known = world.known
    holder = known.holders[seat]
    one = world.chain
    if world.outcome is not None or not one or not went_out(holder.placed + 1, seats.each):
        return False
    held = holder.held()
    if held is None:  # a hidden hand: a tile nobody else can hold that its passes allow
        held = known.may_still_hold(seat)
    if not fitting(held, one):
        return False
    turn = seat if world.expected is None else world.expected
    while turn != seat:
        if not may_pass(known.holders[turn].held(), one):
            return False
        turn = seats.following[turn]
    return True


def _not_out(state: Replay, world: World, show: r.PlainShow, seats: Seats) -> Diagnostic:
    """E502: a show of no tiles, in a hand whose moves stop with its player still holding
    tiles, where the record cannot have left out only their last play (R3, R12)."""
    holder = world.known.holders[seats.seat[show.player]]
    return diagnostic(
        "E502", show.line, show.column,
        "out_after_stop",
        player=show.player, at=state.moves[-1].line, placed=holder.placed, each=seats.each,
    )


def _domino_not_reached(state: Replay, world: World, claim: r.PlainDomino, seats: Seats
                        ) -> Diagnostic:
    """E503: ``domino NAME`` while NAME has not placed every tile (R3, R12)."""
    seat = seats.seat[claim.player]
    holder = world.known.holders[seat]
    last = state.moves[-1].line
    held = holder.held()
    if held:
        return diagnostic(
            "E503", claim.line, claim.column,
            "domino_stop_holding",
            claimed=claim.player, at=last,
            tiles=tuple(text(holder.written[i]) for i in bits(held)),
        )
    return diagnostic(
        "E503", claim.line, claim.column,
        "domino_stop_placed",
        claimed=claim.player, at=last, placed=holder.placed, each=seats.each,
    )


def _block_not_reached(
    state: Replay, world: World, claim: r.PlainBlocked, seats: Seats, shown: list[int | None]
) -> Diagnostic | None:
    """E503 when ``blocked`` is claimed after moves that stop while somebody can still play:
    a known hand, or a shown tile, fits (R8, R12).  None when a block is possible: the
    hidden hands may hold nothing that fits."""
    known = world.known
    ends = world.chain
    if not ends:
        return None
    chain = Chain(ends)
    for seat, holder in enumerate(known.holders):
        held = holder.held()
        mask, from_show = (held, False) if held is not None else (shown[seat], True)
        if not mask or not fitting(mask, ends):
            continue
        i = next(bits(fitting(mask, ends)))
        tile = holder.written.get(i) or TILES[i]
        end = end_name(chain, "L" if lay(ends, tile, "L") else "R")
        player = seats.names[seat]
        if from_show:
            return diagnostic(
                "E503", claim.line, claim.column,
                "blocked_show_fits",
                player=player, tile=text(tile), end=end,
            )
        return diagnostic(
            "E503", claim.line, claim.column,
            "blocked_stop_fits",
            at=state.moves[-1].line, player=player, tile=text(tile), end=end,
        )
    return None


def out_of_play(world: World, each: int) -> set[int]:
    """The seats that can lay no tile in the moves a record may lack after its last, in
    ``world`` (``rules.cannot_play_again``): the chain grows by the tiles the others may
    hold, but a player's last tile opens no end to anybody, since laying it ends the hand
    (R12)."""
    known = world.known
    holding = [known.holdable(seat) for seat in range(len(known.holders))]
    opening = 0
    for holder, tiles in zip(known.holders, holding, strict=True):
        if holder.placed < each - 1:
            opening |= tiles
    return cannot_play_again(world.chain, holding, opening)
