"""The words of the server's pages and answers, in the reader's language.

Every text a page shows is here, by a key its script looks it up by (``words(lang)`` gives
them translated, for the page's data), or a message of the engine sent with an entry's
answer.  The language is ``--lang`` when given, else the browser's first language that
blocknot speaks (``Accept-Language``), else English.
"""

from __future__ import annotations

from functools import cache

from ..basics.diagnostics import N_
from ..basics.i18n import LANGUAGES, translator

PAGE = {
    "title_index": N_("The evening's tables"),
    "title_game": N_("Table {table}"),
    "title_director": N_("The director's page"),
    "title_join": N_("Join the evening"),
    "join_code": N_("Join code"),
    "join": N_("Join"),
    "join_wrong": N_("That is not the evening's join code."),
    "join_scan": N_("Scan to join, or open {url} and type the code {code}."),
    "new_game": N_("New game"),
    "table": N_("Table"),
    "players": N_("Players, in seating order"),
    "player_n": N_("Player {n}"),
    "opener": N_("Who leads the first hand"),
    "target": N_("Target"),
    "target_rules": N_("the rules' ({points})"),
    "event": N_("Event"),
    "start": N_("Start the game"),
    "games": N_("Games"),
    "no_games": N_("No game yet: start one for each table."),
    "open": N_("Open"),
    "replay": N_("Replay"),
    "director": N_("The director's page"),
    "hand_n": N_("Hand {number}"),
    "to_play": N_("{player} to play"),
    "leads": N_("{player} leads: any tile"),
    "ends": N_("Ends {left} | {right}"),
    "chain_empty": N_("Nothing placed yet"),
    "pass": N_("Pass"),
    "left": N_("left"),
    "right": N_("right"),
    "other_move": N_("Another move"),
    "other_help": N_("A move not offered: the engine judges it, and it is written only if "
                     "you keep it."),
    "who": N_("Who"),
    "tile": N_("Tile"),
    "side": N_("Side"),
    "no_side": N_("no side"),
    "send": N_("Send"),
    "cancel": N_("Cancel"),
    "keep": N_("Keep it as played"),
    "refused": N_("Not written: {message}"),
    "deals": N_("Deals (before the first move)"),
    "deal_of": N_("{player}'s deal"),
    "deal_pick": N_("Tap the {count} tiles dealt to {player}"),
    "dealt": N_("dealt"),
    "count_only": N_("Count only"),
    "count_help": N_("The hand was played without entering its moves: enter what each "
                     "player was left holding, and how it ended."),
    "count_left": N_("Enter the tiles left in the hands not known"),
    "tiles_left": N_("{player}: tiles left"),
    "none_left": N_("none"),
    "how_ended": N_("How it ended"),
    "by_moves": N_("as the tiles tell"),
    "domino_by": N_("domino by {player}"),
    "blocked": N_("hand blocked"),
    "points_claim": N_("Points, if written down"),
    "nobody_scored": N_("nobody scored"),
    "save_count": N_("Save the count"),
    "next_hand": N_("Next hand: {player} leads"),
    "game_over": N_("The game is over."),
    "won_by": N_("{player} wins the game."),
    "drawn": N_("The game is drawn."),
    "lost": N_("The live table cannot follow the record after line {line}: moves are "
               "written as entered and judged by the record. Undo, correct, or enter the "
               "count."),
    "score": N_("Totals"),
    "hands": N_("Hands"),
    "hand": N_("Hand"),
    "outcome": N_("Outcome"),
    "points": N_("Points"),
    "unknown": N_("unknown"),
    "unfinished": N_("in play"),
    "domino": N_("domino"),
    "problems": N_("Problems in the record"),
    "no_problems": N_("No problem in the record."),
    "verdict_ok": N_("Written."),
    "verdict": N_("Written, with a problem:"),
    "record": N_("The record"),
    "undo": N_("Undo the last entry"),
    "correct": N_("Correct"),
    "correct_line": N_("Correct line {line}"),
    "save": N_("Save"),
    "waiting": N_("Entries waiting to be sent: {count}"),
    "offline": N_("No connection: entries are kept on this phone and sent when it is back."),
    "conflict": N_("Another phone changed the record first: check the table, then send "
                   "this entry again or drop it."),
    "send_again": N_("Send again"),
    "drop": N_("Drop"),
    "failed": N_("Not sent: {message}"),
    "phase_moves": N_("moves"),
    "phase_lost": N_("moves, as written"),
    "phase_count": N_("the count"),
    "phase_next": N_("between hands"),
    "phase_over": N_("over"),
    "phase_unreadable": N_("to correct"),
    "standings": N_("Standings"),
    "tables": N_("Tables"),
    "game": N_("Game"),
    "now": N_("Now"),
    "updated": N_("Updated as each entry is written."),
}

#: The answers of the server that are not a page's.
ANSWERS = {
    "bad_json": N_("the request's body is not JSON"),
    "too_large": N_("the request is too large: at most {count} bytes"),
    "no_game": N_("no such game"),
    "no_page": N_("no such page"),
    "join_needed": N_("join the evening first: its join code is needed to write"),
    "cross_site": N_("refused: the request comes from another site"),
    "wrong_host": N_("refused: this server answers only to its own address"),
    "too_many": N_("too many requests: wait a minute"),
    "conflict": N_("the record has changed since this page last saw it"),
    "internal": N_("the server could not do this: it has been logged"),
    "not_allowed": N_("this address does not take that method"),
    "disk": N_("the record could not be written: {reason}"),
}


def language(chosen: str | None, accept: str | None) -> str:
    """``chosen`` (``--lang``), else the first language of ``Accept-Language`` that blocknot
    speaks, else English."""
    if chosen in LANGUAGES:
        return chosen
    ranked = []
    for k, part in enumerate((accept or "")[:200].split(",")):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        ranked.append((-quality, k, tag.split("-")[0].strip().lower()))
    return next((tag for _, _, tag in sorted(ranked) if tag in LANGUAGES), "en")


@cache
def words(lang: str) -> dict[str, str]:
    """The pages' words in ``lang``, by key."""
    translate = translator(lang)
    return {key: translate(msgid) for key, msgid in PAGE.items()}


def answer(lang: str, key: str, **args: object) -> str:
    """One of the server's answers in ``lang``."""
    return translator(lang)(ANSWERS[key]).format(**args)
