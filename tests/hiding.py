"""Which deals of a simulated game a record leaves out: for the slip properties
(``test_one_slip.py``) and the slip survey (``tools/slip_survey.py``)."""

from __future__ import annotations

import random

from blocknotation.simulator.simulate import SimGame


def hidden_deals(game: SimGame, rng: random.Random) -> frozenset[tuple[int, str]]:
    """For each hand of ``game``, a random subset of its deals to leave out, from none to all
    but one (the records an arbiter gets: the slip survey's and the slip properties')."""
    hide: list[tuple[int, str]] = []
    for hand in game.hands:
        count = rng.randrange(len(game.players))
        hide += [(hand.number, p) for p in rng.sample(list(game.players), count)]
    return frozenset(hide)
