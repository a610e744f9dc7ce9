"""An entry judged against the game as its record stands, and the record's new text.

A move is judged by the hand's ``Table`` (``live.py``): the player on turn (T302), then the
move itself (``IllegalMove``: P401–P406, T303).  A refused move is not written unless the
scorer insists: the record is what happened at the table, and ``validate`` then reports it
in the file.  Deals, counts and new hands are checked for their place in the hand (G107),
and deals for their size (D201) and their tiles (D202), with the codes ``validate`` would
give them.  An undo takes back the last entry's lines and a correction rewrites one line;
each leaves a comment in the record (``# undone:``, ``# was:``), the record's edits kept
in it.  Nothing is written here: the new text goes to ``evening.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..basics.diagnostics import N_, Message
from ..engine.table import IllegalMove
from ..formats.records.canonical import named_text, pass_text, play_text, tiles_text
from ..notation.parsing import read_text
from .entries import Entry
from .live import ENDING, Live


@dataclass(frozen=True, slots=True)
class EntryRefused:
    """Why an entry is not written: the diagnostic code ``validate`` would report for it in
    the record (None: not a matter of the rules), the words, and whether the scorer may
    insist on it."""

    code: str | None
    words: Message
    insistable: bool = True


def judged(live: Live, entry: Entry, insist: bool) -> str | EntryRefused:
    """The record's text with ``entry`` written in, or why it is not."""
    if live.phase == "unreadable" and entry.kind not in ("undo", "correct"):
        return EntryRefused(None, Message(N_("the record cannot be read as one game: correct it, "
                                             "or undo the last entry")), False)
    found = _JUDGES[entry.kind](live, entry)
    if isinstance(found, EntryRefused) and not (insist and found.insistable):
        return found
    if isinstance(found, EntryRefused):
        found = _as_written(live, entry)
    return found if isinstance(found, str) else live.text + "".join(f"{x}\n" for x in found)


def _hand(live: Live, entry: Entry) -> list[str] | EntryRefused:
    if live.phase == "over":
        return EntryRefused(None, Message(N_("the game is over: no hand comes after it")), False)
    number = live.hand.number + 1 if live.hand is not None else 1
    if live.phase != "next":
        assert live.hand is not None
        return EntryRefused("E501", Message(N_("hand {number} is not over yet: enter its moves or "
                                               "its count first"), {"number": live.hand.number}))
    return ["", f"hand {number}", named_text("opener", live.next_opener or live.players[0])]


def _deal(live: Live, entry: Entry) -> list[str] | EntryRefused:
    hand, player = live.hand, entry.player
    assert player is not None
    if player not in live.players:
        return EntryRefused("G104", Message(N_("{player} is not one of the players"),
                                            {"player": player}), False)
    if hand is None or live.phase != "moves" or hand.moves:
        return EntryRefused("G107", Message(N_("a deal is written before the hand's first move")))
    if player in hand.deals:
        return EntryRefused("G107", Message(N_("{player}'s deal is written already: correct that "
                                               "line instead"), {"player": player}))
    plain = {(min(t), max(t)) for t in entry.tiles}
    if len(entry.tiles) != live.each:
        return EntryRefused("D201", Message(N_("{player} is dealt {count} tiles, not {given} (R3)"),
                                            {"player": player, "count": live.each,
                                             "given": len(entry.tiles)}))
    others = {(min(t), max(t)) for tiles in hand.deals.values() for t in tiles}
    if len(plain) != len(entry.tiles) or plain & others:
        return EntryRefused("D202", Message(N_("a tile of this deal is dealt twice: the set has "
                                               "each tile once (R2)")))
    return [tiles_text("deal", player, entry.tiles)]


def _move(live: Live, entry: Entry) -> list[str] | EntryRefused:
    hand, player = live.hand, entry.player
    assert player is not None
    if player not in live.players:
        return EntryRefused("G104", Message(N_("{player} is not one of the players"),
                                            {"player": player}), False)
    if hand is None or live.phase in ("next", "over"):
        return EntryRefused("G107", Message(N_("the hand's count is written: a move after it is "
                                               "out of place")))
    if live.phase == "lost":
        return _as_written(live, entry)
    table = hand.table.copy()
    if table.turn is not None and table.turn != player:
        return EntryRefused("T302", Message(N_("it is {expected}'s turn, not {player}'s (R5, R8)"),
                                            {"expected": table.turn, "player": player}))
    try:
        if entry.kind == "pass":
            table.pass_()
            return [pass_text(player)]
        assert entry.tile is not None
        table.play(entry.tile, entry.side)
    except IllegalMove as refused:
        return EntryRefused(refused.code, refused.message)
    # The end the tile went to, written even where it could be left out.
    return [play_text(player, entry.tile, table.chain[-1].side)]


