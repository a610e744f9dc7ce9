"""The quick replay: a game with nothing to report, replayed without records or diagnostics.

Most games in a large file are clean: every deal written down, every move legal, the claims
right.  For them the full replay (``game.py``, ``hand.py`` and the checks) spends its time
asking questions whose answer is "nothing to report".  ``replay_quick`` replays such a game
in one tight loop over the tuples of ``quickread`` and gives the same ``GameResult``.  It
takes only the simplest shape of game — every deal known, no ``show`` and no ``Target`` tag,
statements in their stages, each once — and gives up (None) at the first thing the full
replay would report or that needs the knowledge of partial records; the game then goes the
full way, which finds and explains it.  ``tests/test_quick.py`` checks on generated and
mutated records that both replays agree whenever the quick one answers.

The comments name the diagnostic each refusal stands for.
"""

from __future__ import annotations

from operator import add
from typing import Literal

from ..reading.quickread import QuickGame, QuickHand
from ..report.values import GameResult, HandResult, Outcome, Status
from .players import RULES_TARGET, Seats, usable_seats
from .scoring import blocked, domino, status_of
from .tiles import MATCHING, VALUE_MASK, index, pips

#: The bit of each tile in a mask, by its two pips as written.
_BIT = tuple(tuple(1 << index((a, b)) for b in range(7)) for a in range(7))

#: What one hand's quick replay gives: opener, outcome, winner of the count, remaining pips,
#: points, chain ends after each play, and the score claim's entries if any.
_Placed = dict[int, tuple[tuple[int, int], Literal["L", "R"] | None]]
_Hand = tuple[int, Outcome, int | None, list[int], tuple[int, ...],
              tuple[dict[int, tuple[int, int]], _Placed], tuple[tuple[str, int], ...] | None]


def replay_quick(game: QuickGame, number: int) -> GameResult | None:
    """The result of game ``number`` (1-based), or None when it needs the full replay."""
    players = next((value for key, value in game.tags if key == "Players"), None)
    if players is None or any(key == "Target" for key, _ in game.tags):  # G101, G105
        return None
    seats = usable_seats(players)
    if seats is None:  # G102, G103
        return None
    names = seats.names
    target = RULES_TARGET[len(names)]
    totals = [0] * len(names)
    hands: list[HandResult] = []
    status: Status = "in_progress"
    winner: int | None = None
    following = (*range(1, len(names)), 0)  # the seat after each seat (R5)
    expected: int | None = None  # the opener the rotation requires (R17); anyone at first
    for expected_number, hand in enumerate(game.hands, start=1):
        if hand.number != expected_number or status != "in_progress":  # G106, E506
            return None
        replayed = _replay_hand(hand, seats, expected, following)
        if replayed is None:
            return None
        opener, outcome, hand_winner, remaining, points, (ends, placed), score = replayed
        totals = list(map(add, totals, points))
        if score is not None and not _right_totals(score, names, totals):  # E505
            return None
        # Positional: this runs for every hand of a large file.
        hands.append(
            HandResult(
                hand.number, hand.line, names[opener], outcome,
                None if hand_winner is None else names[hand_winner],
                dict(zip(names, remaining, strict=True)), dict(zip(names, points, strict=True)),
                dict(zip(names, totals, strict=True)), False, False, True, ends, placed,
            )
        )
        status, winner = status_of(totals, target)
        expected = following[opener]
    return GameResult(
        number, game.line, names, target, tuple(hands), dict(zip(names, totals, strict=True)),
        status, None if winner is None else names[winner],
    )


def _right_totals(
    score: tuple[tuple[str, int], ...], names: tuple[str, ...], totals: list[int]
) -> bool:
    """Whether a score claim gives every player once, with the recomputed total."""
    if score == tuple(zip(names, totals, strict=True)):  # in seat order, as usual
        return True
    given = dict(score)
    return len(given) == len(score) == len(names) and all(
        given.get(name) == total for name, total in zip(names, totals, strict=True)
    )


