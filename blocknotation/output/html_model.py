"""What the HTML report shows, gathered from the records and the engine's results.

Plain values for the template (``templates/report.html.j2``): a file's verdict, diagnostics
and numbered lines; each game's players, target and chart; each hand's chain (from the
engine's ``HandResult.placed``, laid out by ``html_draw``), moves and hands held.  Text from
the record (names, tags, comments) is kept as written: the template escapes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import records as r
from ..describe import tile_text
from ..diagnostics import Diagnostic
from ..engine.players import RULES_TARGET, TILES_EACH
from ..report import GameResult, HandResult
from . import html_draw as draw
from .hand_summary import game_line, hand_lines

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class DiagnosticView:
    code: str
    severity: str
    message: str
    line: int
    anchor: str | None


@dataclass(frozen=True, slots=True)
class HeldTile:
    """A tile in a player's hand: its values (None: face down), the move that played it
    (None: never played) and its tooltip."""

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
    number: int
    opener: str | None
    tiles: tuple[draw.Drawn, ...]
    tile_titles: tuple[str, ...]
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
    status: str
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

    def anchor(self, line: int) -> str | None:
        return f"{self.prefix}-L{line}" if 1 <= line <= len(self.lines) else None

    def view(self, d: Diagnostic) -> DiagnosticView:
        return DiagnosticView(d.code, d.severity, d.message.render(self.translate), d.line,
                              self.anchor(d.line))


def game_view(ctx: Context, game: r.Game | None, result: GameResult) -> GameView:
    anchor = f"{ctx.prefix}-g{result.index}"
    hands = {h.line: h for h in game.hands} if game is not None else {}
    views = tuple(
        hand_view(ctx, f"{anchor}-h{position}", hands.get(h.line), h, result.players)
        for position, h in enumerate(result.hands, start=1))
    totals = tuple(
        tuple(None if h.score is None else h.score.get(p) for h in result.hands)
        for p in result.players)
    tag = game.tag("Target") if game is not None else None
    house = tag is not None and result.target != RULES_TARGET.get(len(result.players))
    tags = tuple((t.key, t.value) for t in (game.tags if game is not None else ())
                 if t.key not in ("Players", "Target"))
    return GameView(anchor, result.index, result.players, result.target, house, result.status,
                    result.winner, game_line(result, ctx.lang), tags,
                    draw.chart(totals, result.target), totals, views)


def hand_view(ctx: Context, anchor: str, hand: r.Hand | None, result: HandResult,
              players: Sequence[str]) -> HandView:
    """One hand; ``anchor`` is its id in the page (by position, so that it is unique even
    where hands are misnumbered)."""
    statements = hand.statements if hand is not None else ()
    moves = [s for s in statements if isinstance(s, r.Play | r.Pass)]
    steps = {s.line: step for step, s in enumerate(moves, start=1)}
    plays = [s for s in moves if isinstance(s, r.Play)]
    laid: list[tuple[int, int]] = []
    stops_at = None
    for play in plays:
        if play.line not in result.ends or play.line not in result.placed:
            stops_at = play.line  # as the annotated output: no longer described from here
            break
        laid.append((play.line, steps[play.line]))
    tiles, height = draw.lay_out(draw.chain_order(laid, result.placed))
    who = {p.line: p.player for p in plays}
    titles = tuple(
        _word(ctx, "tile_title").format(tile=tile_text((t.tile.a, t.tile.b)),
                                        player=who[t.tile.line], line=t.tile.line)
        for t in tiles)
    own = {s.line for s in statements}
    hand_line = hand.line if hand is not None else result.line
    return HandView(
        anchor=anchor,
        number=result.number,
        opener=result.opener,
        tiles=tuple(tiles),
        tile_titles=titles,
        height=height,
        stops_at=stops_at,
        moves=tuple(m.line for m in moves),
        holders=tuple(_holder(ctx, name, statements, steps, len(players), len(moves))
                      for name in players),
        summary=tuple(hand_lines(result, players, ctx.lang)),
        diagnostics=tuple(d for line in sorted(own - set(steps) | {hand_line})
                          for d in ctx.views.get(line, ())),
    )


def _word(ctx: Context, key: str) -> str:
    return ctx.words[key]


def _holder(ctx: Context, name: str, statements: Sequence[r.Statement], steps: dict[int, int],
            players: int, moves: int) -> Holder:
    """A player's tiles: the deal if recorded (played ones marked); else the tiles played,
    face down until played, those shown at the end, face down until then, and as many
    tiles face down as are still unknown."""
    deal = next((s for s in statements if isinstance(s, r.Deal) and s.player == name), None)
    show = next((s for s in statements if isinstance(s, r.Show) and s.player == name), None)
    played: dict[tuple[int, int], tuple[int, int]] = {}
    for s in statements:
        if isinstance(s, r.Play) and s.player == name:
            played.setdefault(_key(s.tile), (steps[s.line], s.line))
    shown = None if show is None else tuple(_key(t) for t in show.tiles)
    if deal is not None:
        tiles = tuple(_held(ctx, t, played.get(_key(t))) for t in deal.tiles)
        return Holder(name, True, tiles, shown)
    known = tuple(_held(ctx, tile, at) for tile, at in played.items())
    kept = tuple(HeldTile(a, b, None, _word(ctx, "held").format(tile=tile_text((a, b))),
                          moves) for a, b in shown or ())
    hidden = max(TILES_EACH.get(players, 0) - len(known) - len(kept), 0)
    down = HeldTile(None, None, None, _word(ctx, "face_down"))
    return Holder(name, False, known + kept + (down,) * hidden, shown)


def _held(ctx: Context, tile: tuple[int, int], at: tuple[int, int] | None) -> HeldTile:
    text = tile_text(tile)
    if at is None:
        return HeldTile(tile[0], tile[1], None, _word(ctx, "held").format(tile=text))
    title = _word(ctx, "played_at").format(tile=text, line=at[1])
    return HeldTile(tile[0], tile[1], at[0], title)


def _key(tile: tuple[int, int]) -> tuple[int, int]:
    low, high = sorted(tile)
    return low, high
