"""``blocknot generate``: random legal games, written as records."""

from __future__ import annotations

import math
from typing import Any

import click

from ..basics.diagnostics import Message
from ..basics.i18n import N_
from ..run.output import output_file
from ..run.problems import Refused
from ..simulator.mistakes import KINDS as MISTAKE_KINDS
from .help import TranslatedCommand


class _Rate(click.FloatRange):
    """A fraction from 0 to 1; ``nan``, which no comparison refuses, is refused as out of
    the range, as ``inf`` is."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        rate = super().convert(value, param, ctx)
        if isinstance(rate, float) and math.isnan(rate):
            self.fail(f"{rate} is not in the range {self._describe_range()}.", param, ctx)
        return rate


def _kinds(value: str) -> tuple[str, ...]:
    """The kinds of mistake ``--mistake-kinds`` names, each one of ``MISTAKE_KINDS``."""
    kinds = tuple(kind.strip() for kind in value.split(",") if kind.strip())
    unknown = [kind for kind in kinds if kind not in MISTAKE_KINDS]
    if unknown or not kinds:
        raise click.BadParameter(
            f"{', '.join(unknown) or 'none given'}: the kinds are {', '.join(MISTAKE_KINDS)}")
    return kinds


def _counts_only(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of mistake to draw from in records of counts only: those they have room
    for; a kind they have none for, asked by name, is refused (it would make no mistake)."""
    from ..simulator.mistakes import COUNTS_ONLY_KINDS

    source = click.get_current_context().get_parameter_source("kinds")
    if source is click.core.ParameterSource.DEFAULT:
        return COUNTS_ONLY_KINDS
    refused = [kind for kind in kinds if kind not in COUNTS_ONLY_KINDS]
    if refused:
        raise Refused(Message(
            N_("--counts-only writes no deal and no move, so it has no room for the mistakes "
               "{kinds}; with it, the kinds are {allowed}"),
            {"kinds": tuple(refused), "allowed": COUNTS_ONLY_KINDS}))
    return kinds


@click.command(cls=TranslatedCommand)
@click.option("--games", type=click.IntRange(min=0), default=1, show_default=True,
              help=N_("How many games to write."))
@click.option("--players", type=click.Choice(["2", "3", "4", "mixed"]), default="mixed",
              show_default=True, help=N_("Players per game (mixed: 2, 3 or 4 at random)."))
@click.option("--seed", type=int, default=0, show_default=True,
              help=N_("Random seed: the same seed gives the same bytes."))
@click.option("--partial", is_flag=True,
              help=N_("Leave some deals out and write show lines for those players."))
@click.option("--claims", is_flag=True,
              help=N_("Write correct domino/blocked, points and score lines."))
@click.option(
    "--counts-only", is_flag=True,
    help=N_("Write each hand as the count after play: show lines for every player and "
            "correct claims, no deals and no moves."),
)
@click.option(
    "--mistakes", "rate", type=_Rate(0, 1), default=0.0, show_default=True,
    metavar="RATE",
    help=N_("Put one scorer's mistake into about this fraction of the games (1: every "
            "game), the same for the same seed."),
)
@click.option(
    "--mistake-kinds", "kinds", default=",".join(MISTAKE_KINDS), show_default=True,
    metavar="KIND,…", callback=lambda _ctx, _param, value: _kinds(value),
    help=N_("The kinds of mistake to draw from, separated by commas."),
)
@click.option("-o", "--output", default=None,
              help=N_("Write here instead of standard output."))
def generate(
    games: int, players: str, seed: int, partial: bool, claims: bool, counts_only: bool,
    rate: float, kinds: tuple[str, ...], output: str | None,
) -> None:
    """Write random legal Block games, complete to the target, in canonical notation."""
    from ..simulator.mistakes import add_mistakes
    from ..simulator.writer import generate_games

    if partial and counts_only:
        raise Refused("--partial and --counts-only do not go together")
    if counts_only:
        kinds = _counts_only(kinds)
    count = None if players == "mixed" else int(players)
    games_made = generate_games(seed, games, players=count, partial=partial, claims=claims,
                                counts_only=counts_only)
    records = add_mistakes(games_made, rate, seed, kinds)
    with output_file(output or "-") as stream:
        for index, record in enumerate(records):
            stream.write((record if index == 0 else "\n" + record).encode("utf-8"))
