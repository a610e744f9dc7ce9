"""The claims written at the end of a hand, against the replay (E503–E505).

Every claim is checked where the engine can recompute what it claims; where it cannot, the
claim stands in for the missing value (``points``), or settles how the hand ended
(``domino``/``blocked``) when the record stops early.  Messages give both the claimed and
the recomputed value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..basics.diagnostics import Diagnostic, Message, diagnostic, phrase
from ..notation import plain as r
from .bounds import Bounds
from .scoring import Count, explain


def how_it_ended(winner: str | None, line: int, stuck: bool) -> Message:
    """How a replayed hand ended, for messages: by ``winner`` going out, or blocked (R12).
    ``line`` is the move that ended it; ``stuck`` says nobody could play any more, as
    opposed to everybody having passed."""
    if winner is not None:
        return phrase("went_out", winner=winner, at=line)
    if stuck:
        return phrase("blocked_dead", at=line)
    return phrase("blocked_passed", at=line)


def check_outcome(
    claim: r.PlainDomino | r.PlainBlocked, winner: str | None, line: int, stuck: bool
) -> Diagnostic | None:
    """E503: the ``domino NAME``/``blocked`` claim against how the replay ended (R12);
    ``winner`` is who went out, None for a blocked hand."""
    if isinstance(claim, r.PlainBlocked) if winner is None else (
        isinstance(claim, r.PlainDomino) and claim.player == winner
    ):
        return None
    actual = how_it_ended(winner, line, stuck)
    if isinstance(claim, r.PlainBlocked):
        return diagnostic("E503", claim.line, claim.column,
                          "blocked_wrong", actual=actual)
    return diagnostic("E503", claim.line, claim.column,
                      "domino_wrong",
                      claimed=claim.player, actual=actual)


def check_settled_domino(claim: r.PlainDomino, show: r.PlainShow | None) -> Diagnostic | None:
    """E503: a ``domino NAME`` claim settling a hand while NAME shows tiles left (R12)."""
    if show is None or not show.tiles:
        return None
    return diagnostic(
        "E503", claim.line, claim.column,
        "domino_still_holds",
        claimed=claim.player, at=show.line,
    )


def check_settled_claim(claim: r.PlainDomino | r.PlainBlocked, out: r.PlainShow | None
                        ) -> Diagnostic | None:
    """E503: a claim settling a hand recorded without moves while ``out``, somebody it does
    not name, shows no tiles: that player went out, and the hand ended as their domino
    (R12)."""
    if out is None or (isinstance(claim, r.PlainDomino) and claim.player == out.player):
        return None
    if isinstance(claim, r.PlainBlocked):
        return diagnostic(
            "E503", claim.line, claim.column,
            "blocked_but_went_out",
            player=out.player, at=out.line,
        )
    return diagnostic(
        "E503", claim.line, claim.column,
        "domino_other_went_out",
        claimed=claim.player, player=out.player, at=out.line,
    )


def claimed_points(claim: r.PlainPoints, seat: Mapping[str, int], seats: int) -> tuple[int, ...]:
    """The points a ``points`` claim gives each seat (``points none``: 0 for everybody)."""
    if claim.player is None or claim.points is None:
        return (0,) * seats
    return tuple(claim.points if s == seat[claim.player] else 0 for s in range(seats))


def claim_text(claim: r.PlainPoints) -> str:
    """A ``points`` claim as its messages quote it: ``Ada 12``, or ``none``."""
    return "none" if claim.player is None else f"{claim.player} {claim.points}"


def check_points(
    claim: r.PlainPoints, count: Count, seat: Mapping[str, int], names: Sequence[str],
    remaining: Sequence[int],
) -> Diagnostic | None:
    """E504: the ``points`` claim against the recomputed count (R13-R16).  A claim names the
    hand's winner, or ``none`` when nobody scores; naming anyone else is wrong even at 0.
    ``points none`` is accepted for a winner who scores 0, since it adds what the count
    adds."""
    names_winner = claim.player is None or (
        count.winner is not None and seat[claim.player] == count.winner
    )
    if names_winner and claimed_points(claim, seat, len(names)) == count.points:
        return None
    return diagnostic(
        "E504", claim.line, claim.column, "points_wrong",
        claim=claim_text(claim), actual=explain(count, names, remaining),
    )


def check_points_bound(
    claim: r.PlainPoints, bounds: Bounds, winner: int | None, names: Sequence[str]
) -> Diagnostic | None:
    """E504 for a claim that no possible count allows, when the pips are not all known: one
    naming somebody who cannot have scored (not the player who went out, R14; or never the
    lowest total alone, R15), giving points outside what the known tiles allow, or within
    those bounds but made by no tiles the players may hold (11 pips left in one tile, where
    the only such tile, 5-6, is ruled out; ``Bounds.made``), or claiming nobody scored when
    somebody must have."""
    text = claim_text(claim)
    if claim.player is None:
        if bounds.nobody or all(low == 0 for low, _ in bounds.scorers.values()):
            return None
        return diagnostic(
            "E504", claim.line, claim.column,
            "points_somebody_scores",
            claim=text, players=tuple(names[seat] for seat in bounds.scorers),
        )
    seat = names.index(claim.player)
    if seat not in bounds.scorers:
        if winner is not None:
            return diagnostic(
                "E504", claim.line, claim.column,
                "points_only_winner",
                claim=text, winner=names[winner],
            )
        return diagnostic(
            "E504", claim.line, claim.column,
            "points_not_lowest",
            claim=text, player=claim.player,
        )
    low, high = bounds.scorers[seat]
    points = claim.points or 0
    if points < low or (high is not None and points > high):
        return diagnostic(
            "E504", claim.line, claim.column,
            "points_range",
            claim=text, player=claim.player, low=low, high="?" if high is None else high,
        )
    if not bounds.within(seat, points):
        return diagnostic(
            "E504", claim.line, claim.column,
            "points_not_made",
            claim=text, player=claim.player, points=points, low=low,
            high="?" if high is None else high,
        )
    return None


def claimed_totals(claim: r.PlainScore, names: Sequence[str]) -> list[int] | None:
    """The totals a ``score`` claim gives, in seat order; None when it does not give every
    player exactly once."""
    entries = claim.entries
    if [entry.player for entry in entries] == list(names):  # in seat order, as usual
        return [entry.total for entry in entries]
    given = {entry.player: entry.total for entry in entries}
    if len(given) != len(entries) or set(given) != set(names):
        return None
    return [given[name] for name in names]


def implied_points(claim: r.PlainScore | None, before: Sequence[int] | None,
                   names: Sequence[str]) -> tuple[int, ...] | None:
    """The points of the hand a ``score`` line implies, when the totals before it are
    known: what it claims, less those."""
    if claim is None or before is None:
        return None
    given = claimed_totals(claim, names)
    if given is None:
        return None
    return tuple(total - earlier for total, earlier in zip(given, before, strict=True))


def score_shape(claim: r.PlainScore, names: Sequence[str]) -> Diagnostic | None:
    """E505 when a ``score`` claim does not give every player's running total exactly
    once (a name that is not a player's is G104, ``order.py``: the claim is not judged)."""
    if claimed_totals(claim, names) is not None:
        return None
    given: dict[str, int] = {}
    for entry in claim.entries:
        if entry.player in given:
            return diagnostic("E505", claim.line, claim.column,
                              "player_twice", player=entry.player)
        given[entry.player] = entry.total
    missing = tuple(name for name in names if name not in given)
    if missing:
        return diagnostic(
            "E505", claim.line, claim.column,
            "player_missing",
            missing=missing,
        )
    return None


def check_score(claim: r.PlainScore, names: Sequence[str], totals: Sequence[int]) -> Diagnostic:
    """E505: a well-formed ``score`` claim whose totals are not the recomputed ones (R16)."""
    return diagnostic(
        "E505", claim.line, claim.column,
        "totals_wrong",
        claim=tuple(f"{e.player} {e.total}" for e in claim.entries),
        actual=tuple(f"{name} {total}" for name, total in zip(names, totals, strict=True)),
    )
