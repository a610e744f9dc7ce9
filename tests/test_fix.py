"""``find_fixes``/``apply_fixes``/``fix_text`` on hand-written records, one per kind of fix,
each verdict decided from the rules: what is written, where, whether it is safe, and what
is left alone because the engine does not know it."""

from __future__ import annotations

from pathlib import Path

from blocknotation.fixing.edits import Edit, Fix, apply_fixes
from blocknotation.fixing.fixes import find_fixes, fix_text
from blocknotation.pipeline import Selection, validate_bytes
from blocknotation.report.values import FileReport

# Two players, both deals known; Ada goes out at line 18 with 1-4 (R12).  Bea still holds
# 6-6 5-6 5-5 4-6 3-6 (12 + 11 + 10 + 10 + 9 = 52) and scores nothing; Ada scores 52 (R14).
MOVES = (
    '[Players "Ada Bea"]\n'
    "\n"
    "hand 1\n"
    "deal Ada: 0-1 0-2 1-2 0-0 1-1 2-2 1-4\n"
    "deal Bea: 6-6 5-6 5-5 4-6 3-6 2-3 1-3\n"
    "Ada: 0-1\n"
    "Bea: 1-3 R\n"
    "Ada: 0-0 L\n"
    "Bea: 2-3 R\n"
    "Ada: 0-2 L\n"
    "Bea: pass\n"
    "Ada: 2-2 L\n"
    "Bea: pass\n"
    "Ada: 1-2 L\n"
    "Bea: pass\n"
    "Ada: 1-1 L\n"
    "Bea: pass\n"
    "Ada: 1-4 L\n"
)
CLAIMS = "domino Ada\npoints Ada 52\nscore Ada 52, Bea 0\n"


def codes(text: str) -> list[tuple[str, int]]:
    from blocknotation.pipeline import validate_bytes

    return [(d.code, d.line) for d in validate_bytes(text.encode(), "t").diagnostics]


def test_the_record_with_its_claims_is_clean() -> None:
    assert codes(MOVES + CLAIMS) == []
    assert find_fixes(MOVES + CLAIMS) == ()


def test_missing_claims_are_written_after_the_last_move() -> None:
    fixes = find_fixes(MOVES)
    assert [(f.code, f.line, f.column, f.safe) for f in fixes] == [
        ("E503", 3, 1, True), ("E504", 3, 1, True), ("E505", 3, 1, True)]
    assert [f.title for f in fixes] == [
        "write the missing claim domino Ada", "write the missing claim points Ada 52",
        "write the missing claim score Ada 52, Bea 0"]
    assert apply_fixes(MOVES, fixes) == MOVES + CLAIMS


def test_a_missing_claim_goes_between_the_claims_written() -> None:
    text = MOVES + "domino Ada\nscore Ada 52, Bea 0\n"
    (fix,) = find_fixes(text)
    assert fix.edits == (Edit(19, 11, 19, 11, "\npoints Ada 52"),)
    assert apply_fixes(text, [fix]) == MOVES + CLAIMS


def test_wrong_claims_are_corrected_and_the_old_ones_kept_in_comments() -> None:
    text = MOVES + "domino Bea   # so we thought\npoints Ada 50\nscore Ada 50, Bea 0\n"
    assert codes(text) == [("E503", 19), ("E504", 20)]  # the score carries the same slip
    fixed = fix_text(text)
    assert fixed.text == MOVES + (
        "# was: domino Bea   # so we thought\ndomino Ada\n"
        "# was: points Ada 50\npoints Ada 52\n"
        "# was: score Ada 50, Bea 0\nscore Ada 52, Bea 0\n")
    assert [f.code for f in fixed.applied] == ["E503", "E504", "E505"]
    assert fixed.report.diagnostics == () and fixed.unsafe_left == 0


def test_a_wrong_score_in_another_order_is_rewritten_in_seat_order() -> None:
    text = MOVES + "domino Ada\npoints Ada 52\nscore Bea 0, Ada 25\n"
    assert fix_text(text).text == MOVES + (
        "domino Ada\npoints Ada 52\n# was: score Bea 0, Ada 25\nscore Ada 52, Bea 0\n")
    # Right totals in another order are not wrong: nothing to fix.
    assert find_fixes(MOVES + "domino Ada\npoints Ada 52\nscore Bea 0, Ada 52\n") == ()


