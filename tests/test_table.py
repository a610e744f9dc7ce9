"""The public ``Table``: one hand in play, what the rules allow now, and its moves (R4–R13).

Every method on a hand whose answer is worked out by hand, every illegal move with its code
and the table left as it was, and two properties: random legal play always ends the hand,
and how it ended is what ``validate`` finds in the record written from the moves; the
simulator's moves are all legal to the table, and end the hand where the simulator's do.
"""

from __future__ import annotations

import importlib.util
import io
import random
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from blocknotation import IllegalMove, Outcome, Table, TablePass, TablePlay, validate
from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.basics.i18n import translator
from blocknotation.engine.course import ReplayedHand
from blocknotation.engine.table import Placement, table_of
from blocknotation.notation.stream import chunks_of
from blocknotation.pipeline import judged
from blocknotation.simulator.simulate import simulate_game

from strategies import examples

#: The three-player hand of docs/notation.md, section 1: every deal known.
DEALS = {"Ada": ["1-4", "1-1", "4-4", "3-4", "2-2"], "Bea": ["0-0", "3-6", "6-6", "2-5", "0-4"],
         "Cy": ["5-5", "1-2", "0-1", "0-2", "2-3"]}
#: Its moves, up to the one that blocks it: a tile with its side, or None for a pass.
MOVES: list[tuple[str, str | None] | None] = [
    ("1-4", None), ("0-4", "R"), ("0-1", "R"), ("1-1", "L"), None, ("1-2", "L"), ("2-2", "L"),
    ("2-5", "L"), ("5-5", "L")]


def known() -> Table:
    return Table(["Ada", "Bea", "Cy"], "Ada", DEALS)


def played(table: Table, moves: list[tuple[str, str | None] | None]) -> Table:
    for move in moves:
        if move is None:
            table.pass_()
        else:
            table.play(*move)
    return table


def state(table: Table) -> tuple[object, ...]:
    """Everything a table tells, to see that a refused move changed nothing."""
    return (table.turn, table.ends, table.chain, table.passes_in_a_row, table.is_over(),
            table.outcome(), table.unseen(), table.legal_moves(),
            tuple((table.placed(p), table.held(p), table.may_pass(p)) for p in table.players))


