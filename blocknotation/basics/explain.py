"""The documentation of every diagnostic code: what it means, why, a bad and a good example.

``blocknot rules`` prints ``catalogue_text``; ``blocknot rules CODE`` prints ``explain_text``,
a page in the manner of ruff's rule pages.  Every sentence here is an English msgid marked
with ``N_`` and translated when the page is rendered, so ``--lang it`` needs only the
catalogues.  The examples are real records in ``blocknotation/examples/``, one pair per code
(``P405.bad.txt``, ``P405.good.txt``), shown as they are with their comments translated
(``example_records``).  The tests check every example against the validator (the diagnostics
each must report are listed in ``tests/data/examples-expected.toml``), so the examples shown
to users are known to behave as they say.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from .diagnostics import CATALOGUE, N_
from .example_records import example_bytes, examples_dir, hex_lines, translated_example
from .i18n import translator

__all__ = [
    "EXPLANATIONS",
    "FAMILIES",
    "Explanation",
    "catalogue_text",
    "example_bytes",
    "examples_dir",
    "explain_text",
]

WIDTH = 79
"""Paragraphs are wrapped to this width, after translation."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """One code's page: what it means and why (msgids), and the names of its example files.

    ``bad_note`` describes a bad example that is not text (``S003``), shown with its bytes.
    """

    code: str
    what: str
    why: str
    bad: str
    good: str
    bad_note: str | None = None


def _explained(code: str, what: str, why: str, *, bad: str = "", note: str | None = None
               ) -> Explanation:
    return Explanation(code, what, why, bad or f"{code}.bad.txt", f"{code}.good.txt", note)


# The families of codes, by first letter, in the order the catalogue lists them.
FAMILIES: dict[str, str] = {
    "S": N_("Syntax (S): whether the file can be read as a record at all"),
    "G": N_("Game (G): the players, the target and the numbering of hands"),
    "D": N_("Deal (D): the tiles dealt to each player"),
    "T": N_("Turn (T): who opens each hand and who moves next"),
    "P": N_("Play (P): each tile played and each pass"),
    "E": N_("End of hand (E): the end, the tiles shown, the points and the totals"),
}

_SEVERITIES: dict[str, str] = {"error": N_("error"), "warning": N_("warning")}

EXPLANATIONS: dict[str, Explanation] = {
    e.code: e
    for e in (
        # --- S: syntax -------------------------------------------------------------------
        _explained(
            "S001",
            N_("A line is not a statement of the notation: a misspelt keyword, a missing "
               "colon after a player's name, a tag without its quotes, a stray word. The "
               "message says what was expected where the line goes wrong, and the line is "
               "shown with a caret under that place."),
            N_("Every statement is one line of a fixed shape (docs/notation.md, sections "
               "“Lexical rules” to “Hands”), and a line that cannot be read may be a lost "
               "move, deal or claim. A hand that holds an unreadable line is not judged by "
               "the rules, since every check there could only report the missing line "
               "again: fix syntax errors first."),
        ),
        _explained(
            "S002",
            N_("A tile has a pip outside 0 to 6, such as 5-8 or 3-10."),
            N_("Block is played with the double-six set (R2): 28 tiles, from [0|0] to "
               "[6|6]. A tile such as 5-8 does not exist, so the line that holds it cannot "
               "be read, and, as with S001, its hand is not judged further."),
        ),
        _explained(
            "S003",
            N_("The file is not UTF-8 text: it holds bytes that are not valid UTF-8 (often a "
               "file saved as Latin-1 or Windows-1252 by an old editor, or as UTF-16), or a "
               "NUL byte. The message gives the line and column of the first such byte."),
            N_("A record is UTF-8 text (docs/notation.md, section “Lexical rules”), so that "
               "names such as Nicolò or Søren read the same everywhere. blocknot does not "
               "guess another encoding, since a wrong guess would silently change names and "
               "comments. Nothing else in the file is checked: save it as UTF-8 and check it "
               "again."),
            bad="S003.bad.bin",
            note=N_("The record below, saved as Latin-1 by an old editor: the ì of venerdì on "
                    "line 1 is the single byte EC, which is not valid UTF-8. Its bytes, in "
                    "hexadecimal:"),
        ),
        # --- G: game ---------------------------------------------------------------------
        _explained(
            "G101",
            N_("A game has no Players tag, or its Players tag names nobody. Every game "
               "starts with its tag lines, and one of them must be [Players \"NAME NAME "
               "…\"]."),
            N_("The Players tag gives the names in clockwise seating order, which is the "
               "turn order (R5), and the number of players fixes the deal and the target "
               "(R1, R3). Without it nothing in the game can be checked, so its hands are "
               "not replayed."),
        ),
        _explained(
            "G102",
            N_("The Players tag names fewer than 2 or more than 4 players."),
            N_("Block is a game for 2, 3 or 4 players, each playing for themselves (R1); "
               "the deal and the target exist only for those numbers (R3). The game's hands "
               "are not replayed."),
        ),
        _explained(
            "G103",
            N_("A name appears twice in the Players tag, or a name is not usable: it is a "
               "keyword of the notation (hand, opener, deal, pass, show, domino, blocked, "
               "points, score, none, L, R, left, right) or does not have the shape of a "
               "name."),
            N_("Every move names its player. With two players called Ada, the record "
               "cannot say whose move Ada: 6-1 L is, and a keyword is read as a keyword, "
               "never as a name. Give every player a distinct name; until then the game's "
               "hands are not replayed."),
        ),
        _explained(
            "G104",
            N_("A statement names a player who is not in the game's Players tag, often by a "
               "typo (Bee for Bea). The line is ignored."),
            N_("Only the players listed in Players take part (R1). A line for anybody else "
               "has no seat in the turn order or the count, so it is left out, and whatever "
               "it would have told, such as a deal, is unknown to the rest of the check."),
        ),
        _explained(
            "G105",
            N_("The game has a Target tag that sets a target other than the rules' one: "
               "100 points for two players, 61 for three or four. A Target that is not a "
               "whole number above zero is reported too, and ignored."),
            N_("The target is fixed by the rules (R3, R18), so a different one is a house "
               "rule. blocknot honours it, so that the game ends where the players agreed, "
               "and warns, so that a reader knows the record does not follow the standard "
               "rules. A Target equal to the rules' target is not reported."),
        ),
        _explained(
            "G106",
            N_("The hands of a game are not numbered 1, 2, 3, … in the order they are "
               "written: a number is skipped, repeated or out of order."),
            N_("Hand numbers are how readers, and blocknot's messages, refer to hands, and "
               "a wrong number often means a hand was lost or copied twice. The hands are "
               "still replayed in the order written, so the rotation of the opener (R17) "
               "and the running totals follow the record."),
        ),
        _explained(
            "G107",
            N_("A statement is out of place or repeated in its hand: a second opener line, a "
               "second deal or show for the same player, a second claim of the same kind, "
               "an opener or deal line after the first move, or a move after the show and "
               "claim lines."),
            N_("A hand is written in the order it is played: setup (opener, deal), then the "
               "moves, then its end (show lines and claims), as docs/notation.md, section "
               "“Hands”, sets out. A late opener or deal line is still used as if written "
               "in its place; of a repeated line, the first one counts and the others are "
               "ignored."),
        ),
        # --- D: deal ---------------------------------------------------------------------
        _explained(
            "D201",
            N_("A deal line gives a player the wrong number of tiles: each player is dealt "
               "7 tiles in a game of two, and 5 in a game of three or four."),
            N_("The deal is fixed by R3. A deal with a tile too many or too few is wrong "
               "somewhere and nobody can tell where, so it is treated as not recorded: that "
               "player's moves are still replayed, but not checked against it."),
        ),
        _explained(
            "D202",
            N_("The same tile is dealt twice: to two players, or twice in one player's "
               "deal."),
            N_("The set holds each of its 28 tiles once (R2), and each tile is dealt to one "
               "player at most (R3). The first deal of the tile counts; the later deal is "
               "treated as not recorded, since one of its tiles is certainly wrong."),
        ),
        # --- T: turn ---------------------------------------------------------------------
        _explained(
            "T301",
            N_("The opener of a hand (its opener line, or without one the first player to "
               "move) is not the player the rotation calls for: one seat clockwise from "
               "whoever opened the hand before."),
            N_("After every hand the opening moves one seat clockwise, whoever won and even "
               "after a tied block (R17); only the first hand's opener is free (R5). After "
               "the report the replay follows the player who did open, so the next hand's "
               "rotation goes on from there."),
        ),
        _explained(
            "T302",
            N_("A player plays or passes when it is another player's turn. Play goes "
               "clockwise, in the order of the Players tag. Often a pass was not written "
               "down."),
            N_("Turns go clockwise (R5), and a player who cannot play still takes their "
               "turn, by passing (R8), so every turn is a line of the record. After the "
               "report the turn order is taken up again from the player who moved."),
        ),
        _explained(
            "T303",
            N_("The first move of a hand is a pass by its opener."),
            N_("When a hand starts the chain is empty, so every tile can be led, and the "
               "opener may lead any tile (R5); a player who can play must (R8). The opener "
               "can never pass. If another player led, name them in the opener line."),
        ),
        # --- P: play ---------------------------------------------------------------------
        _explained(
            "P401",
            N_("A player plays a tile they cannot hold: it is not in their recorded deal, it "
               "was dealt to another player, or every deal is recorded and the tile was set "
               "aside."),
            N_("Undealt tiles are set aside and stay out of play for the whole hand, and "
               "nobody draws (R4): a player can only play tiles dealt to them. The tile is "
               "still placed if it fits, so that the rest of the record meets the chain it "
               "describes."),
        ),
        _explained(
            "P402",
            N_("A player plays a tile that is already on the table."),
            N_("The set holds each tile once (R2), so no tile can be played twice; one of "
               "the two lines names the wrong tile. The second play is not placed."),
        ),
        _explained(
            "P403",
            N_("The tile does not fit the end it is played on: neither of its halves shows "
               "the value of that end, or, when no SIDE is written, of either end. The "
               "message says whether it would fit the other end."),
            N_("A tile goes at an open end, matching the value of one of its halves (R6), "
               "and a blank matches only a blank: no tile, not even [0|0], is wild (R7). A "
               "tile that fits nowhere is skipped."),
        ),
        _explained(
            "P404",
            N_("A play has no SIDE although its tile fits both open ends, so the record "
               "does not say where it went."),
            N_("A tile is placed at one of the two ends (R6), and which one changes the "
               "chain from then on. In the example the ends show 3 and 1 when Bea plays "
               "1-3. Played on the 3, the tile leaves its 1 free, so both ends show 1; "
               "played on the 1, it leaves its 3 free, so both ends show 3. Write L (left) "
               "or R (right) after a tile that fits both ends; leave it out only when the "
               "tile fits one. The opening tile takes no side: it is laid as written."),
        ),
        _explained(
            "P405",
            N_("A player whose deal is known passes while holding a tile that fits an open "
               "end. The message names one such tile and the end it fits."),
            N_("If you can play, you must; you pass only when nothing you hold fits (R8). A "
               "pass while holding a playable tile is illegal, whatever the reason for it."),
        ),
        _explained(
            "P406",
            N_("A move is recorded after its hand has ended: after a player placed their "
               "last tile, after every player passed in succession, or once nobody could "
               "play any more."),
            N_("A hand ends as soon as a player places their last tile, or when nobody can "
               "play (R12): nothing is played after that. When every deal is recorded and "
               "nobody can play, the record may still spell out the block with one pass per "
               "player; any other move is reported."),
        ),
        _explained(
            "P407",
            N_("A player whose deal is not recorded passed while an end showed some value, "
               "and later plays or shows a tile with that value. It is reported at the "
               "pass, naming the later line."),
            N_("Nobody draws (R4), so the tile played or shown later was in the player's "
               "hand all along, and it fitted when they passed; a player who can play must "
               "(R8). The record itself proves the pass illegal, though the deal is "
               "unknown."),
        ),
        # --- E: end of hand --------------------------------------------------------------
        _explained(
            "E501",
            N_("The record of a hand stops before the hand is over: nobody has placed all "
               "their tiles, not every player has passed in succession, and no claim "
               "(domino, blocked or points) says how it ended. It is reported at the hand's "
               "last line."),
            N_("A hand ends only by a domino or a block (R12), and only then can it be "
               "scored. This is a warning rather than an error, since a game written down "
               "as it is played is unfinished for a while: write the remaining moves, or "
               "the claims that settle the hand."),
        ),
        _explained(
            "E502",
            N_("A show line contradicts the rest of the hand: it shows a tile already "
               "played, dealt to another player, shown by another player or missing from the "
               "player's recorded deal, or it shows more or fewer tiles than the player was "
               "dealt minus those they placed."),
            N_("When a hand ends every player shows the tiles they still hold (R13), and "
               "those can only be tiles they were dealt and did not place. A show that says "
               "otherwise would count the wrong pips."),
        ),
        _explained(
            "E503",
            N_("A domino or blocked claim says the hand ended otherwise than the replay of "
               "its moves: a domino by the wrong player, a domino in a blocked hand, or a "
               "block when somebody went out."),
            N_("How a hand ends decides how it is scored: a domino scores the opponents' "
               "pips (R14), a block compares totals (R15). The moves tell how the hand "
               "ended (R12), and the claim must agree with them."),
        ),
        _explained(
            "E504",
            N_("A points claim differs from the points recomputed from the tiles left in "
               "every hand. The message shows the arithmetic."),
            N_("Each tile left counts both halves (R13). A domino scores the sum of all the "
               "opponents' pips (R14). A blocked hand scores for the lowest total alone: the "
               "opponents' combined total minus its own, and a tie for the lowest scores "
               "nobody (R15). Points are raw, never rounded or divided (R16)."),
        ),
        _explained(
            "E505",
            N_("A score claim differs from the running totals: a total is wrong, a player "
               "is left out or given twice, or a name is not a player."),
            N_("Each running total is the sum of the points the player scored in every hand "
               "so far, never reduced (R16), and the target is checked against these "
               "totals (R18): a wrong total carried forward can decide the game wrongly."),
        ),
        _explained(
            "E506",
            N_("A hand is recorded after the game was decided: at the end of an earlier "
               "hand a player had reached the target (100 with two players, 61 with three or "
               "four, or the Target tag's)."),
            N_("The target is checked once each hand's count is complete, and the game ends "
               "there: the highest total wins, and a tie for the lead is a draw (R18). A "
               "later hand belongs to another game, which needs its own tag lines; this one "
               "is not replayed and scores nothing."),
        ),
        _explained(
            "E507",
            N_("A hand's points cannot be recomputed because the tiles some player still "
               "holds are unknown: their deal is not recorded, they did not go out, no show "
               "line gives their tiles, and no points claim stands in."),
            N_("A hand's points come from the pips left in every player's hand (R13). "
               "Without them the hand's points, and every running total after it, are "
               "unknown. Add a show line for the player, their deal, or a points claim."),
        ),
    )
}


def catalogue_text(lang: str) -> str:
    """Every code with its severity and summary, grouped by family, in language ``lang``."""
    translate = translator(lang)
    severities = {key: translate(value) for key, value in _SEVERITIES.items()}
    width = max(len(s) for s in severities.values())
    lines: list[str] = []
    for letter, heading in FAMILIES.items():
        lines += ["", translate(heading)] if lines else [translate(heading)]
        for code in (c for c in CATALOGUE.values() if c.code.startswith(letter)):
            severity = severities[code.severity].ljust(width)
            lines.append(f"  {code.code}  {severity}  {translate(code.summary)}")
    lines += ["", translate(N_("Explain one code, with examples: blocknot rules CODE"))]
    return "\n".join(lines) + "\n"


def explain_text(code: str, lang: str) -> str | None:
    """The page for ``code`` in language ``lang``: what it means, why, a bad and a good
    example and how to check a record; None when ``code`` is not in the catalogue."""
    entry = EXPLANATIONS.get(code.strip().upper())
    if entry is None:
        return None
    translate = translator(lang)
    known = CATALOGUE[entry.code]
    heading = translate(N_("{code} ({severity}): {summary}")).format(
        code=entry.code, severity=translate(_SEVERITIES[known.severity]),
        summary=translate(known.summary),
    )
    parts = [
        heading,
        translate(N_("What it means")) + "\n" + _paragraph(translate(entry.what)),
        translate(N_("Why")) + "\n" + _paragraph(translate(entry.why)),
        translate(N_("Example that triggers it ({file})")).format(file=entry.bad) + "\n"
        + _example(entry.bad, translate, entry.bad_note),
        translate(N_("Fixed ({file})")).format(file=entry.good) + "\n"
        + _example(entry.good, translate, None),
        translate(N_("Check a record with: blocknot validate FILE")),
    ]
    return "\n\n".join(parts) + "\n"


def _paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _example(name: str, translate: Callable[[str], str], note: str | None) -> str:
    """An example file with its comments translated; one that is not text, as the
    translated ``note`` and a hex dump."""
    data = example_bytes(name)
    if note is None:
        return translated_example(data.decode("utf-8"), translate).rstrip("\n")
    return _paragraph(translate(note)) + "\n" + "\n".join(hex_lines(data))