def test_an_unfinished_hand_gets_no_claim() -> None:
    text = MOVES.rsplit("Ada: 1-4 L\n", 1)[0]
    assert codes(text) == [("E501", 17)]
    assert find_fixes(text) == ()


def test_a_claim_the_moves_do_not_reach_is_left_alone() -> None:
    # Ada still holds 1-1 and 1-4: two plays short of going out, which no record leaves out.
    text = MOVES.rsplit("Ada: 1-1 L\n", 1)[0] + "domino Ada\n"
    assert [c for c, _ in codes(text)] == ["E503"]
    assert find_fixes(text) == ()


def test_a_hand_with_a_slip_gets_no_claim_nor_do_the_totals_after_it() -> None:
    # Ada's 0-0 on the right end (3) fits only the left (0): a slip (P403) the engine reads
    # as the other end.  Its figures are that reading's, which a claim may tell better: no
    # claim is written into the hand, and no score line after it, until one of the
    # record's own is found right.
    slipped = MOVES.replace("Ada: 0-0 L\n", "Ada: 0-0 R\n")
    assert [c for c, _ in codes(slipped)] == ["P403"]
    assert [f.code for f in find_fixes(slipped) if f.code[0] == "E"] == []
    second = ("\nhand 2\ndeal Ada: 0-1 0-2 1-2 0-0 1-1 2-2 1-4\n"
              "deal Bea: 6-6 5-6 5-5 4-6 3-6 2-3 1-3\n"
              "Bea: 1-3\nAda: 0-1 L\nBea: 2-3 R\nAda: 0-0 L\nBea: pass\nAda: 0-2 L\n"
              "Bea: pass\nAda: 2-2 L\nBea: pass\nAda: 1-2 L\nBea: pass\nAda: 1-1 L\n"
              "Bea: pass\nAda: 1-4 L\n")
    text = slipped + second + "domino Ada\npoints Ada 52\nscore Ada 99, Bea 0\n"
    assert codes(text) == [("P403", 8), ("E505", len(text.splitlines()))]
    assert [f.code for f in find_fixes(text) if f.code[0] == "E"] == []


UNVERIFIED = (
    '[Players "Ada Bea"]\n\nhand 1\nopener Ada\nshow Ada: -\ndomino Ada\npoints Ada 30\n'
    "score Ada 20, Bea 0\n"
)


def test_totals_resting_on_an_unverified_claim_are_not_changed() -> None:
    # Bea's tiles are not known: the points claim stands in, and the totals rest on it.
    assert codes(UNVERIFIED) == [("E505", 8)]
    assert find_fixes(UNVERIFIED) == ()
    assert fix_text(UNVERIFIED).text == UNVERIFIED


def test_points_that_cannot_be_known_are_not_written() -> None:
    text = '[Players "Ada Bea"]\n\nhand 1\nopener Ada\nshow Ada: -\ndomino Ada\n'
    assert codes(text) == [("E507", 3)]
    assert find_fixes(text) == ()


def _hands(numbers: list[int]) -> str:
    hands = "".join(f"\nhand {n}\nAda: 1-2\nBea: 2-3  # hand {n}\n" for n in numbers)
    return '[Players "Ada Bea"]\n' + hands


def test_hands_are_renumbered() -> None:
    text = _hands([1, 3, 4, 7])
    assert [c for c in codes(text) if c[0] == "G106"] == [("G106", 7), ("G106", 15)]
    fixes = find_fixes(text)
    assert [(f.code, f.line, f.title) for f in fixes] == [
        ("G106", 7, "number hand 3 as hand 2, and the hands after it in turn"),
        ("G106", 15, "number hand 7 as hand 4")]
    assert fixes[0].edits == (Edit(7, 6, 7, 7, "2"), Edit(11, 6, 11, 7, "3"))
    fixed = apply_fixes(text, fixes)
    assert [line for line in fixed.splitlines() if line.startswith("hand")] == [
        "hand 1", "hand 2", "hand 3", "hand 4"]
    assert "G106" not in {c for c, _ in codes(fixed)}