# --- building one -----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "opener", "deals", "words"), [
    (["Ada"], "Ada", None, "2, 3 or 4 players"),
    (["Ada", "Bea", "Cy", "Dana", "Eve"], "Ada", None, "2, 3 or 4 players"),
    (["Ada", "Ada"], "Ada", None, "different names"),
    (["Ada", "Bea"], "Cy", None, "the opener one of them"),
    (["Ada", "Bea"], "Ada", {"Ada": ["1-1"] * 1}, "Ada's deal holds 1 tiles, but with 2 players "
                                                   "each is dealt 7 (R3)"),
    (["Ada", "Bea", "Cy"], "Ada", {"Ada": ["0-0", "0-1", "0-2", "0-3", "1-0"]},
     "1-0 is dealt twice"),
    (["Ada", "Bea", "Cy"], "Ada", {"Ada": DEALS["Ada"], "Bea": ["4-1", *DEALS["Bea"][1:]]},
     "4-1 is dealt twice"),
    (["Ada", "Bea", "Cy"], "Ada", {"Dana": DEALS["Ada"]}, "'Dana' is not one of the players"),
    (["Ada", "Bea", "Cy"], "Ada", {"Ada": ["1-7", "1-1", "4-4", "3-4", "2-2"]},
     "not a tile of the double-six set: '1-7'"),
])
def test_a_table_that_cannot_be_refuses_with_a_reason(
        players: list[str], opener: str, deals: dict[str, list[str]] | None,
        words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Table(players, opener, deals)


def test_tiles_as_strings_or_tuples_either_way_round() -> None:
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Ada": [(4, 1), "1-1", " 4 - 4 ", (4, 3), "2-2"]})
    assert table.held("Ada") == {(1, 4), (1, 1), (4, 4), (3, 4), (2, 2)}
    for bad in ((1, 7), (True, 1), "3", "3-5-1", (1, 2, 3), 35):
        with pytest.raises(ValueError, match="not a tile"):
            table.fits(bad)  # type: ignore[arg-type]


# --- the state --------------------------------------------------------------------------------
def test_the_state_before_the_lead() -> None:
    table = Table(["Ada", "Bea", "Cy"], "Bea", {"Ada": DEALS["Ada"]})
    assert table.players == ("Ada", "Bea", "Cy")
    assert (table.turn, table.ends, table.chain, table.passes_in_a_row) == ("Bea", None, (), 0)
    assert table.held("Ada") == {(1, 4), (1, 1), (4, 4), (3, 4), (2, 2)}
    assert table.held("Bea") is None
    assert table.placed("Ada") == 0
    assert len(table.unseen()) == 23 and (1, 4) not in table.unseen()
    assert not table.is_over() and table.outcome() is None


def test_the_state_as_the_hand_goes_on() -> None:
    table = played(known(), MOVES[:5])
    assert table.ends == (1, 1)
    assert [(p.player, p.tile, p.side) for p in table.chain] == [
        ("Ada", (1, 4), None), ("Bea", (0, 4), "R"), ("Cy", (0, 1), "R"), ("Ada", (1, 1), "L")]
    assert (table.turn, table.passes_in_a_row) == ("Cy", 1)
    assert (table.placed("Ada"), table.placed("Bea"), table.placed("Cy")) == (2, 1, 1)
    assert table.held("Ada") == {(4, 4), (3, 4), (2, 2)}
    # Every deal known: what nobody holds nor placed is what was set aside (R4).
    assert len(table.unseen()) == 28 - 15


def test_a_side_left_out_is_kept_as_the_end_the_tile_went_to() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    table.play("4-1")
    table.play("1-6")  # fits the right end only
    assert table.chain[-1].side == "R" and table.ends == (4, 6)
    table.play("4-4", "L")
    assert table.ends == (4, 6) and table.chain[-1].tile == (4, 4)


# --- what the rules allow -----------------------------------------------------------------------
def test_fits_and_sides() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    assert table.fits("0-0") and table.sides("0-0") == (None,)
    table.play("3-5")
    assert table.fits("5-1") and not table.fits("0-0") and not table.fits("1-2")
    assert table.sides("1-5") == ("R",) and table.sides("3-1") == ("L",)
    assert table.sides("3-5") == ("L", "R") and table.sides("0-0") == ()
    table.play("0-5", "R")
    assert table.sides("0-0") == ("R",)  # a blank matches only a blank (R7)


def test_may_hold() -> None:
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Ada": DEALS["Ada"]})
    assert table.may_hold("Ada", "4-1") and not table.may_hold("Ada", "0-0")
    assert not table.may_hold("Bea", "1-4") and table.may_hold("Bea", "0-0")
    table.play("1-4")
    assert not table.may_hold("Ada", "1-4")
    table.play("0-4")
    assert not table.may_hold("Cy", "0-4") and not table.may_hold("Bea", "0-4")


def test_may_pass() -> None:
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Ada": DEALS["Ada"], "Bea": DEALS["Bea"]})
    assert not any(table.may_pass(p) for p in table.players)  # before the lead (R5)
    table.play("1-4")
    assert not table.may_pass("Bea")  # holds 0-4, which fits (R8)
    assert table.may_pass("Cy")  # hidden
    assert not table.may_pass("Ada")  # 1-1, 4-4, 3-4 fit
    table.play("0-4", "R")
    table.play("0-1", "R")
    assert table.ends == (1, 1) and table.may_pass("Bea")


def test_legal_moves() -> None:
    table = known()
    assert table.legal_moves() == [TablePlay(t, None) for t in
                                   [(1, 1), (1, 4), (2, 2), (3, 4), (4, 4)]]
    table.play("1-4")
    assert table.legal_moves() == [TablePlay((0, 4), "R")]
    played(table, MOVES[1:4])
    assert table.legal_moves() == [TablePass()]  # Bea: nothing fits 1|1
    table.pass_()
    assert table.legal_moves() == [TablePlay((1, 2), "L"), TablePlay((1, 2), "R")]


def test_legal_moves_of_a_hidden_player_are_every_tile_they_may_hold_that_fits() -> None:
    table = Table(["Ada", "Bea"], "Ada", {"Ada": ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5",
                                                  "0-6"]})
    table.play("0-6")
    moves = table.legal_moves()
    assert moves[-1] == TablePass()
    # Bea may hold any 6 but 0-6 (placed), and nothing with a 0 (all of Ada's).
    assert moves[:-1] == [TablePlay((t, 6), "R") for t in range(1, 7)]


