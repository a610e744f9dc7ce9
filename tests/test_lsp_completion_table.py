"""Completion after ``NAME: `` offers the moves the rules of play's ``Table`` gives that
player: the record's moves above the line played on it, its legal moves listed."""

from __future__ import annotations

from lsprotocol import types

from blocknotation import Table, TablePass
from blocknotation.lsp.completion import completions
from blocknotation.lsp.document import Document
from blocknotation.lsp.settings import settings_for

URI = "file:///table.block"

# Bea's deal is not written: after Ada's 1-2 the ends are 6|1, and Bea may hold any tile
# nobody placed and no written deal holds.
RECORD = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 6-6 1-2 3-4 0-0 5-5
deal Cy: 6-2 1-1 0-3 4-4 2-5
Ada: 6-6
Bea: pass
Cy: 6-2 R
Ada: 1-2 R
"""


def offered(text: str, line: int) -> list[str]:
    document = Document.open(URI, "table.block", settings_for(None, "en"),
                             types.PositionEncodingKind.Utf16, 1, text)
    typed = text.split("\n")[line]
    return [item.label for item in completions(
        document.current(), types.Position(line=line, character=len(typed)))]


def legal(table: Table) -> list[str]:
    """The table's legal moves as completion writes them: a side only where both fit."""
    found = []
    for move in table.legal_moves():
        if isinstance(move, TablePass):
            found.append("pass")
            continue
        tile = f"{move.tile[0]}-{move.tile[1]}"
        found.append(f"{tile} {move.side}" if len(table.sides(move.tile)) == 2 else tile)
    return found


def after_ada_1_2() -> Table:
    """RECORD's hand at a table, up to Ada's 1-2 on the right (ends 6|1, Bea to play)."""
    table = Table(["Ada", "Bea", "Cy"], "Ada", {
        "Ada": ["6-6", "1-2", "3-4", "0-0", "5-5"], "Cy": ["6-2", "1-1", "0-3", "4-4", "2-5"]})
    table.play("6-6")
    table.pass_()
    table.play("6-2", "R")
    table.play("1-2", "R")
    return table


def test_a_hidden_players_moves_are_the_tables() -> None:
    text = "\n".join([*RECORD.split("\n")[:10], "Bea: "]) + "\n"
    assert offered(text, 10) == legal(after_ada_1_2())
    # Bea passed at 6|6: she holds no 6 (R8, and nobody draws), so no 0-6 at 6|1.
    assert offered(text, 10)[:3] == ["0-1", "1-3", "1-4"] and offered(text, 10)[-1] == "pass"


def test_a_known_players_moves_are_the_tables() -> None:
    # Cy, after Ada's 1-2 and Bea's pass: the ends 6|1, Cy holds 1-1 0-3 4-4 2-5.
    text = "\n".join([*RECORD.split("\n")[:10], "Bea: pass", "Cy: "]) + "\n"
    assert offered(text, 11) == ["1-1"]


def test_a_slip_above_the_line_falls_back_to_the_replays_ends() -> None:
    # Ada's 5-5 fits neither end (6|2): the moves cannot be played as written; the replay
    # reads the slip, and Bea is still offered what fits its ends, then pass.
    text = "\n".join([*RECORD.replace("Ada: 1-2 R", "Ada: 5-5 R").split("\n")[:10],
                      "Bea: "]) + "\n"
    found = offered(text, 10)
    assert found and found[-1] == "pass"


def test_a_slip_read_one_way_gives_that_readings_moves() -> None:
    # Ada's 5-5 fits neither end (6|2). Her one tile that fits is 1-2, on the right end, and
    # she may not pass while she holds it (R8): the replay reads the line as 1-2 R, and Bea
    # is offered what she would be after it.
    text = "\n".join([*RECORD.replace("Ada: 1-2 R", "Ada: 5-5 R").split("\n")[:10],
                      "Bea: "]) + "\n"
    assert offered(text, 10) == legal(after_ada_1_2())


