"""Records of simulated games: ``render_game`` writes one in canonical form, ``generate``
plays and writes a stream of them (``blocknot generate``), with as much of each hand's truth
as a test or a benchmark needs."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet

from .simulate import _EVENTS, NAME_POOL, TARGETS, TILES_EACH, Shows, SimGame, Tile, simulate_game


def render_game(
    game: SimGame,
    *,
    hidden: AbstractSet[tuple[int, str]] = frozenset(),
    claims: bool = True,
    shows: Shows = "hidden",
    moves: bool = True,
    tags: Mapping[str, str] | None = None,
) -> str:
    """Write ``game`` as a record in canonical form, ending in a newline.

    ``tags`` are written first, in order, then ``Players`` (and ``Target`` when the game was
    played to a house target). ``hidden`` holds the (hand number, player) deals to leave out.
    ``shows`` says whose remaining tiles get a ``show`` line: nobody's, the players whose deal
    is hidden, or everybody's. ``claims`` writes each hand's ``domino``/``blocked``, ``points``
    and ``score`` lines. ``moves=False`` leaves out plays and passes: with every deal hidden and
    ``shows="all"`` that is a count written down after play. Games in one file are separated by
    one blank line: join rendered games with ``"\\n"``.
    """
    extra = dict(tags or {})
    for key in ("Players", "Target"):
        if key in extra:
            raise ValueError(f"the {key} tag is written from the game itself")
    lines = [f'[{key} "{_quote(value)}"]' for key, value in extra.items()]
    lines.append(f'[Players "{" ".join(game.players)}"]')
    if game.target != TARGETS[len(game.players)]:
        lines.append(f'[Target "{game.target}"]')

    for hand in game.hands:
        number = hand.number
        lines += ("", f"hand {number}", f"opener {hand.opener}")
        for name, tiles in hand.deals.items():
            if (number, name) not in hidden:
                lines.append(f"deal {name}: {_tiles(tiles)}")
        if moves:
            for move in hand.moves:
                if move.tile is None:
                    lines.append(f"{move.player}: pass")
                elif move.side is None:
                    lines.append(f"{move.player}: {move.tile[0]}-{move.tile[1]}")
                else:
                    lines.append(f"{move.player}: {move.tile[0]}-{move.tile[1]} {move.side}")
        if shows != "none":
            for name, tiles in hand.remaining_tiles.items():
                if shows == "all" or (number, name) in hidden:
                    lines.append(f"show {name}: {_tiles(tiles) or '-'}")
        if claims:
            lines.append(f"domino {hand.winner}" if hand.outcome == "domino" else "blocked")
            if hand.winner is None:
                lines.append("points none")
            else:
                lines.append(f"points {hand.winner} {hand.points[hand.winner]}")
            lines.append("score " + ", ".join(f"{n} {s}" for n, s in hand.score.items()))
    lines.append("")
    return "\n".join(lines)


def generate(
    seed: int,
    games: int,
    players: int | None = None,
    partial: bool = False,
    claims: bool = True,
    counts_only: bool = False,
) -> Iterator[str]:
    """Yield the records of ``games`` simulated games, each in canonical form.

    ``players`` fixes the number of players (None: 2, 3 or 4 at random). Names come from
    ``NAME_POOL``; some games carry ``Event`` and ``Date`` tags. With ``partial`` each hand
    leaves out a random subset of the deals (sometimes all, sometimes none) and writes
    ``show`` lines for those players instead. ``claims`` as in ``render_game``. With
    ``counts_only`` each hand is written as a count after play: no deals and no moves, a
    ``show`` line for every player, and the claims (``partial`` and ``claims`` are then
    ignored). The same arguments always yield the same text; ``"\\n".join(...)`` of the
    results is a canonical file.
    """
    for _game, text in generate_games(seed, games, players, partial, claims, counts_only):
        yield text


def generate_games(
    seed: int,
    games: int,
    players: int | None = None,
    partial: bool = False,
    claims: bool = True,
    counts_only: bool = False,
) -> Iterator[tuple[SimGame, str]]:
    """``generate``, yielding each simulated game together with its record."""
    if players is not None and players not in TILES_EACH:
        raise ValueError(f"Block is for 2, 3 or 4 players, not {players} (R1)")
    if games < 0:
        raise ValueError(f"cannot generate {games} games")
    rng = random.Random(seed)
    for _ in range(games):
        n = rng.randint(2, 4) if players is None else players
        game = simulate_game(rng, rng.sample(NAME_POOL, n))
        tags: dict[str, str] = {}
        if rng.random() < 0.3:
            tags["Event"] = rng.choice(_EVENTS)
        if rng.random() < 0.3:
            year, month, day = rng.randint(2019, 2027), rng.randint(1, 12), rng.randint(1, 28)
            tags["Date"] = f"{year}-{month:02}-{day:02}"
        if counts_only:
            everyone = frozenset((h.number, p) for h in game.hands for p in game.players)
            text = render_game(game, hidden=everyone, shows="all", moves=False, tags=tags)
        else:
            hidden = _hide_some(rng, game) if partial else frozenset()
            text = render_game(game, hidden=hidden, claims=claims,
                               shows="hidden" if partial else "none", tags=tags)
        yield game, text


def _hide_some(rng: random.Random, game: SimGame) -> frozenset[tuple[int, str]]:
    """Pick the deals a partial record leaves out: per hand none, all, or some of them."""
    hidden: list[tuple[int, str]] = []
    for hand in game.hands:
        roll = rng.random()
        if roll < 0.2:
            continue
        everyone = roll < 0.4
        hidden += [(hand.number, p) for p in game.players if everyone or rng.random() < 0.5]
    return frozenset(hidden)


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(f"{a}-{b}" for a, b in tiles)


def _quote(value: str) -> str:
    if "\n" in value:
        raise ValueError(f"a tag value cannot hold a line break: {value!r}")
    return value.replace("\\", "\\\\").replace('"', '\\"')