def test_a_hidden_players_pass_rules_out_the_values_an_end_showed() -> None:
    # Bea's deal is hidden.  She passes at 1|5: she held no 1 and no 5 (R8), and nobody draws
    # (R4), so she holds none later; 2-3 she may hold.  At 0|5 her moves are the 0s nobody
    # else may hold, and a pass; 5-5 is refused, P407 (validate's code for a hidden player's
    # pass that a later play proves illegal), the table unchanged.
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Ada": ["1-5", "1-2", "3-3", "4-4", "0-0"],
                                                "Cy": ["2-6", "6-6", "0-1", "0-2", "0-3"]})
    table.play("1-5")
    assert table.may_hold("Bea", "5-5") and table.may_hold("Bea", "1-4")
    table.pass_()
    assert not table.may_hold("Bea", "5-5") and not table.may_hold("Bea", "1-4")
    assert table.may_hold("Bea", "2-3")
    table.play("0-1", "L")
    table.play("0-0", "L")
    assert table.turn == "Bea" and table.ends == (0, 5)
    assert table.legal_moves() == [TablePlay((0, 4), "L"), TablePlay((0, 6), "L"), TablePass()]
    before = state(table)
    with pytest.raises(IllegalMove) as refused:
        table.play("5-5", "R")
    assert refused.value.code == "P407"
    assert str(refused.value) == ("Bea cannot play 5-5: Bea passed while an end showed 5, and "
                                  "nobody draws, so Bea held no 5 (R4, R8)")
    assert state(table) == before
    # 1-3, which she passed on too, fits neither end: P403 first, as validate reports it.
    with pytest.raises(IllegalMove) as refused:
        table.play("1-3", "L")
    assert refused.value.code == "P403"
    assert state(table) == before


def test_a_hidden_player_who_cannot_hold_her_tiles_without_a_fit_may_not_pass() -> None:
    # Bea's deal is hidden.  She passed at 1|5: she holds no 1 and no 5.  Of the 21 tiles
    # Ada was not dealt, 11 have neither; at 1|2, 6 of them have no 2, fewer than the 7 she
    # holds, so she holds a 2 and must play it (R4, R8).  validate reports the pass written
    # in a record with the same code, P407.
    deal = ["2-5", "3-4", "3-3", "6-6", "1-5", "4-4", "1-6"]
    table = Table(["Ada", "Bea"], "Ada", {"Ada": deal})
    table.play("1-5")
    table.pass_()
    table.play("2-5", "R")
    assert table.ends == (1, 2) and table.turn == "Bea"
    assert not table.may_pass("Bea")
    assert table.legal_moves() == [TablePlay(tile, "R") for tile in ((0, 2), (2, 2), (2, 3), (2, 4),
                                                                (2, 6))]
    before = state(table)
    with pytest.raises(IllegalMove) as refused:
        table.pass_()
    assert refused.value.code == "P407" and str(refused.value).startswith(
        "Bea cannot pass: too few of the tiles Bea may hold lack every value the ends show")
    assert state(table) == before
    record = ('[Players "Ada Bea"]\n\nhand 1\ndeal Ada: ' + " ".join(deal)
              + "\nAda: 1-5\nBea: pass\nAda: 2-5 R\nBea: pass\n")
    report = validate(record.encode(), "hand.block")
    assert [(d.code, d.line) for d in report.diagnostics if d.is_error] == [("P407", 8)]