def test_a_slip_read_several_ways_gives_the_moves_of_each() -> None:
    # Ada's 1-2 written on the left, where the end shows 6. Three readings cost one slip:
    # the side written wrong (ends 6|1); Cy's 6-2 laid on the left (ends 1|6); or hidden
    # Bea's pass was a play of 1-6 on the left, Cy's 6-2 went right and Ada's 1-2 left as
    # written (ends 2|2).  Cy holds 1-1 0-3 4-4 2-5: 1-1 in the first two, 2-5 on either end
    # in the third.
    text = "\n".join([*RECORD.replace("Ada: 1-2 R", "Ada: 1-2 L").split("\n")[:10],
                      "Bea: pass", "Cy: "]) + "\n"
    assert offered(text, 11) == ["1-1", "2-5 L", "2-5 R"]


def test_a_hand_that_is_over_or_unread_gets_no_moves() -> None:
    two = """[Players "Ada Bea"]

hand 1
opener Ada
deal Ada: 6-6 6-5 5-4 4-3 3-2 2-1 1-0
Ada: 6-6
Bea: pass
Ada: 6-5 R
Bea: pass
Ada: 5-4 R
Bea: pass
Ada: 4-3 R
Bea: pass
Ada: 3-2 R
Bea: pass
Ada: 2-1 R
Bea: pass
Ada: 1-0 R
"""
    # Ada has gone out: nothing is played after that (R12).
    assert offered(two + "Bea: \n", 18) == []
    # Before Ada's last tile, Bea (her deal hidden) may hold a tile that fits 6|1, is not
    # Ada's and has no value she passed on: 1-1 first ...
    before_last = two.rsplit("Bea: pass\nAda: 1-0 R", 1)[0]
    assert offered(before_last + "Bea: \n", 16)[:1] == ["1-1"]
    # ... but not once a line of the hand is one the reader cannot read: the engine does
    # not replay the hand, and no table says what she may hold.
    unread = before_last.replace("Bea: pass\nAda: 5-4 R", "Bea pass\nAda: 5-4 R")
    assert offered(unread + "Bea: \n", 16) == []


# Ada's and Cy's deals, Bea's hidden.
DEALT = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 1-4 1-1 0-0 3-4 2-2
deal Cy: 5-5 1-2 0-1 0-2 2-3
"""


def test_a_tile_dealt_high_pip_first_is_offered_once_as_written() -> None:
    # Ends 0|1: Cy's 2-1 fits the 1, 1-0 both ends, 2-0 the 0; 5-5 and 3-2 nothing.
    text = """[Players "Ada Bea Cy"]

hand 1
opener Ada
deal Ada: 4-1 1-1 4-4 4-3 2-2
deal Bea: 0-0 6-3 6-6 5-2 4-0
deal Cy: 5-5 2-1 1-0 2-0 3-2
Ada: 4-1
Bea: 4-0 L
""" + "Cy: \n"
    assert offered(text, 9) == ["2-1", "1-0 L", "1-0 R", "2-0"]


def test_a_slip_only_a_later_play_shows_gives_the_moves_of_each_reading() -> None:
    # Bea passed on 1|4 and later lays 1-3: as written her pass was illegal (P407), and the
    # moves can still be played at a table.  The readings the engine keeps leave the ends
    # 0|1 (as written), 0|0, 0|3, 0|5 or 0|6; Cy holds 5-5 1-2 0-2 2-3.
    text = DEALT + "Ada: 1-4\nBea: pass\nCy: 0-1 L\nAda: 3-4 R\nBea: 1-3 R\nCy: \n"
    found = offered(text, 11)
    assert found[:2] == ["1-2", "0-2"]  # the record as written first
    assert sorted(found) == ["0-2", "0-2 L", "0-2 R", "1-2", "2-3", "5-5"]


def test_only_a_player_on_turn_is_offered_moves() -> None:
    # Cy's 4-6 is not hers (R4): the engine reads it as Bea's, written under Cy's name, and
    # Cy is on turn after it (R5), at ends 1|6.
    text = DEALT.replace("0-0 3-4", "4-4 3-4") + "Ada: 1-4\nCy: 4-6 R\n"
    assert offered(text + "Ada: \n", 8) == []
    assert offered(text + "Cy: \n", 8) == ["1-2", "0-1"]


def test_a_hand_line_written_twice_keeps_its_deals() -> None:
    # The engine reads the two `hand 1` lines as one hand (G106): Cy's deal is known, and
    # only her tiles that fit 1|4 are offered (in the set's order: the deal is written
    # under the other copy), with no pass (R8).
    text = DEALT + "hand 1\nAda: 1-4\nBea: pass\nCy: \n"
    assert offered(text, 9) == ["0-1", "1-2"]
