"""What the HTML report shows, gathered from the records and the engine's results.

Plain values for the template (``templates/report.html.j2``): a file's verdict, diagnostics
and numbered lines; each game's players, target and chart; each hand's moves (the
tiles as the engine laid them, ``HandResult.placed``), deals and shows, as data the page's
script draws from.  Text from
the record (names, tags, comments) is kept as written: the template escapes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...basics.diagnostics import Diagnostic
from ...basics.game_sizes import RULES_TARGET, TILES_EACH
from ...report.analysis import marks
from ...report.summary import hand_lines, standing_words
from ...report.values import GameResult, HandResult
from .facts import GameFacts, HandFacts
from .safe import escape

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class DiagnosticView:
    code: str
    severity: str
    message: str
    line: int
    anchor: str | None
    place: str = ""
    """The game and hand it belongs to, in words (``game 1, hand 2``), or nothing."""


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as the page gives it: its words as HTML, and its moves, deals and shows as
    compact data from which the script draws the chain and what each player held
    (``templates/report.js``; docs/html.md)."""

    anchor: str
    game: int
    number: int
    opener: str | None
    stops_at: int | None
    moves: tuple[int, ...]
    """The line of each move (play or pass), in order: move ``k`` is ``moves[k - 1]``."""
    tokens: str
    """Each move: the seat (an index into the game's names, then the hand's ``extra``
    names), then ``p`` for a pass, or the tile as laid (left half first) and ``L``, ``R``,
    ``F`` (the first tile) or ``?`` (not drawn: where it lies cannot be known)."""
    deals: str
    """Each seat's deal as digit pairs, ``?`` where it was not recorded."""
    shows: str
    """Each seat's shown tiles as digit pairs, ``.`` for a show of nothing, ``-`` for none."""
    extra: tuple[str, ...]
    """Names that moves are written under and that are not seated."""
    replayed: bool
    mistakes: str
    """Each move the analysis (``validate --format html --analyse``) calls a mistake: its
    step, the points it gave away and the best moves (``23R``, ``55L``, ``34``, ``p``),
    as ``step:points:move,move``."""
    span: tuple[int, int]
    """The first and last line of the hand's statements."""
    summary: tuple[str, ...]
    diagnostics: tuple[DiagnosticView, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    anchor: str
    index: int
    players: tuple[str, ...]
    target: int | None
    house_rule: bool
    status: str | None
    winner: str | None
    summary: str
    tags: tuple[tuple[str, str], ...]
    """The game's other tags (``Event``, ``Date``, …), as written."""
    each: int
    """Tiles dealt to each player (R2), for the face-down tiles of an unrecorded deal."""
    totals: tuple[tuple[int | None, ...], ...]
    hands: tuple[HandView, ...]


@dataclass
class Context:
    """What every part of a file's page needs: its id, its lines, its diagnostics by line."""

    prefix: str
    lines: Sequence[str]
    lang: str
    translate: Translate
    words: dict[str, str]
    views: dict[int, list[DiagnosticView]] = field(default_factory=dict)
    escaped: dict[str, str] = field(default_factory=dict)
    """Words and names escaped for HTML, each once (a page may write them many thousand
    times, in tooltips)."""

    def html(self, text: str) -> str:
        done = self.escaped.get(text)
        if done is None:
            done = self.escaped[text] = str(escape(text))
        return done

    def anchor(self, line: int) -> str | None:
        return f"{self.prefix}-L{line}" if 1 <= line <= len(self.lines) else None

    def view(self, d: Diagnostic) -> DiagnosticView:
        place = "" if d.game is None else (
            self.words["in_game"].format(game=d.game) if d.hand is None
            else self.words["in_hand"].format(game=d.game, hand=d.hand))
        return DiagnosticView(d.code, d.severity, d.message.render(self.translate), d.line,
                              self.anchor(d.line), place)


def game_view(ctx: Context, game: GameFacts | None, result: GameResult) -> GameView:
    anchor = f"{ctx.prefix}-g{result.index}"
    hands = {h.line: h for h in game.hands} if game is not None else {}
    views = tuple(
        hand_view(ctx, f"{anchor}-h{position}", hands.get(h.line), h, result.players,
                  result.index)
        for position, h in enumerate(result.hands, start=1))
    totals = tuple(
        tuple(None if h.score is None else h.score.get(p) for h in result.hands)
        for p in result.players)
    tag = game.tag("Target") if game is not None else None
    house = tag is not None and result.target != RULES_TARGET.get(len(result.players))
    tags = tuple((key, value) for key, value in (game.tags if game is not None else ())
                 if key not in ("Players", "Target"))
    return GameView(anchor, result.index, result.players, result.target, house, result.status,
                    result.winner, standing_words(result, ctx.lang), tags,
                    TILES_EACH.get(len(result.players), 0), totals, views)


def hand_view(ctx: Context, anchor: str, hand: HandFacts | None, result: HandResult,
              players: Sequence[str], game: int = 1) -> HandView:
    """One hand; ``anchor`` is its id in the page (by position, so that it is unique even
    where hands are misnumbered)."""
    moves = hand.moves if hand is not None else ()
    seats = {name: index for index, name in enumerate(players)}
    extra: list[str] = []
    tokens: list[str] = []
    stops_at = None
    for line, player, tile in moves:
        seat = seats.get(player)
        if seat is None:
            seat = seats[player] = len(players) + len(extra)
            extra.append(player)
        mark = _SEATS[seat] if seat < len(_SEATS) else "?"
        if tile is None:
            tokens.append(mark + "p")
            continue
        placed = result.placed.get(line) if stops_at is None else None
        if placed is None or line not in result.ends:
            stops_at = stops_at or line  # as the annotated output: not described from here
            tokens.append(f"{mark}{tile[0]}{tile[1]}?")
            continue
        (a, b), side = placed
        tokens.append(f"{mark}{a}{b}{side or 'F'}")
    deals = hand.deals if hand is not None else {}
    shows = hand.shows if hand is not None else {}
    own = hand.lines if hand is not None else frozenset()
    hand_line = hand.line if hand is not None else result.line
    steps = {line for line, _, _ in moves}
    return HandView(
        anchor=anchor,
        game=game,
        number=result.number,
        opener=result.opener,
        stops_at=stops_at,
        moves=tuple(line for line, _, _ in moves),
        tokens=" ".join(tokens),
        deals=" ".join(_pairs(deals.get(name), "?") for name in players),
        shows=" ".join(_pairs(shows.get(name), "-") for name in players),
        extra=tuple(extra),
        replayed=result.replayed,
        mistakes=_mistakes(result, moves),
        span=(min(own | {hand_line}), max(own | {hand_line})),
        summary=tuple(hand_lines(result, players, ctx.lang, totals=False)),
        diagnostics=tuple(d for line in sorted(own - steps | {hand_line})
                          for d in ctx.views.get(line, ())),
    )


def _mistakes(result: HandResult, moves: Sequence[tuple[int, str, object]]) -> str:
    """The hand's mistakes as ``HandView.mistakes`` gives them (nothing if not analysed)."""
    found = marks(result.analysis)
    tokens = []
    for step, (line, _, _) in enumerate(moves, start=1):
        mark = found.get(line)
        if mark is None or not mark.mistake:
            continue
        best = ",".join("p" if m.tile is None else f"{m.tile[0]}{m.tile[1]}{m.side or ''}"
                        for m in mark.best)
        tokens.append(f"{step}:{mark.given_away}:{best}")
    return " ".join(tokens)


#: The marks of seats in a move's token: the seats, then names nobody is seated under.
_SEATS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _pairs(tiles: Sequence[tuple[int, int]] | None, missing: str) -> str:
    """Tiles as digit pairs (``1-2 3-3`` is ``1233``); ``missing`` when there are none
    recorded, ``.`` for a statement of no tile."""
    if tiles is None:
        return missing
    return "".join(f"{a}{b}" for a, b in tiles) or "."