def _replay_hand(
    hand: QuickHand, seats: Seats, expected: int | None, following: tuple[int, ...]
) -> _Hand | None:
    """One hand, as ``hand.replay_hand`` replays it when it reports nothing.  ``expected`` is
    the opener the rotation requires (None: anyone); ``following`` the seat after each."""
    seat_of, n, each = seats.seat, len(seats), seats.each
    moves = hand.moves
    if not moves:  # E501, or a hand settled by its claims alone
        return None
    first_move, last_move = moves[0][0], moves[-1][0]

    # --- the setup and the end lines, each in its stage (G107) and once ------------------
    opener = -1
    deals: list[int | None] = [None] * n
    held = [0] * n  # the tiles each player still holds, as a mask
    in_hands = 0  # the tiles anybody still holds
    claim: tuple[str, str | None] | None = None
    points_claim: tuple[str | None, int | None] | None = None
    score: tuple[tuple[str, int], ...] | None = None
    for kind, line, player, data in hand.others:
        seat = -1 if player is None else seat_of.get(player, -1)
        if seat < 0 and player is not None:  # G104
            return None
        if kind == "deal":
            if line > first_move or deals[seat] is not None or len(data) != each:  # G107, D201
                return None
            mask = 0
            for a, b in data:
                mask |= _BIT[a][b]
            if mask.bit_count() != each or in_hands & mask:  # D202
                return None
            deals[seat] = held[seat] = mask
            in_hands |= mask
        elif kind == "opener":
            if line > first_move or opener >= 0:  # G107
                return None
            opener = seat
        elif line < last_move:  # G107: an end line before a move
            return None
        elif kind in ("domino", "blocked"):
            if claim is not None:  # G107
                return None
            claim = kind, player
        elif kind == "points":
            if points_claim is not None:  # G107
                return None
            points_claim = player, data
        elif kind == "score":
            if score is not None:  # G107
                return None
            score = data
        else:  # a show: checked against partial knowledge in ``shows.py``
            return None
    if None in deals:  # a deal not recorded: the knowledge of partial records
        return None
    if opener < 0:
        opener = seat_of.get(moves[0][1], -1)
    if expected is not None and opener != expected:  # T301
        return None

    # --- the moves, until the hand is over (R12) --------------------------------------------
    turn = opener
    left = right = -1  # the chain's end values; -1 before the opening tile
    passes = 0
    outcome: Outcome | None = None
    winner: int | None = None
    dead = False  # blocked with every player unable to play: each may still write a pass
    ends: dict[int, tuple[int, int]] = {}
    placed: dict[int, tuple[tuple[int, int], Literal["L", "R"] | None]] = {}
    rest = iter(moves)
    for line, player, move in rest:
        seat = turn
        if seat_of.get(player) != seat:  # G104, T302
            return None
        turn = following[seat]
        if move:
            a, b, side = move
            tile = _BIT[a][b]
            mine = held[seat]
            if not mine & tile:  # P401, P402
                return None
            if left < 0:  # the opening tile, laid as written
                left, right = a, b
                placed[line] = ((a, b), None)
            elif side is None:
                if a == left or b == left:
                    if a == right or b == right:  # P404
                        return None
                    placed[line] = ((b if a == left else a, left), "L")
                    left = b if a == left else a
                elif a == right or b == right:
                    placed[line] = ((right, b if a == right else a), "R")
                    right = b if a == right else a
                else:  # P403
                    return None
            elif side == "L":
                if a != left and b != left:  # P403
                    return None
                placed[line] = ((b if a == left else a, left), "L")
                left = b if a == left else a
            else:
                if a != right and b != right:  # P403
                    return None
                placed[line] = ((right, b if a == right else a), "R")
                right = b if a == right else a
            ends[line] = (left, right)
            held[seat] = mine ^ tile
            in_hands ^= tile
            passes = 0
            if mine == tile:
                outcome, winner = "domino", seat
                break
            if not in_hands & MATCHING[1 << left | 1 << right]:  # nobody can play
                outcome, dead = "blocked", True
                break
        else:
            if left < 0:  # T303
                return None
            if held[seat] & (VALUE_MASK[left] | VALUE_MASK[right]):  # P405
                return None
            passes += 1
            if passes == n:
                outcome = "blocked"
                break
    if outcome is None:  # E501, or a hand settled by its claims
        return None
    # After a dead block each player may still write one pass; anything else is P406.
    grace = set(range(n)) if dead else set()
    for _line, player, move in rest:
        seat = seat_of.get(player, -1)
        if move or seat not in grace:
            return None
        grace.discard(seat)

    gone_out = None if winner is None else seats.names[winner]
    if claim is not None and claim != (("blocked", None) if winner is None else
                                       ("domino", gone_out)):  # E503
        return None
    remaining = [pips(mask) for mask in held]
    if outcome == "domino":
        assert winner is not None
        remaining[winner] = 0
        count = domino(winner, remaining)
    else:
        count = blocked(remaining)
    if points_claim is not None:
        claimed_by, claimed = points_claim
        if claimed_by is None or claimed is None:
            given = (0,) * n
        else:
            given = tuple(claimed if s == seat_of[claimed_by] else 0 for s in range(n))
        if given != count.points:  # E504
            return None
        if claimed_by is not None and seat_of[claimed_by] != count.winner:  # E504
            return None
    return opener, outcome, count.winner, remaining, count.points, (ends, placed), score