def test_a_hidden_player_may_pass_while_exactly_enough_tiles_lack_a_fit() -> None:
    # Bea is hidden.  She passed at 1|4 and laid 2-3, so she holds 6 tiles with no 1 and no
    # 4.  At 2|5, of the 13 tiles she may hold, 0-0, 0-3, 0-6, 3-3, 3-6 and 6-6 have no 2 or
    # 5: six, as many as she holds, so she may pass (R8), and her pass says those are hers.
    table = Table(["Ada", "Bea"], "Ada",
                  {"Ada": ["1-3", "1-4", "5-5", "4-5", "1-6", "1-1", "0-4"]})
    table.play("1-4")
    table.pass_()
    table.play("1-3", "L")
    table.play("2-3", "L")
    table.play("4-5", "R")
    assert table.ends == (2, 5) and table.turn == "Bea" and table.placed("Bea") == 1
    assert table.may_pass("Bea") and table.legal_moves()[-1] == TablePass()
    table.pass_()
    hers = {(0, 0), (0, 3), (0, 6), (3, 3), (3, 6), (6, 6)}
    assert {tile for tile in table.unseen() if table.may_hold("Bea", tile)} == hers


def test_a_tile_another_hidden_hand_must_hold_is_not_offered() -> None:
    # Ada and Bea are hidden, Cy holds 3-5.  Bea passed at 0|1 and at 4|6: her 5 tiles have
    # none of 0, 1, 4, 6, and only 2-2, 2-3, 2-5, 3-3 and 5-5 are left that way, so all five
    # are hers, and Ada cannot lay 2-5 or 5-5 at 4|5 (R2, R4, R8).  validate reports the same
    # play written in a record as P407 at Bea's last pass, which it shows illegal.
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Cy": ["1-6", "5-6", "3-5", "0-0", "4-4"]})
    for move in ["0-1", None, ("1-6", "R"), ("0-4", "L"), None, ("5-6", "R")]:
        if move is None:
            table.pass_()
        elif isinstance(move, str):
            table.play(move)
        else:
            table.play(*move)
    assert table.ends == (4, 5) and table.turn == "Ada"
    assert not table.may_hold("Ada", "2-5") and table.may_hold("Bea", "2-5")
    assert not table.may_hold("Ada", "5-5") and table.may_hold("Ada", "1-5")
    offered = {move.tile for move in table.legal_moves() if isinstance(move, TablePlay)}
    assert offered == {(0, 5), (1, 4), (1, 5), (2, 4), (3, 4), (4, 5), (4, 6)}
    with pytest.raises(IllegalMove) as refused:
        table.play("2-5", "R")
    assert refused.value.code == "P407" and str(refused.value) == (
        "Ada cannot play 2-5: were it Ada's, the hands whose deals are hidden could not all "
        "hold the tiles they still hold, none with a value its player passed on: nobody "
        "draws, so 2-5 is in another hidden hand (R4, R8)")
    record = (b'[Players "Ada Bea Cy"]\n\nhand 1\ndeal Cy: 1-6 5-6 3-5 0-0 4-4\nAda: 0-1\n'
              b"Bea: pass\nCy: 1-6 R\nAda: 0-4 L\nBea: pass\nCy: 5-6 R\nAda: 2-5 R\n")
    report = validate(record, "hand.block")
    assert [(d.code, d.line) for d in report.diagnostics if d.is_error] == [("P407", 9)]


def _tables_of(record: bytes) -> tuple[list[tuple[str, int]], list[Table | None]]:
    """The diagnostics of a one-hand record's replay (code, line), and each reading it keeps
    as a table (``table_of``)."""
    readings = _Readings()
    chunk = next(iter(chunks_of(io.BytesIO(record))))
    assert not isinstance(chunk, Diagnostic)
    piece = judged(chunk, 1, keep=readings)
    return [(d.code, d.line) for d in piece.diagnostics], readings.tables