def _count(live: Live, entry: Entry) -> list[str] | EntryRefused:
    hand = live.hand
    if hand is None or live.phase in ("next", "over"):
        return EntryRefused("G107", Message(N_("the count of this hand is written already: "
                                               "correct its lines instead")))
    if live.phase == "moves" and hand.moves:
        return EntryRefused("E503", Message(N_("the hand is not over: its moves go on")))
    return _count_lines(live, entry)


def _count_lines(live: Live, entry: Entry) -> list[str]:
    """A count's lines: each player's tiles left, in seating order, then its claims."""
    order = {p: k for k, p in enumerate(live.players)}
    shows = sorted(entry.shows, key=lambda show: order.get(show[0], len(order)))
    lines = [tiles_text("show", player, tiles) for player, tiles in shows]
    if entry.ending == "blocked":
        lines.append("blocked")
    elif entry.ending is not None:
        lines.append(named_text("domino", entry.ending))
    if entry.points == "none":
        lines.append("points none")
    elif entry.points is not None:
        lines.append(f"points {entry.points[0]} {entry.points[1]}")
    return lines


def _as_written(live: Live, entry: Entry) -> list[str]:
    """A move, deal or count written as the scorer gave it, whatever the engine says."""
    if entry.kind in ("play", "pass"):
        assert entry.player is not None
        if entry.kind == "pass":
            return [pass_text(entry.player)]
        assert entry.tile is not None
        return [play_text(entry.player, entry.tile, entry.side)]
    if entry.kind == "deal":
        assert entry.player is not None
        return [tiles_text("deal", entry.player, entry.tiles)]
    if entry.kind == "hand":
        number = live.hand.number + 1 if live.hand is not None else 1
        return ["", f"hand {number}", named_text("opener", live.next_opener or "")]
    return _count_lines(live, entry)


def _undo(live: Live, entry: Entry) -> str | EntryRefused:
    """The record without its last entry's lines, each kept as a ``# undone:`` comment: the
    count of a hand, a move or deal, or a hand begun."""
    games = read_text(live.text).records.games
    hands = games[-1].hands if games else ()
    if not hands:
        return EntryRefused(None, Message(N_("nothing to undo: the game has no hand yet")), False)
    last = hands[-1]
    statements = list(last.statements)
    if statements and statements[-1].kind in ENDING:
        cut = len(statements)
        while cut and statements[cut - 1].kind in ENDING:
            cut -= 1
        lines = [s.line for s in statements[cut:]]
    elif statements and statements[-1].kind != "opener":
        lines = [statements[-1].line]
    elif len(hands) > 1:
        lines = [last.line, *(s.line for s in statements)]
    else:
        return EntryRefused(None, Message(N_("nothing to undo: the first hand is where the game "
                                             "starts")), False)
    text = live.text.split("\n")
    gone = [text[n - 1].split(" #", 1)[0].strip() for n in lines]
    kept = [line for n, line in enumerate(text, start=1) if n not in set(lines)]
    return "\n".join(kept).rstrip("\n") + "\n" + "".join(f"# undone: {g}\n" for g in gone)


def _correct(live: Live, entry: Entry) -> str | EntryRefused:
    """The record with one line rewritten, the old one kept as a ``# was:`` comment above."""
    assert entry.line is not None and entry.text is not None
    text = live.text.split("\n")
    old = text[entry.line - 1].strip() if entry.line <= len(text) else ""
    if not old or old.startswith("#"):
        return EntryRefused(None, Message(N_("line {line} holds no statement to correct"),
                                          {"line": entry.line}), False)
    was = old if old.startswith("[") else old.split(" #", 1)[0].strip()
    text[entry.line - 1:entry.line] = [f"# was: {was}", entry.text]
    new = "\n".join(text)
    problem = next((d for d in read_text(new).diagnostics if d.line == entry.line + 1), None)
    if problem is not None:
        return EntryRefused(problem.code, problem.message, False)
    return new


_JUDGES = {"hand": _hand, "deal": _deal, "play": _move, "pass": _move, "count": _count,
           "undo": _undo, "correct": _correct}
