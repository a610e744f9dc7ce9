"""What the HTML report shows, gathered from the records and the engine's results.

Plain values for the template (``templates/report.html.j2``): a file's verdict, diagnostics
and numbered lines; each game's players, target and chart; each hand's chain (from the
engine's ``HandResult.placed``, laid out by ``draw``), moves and hands held.  Text from
the record (names, tags, comments) is kept as written: the template escapes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...basics.diagnostics import Diagnostic
from ...basics.game_sizes import RULES_TARGET, TILES_EACH
from ...report.summary import game_line, hand_lines
from ...report.values import GameResult, HandResult
from ..reports.describe import tile_text
from . import draw
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
class HeldTile:
    """A tile in a player's hand: its values (None: face down), the move that played it
    (None: never played) and its tooltip, as HTML (escaped)."""

    a: int | None
    b: int | None
    step: int | None
    title: str
    shown_at: int | None = None
    """For a tile of an unrecorded deal shown at the end: the move after which it shows."""


@dataclass(frozen=True, slots=True)
class Holder:
    name: str
    known: bool
    tiles: tuple[HeldTile, ...]
    shown: tuple[tuple[int, int], ...] | None


@dataclass(frozen=True, slots=True)
class HandView:
    anchor: str
    game: int
    number: int
    opener: str | None
    tiles: tuple[draw.Drawn, ...]
    tile_titles: tuple[str, ...]
    """Each tile's tooltip, as HTML (escaped)."""
    height: float
    stops_at: int | None
    moves: tuple[int, ...]
    """The line of each move (play or pass), in order: move ``k`` is ``moves[k - 1]``."""
    holders: tuple[Holder, ...]
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
    chart: draw.Chart
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
                    result.winner, game_line(result, ctx.lang), tags,
                    draw.chart(totals, result.target), totals, views)


def hand_view(ctx: Context, anchor: str, hand: HandFacts | None, result: HandResult,
              players: Sequence[str], game: int = 1) -> HandView:
    """One hand; ``anchor`` is its id in the page (by position, so that it is unique even
    where hands are misnumbered)."""
    moves = hand.moves if hand is not None else ()
    steps = {line: step for step, (line, _, _) in enumerate(moves, start=1)}
    plays = [(line, player, tile) for line, player, tile in moves if tile is not None]
    laid: list[tuple[int, int]] = []
    stops_at = None
    for line, _, _ in plays:
        if line not in result.ends or line not in result.placed:
            stops_at = line  # as the annotated output: no longer described from here
            break
        laid.append((line, steps[line]))
    tiles, height = draw.lay_out(draw.chain_order(laid, result.placed))
    who = {line: ctx.html(player) for line, player, _ in plays}
    title = _word(ctx, "tile_title")
    titles = tuple(title.format(tile=_text((t.tile.a, t.tile.b)), player=who[t.tile.line],
                                line=t.tile.line) for t in tiles)
    own = hand.lines if hand is not None else frozenset()
    hand_line = hand.line if hand is not None else result.line
    return HandView(
        anchor=anchor,
        game=game,
        number=result.number,
        opener=result.opener,
        tiles=tuple(tiles),
        tile_titles=titles,
        height=height,
        stops_at=stops_at,
        moves=tuple(line for line, _, _ in moves),
        holders=_holders(ctx, players, hand, steps, result.replayed),
        summary=tuple(hand_lines(result, players, ctx.lang)),
        diagnostics=tuple(d for line in sorted(own - set(steps) | {hand_line})
                          for d in ctx.views.get(line, ())),
    )


def _word(ctx: Context, key: str) -> str:
    """A word of the page, escaped for HTML: the titles made from it are HTML (their tile
    texts and numbers need no escaping, and the names put in are escaped)."""
    return ctx.html(ctx.words[key])


def _holders(ctx: Context, names: Sequence[str], hand: HandFacts | None,
             steps: dict[int, int], replayed: bool = True) -> tuple[Holder, ...]:
    """Every player's tiles (``_holder``); in a hand that was not replayed (a line of it
    cannot be read), none is shown as played: what the moves did is not known."""
    played: dict[str, dict[tuple[int, int], tuple[int, int]]] = {name: {} for name in names}
    for line, player, tile in hand.moves if hand is not None and replayed else ():
        if tile is not None:
            played.setdefault(player, {}).setdefault(_key(tile), (steps[line], line))
    deals = hand.deals if hand is not None else {}
    shows = hand.shows if hand is not None else {}
    count = len(hand.moves) if hand is not None else 0
    return tuple(_holder(ctx, name, deals.get(name), shows.get(name), played[name],
                         len(names), count) for name in names)


def _holder(ctx: Context, name: str, deal: Sequence[tuple[int, int]] | None,
            show: Sequence[tuple[int, int]] | None,
            played: dict[tuple[int, int], tuple[int, int]], players: int,
            moves: int) -> Holder:
    """A player's tiles: the deal if recorded (played ones marked); else the tiles played,
    face down until played, those shown at the end, face down until then, and as many
    tiles face down as are still unknown."""
    shown = None if show is None else tuple(_key(t) for t in show)
    if deal is not None:
        tiles = tuple(_held(ctx, t, played.get(_key(t))) for t in deal)
        return Holder(name, True, tiles, shown)
    known = tuple(_held(ctx, tile, at) for tile, at in played.items())
    kept = tuple(HeldTile(a, b, None, _word(ctx, "held").format(tile=_text((a, b))),
                          moves) for a, b in shown or ())
    hidden = max(TILES_EACH.get(players, 0) - len(known) - len(kept), 0)
    down = HeldTile(None, None, None, _word(ctx, "face_down"))
    return Holder(name, False, known + kept + (down,) * hidden, shown)


def _held(ctx: Context, tile: tuple[int, int], at: tuple[int, int] | None) -> HeldTile:
    if at is None:
        return HeldTile(tile[0], tile[1], None, _word(ctx, "held").format(tile=_text(tile)))
    title = _word(ctx, "played_at").format(tile=_text(tile), line=at[1])
    return HeldTile(tile[0], tile[1], at[0], title)


def _key(tile: tuple[int, int]) -> tuple[int, int]:
    return (tile[0], tile[1]) if tile[0] <= tile[1] else (tile[1], tile[0])


#: Every tile's text, ``[low|high]``, written once.
_TEXTS = {(a, b): tile_text((a, b)) for a in range(10) for b in range(10)}


def _text(tile: tuple[int, int]) -> str:
    text = _TEXTS.get(tile)
    return tile_text(tile) if text is None else text