def test_a_table_from_a_record_whose_hidden_passes_cannot_all_be_legal_still_offers_moves(
) -> None:
    # Bea and Cy are hidden and have each passed at 0|1 and 1|2: each may still hold her 5
    # tiles, but of the tiles without a 0, 1 or 2 that Ada was not dealt there are fewer
    # than the 10 they hold together, so some pass was illegal (validate takes each
    # player's passes alone, and reports nothing).  The table made from the replay's reading
    # holds the passes together against no move: Bea may lay a 3 or pass.
    record = (b'[Players "Ada Bea Cy"]\n\nhand 1\nopener Ada\ndeal Ada: 0-1 0-2 2-3 4-4 5-5\n'
              b"Ada: 0-1\nBea: pass\nCy: pass\nAda: 0-2 L\nBea: pass\nCy: pass\nAda: 2-3 L\n")
    found, (table,) = _tables_of(record)
    assert [code for code, _ in found] == ["E501"]
    assert table is not None and table.turn == "Bea" and table.ends == (3, 1)
    assert table.legal_moves() == [TablePlay((3, t), "L") for t in (3, 4, 5, 6)] + [TablePass()]


def test_a_table_from_a_reading_of_a_slip_tells_the_end_each_tile_went_to() -> None:
    # Ada writes 5-6, not hers; the reading that lets Bea's 2-3 on the right fit has her
    # 2-5 there instead (P401).  That reading keeps no side for the tile laid in place of
    # the one written: the table made from it tells it from the ends before and after.
    record = (b'[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 1-4 2-5 0-0 3-3 6-6 0-6 1-1\n'
              b"Ada: 1-4\nBea: 4-5 R\nAda: 5-6 R\nBea: 2-3 R\n")
    found, (table,) = _tables_of(record)
    assert found == [("P401", 8), ("E501", 9)]
    assert table is not None and table.ends == (1, 3) and table.turn == "Ada"
    assert table.chain[2] == Placement("Ada", (2, 5), "R")


def test_legal_moves_once_over_is_empty() -> None:
    table = played(known(), MOVES)
    assert table.is_over() and table.turn is None and table.legal_moves() == []


def test_a_copy_is_independent() -> None:
    table = played(known(), MOVES[:3])
    twin = table.copy()
    assert state(twin) == state(table)
    twin.play("1-1", "L")
    assert table.turn == "Ada" and table.held("Ada") == {(1, 1), (4, 4), (3, 4), (2, 2)}
    assert twin.turn == "Bea" and twin.held("Ada") == {(4, 4), (3, 4), (2, 2)}
    assert len(table.chain) == 3 and len(twin.chain) == 4
    table.play("1-1", "R")
    assert twin.chain[-1].side == "L" and table.chain[-1].side == "R"


# --- how a hand ends ----------------------------------------------------------------------------
def test_a_dead_chain_with_every_deal_known_is_blocked_at_once() -> None:
    table = played(known(), MOVES)
    # Ends 5|1: nobody holds a 5 or a 1 (R12); Cy has the lowest total, 7 (R15).
    assert table.ends == (5, 1)
    assert table.outcome() == Outcome("blocked", "Cy")


def test_every_player_passing_in_succession_blocks_the_hand() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    table.play("3-3")
    table.pass_()
    assert not table.is_over() and table.passes_in_a_row == 1
    table.pass_()
    assert table.outcome() == Outcome("blocked", None)  # totals not known
    assert table.passes_in_a_row == 2


def test_the_lowest_total_alone_wins_a_block() -> None:
    deals = {"Ada": ["0-0", "0-1", "1-1", "2-2", "3-3", "4-4", "5-5"],
             "Bea": ["0-2", "1-2", "0-3", "1-3", "2-3", "6-6", "4-5"]}
    table = Table(["Ada", "Bea"], "Ada", deals)
    played(table, [("5-5", None), ("4-5", "R"), ("4-4", "R")])
    # Ends 5|4, which nobody holds: Ada 13 pips, Bea 29 (R15).
    assert table.outcome() == Outcome("blocked", "Ada")


