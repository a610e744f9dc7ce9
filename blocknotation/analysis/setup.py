"""What the analysis of a hand starts from, read from the record and the engine's report of
it: each seat's deal, and the moves in order (``HandToAnalyse``); or why the hand cannot be
analysed (``HandAnalysis`` with a reason).

A hand is analysed when every player's deal is recorded, with as many tiles as R3 deals,
no tile twice, and when no error of the engine falls on its deals or moves (a syntax error,
a deal, turn or play error: S, D, T302, T303, P, G104, G107).  The moves are replayed once
more when they are valued (``hand.py``), with the engine's rules; one that does not replay
there stops the analysis too.  Statements are read by their fields, so the record's plain
form and its pydantic records both do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..basics.diagnostics import N_, Diagnostic, Message
from ..basics.game_sizes import TILES_EACH
from ..basics.names import name_key
from ..engine.tiles import bit
from ..report.analysis import HandAnalysis, Side
from ..report.values import GameResult, HandResult
from . import search

#: Errors that mean the deals or the moves of a hand do not replay as written.
_STOPPING = ("S", "D", "P", "T302", "T303", "G104", "G107")

#: A move as written: its line, the seat moving, the tile as written (None: a pass), its side.
Written = tuple[int, int, tuple[int, int] | None, Side | None]


@dataclass(frozen=True, slots=True)
class HandToAnalyse:
    """A hand to analyse: picklable, so a worker process can (``--jobs``)."""

    number: int
    line: int
    players: tuple[str, ...]
    deals: tuple[int, ...]
    opener: int | None
    """Who leads: the seat of the first move (the engine's rotation goes on from it, R17),
    else the engine's opener; None when neither is known."""
    moves: tuple[Written, ...]
    threshold: int = 1
    bound: int = search.NODE_BOUND
    deadline: float | None = None
    """When the run's time is spent (``time.monotonic``, the same clock in every process
    of the machine): ``--max-seconds``."""


def problems(game: Any, result: GameResult, diagnostics: Sequence[Diagnostic],
             threshold: int = 1, bound: int | None = None, end: int | None = None,
             deadline: float | None = None) -> list[HandToAnalyse | HandAnalysis]:
    """Each hand of ``game`` (records, or the plain form) that the engine replayed, as a
    problem, or as the reason it is not analysed; ``result`` is the engine's report of the
    game and ``diagnostics`` its diagnostics; ``end``: the line where the next game starts."""
    by_line = {hand.line: hand for hand in result.hands}
    hands = list(game.hands)
    if not hands:  # a game of tags alone (S005): nothing to analyse
        return []
    starts = [hand.line for hand in hands[1:]] + [end if end is not None else 1 << 62]
    heading = tuple(d for d in diagnostics if d.line < hands[0].line and d.is_error
                    and d.game in (None, result.index))
    found: list[HandToAnalyse | HandAnalysis] = []
    for hand, stop in zip(hands, starts, strict=True):
        replayed = by_line.get(hand.line)
        if replayed is None:
            continue
        found.append(problem(hand, replayed, result.players, [
            d for d in diagnostics if hand.line <= d.line < stop], threshold, bound, heading,
            deadline))
    return found


def problem(hand: Any, result: HandResult, players: tuple[str, ...],
            diagnostics: Sequence[Diagnostic], threshold: int = 1, bound: int | None = None,
            heading: Sequence[Diagnostic] = (), deadline: float | None = None
            ) -> HandToAnalyse | HandAnalysis:
    """One hand as a problem, or why it is not analysed; ``heading``: the errors of its
    game above its first hand (its tags), which may be why it was not replayed;
    ``deadline``: the run's (``HandToAnalyse.deadline``)."""
    if bound is None:
        bound = search.NODE_BOUND
    def refused(reason: Any, template: str, **args: object) -> HandAnalysis:
        return HandAnalysis(hand.number, hand.line, players, threshold, reason=reason,
                            detail=Message(template, args))

    if not result.replayed:
        why = next((d for d in (*diagnostics, *heading) if d.is_error), None)
        if why is None or why.code.startswith("S"):
            return refused("moves", N_("its lines could not be read, so it was not replayed"))
        return refused("moves", N_("it was not replayed, for {code} at line {line}"),
                       code=why.code, line=why.line)
    seat = {name_key(name): place for place, name in enumerate(players)}
    deals: dict[int, int] = {}
    moves: list[Written] = []
    for statement in hand.statements:
        kind = statement.kind
        who = seat.get(name_key(statement.player)) if kind in ("deal", "play", "pass") else None
        if kind == "deal" and who is not None and who not in deals:
            mask = 0
            for tile in statement.tiles:
                mask |= bit(tuple(tile))
            deals[who] = mask if len(statement.tiles) == TILES_EACH.get(len(players)) \
                and mask.bit_count() == len(statement.tiles) else -1
        elif kind in ("play", "pass"):
            if who is None:
                return refused("moves", N_("line {line} names a player who is not in the "
                                           "game"), line=statement.line)
            tile = tuple(statement.tile) if kind == "play" else None
            moves.append((statement.line, who, tile, statement.side if tile else None))
    missing = tuple(name for place, name in enumerate(players) if place not in deals)
    if missing:
        return refused("deals", N_("no deal is recorded for {players}, and the analysis "
                                   "needs every deal"), players=missing)
    stopping = next((d for d in diagnostics if d.is_error and d.code.startswith(_STOPPING)),
                    None)
    if stopping is not None:
        return refused("moves", N_("{code} at line {line}: its deals and moves do not "
                                   "replay without error"),
                       code=stopping.code, line=stopping.line)
    masks = tuple(deals[place] for place in range(len(players)))
    union = 0
    for mask in masks:
        if mask < 0 or union & mask:
            return refused("deals", N_("its deals do not give each player the tiles R3 "
                                       "deals, each tile once"))
        union |= mask
    opener = moves[0][1] if moves else seat.get(name_key(result.opener or ""))
    return HandToAnalyse(hand.number, hand.line, players, masks, opener, tuple(moves), threshold,
                         bound, deadline)