def _sides(tail: str) -> str:
    # The ends are 1|4 after the third move.
    return '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 2-3\nAda: 3-4 R\n' + tail


def test_a_tile_on_two_ends_of_one_value_needs_no_side() -> None:
    # After 3-1 R the ends are 1|1: 1-1 leaves them 1|1 on either side, and 1-5 would give
    # 5|1 or its mirror image 1|5: no slip, nothing to fix (a later side chooses).
    for tail in ("Bea: 1-1   # double\n", "Bea: 1-5\n"):
        text = _sides("").replace("3-4 R", "3-1 R") + tail
        assert "P404" not in [code for code, _ in codes(text)]
        assert find_fixes(text) == ()


def test_a_side_chosen_by_the_rest_of_the_hand_is_unsafe() -> None:
    # 1-4 on the left gives 4|4, on the right 1|1: only the left keeps "4-6 L" legal.
    text = _sides("Bea: 1-4\nAda: 4-6 L\n")
    (fix,) = find_fixes(text)
    assert (fix.code, fix.safe, fix.edits) == ("P404", False, (Edit(7, 9, 7, 9, " L"),))
    kept = fix_text(text)
    assert kept.text == text and kept.applied == () and kept.unsafe_left == 1
    done = fix_text(text, unsafe=True)
    assert done.text == _sides("Bea: 1-4 L\nAda: 4-6 L\n")
    assert [d.code for d in done.report.diagnostics] == ["E501"]


# Bea's tiles are hidden.  Ada's 2-3 fits the 2 and the 3 of 2|3: on the left the ends are
# 3|3, on the right 2|2, and both pass, so the hand is blocked either way with Ada's 15 pips
# (0-0 0-1 1-1 0-5 1-6) left; Bea's 6 tiles are unknown (E507).  On the left she holds no 3,
# at most 6-6 5-6 5-5 4-6 4-5 4-4 = 60, and Ada scores at most 60 - 15 = 45 (R15); on the
# right no 2, at most 6-6 5-6 5-5 4-6 4-5 3-6 = 61: 46.  Hand 2 gives Ada 12 more, and its
# score line says 58 = 46 + 12: only the right keeps hand 2's score line right.
BLOCKED_HIDDEN = (
    '[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 2-4 2-3 0-0 0-1 1-1 0-5 1-6\n'
    "Ada: 2-4\nBea: 3-4 R\nAda: 2-3\nBea: pass\nAda: pass\n\n"
    "hand 2\nopener Bea\nshow Ada: -\nshow Bea: 6-6\ndomino Ada\nscore Ada 58, Bea 0\n"
)


def test_a_side_that_only_a_later_hands_score_line_settles_is_unsafe() -> None:
    # Neither side adds anything to hand 1, whose points stay unknown either way, but within
    # other bounds: hand 2 is replayed after each, and the left makes its score line wrong.
    assert codes(BLOCKED_HIDDEN) == [("E507", 3), ("P404", 8)]
    fixes = [f for f in find_fixes(BLOCKED_HIDDEN) if f.code == "P404"]
    assert [(f.safe, f.edits) for f in fixes] == [(False, (Edit(8, 9, 8, 9, " R"),))]
    done = fix_text(BLOCKED_HIDDEN, unsafe=True)
    assert "Ada: 2-3 R\n" in done.text
    assert [(d.code, d.line) for d in done.report.diagnostics] == [("E507", 3)]


def test_a_side_nothing_decides_is_not_written() -> None:
    text = _sides("Bea: 1-4\n")
    assert ("P404", 7) in codes(text)
    assert find_fixes(text) == ()


def test_a_record_with_a_syntax_error_gets_no_fix() -> None:
    assert find_fixes(_hands([1, 3]) + "Ada: 9-9\n") == ()


def test_selection_and_inline_suppression_leave_fixes_out() -> None:
    text = _hands([1, 3])
    assert find_fixes(text, selection=Selection(ignore=("G1",))) == ()
    muted = text.replace("hand 3", "hand 3  # blocknot: ignore[G106]")
    assert find_fixes(muted) == ()


