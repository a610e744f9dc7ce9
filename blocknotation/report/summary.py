"""What the engine found at the end of a hand and of a game, as lines of words.

Used by the annotated output (``#=`` comments after each hand) and the HTML report: the
outcome, each player's remaining pips, the arithmetic of the points (R14, R15) and the
running totals.  Unknown values are written ``?``; where they are unknown because a slip
leaves readings of the record that disagree (``HandResult.doubt``), the words say so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from ..basics.diagnostics import N_, printable
from ..basics.i18n import plural, translator
from .values import Candidate, GameResult, HandResult


def _pairs(players: Sequence[str], values: Mapping[str, int | None]) -> str:
    return ", ".join(
        f"{printable(name)} {'?' if values.get(name) is None else values.get(name)}"
        for name in players
    )


def hand_lines(hand: HandResult, players: Sequence[str], lang: str = "en",
               totals: bool = True) -> Iterator[str]:
    """The end of one hand: outcome, remaining pips, points, and running totals (unless
    ``totals`` is false: the HTML report shows them in each game's table)."""
    _ = translator(lang)
    number = hand.number
    if hand.outcome == "domino" and hand.winner is not None:
        yield _(N_("hand {number}: domino by {player}")).format(
            number=number, player=printable(hand.winner))
    elif hand.outcome == "blocked":
        yield _(N_("hand {number}: blocked")).format(number=number)
    elif hand.outcome == "unfinished":
        yield _(N_("hand {number}: unfinished")).format(number=number)
    elif hand.doubt:
        yield _(N_("hand {number}: how it ended is not known: after a slip the record can be "
                   "read more than one way")).format(number=number)
    elif hand.replayed and not hand.settled_by_claims:
        yield _(N_("hand {number}: how it ended is not known")).format(number=number)
    else:
        yield _(N_("hand {number}: not replayed")).format(number=number)
    if hand.settled_by_claims:
        yield _(N_("no moves recorded: counted from the show lines and the claims"))
    if any(pips is not None for pips in hand.remaining.values()):
        yield _(N_("remaining pips: {pips}")).format(pips=_pairs(players, hand.remaining))
    yield _points_line(hand, players, _)
    if not totals:
        return
    if hand.score is not None:
        yield _(N_("totals: {totals}")).format(totals=_pairs(players, hand.score))
    elif hand.outcome != "unfinished":
        yield _(N_("totals: unknown"))


def _points_line(hand: HandResult, players: Sequence[str], _: Callable[[str], str]) -> str:
    if hand.outcome == "unfinished":
        return _(N_("no points: the hand is not over"))
    arithmetic = _arithmetic(hand, players, _)
    if arithmetic is not None:
        return arithmetic
    if hand.points is None and hand.candidates:
        return candidates_words(hand, players, _)
    if hand.points is None and hand.doubt:
        return _(N_("points: not known: the readings of the record after a slip give "
                    "different counts"))
    if hand.points is None:
        return _(N_("points: cannot be recomputed"))
    scorer = next((name for name in players if hand.points.get(name)), None)
    if not hand.unverified:  # not every pip is known, but every count they allow is this
        if scorer is None:
            return _(N_("nobody scores: whatever the tiles not shown, the lowest total is "
                        "tied (R15)"))
        return _(N_("{player} scores {points}: whatever the tiles not shown, the count is "
                    "the same")).format(player=printable(scorer), points=hand.points[scorer])
    if scorer is None:
        return _(N_("nobody scores, as claimed (not verifiable)"))
    return _(N_("{player} scores {points}, as claimed (not verifiable)")).format(
        player=printable(scorer), points=hand.points[scorer])


def candidates_words(hand: HandResult, players: Sequence[str], _: Callable[[str], str]) -> str:
    """``points: not known: Ada 23 as written; Ada 12 if line 23 was a play of 5-6``: the
    values the readings give a hand's points, each with what it rests on."""
    shown = [_candidate_words(c, players, _) for c in hand.candidates]
    if hand.more_candidates:
        shown.append(_(N_("and {count} more")).format(count=hand.more_candidates))
    return _(N_("points: not known: {candidates}")).format(candidates="; ".join(shown))


def _candidate_words(candidate: Candidate, players: Sequence[str],
                     _: Callable[[str], str]) -> str:
    points = candidate.points
    if points is None and candidate.outcome == "unfinished":
        value = _(N_("the hand not over"))
    elif points is None:
        value = _(N_("points not known"))
    else:
        scorer = next((name for name in players if points.get(name)), None)
        value = _(N_("nobody scores")) if scorer is None else (
            f"{printable(scorer)} {points[scorer]}")
    if not candidate.grounds:
        return _(N_("{value} as written")).format(value=value)
    grounds = _(N_(" and ")).join(
        _(N_("line {line} was {reading}")).format(line=g.line, reading=g.read_as.render(_))
        for g in candidate.grounds)
    return _(N_("{value} if {grounds}")).format(value=value, grounds=grounds)


def _arithmetic(hand: HandResult, players: Sequence[str], _: Callable[[str], str]) -> str | None:
    """``Ada scores 7 + 8 − 3 = 12``; None unless the engine recomputed the points from
    every player's remaining pips."""
    if hand.unverified or hand.points is None:
        return None
    remaining = [hand.remaining.get(name) for name in players]
    pips = [p for p in remaining if p is not None]
    if len(pips) != len(players) or hand.outcome not in ("domino", "blocked"):
        return None
    if hand.winner is None:
        if hand.outcome == "domino":
            return None
        low = min(pips)
        tied = ", ".join(str(p) for p in pips if p == low)
        return _(N_("tie for lowest ({totals}): nobody scores")).format(totals=tied)
    winner = hand.winner
    added = [p for name, p in zip(players, pips, strict=True) if name != winner]
    terms = " + ".join(str(p) for p in added)
    if hand.outcome == "blocked":
        terms += f" − {hand.remaining[winner]}"
    elif len(added) == 1:
        return _(N_("{player} scores {points}")).format(
            player=printable(winner), points=hand.points.get(winner, 0))
    return _(N_("{player} scores {sum} = {points}")).format(
        player=printable(winner), sum=terms, points=hand.points.get(winner, 0))


def game_line(game: GameResult, lang: str = "en") -> str:
    """How the game stands after its last hand."""
    _ = translator(lang)
    total = max(game.score.values()) if game.score else 0
    if game.status == "won" and game.winner is not None and game.score is None:
        return _(N_("game {index}: {player} wins, whatever the unknown points were")).format(
            index=game.index, player=printable(game.winner))
    if game.status == "won" and game.winner is not None:
        return plural(lang, "game {index}: {player} wins with {total} point",
                      "game {index}: {player} wins with {total} points", total).format(
            index=game.index, player=printable(game.winner), total=total)
    if game.status == "drawn":
        return plural(lang, "game {index}: drawn at {total} point",
                      "game {index}: drawn at {total} points", total).format(
            index=game.index, total=total)
    if game.status == "decided":
        return _(N_("game {index}: decided, somebody has reached {target} points whatever the "
                    "unknown points were, but who won cannot be known")).format(
            index=game.index, target=game.target)
    if game.status is None and game.target is not None:
        return _(N_("game {index}: how it stands is not known: the unknown points may have "
                    "taken somebody to {target}")).format(index=game.index, target=game.target)
    if game.target is None:
        return _(N_("game {index}: cannot be scored")).format(index=game.index)
    return plural(lang, "game {index}: in progress, nobody has reached {target} point",
                  "game {index}: in progress, nobody has reached {target} points",
                  game.target).format(index=game.index, target=game.target)


def standing_words(game: GameResult, lang: str = "en") -> str:
    """How the game stands, as ``game_line`` says it, without the game's number before it
    (``Zoë wins with 74 points``): for a place that already names the game."""
    line = game_line(game, lang)
    prefix = translator(lang)(N_("game {index}")).format(index=game.index) + ": "
    return line.removeprefix(prefix)


def totals_text(game: GameResult, lang: str = "en") -> str:
    """The running totals after the game's last hand, in ``Players`` order, the winner's
    left out (``game_line`` gives it): ``Bea 90, Cy 61``; ``totals not known`` where some
    hand's points are unknown."""
    if game.score is None:
        return translator(lang)(N_("totals not known"))
    return ", ".join(f"{printable(name)} {total}" for name, total in game.score.items()
                     if not (game.status == "won" and name == game.winner))
