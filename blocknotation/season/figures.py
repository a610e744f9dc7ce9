"""One game's part in the standings: whether it counts, and each player's figures in it.

Every figure is read off what the validation computed (``report.values``): the game's
status, winner and final totals, each hand's outcome, winner and points, and the
diagnostics.  A figure the engine does not know (it keeps totals it cannot know as None
after a slip) is None here, and so is every sum it goes into: the standings say "unknown",
never a number made up.

The rule (docs/standings.md, "Which games count"):

- a game with an error is left out (``excluded``), unless ``include_invalid``;
- a game that counts is ``counted`` once it is over (won, drawn, or decided whoever won)
  and listed apart while it is not (``in_progress``, or not known: status None);
- illegal passes (P405, P407) are counted in every game read, whatever its state.

In a drawn game the players who share the lead draw and the others lose; in a game decided
without a known winner, who won, drew and lost is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from ..basics.names import name_key
from ..notation.plain import PlainPass
from ..report.values import GameResult, HandResult
from .aliases import Aliases, clash
from .read import Played

Count = int | None
State = Literal["counted", "in_progress", "excluded"]
PASSES = ("P405", "P407")


def plus(a: Count, b: Count) -> Count:
    """A sum, unknown when a term is."""
    return None if a is None or b is None else a + b


@dataclass(slots=True)
class Figures:
    """A player's figures, in one game or added up over many; None: unknown."""

    games: int = 0
    won: Count = 0
    drawn: Count = 0
    lost: Count = 0
    hands: int = 0
    domino: Count = 0
    blocked: Count = 0
    points_for: Count = 0
    points_against: Count = 0
    p405: int = 0
    p407: int = 0

    def add(self, other: Figures) -> None:
        for f in _FIELDS:
            setattr(self, f, plus(getattr(self, f), getattr(other, f)))

    @property
    def average(self) -> float | None:
        """Points for per hand played (None: no hand, or the points are unknown)."""
        if not self.hands or self.points_for is None:
            return None
        return self.points_for / self.hands


_FIELDS = tuple(f.name for f in fields(Figures))


@dataclass(frozen=True, slots=True)
class GameFigures:
    """A game's part in the standings: where it is, its state, and the figures of its
    players (of those with an illegal pass only, unless it is counted)."""

    file: str
    index: int
    line: int
    date: str | None
    event: str | None
    players: tuple[str, ...]
    state: State
    status: str | None
    score: dict[str, int] | None
    errors: int
    codes: tuple[str, ...]
    figures: dict[str, Figures]
    spellings: dict[str, str]
    """Each player as written (NFC), for the players written otherwise than counted."""


def game_figures(played: Played, aliases: Aliases, include_invalid: bool) -> GameFigures:
    """``played``'s part in the standings, its names taken through ``aliases``."""
    result = played.result
    clash(result.players, aliases, {"path": played.file, "game": result.index})
    name = aliases.name
    players = tuple(name(p) for p in result.players)
    score = None if result.score is None else {name(p): v for p, v in result.score.items()}
    errors = played.errors
    state: State
    if errors and not include_invalid:
        state = "excluded"
    elif result.status in ("won", "drawn", "decided"):
        state = "counted"
    else:
        state = "in_progress"
    figures = _counted(result, players, score) if state == "counted" else {}
    for code, player in _passes(played):
        line = figures.setdefault(name(player), Figures())
        if code == "P405":
            line.p405 += 1
        else:
            line.p407 += 1
    codes = tuple(sorted({d.code for d in played.diagnostics if d.is_error}))
    spellings = {name(p): name_key(p) for p in result.players if name(p) != name_key(p)}
    return GameFigures(played.file, result.index, result.line, played.tag("Date"),
                       played.tag("Event"), players, state, result.status, score, errors,
                       codes, figures, spellings)


def _counted(result: GameResult, players: tuple[str, ...],
             score: dict[str, int] | None) -> dict[str, Figures]:
    """Each player's figures in a game that is over."""
    out = {}
    lead = None if score is None else max(score.values(), default=0)
    winner = result.winner
    for seat, player in enumerate(players):
        line = Figures(games=1, hands=len(result.hands))
        if result.status == "won" and winner is not None:
            won = result.players[seat] == winner
            line.won, line.drawn, line.lost = int(won), 0, int(not won)
        elif result.status == "drawn":
            line.won = 0
            if score is not None and lead is not None:
                line.drawn = int(score[player] == lead)
                line.lost = 1 - line.drawn
            else:
                line.drawn = line.lost = None
        else:  # decided, whoever won is not known
            line.won = line.drawn = line.lost = None
        original = result.players[seat]
        line.domino = _hands_won(result.hands, original, "domino")
        line.blocked = _hands_won(result.hands, original, "blocked")
        if score is None:
            line.points_for = line.points_against = None
        else:
            line.points_for = score[player]
            line.points_against = sum(score.values()) - score[player]
        out[player] = line
    return out


def _hands_won(hands: tuple[HandResult, ...], player: str, how: str) -> Count:
    """How many hands ``player`` won by ``how`` (domino, blocked); None when a hand's end
    is not known well enough to say."""
    count = 0
    for hand in hands:
        if hand.outcome is None:
            return None
        if hand.outcome != how:
            continue
        if hand.winner is None:
            # A domino always has a winner; a blocked hand has none when the lowest total
            # is tied, which only known points can tell.
            if how == "domino" or hand.points is None:
                return None
            continue
        count += hand.winner == player
    return count


def _passes(played: Played) -> list[tuple[str, str]]:
    """(code, player as written) for each illegal pass reported in the game."""
    found = [d for d in played.diagnostics if d.code in PASSES]
    if not found:
        return []
    passer: dict[int, str] = {}
    if played.written is not None:
        for hand in played.written.hands:
            for statement in hand.statements:
                if isinstance(statement, PlainPass):
                    passer[statement.line] = statement.player
    out = []
    for d in found:
        player = passer.get(d.line)
        if player is None:
            arg = d.message.args.get("player")
            player = arg if isinstance(arg, str) else None
        if player is not None:
            out.append((d.code, player))
    return out