def test_titles_follow_the_language() -> None:
    (fix,) = find_fixes(_hands([1, 3]), lang="it")
    assert fix.title == "numera la mano 3 come mano 2"


def test_overlapping_fixes_keep_the_first() -> None:
    first = Fix("E504", 1, 1, True, "a", (Edit(1, 1, 1, 4, "abc"),))
    second = Fix("E504", 1, 1, True, "b", (Edit(1, 3, 1, 5, "z"),))
    assert apply_fixes("0123456\n", [first, second]) == "abc3456\n"
    insert_a = Fix("E503", 1, 1, True, "a", (Edit(1, 8, 1, 8, "\nX"),))
    insert_b = Fix("E504", 1, 1, True, "b", (Edit(1, 8, 1, 8, "\nY"),))
    assert apply_fixes("0123456\n", [insert_a, insert_b]) == "0123456\nX\nY\n"


def test_crlf_and_a_byte_order_mark_are_kept() -> None:
    text = "\ufeff" + MOVES.replace("\n", "\r\n")
    fixed = fix_text(text).text
    assert fixed == "\ufeff" + (MOVES + CLAIMS).replace("\n", "\r\n")


def test_a_problem_no_fix_touches_is_still_reported_after_the_rounds() -> None:
    # Hand 1 holds an illegal pass, which no fix can mend (P405), and its claims are right;
    # hand 2's points claim is wrong: Ada went out and Bea holds 3-4, so Ada scores 7 (R13).
    # The second round replays hand 2 alone: hand 1's P405 must stay in what remains.
    bad = (Path(__file__).resolve().parent.parent / "blocknotation" / "examples"
           / "P405.bad.txt").read_text("utf-8")
    text = (bad + "blocked\npoints Ada 12\nscore Ada 12, Bea 0\n\nhand 2\nshow Ada: -\n"
            "show Bea: 3-4\ndomino Ada\npoints Ada 8\n")
    outcome = fix_text(text)
    assert [(d.code, d.line) for d in outcome.report.diagnostics] == [("P405", 12)]
    assert outcome.text.endswith("# was: points Ada 8\npoints Ada 7\nscore Ada 19, Bea 0\n")


TYPOS = ('[Players "Ada Bea"]\nhand2\nopener Ada\ndeal Ada: 3-5 1-1 2-2 4-4 0-0 6-6 1-2\n'
         "Ada: 3–5\nBea: 5-6 rigth\nAda: pas\n")


def test_spelling_slips_are_fixed_and_then_the_rest() -> None:
    # Each S001 whose message says what was meant is a safe fix (the keyword, the side,
    # the hyphen); `hand2` also left the lines after it in no hand, an error that goes
    # with it.  Once the game reads, the next round numbers the hand (G106).
    fixes = find_fixes(TYPOS)
    assert [(f.code, f.line, f.column, f.safe) for f in fixes] == [
        ("S001", 2, 1, True), ("S001", 5, 7, True), ("S001", 6, 10, True), ("S001", 7, 6, True)]
    assert [f.title for f in fixes] == [
        "Write 'hand 2' for 'hand2'", "Write '-' for '–'", "Write 'right' for 'rigth'",
        "Write 'pass' for 'pas'"]
    outcome = fix_text(TYPOS)
    assert outcome.text == ('[Players "Ada Bea"]\nhand 1\nopener Ada\n'
                            "deal Ada: 3-5 1-1 2-2 4-4 0-0 6-6 1-2\nAda: 3-5\nBea: 5-6 right\n"
                            "Ada: pass\n")
    assert not any(d.code.startswith("S") for d in outcome.report.diagnostics)


