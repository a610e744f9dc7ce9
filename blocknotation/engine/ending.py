"""How a hand ended and what it scores: the moves, the claims and the shows together (R12-R16;
E501, E503, E507).

The record is judged as written:

- when the moves end the hand (``hand.py``), the ``domino``/``blocked`` claim is checked
  against them (E503) and the hand ends as it was played;
- when a hand has moves that stop before its end, a claim is accepted only if the moves reach
  it.  A ``domino`` needs every tile placed; a ``blocked`` needs nobody able to play, which
  with every deal known the replay has already seen, and with hidden deals is possible only
  when no known hand and no shown tile fits the ends.  A claim the moves do not reach, or that
  a show contradicts, is E503, naming what is still held or what still fits; the hand is then
  unfinished, and the claim feeds no count;
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

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..reading import plain as r
from ..report.values import Outcome
from .chain import Side, pairs
from .claims import check_outcome, check_settled_claim, check_settled_domino
from .hand import Replay
from .moves import disproved_pass, end_name
from .order import Stages
from .players import Seats
from .shows import check_show, check_show_count, check_unplayed_show, going_out
from .tiles import MATCHING, TILES, bit, bits, pips, text


class Ending:
    """How the hand ended (None when only a ``points`` claim settles a hand recorded without
    moves), who won it (a domino), what each seat still holds, whether it was counted from
    the shows and the claims alone (recorded without moves), and the seats whose show was
    bad."""

    __slots__ = ("bad_shows", "outcome", "remaining", "settled", "winner")

    def __init__(self, outcome: Outcome | None, winner: int | None,
                 remaining: list[int | None], settled: bool, bad_shows: set[int]) -> None:
        self.outcome = outcome
        self.winner = winner
        self.remaining = remaining
        self.settled = settled
        self.bad_shows = bad_shows


def judge_ending(
    state: Replay, order: Stages, seats: Seats, number: int, problems: list[Diagnostic]
) -> Ending:
    """Check the shows, decide how the hand ended and what each seat holds, and judge the
    passes that only the whole record could judge."""
    shown, bad_shows, out = _shows(state, order, seats, problems)
    outcome, winner, settled = _outcome(state, order, seats, shown, out, number, problems)
    if outcome == "blocked" and order.moves and state.outcome is None:
        # Blocked as claimed: the hand is over, so each show must be whole.
        for show in order.shows:
            seat = seats.seat[show.player]
            if shown[seat] is None:
                continue
            problem = check_show_count(show, state.table, seat, seats.each, complete=True)
            if problem is not None:
                problems.append(problem)
                shown[seat] = None
                bad_shows.add(seat)
    judge_passes(state)
    remaining: list[int | None] = []
    for seat, holder in enumerate(state.table.holders):
        held = None if settled else holder.held()
        if outcome == "domino" and seat == winner:
            remaining.append(0)
        elif held is not None:
            remaining.append(pips(held))
        elif shown[seat] is not None:
            remaining.append(pips(shown[seat] or 0))
        else:
            remaining.append(None)
    return Ending(outcome, winner, remaining, settled, bad_shows)


def _shows(
    state: Replay, order: Stages, seats: Seats, problems: list[Diagnostic]
) -> tuple[list[int | None], set[int], r.Show | None]:
    """Check each ``show`` (E502, and P407 for passes it disproves); the tiles shown by each
    seat as a mask, None where no usable show was written, the seats whose show was bad,
    and, in a hand recorded without moves, the usable show of no tiles (``going_out``)."""
    complete = state.outcome is not None
    shown: list[int | None] = [None] * len(seats.names)
    bad: set[int] = set()
    unplayed = not order.moves
    out = going_out(order) if unplayed else None
    # The ``opener`` line or the rotation (R17); None in a first hand without either.
    opener = state.opener if unplayed else None
    for show in order.shows:
        seat = seats.seat[show.player]
        mask = sum(map(bit, show.tiles))  # distinct tiles: their union
        problem = check_show(show, mask, seat, state.table, seats.each, complete, seats.names)
        if problem is None and unplayed and (not show.tiles or seat == opener):
            problem = check_unplayed_show(show, out, seat == opener, seats.each)
        if problem is not None:
            problems.append(problem)
            bad.add(seat)
            continue
        state.table.show(seat, mask, show.line)
        shown[seat] = mask
        holder = state.table.holders[seat]
        if holder.deal is None and holder.passes:  # it may disprove a pass (P407)
            state.later.setdefault(seat, []).extend(
                [(show.line, tile, True) for tile in show.tiles])
    if out is not None and shown[seats.seat[out.player]] is None:
        out = None  # it was bad (E502)
    return shown, bad, out


def _outcome(
    state: Replay, order: Stages, seats: Seats, shown: list[int | None], out: r.Show | None,
    number: int, problems: list[Diagnostic],
) -> tuple[Outcome | None, int | None, bool]:
    """(outcome, winner, settled by claims) and the E501/E503 problems; ``out``: a hand
    recorded without moves, the usable show of no tiles."""
    claim = order.outcome
    names = seats.names
    if state.outcome is not None:
        if claim is not None:
            who = None if state.winner is None else names[state.winner]
            problem = check_outcome(claim, who, state.end_line, state.dead)
            if problem is not None:
                problems.append(problem)
        return state.outcome, state.winner, False
    if not order.moves:
        if isinstance(claim, r.Domino):
            show = next((s for s in order.shows if s.player == claim.player), None)
            problem = check_settled_domino(claim, show) or check_settled_claim(claim, out)
            if problem is None:
                return "domino", seats.seat[claim.player], True
            problems.append(problem)
        elif isinstance(claim, r.Blocked):
            problem = check_settled_claim(claim, out)
            if problem is None:
                return "blocked", None, True
            problems.append(problem)
        if out is not None:  # the show tells who went out (R12), whatever the claim said
            return "domino", seats.seat[out.player], True
        if claim is not None:
            return "unfinished", None, False
        if None not in shown:  # every player still held tiles: nobody went out (R12)
            return "blocked", None, True
        if order.points is not None:
            return None, None, True
    elif isinstance(claim, r.Domino):
        problems.append(_domino_not_reached(state, claim, seats))
        return "unfinished", None, False
    elif isinstance(claim, r.Blocked):
        problem = _block_not_reached(state, claim, seats, shown)
        if problem is None:
            return "blocked", None, False
        problems.append(problem)
        return "unfinished", None, False
    problems.append(
        diagnostic(
            "E501", order.last_line, 1,
            N_("hand {number} stops here before it is over: nobody has gone out and it "
               "is not blocked; write the remaining moves, or the claims that settle it "
               "(domino/blocked, points)"),
            number=number,
        )
    )
    return "unfinished", None, False


def _domino_not_reached(state: Replay, claim: r.Domino, seats: Seats) -> Diagnostic:
    """E503: ``domino NAME`` while NAME has not placed every tile (R3, R12)."""
    seat = seats.seat[claim.player]
    holder = state.table.holders[seat]
    last = state.moves[-1].line
    held = holder.held()
    if held:
        return diagnostic(
            "E503", claim.line, claim.column,
            N_("domino {claimed} is claimed, but the moves stop at line {at} with {claimed} "
               "still holding {tiles}"),
            claimed=claim.player, at=last,
            tiles=tuple(text(holder.written[i]) for i in bits(held)),
        )
    return diagnostic(
        "E503", claim.line, claim.column,
        N_("domino {claimed} is claimed, but the moves stop at line {at} with {claimed} "
           "having placed {placed} of {each} tiles"),
        claimed=claim.player, at=last, placed=holder.placed, each=seats.each,
    )


def _block_not_reached(
    state: Replay, claim: r.Blocked, seats: Seats, shown: list[int | None]
) -> Diagnostic | None:
    """E503 when ``blocked`` is claimed after moves that stop while somebody can still play
    in every reading of the chain: a known hand, or a shown tile, fits (R8, R12).  None when
    a block is possible: the hidden hands may hold nothing that fits."""
    table = state.table
    readings = state.chain.readings
    if not readings:
        return None
    found: list[tuple[int, int, bool]] = []  # (seat, tile index, shown) fitting some reading
    for left, right in pairs(readings):
        wanted = MATCHING[1 << left | 1 << right]
        fitting = None
        for seat, holder in enumerate(table.holders):
            held = holder.held()
            mask, from_show = (held, False) if held is not None else (shown[seat], True)
            if mask and mask & wanted:
                fitting = (seat, next(bits(mask & wanted)), from_show)
                break
        if fitting is None:
            return None
        found.append(fitting)
    last = state.moves[-1].line
    seat, i, from_show = found[0]
    player = seats.names[seat]
    chain = state.chain
    if chain.certain:
        left, right = next(pairs(readings))
        tile = table.holders[seat].written.get(i) or TILES[i]
        side: Side = "L" if left in tile else "R"
        end = end_name(chain, side)
        if from_show:
            return diagnostic(
                "E503", claim.line, claim.column,
                N_("blocked is claimed, but {player} shows {tile}, which fits the {end}"),
                player=player, tile=text(tile), end=end,
            )
        return diagnostic(
            "E503", claim.line, claim.column,
            N_("blocked is claimed, but the moves stop at line {at} and {player} still holds "
               "{tile}, which fits the {end}"),
            at=last, player=player, tile=text(tile), end=end,
        )
    holders = tuple(f"{seats.names[s]} {text(TILES[t])}" for s, t, _ in dict.fromkeys(found))
    return diagnostic(
        "E503", claim.line, claim.column,
        N_("blocked is claimed, but the moves stop at line {at} and, whichever values the "
           "ends show after the uncertain play, somebody can still play: {holders}"),
        at=last, holders=holders,
    )


def judge_passes(state: Replay) -> None:
    """At the end of the hand, with what the whole record tells: a known hand's pass that
    was legal only in readings no longer possible (P405); a pass by a player whose deal
    is unknown, while an end showed a value of a tile they played later or showed (P407:
    nobody draws, so they held it).  Each illegal pass is reported at its own line."""
    readings = state.chain.readings
    for trace, problem in state.pending:
        if not trace.mask & readings:
            state.problems.append(problem)
    for seat, holder in enumerate(state.table.holders):
        if not holder.passes:
            continue
        tiles = sorted(state.later.get(seat, ()))
        for passed in holder.passes:
            for line, tile, shown in tiles:
                if not shown and line <= passed.line:
                    continue
                value = next((v for v in tile if passed.proves(v, readings)), None)
                if value is not None:
                    state.problems.append(disproved_pass(
                        state.names[seat], (passed.line, passed.column), value, tile, line,
                        shown,
                    ))
                    break