def test_a_tied_block_has_no_winner() -> None:
    deals = {"Ada": ["0-1", "1-5", "1-2", "4-4", "3-4", "1-6", "3-6"],
             "Bea": ["0-4", "0-0", "3-3", "1-3", "5-5", "6-6", "1-4"]}
    table = Table(["Ada", "Bea"], "Ada", deals)
    played(table, [("0-1", None), ("1-3", "R"), ("3-4", "R"), ("0-4", "R"), None, ("0-0", "L")])
    # Ends 0|0, which nobody holds: 33 pips each, and a tie scores nobody (R15).
    assert table.outcome() == Outcome("blocked", None)


def test_a_domino_is_seen_with_the_deal_hidden_by_counting() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    for tile in ("0-0", "0-1", "1-1", "1-2", "2-2", "2-3", "3-3", "3-4", "4-4", "4-5", "5-5",
                 "5-6", "6-6"):
        table.play(tile, "R")
    assert table.outcome() == Outcome("domino", "Ada")
    assert table.placed("Ada") == 7 and table.placed("Bea") == 6


# --- illegal moves ----------------------------------------------------------------------------
ILLEGAL = [
    # (moves before, the move, its code, the message in English)
    ([], None, "T303", "Ada passes instead of leading: the chain is empty and any tile may be "
                       "led (R5)"),
    ([], ("0-0", None), "P401", "Ada cannot play 0-0: it was dealt to Bea (R4)"),
    ([], ("0-3", None), "P401", "Ada cannot play 0-3: nobody was dealt it, it was set aside "
                                "(R4)"),
    ([("1-4", None)], ("0-4", "L"), "P403", "Bea: 0-4 fits the right end (4), not the left end "
                                            "(1): did you mean R?"),
    ([("1-4", None)], ("6-6", None), "P403", "Bea: 6-6 fits neither the left end (1) nor the "
                                             "right end (4) (R6)"),
    ([("1-4", None)], None, "P405", "Bea passed holding 0-4, which fits the right end (4): a "
                                    "player who can play must (R8)"),
    (MOVES[:2], ("1-4", "L"), "P402", "Cy cannot play 1-4: Ada has already placed it, and the "
                                      "set has each tile once (R2)"),
    (MOVES, None, "P406", "the hand is over: it is blocked, and nothing is played after that "
                          "(R12)"),
]


@pytest.mark.parametrize(("before", "move", "code", "words"), ILLEGAL,
                         ids=[f"{code}-{k}" for k, (_, _, code, _) in enumerate(ILLEGAL)])
def test_an_illegal_move_is_refused_with_its_code_and_changes_nothing(
        before: list[tuple[str, str | None] | None], move: tuple[str, str | None] | None,
        code: str, words: str) -> None:
    table = played(known(), before)
    was = state(table)
    with pytest.raises(IllegalMove) as refused:
        if move is None:
            table.pass_()
        else:
            table.play(*move)
    assert (refused.value.code, str(refused.value)) == (code, words)
    assert isinstance(refused.value, ValueError)
    assert state(table) == was


def test_p401_for_a_tile_not_in_the_players_known_deal() -> None:
    table = Table(["Ada", "Bea", "Cy"], "Ada", {"Ada": DEALS["Ada"]})
    with pytest.raises(IllegalMove, match="not among the tiles dealt to Ada") as refused:
        table.play("6-6")
    assert refused.value.code == "P401"


def test_p404_a_tile_that_fits_both_ends_needs_a_side() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    table.play("1-4")
    table.play("4-3", "R")
    was = state(table)
    with pytest.raises(IllegalMove) as refused:
        table.play("1-3")
    assert (refused.value.code, str(refused.value)) == (
        "P404", "Ada: 1-3 fits both the left end (1) and the right end (3): write L or R after "
                "the tile")
    assert state(table) == was
    table.play("1-3", "R")
    assert table.ends == (1, 1)


def test_on_two_ends_of_one_value_a_tile_without_a_side_goes_left() -> None:
    # The two placings are mirror images of one chain: either will do.
    table = Table(["Ada", "Bea"], "Ada")
    table.play("3-3")
    table.play("5-3")
    assert (table.ends, table.chain[-1].side) == ((5, 3), "L")
    assert table.sides("3-6") == ("R",)


