"""The analysis of a hand in words (``report/analysis.py``): a mistake, a hand won by force,
why a hand was not analysed, the value of a move.  The text output, the annotated record's
``#?`` lines and the language server's hover all say it so."""

from __future__ import annotations

from collections.abc import Sequence

from ..basics.diagnostics import N_, Message
from .analysis import Ending, HandAnalysis, Move, MoveValue


def moves_words(moves: Sequence[Move]) -> Message | str:
    """``5-5 L``, ``5-5 L or 3-3 R``, ``5-5 L, 3-3 R or 1-1``."""
    texts = [move.text for move in moves]
    if len(texts) == 1:
        return texts[0]
    return Message(N_("{moves} or {last}"), {"moves": tuple(texts[:-1]), "last": texts[-1]})


def would_words(best: Sequence[tuple[Move, Ending]], player: str) -> Message:
    """What the best moves would have done: ``5-5 L would have won the hand by domino,
    scoring 12``.  Every best move is worth the same to ``player``, so they agree on who scores
    and how much; where they do not agree on how the hand ends, that is left unsaid."""
    moves = moves_words([move for move, _ in best])
    ending = best[0][1]
    kinds = {found.outcome for _, found in best}
    args = {"moves": moves, "points": ending.points, "player": ending.winner or ""}
    if ending.winner is None:
        template = N_("{moves} would have tied the blocked hand, and nobody would have scored")
    elif ending.winner != player:
        template = N_("{moves} would have let {player} score only {points}")
    elif kinds == {"domino"}:
        template = N_("{moves} would have won the hand by domino, scoring {points}")
    elif kinds == {"blocked"}:
        template = N_("{moves} would have won the blocked hand, scoring {points}")
    else:
        template = N_("{moves} would have won the hand, scoring {points}")
    return Message(template, args)


def mistake_words(move: MoveValue) -> Message:
    """``Bea played 6-2 R and gave away 12 (Bea's points minus Ada's); 5-5 L would have won
    the hand by domino, scoring 12``: what was given away is said in the line, the
    difference of the two players' points with two, the mover's own with more."""
    template = N_("{player} played {move} and gave away {points} ({player}'s points minus "
                  "{versus}'s); {would}") if move.versus is not None else N_(
        "{player} played {move} and gave away {points} of {player}'s own points; {would}")
    return Message(template, {
        "player": move.player, "move": move.played.text, "points": move.given_away,
        "versus": move.versus or "", "would": would_words(move.best, move.player)})


def ending_words(ending: Ending) -> Message:
    """``Bea wins by domino, scoring 12``, ``Ada wins the blocked hand, scoring 5``, ``the
    blocked hand is tied, and nobody scores``."""
    if ending.winner is None:
        return Message(N_("the blocked hand is tied, and nobody scores"))
    if ending.outcome == "domino":
        return Message(N_("{player} wins by domino, scoring {points}"),
                       {"player": ending.winner, "points": ending.points})
    return Message(N_("{player} wins the blocked hand, scoring {points}"),
                   {"player": ending.winner, "points": ending.points})


def hand_words(analysis: HandAnalysis) -> Message | None:
    """The line a hand gets of its own: why it was not analysed, or who wins it by force
    from the first move; None for a hand analysed that nobody wins by force."""
    number = analysis.number
    if analysis.reason == "too_large":
        return Message(N_("hand {number}: not analysed (too large): {why}"),
                       {"number": number, "why": analysis.detail or ""})
    if analysis.reason == "time":
        return Message(N_("hand {number}: not analysed (out of time): {why}"),
                       {"number": number, "why": analysis.detail or ""})
    if analysis.reason is not None:
        return Message(N_("hand {number}: not analysed: {why}"),
                       {"number": number, "why": analysis.detail or ""})
    forced = analysis.forced
    if forced is None:
        return None
    others = [name for name in analysis.players if name != forced.player]
    if len(others) == 1:
        return Message(N_("hand {number}: {player} wins by force from the first move, "
                          "scoring at least {points} whatever {other} plays"),
                       {"number": number, "player": forced.player, "points": forced.points,
                        "other": others[0]})
    return Message(N_("hand {number}: {player} wins by force from the first move, scoring "
                      "at least {points} whatever the others play"),
                   {"number": number, "player": forced.player, "points": forced.points})


def start_words(analysis: HandAnalysis) -> Message | None:
    """``hand 3: under best play from the first move, Bea wins by domino, scoring 12``."""
    if analysis.start is None:
        return None
    return Message(N_("hand {number}: under best play from the first move, {ending}"),
                   {"number": analysis.number, "ending": ending_words(analysis.start)})


def value_words(move: MoveValue, threshold: int) -> Message:
    """A move's value, as the annotated record and the hover give it: ``value 12: the best
    move``, ``value 0: a pass, the only move``, or what it gave away and the best moves."""
    if move.played.tile is None:
        return Message(N_("value {value}: a pass, the only move"), {"value": move.after})
    if not move.given_away:
        others = [best for best, _ in move.best if not _same(move.played, best)]
        if not others:
            return Message(N_("value {value}: the best move"), {"value": move.after})
        return Message(N_("value {value}: a best move, as good as {others}"),
                       {"value": move.after, "others": moves_words(others)})
    template = N_("value {before}, played {after}: a mistake: {words}") if move.mistake(
        threshold) else N_("value {before}, played {after}: {words}")
    return Message(template, {"before": move.before, "after": move.after,
                              "words": mistake_words(move)})


def _same(played: Move, best: Move) -> bool:
    """Whether a best move is the move played: the same tile, on the same end (a side left
    out, where the tile fits one end, is that end)."""
    return played.tile is not None and best.tile is not None and sorted(played.tile) == \
        sorted(best.tile) and played.side in (None, best.side)
