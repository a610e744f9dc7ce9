"""The words of the HTML report, as English msgids translated like every other message.

The template never holds words of its own: it is handed ``words(lang)``, these msgids in the
language asked for (``po/it.po``).
"""

from __future__ import annotations

from ...basics.diagnostics import N_
from ...basics.i18n import translator

WORDS: dict[str, str] = {
    "title": N_("blocknot report"),
    "valid": N_("valid"),
    "invalid": N_("not valid"),
    "counts": N_("errors: {errors}, warnings: {warnings}"),
    "diagnostics": N_("Diagnostics"),
    "no_diagnostics": N_("No diagnostics."),
    "record": N_("The record, numbered"),
    "line": N_("line {line}"),
    "in_game": N_("game {game}"),
    "in_hand": N_("game {game}, hand {hand}"),
    "error": N_("error"),
    "warning": N_("warning"),
    "game": N_("Game {index}"),
    "players": N_("Players, in seating order"),
    "target": N_("Target"),
    "house_rule": N_("house rule"),
    "unknown": N_("unknown"),
    "status": N_("Status"),
    "winner": N_("Winner"),
    "nobody": N_("nobody yet"),
    "chart": N_("Running totals after each hand"),
    "chart_table": N_("Running totals, as a table"),
    "start": N_("start"),
    "hand_col": N_("Hand"),
    "target_line": N_("target {target}"),
    "point_title": N_("{player}: {total} after hand {number}"),
    "hand": N_("Game {game}, hand {number}"),
    "opener": N_("Opener"),
    "chain": N_("The chain"),
    "no_chain": N_("No tile was placed."),
    "chain_stops": N_("From line {line} on, where the tiles lie cannot be known: later tiles "
                      "are not drawn."),
    "tile_title": N_("{tile}, played by {player}, line {line}"),
    "hands": N_("What each player held"),
    "not_recorded": N_("deal not recorded"),
    "face_down": N_("a tile not known (face down)"),
    "played_at": N_("{tile}, played at line {line}"),
    "held": N_("{tile}, not played"),
    "shown": N_("shown at the end"),
    "nothing": N_("nothing"),
    "moves": N_("Moves"),
    "first": N_("First move"),
    "back": N_("Back one move"),
    "forward": N_("Forward one move"),
    "last": N_("Last move"),
    "slider": N_("Move"),
    "move_of": N_("move {step} of {total}"),
    "before_first": N_("before the first move"),
    "outcome": N_("Outcome"),
    "mistake": N_("a mistake: it gave away {points}; the best: {moves}"),
    "best": N_("The best move instead"),
    "no_game": N_("No game could be read from this file."),
}


def words(lang: str) -> dict[str, str]:
    """Every word of the page in ``lang``."""
    _ = translator(lang)
    return {key: _(text) for key, text in WORDS.items()}