def test_p406_after_a_domino_names_who_went_out() -> None:
    table = Table(["Ada", "Bea"], "Ada")
    for tile in ("0-0", "0-1", "1-1", "1-2", "2-2", "2-3", "3-3", "3-4", "4-4", "4-5", "5-5",
                 "5-6", "6-6"):
        table.play(tile, "R")
    with pytest.raises(IllegalMove) as refused:
        table.play("6-4", "R")
    assert (refused.value.code, str(refused.value)) == (
        "P406", "the hand is over: Ada has gone out, and nothing is played after that (R12)")


def test_the_message_renders_in_italian() -> None:
    table = known()
    with pytest.raises(IllegalMove) as refused:
        table.play("0-0")
    assert refused.value.message.render(translator("it")) == (
        "Ada non può posare 0-0: era nella mano di Bea (R4)")


def test_a_side_that_is_not_l_or_r_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a side is 'L', 'R' or None"):
        known().play("1-4", "left")  # type: ignore[arg-type]


# --- properties -------------------------------------------------------------------------------
NAMES = ("Ada", "Bea", "Cy", "Dana")
EACH = {2: 7, 3: 5, 4: 5}


def record(table: Table, opener: str, deals: dict[str, list[tuple[int, int]]],
           moves: list[tuple[str, TablePlay | TablePass]]) -> bytes:
    """The record of one hand as played at ``table``, in the notation."""
    lines = [f'[Players "{" ".join(table.players)}"]', "", "hand 1", f"opener {opener}"]
    lines += [f"deal {p}: {' '.join(f'{a}-{b}' for a, b in tiles)}" for p, tiles in deals.items()]
    for (player, move), placed in zip(moves, _placements(table, moves), strict=True):
        if isinstance(move, TablePass):
            lines.append(f"{player}: pass")
        else:
            assert placed is not None
            tile = "-".join(map(str, placed.tile))
            lines.append(f"{player}: {tile}" + (f" {placed.side}" if placed.side else ""))
    return ("\n".join(lines) + "\n").encode()


def _placements(table: Table, moves: list[tuple[str, TablePlay | TablePass]]) -> list[object]:
    chain = iter(table.chain)
    return [None if isinstance(move, TablePass) else next(chain) for _, move in moves]


def _seated(data: st.DataObject) -> tuple[int, tuple[str, ...], list[tuple[int, int]],
                                         list[str]]:
    """A hand drawn: how many players, their names, the set shuffled, whose deals are
    known."""
    count = data.draw(st.integers(2, 4), label="players")
    players = NAMES[:count]
    pool = data.draw(st.permutations([(a, b) for a in range(7) for b in range(a, 7)]))
    known = data.draw(st.lists(st.sampled_from(players), unique=True), label="known")
    return count, players, pool, known


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_random_legal_play_ends_the_hand_as_validate_finds(data: st.DataObject) -> None:
    count, players, pool, known = _seated(data)
    each = EACH[count]
    deals = {p: [t[::-1] if data.draw(st.booleans()) else t
                 for t in pool[k * each:(k + 1) * each]]
             for k, p in enumerate(players) if p in known}
    opener = data.draw(st.sampled_from(players), label="opener")
    table = Table(players, opener, deals)
    moves: list[tuple[str, TablePlay | TablePass]] = []
    for _ in range(28 * 5):  # at most 28 plays, and fewer than a round of passes after each
        if table.is_over():
            break
        legal = table.legal_moves()
        assert legal, "a hand that is not over always has a move"
        move = data.draw(st.sampled_from(legal))
        moves.append((table.turn or "", move))
        if isinstance(move, TablePass):
            table.pass_()
        else:
            table.play(move.tile, move.side)
    assert table.is_over() and table.turn is None and table.legal_moves() == []
    outcome = table.outcome()
    assert outcome is not None
    report = validate(record(table, opener, deals, moves), "hand.block")
    hand = report.games[0].hands[0]
    # Legal moves are legal to validate too (a hidden player's pass included: the table
    # offers it only while she may hold as many tiles as she holds without one that fits).
    assert [d.code for d in report.diagnostics if d.is_error] == []
    assert hand.outcome == outcome.kind
    if outcome.kind == "domino" or len(known) == count:
        assert hand.winner == outcome.winner