def test_a_syntax_error_no_spelling_explains_leaves_the_game_its_slips_fixes_only() -> None:
    # The slips are fixed as their messages say; the line no message mends stays, and so
    # does what only the replay could fix (the hand's number, G106).
    text = TYPOS.replace("Ada: pas\n", "Ada: pas\nBea 2-3\n")  # a colon left out
    outcome = fix_text(text)
    assert outcome.text == ('[Players "Ada Bea"]\nhand 2\nopener Ada\n'
                            "deal Ada: 3-5 1-1 2-2 4-4 0-0 6-6 1-2\nAda: 3-5\nBea: 5-6 right\n"
                            "Ada: pass\nBea 2-3\n")
    assert [(d.code, d.line) for d in outcome.report.diagnostics if d.code.startswith("S")] \
        == [("S001", 8)]
    assert [f.title for f in find_fixes(text)][-1] == "Write 'pass' for 'pas'"


def test_a_side_after_a_hand_line_written_twice() -> None:
    # "hand 1" twice (G106 at the copy, read once): the side the rest of the hand chooses in
    # the hand under it is still offered, and the copy deleted.
    text = _sides("Bea: 1-4\nAda: 4-6 L\n").replace("hand 1\n", "hand 1\nhand 1\n")
    assert codes(text) == [("G106", 4), ("P404", 8), ("E501", 9)]
    done = fix_text(text, unsafe=True)
    assert done.text == _sides("Bea: 1-4 L\nAda: 4-6 L\n")


def test_the_comment_of_a_hand_line_written_twice_stays() -> None:
    text = _sides("Bea: 1-4 L\n").replace("hand 1\n", "hand 1\nhand 1   # again, keep this\n")
    assert fix_text(text).text == _sides("Bea: 1-4 L\n").replace(
        "hand 1\n", "hand 1\n# again, keep this\n")


def test_a_hand_after_the_end_renumbered_is_replayed_again() -> None:
    # Bea reaches 63 of the 61 needed in hand 1 (R18): the hand after it is E506 and is not
    # replayed; numbered 3, it is renumbered (G106), and the next round replays it again.
    bad = (Path(__file__).resolve().parent.parent / "blocknotation" / "examples"
           / "E506.bad.txt").read_text("utf-8")
    text = bad.replace("hand 2    #", "hand 3    #")
    assert codes(text) == [("E506", 23), ("G106", 23)]
    outcome = fix_text(text)
    assert outcome.text == bad
    assert [(d.code, d.line) for d in outcome.report.diagnostics] == [("E506", 23)]


# A house target of 20 (G105): Ada has 7 after hand 1 and 29 after the second, written
# "hand 1" again (G106; the third, "hand 3", is numbered right once it is hand 2).
DECIDED_BY_A_MISNUMBERED_HAND = (
    '[Players "Ada Bea"]\n[Target "20"]\n\n'
    "hand 1\nshow Ada: -\nshow Bea: 3-4\ndomino Ada\npoints Ada 7\nscore Ada 7, Bea 0\n\n"
    "hand 1\nshow Ada: -\nshow Bea: 6-6 5-5\ndomino Ada\npoints Ada 22\nscore Ada 29, Bea 0\n\n"
    "hand 3\nshow Ada: -\nshow Bea: 1-1\ndomino Ada\npoints Ada 2\nscore Ada 31, Bea 0\n"
)


def test_the_hand_after_the_end_says_the_number_of_the_hand_renumbered() -> None:
    # Renumbering the second hand changes what it gives the game (its number: the game is
    # decided after it), so the next round replays the hand after it again: its E506 says
    # the game was decided after hand 2, not after the "hand 1" it was written as.
    text = DECIDED_BY_A_MISNUMBERED_HAND
    assert codes(text) == [("G105", 2), ("G106", 11), ("E506", 18), ("G106", 18)]
    outcome = fix_text(text)
    assert outcome.text == text.replace("Bea 0\n\nhand 1\n", "Bea 0\n\nhand 2\n")
    (late,) = [d for d in outcome.report.diagnostics if d.code == "E506"]
    assert (late.line, late.message.args["number"], late.message.args["last"]) == (18, 3, 2)