class _Readings:
    """Keeps the tables of each hand's readings as a replay leaves them (a ReplayCache)."""

    saves = False

    def __init__(self) -> None:
        self.tables: list[Table | None] = []

    def kept(self, at: ReplayedHand) -> None:
        if at.result is not None:
            self.tables = [table_of(world, at.game.seats.names) for world in at.readings]

    def again(self, k: int) -> None:
        return None


def _told(table: Table) -> tuple[object, ...]:
    """What a table tells, its chain's tiles low pip first."""
    chain = tuple((p.player, tuple(sorted(p.tile)), p.side) for p in table.chain)
    return (chain, *state(table)[:2], *state(table)[3:])


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_a_reading_of_a_record_is_the_table_its_moves_make(data: st.DataObject) -> None:
    # A hand played at a table, stopped anywhere, written as a record and replayed: where
    # the replay finds nothing wrong and keeps one reading, that reading as a table
    # (table_of, what the language server's completion asks after a slip) tells all
    # that the table the moves were played on tells.
    count, players, pool, known = _seated(data)
    each = EACH[count]
    deals = {p: pool[k * each:(k + 1) * each] for k, p in enumerate(players) if p in known}
    opener = data.draw(st.sampled_from(players), label="opener")
    table = Table(players, opener, deals)
    moves: list[tuple[str, TablePlay | TablePass]] = []
    for _ in range(data.draw(st.integers(1, 40), label="moves")):
        if table.is_over():
            break
        move = data.draw(st.sampled_from(table.legal_moves()))
        moves.append((table.turn or "", move))
        table.pass_() if isinstance(move, TablePass) else table.play(move.tile, move.side)
    readings = _Readings()
    chunk = next(iter(chunks_of(io.BytesIO(record(table, opener, deals, moves)))))
    assert not isinstance(chunk, Diagnostic)
    piece = judged(chunk, 1, keep=readings)
    if any(d.is_error for d in piece.diagnostics):
        event("an error")
        return
    assert readings.tables, "a hand the engine replays keeps at least one reading"
    if len(readings.tables) > 1:
        event("more than one reading")
        return
    event("one reading")
    (found,) = readings.tables
    assert found is not None and _told(found) == _told(table)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_the_simulators_moves_are_legal_and_end_the_hand_where_its_do(seed: int,
                                                                      count: int) -> None:
    game = simulate_game(random.Random(seed), NAMES[:count])
    for hand in game.hands:
        table = Table(game.players, hand.opener, hand.deals)
        for k, move in enumerate(hand.moves):
            if table.is_over():
                # Every deal known: the table sees the block at once, the simulator plays
                # out the passes.
                assert all(m.tile is None for m in hand.moves[k:])
                break
            assert table.turn == move.player
            if move.tile is None:
                assert TablePass() in table.legal_moves()
                table.pass_()
            else:
                low = (min(move.tile), max(move.tile))
                assert TablePlay(low, move.end) in table.legal_moves()
                table.play(move.tile, move.end)
                assert table.ends == move.ends
        assert table.outcome() == Outcome(hand.outcome, hand.winner)
        assert {p: sorted(table.held(p) or ()) for p in game.players} == {
            p: sorted((min(t), max(t)) for t in tiles)
            for p, tiles in hand.remaining_tiles.items()}


def test_the_api_page_opens_its_table_section_with_the_librarys_example() -> None:
    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("docs_pages", root / "tools" / "docs_pages.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = tool.api_page()
    section = page.split("## One hand in play\n", 1)[1].split("\n## ", 1)[0]
    library = (root / "docs" / "library.md").read_text("utf-8")
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert "table.play(" in example and "while not table.is_over():" in example
    assert f"```python\n{example}```\n\nprints\n" in library
    assert "::: blocknotation.engine.table.Table" in section