def test_the_fixed_games_figures_count_the_hands_taken_as_they_were() -> None:
    # A name slip in hand 1 (G104) is a safe fix that changes nothing hand 1 gives the
    # game: the next round replays hand 1 alone and takes hand 2 as it was.  The game still
    # ends where hand 2 leaves it: Ada 52 + 9 + 10 + 10 + 11 + 12 = 104 of the 100 needed.
    text = (MOVES.replace("Bea: 1-3 R", "Bae: 1-3 R") + CLAIMS
            + "\nhand 2\nshow Ada: -\nshow Bea: 6-6 5-6 5-5 4-6 3-6\ndomino Ada\n"
            "points Ada 52\nscore Ada 104, Bea 0\n")
    assert codes(text) == [("G104", 7)]
    outcome = fix_text(text)
    assert outcome.text == text.replace("Bae: 1-3 R", "Bea: 1-3 R")
    assert outcome.report.diagnostics == ()
    (game,) = outcome.report.games
    assert (game.score, game.status, game.winner) == ({"Ada": 104, "Bea": 0}, "won", "Ada")


# Hand 1 (Ada and Cy hidden, Cy's show written) is blocked as written, Ada lowest with 2:
# 11 + 18 - 2 = 27 (R15); or Ada's last pass was her 0-0, her domino: 11 + 18 = 29.  Hand 2's
# score line says 29: the score line or that pass is the slip (E505), and hand 1 is replayed
# with the pass in doubt.  Its points claim left out (E507's fix), the next round must not
# take hand 1 as that replay left it: what it made of hand 1 rested on hand 2's score line.
LEANS_ON_A_LATER_SCORE_LINE = (
    '[Players "Ada Bea Cy"]\n\nhand 1\nopener Ada\ndeal Bea: 4-5 6-6 1-3 1-4 1-5\n'
    "Ada: 2-4\nBea: 4-5 R\nCy: 2-3 L\nAda: 5-6 R\nBea: 6-6 R\nCy: 3-3 L\nAda: pass\n"
    "Bea: 3-1 L\nCy: 6-2 R\nAda: 1-0 L\nBea: pass\nCy: pass\nAda: 2-2 R\nBea: pass\n"
    "Cy: pass\nAda: pass\nshow Cy: 4-4 5-5\n\n"
    "hand 2\nopener Bea\nshow Bea: -\nshow Ada: 6-6\nshow Cy: 0-1\ndomino Bea\n"
    "score Ada 29, Bea 13, Cy 0\n")


def _said(report: FileReport) -> list[tuple[str, int, str]]:
    return [(d.code, d.line, d.message) for d in report.diagnostics]


def test_a_hand_a_later_score_line_put_in_doubt_is_replayed_in_the_next_round() -> None:
    outcome = fix_text(LEANS_ON_A_LATER_SCORE_LINE)
    assert outcome.text.endswith("domino Bea\npoints Bea 13\nscore Ada 29, Bea 13, Cy 0\n")
    fresh = validate_bytes(outcome.text.encode(), "fixed.txt")
    assert [(d.code, d.line) for d in outcome.report.diagnostics] == [("E505", 31)]
    assert _said(outcome.report) == _said(fresh)


def test_a_hand_a_later_score_line_settles_is_replayed_when_that_line_changes() -> None:
    # Hand 1 as above with Ada's deal written, 0-0 her last tile: her last pass is illegal
    # (P405), and hand 1 gives 29 (blocked on her 0-0, or her domino) or, her deal line
    # written wrong, 27.  Hand 2's points claim (14 for 12 + 1) is fixed; then its score line
    # settles hand 1 at 29, and hand 3's score line (Cy 6 for 2 + 3) is wrong against known
    # totals.  The report after the rounds is a fresh replay's.
    text = LEANS_ON_A_LATER_SCORE_LINE.replace(
        "deal Bea:", "deal Ada: 2-4 5-6 0-1 2-2 0-0\ndeal Bea:").replace(
        "domino Bea\n", "domino Bea\npoints Bea 14\n") + (
        "\nhand 3\nopener Cy\nshow Cy: -\nshow Ada: 0-2\nshow Bea: 1-2\ndomino Cy\n"
        "score Ada 29, Bea 13, Cy 6\n")
    outcome = fix_text(text)
    fresh = validate_bytes(outcome.text.encode(), "fixed.txt")
    assert _said(outcome.report) == _said(fresh)
    assert [g.score for g in fresh.games] == [{"Ada": 29, "Bea": 13, "Cy": 5}]
