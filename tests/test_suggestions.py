"""What the writer most likely meant: look-alike characters named at their own column, words
a letter or two from a keyword or a side, and names a letter or two from one player's."""

from __future__ import annotations

import pytest

from blocknotation.notation.parsing import parse_text
from blocknotation.notation.suggestions import distance, nearest
from blocknotation.pipeline import validate_bytes

from inprocess import run_text

HEAD = '[Players "Ada Bea"]\nhand 1\n'


def one_s001(line: str) -> tuple[int, str]:
    (d,) = parse_text(HEAD + line + "\n").diagnostics
    assert (d.code, d.line) == ("S001", 3)
    return d.column, d.message.render()


@pytest.mark.parametrize(("line", "column", "char", "name", "meant"), [
    ("Ada: 3–3", 7, "–", "U+2013 EN DASH", "-"),
    ("Ada: 3—3 L", 7, "—", "U+2014 EM DASH", "-"),
    ("Ada: 3−4", 7, "−", "U+2212 MINUS SIGN", "-"),
    ("Ada: ３-4", 6, "３", "U+FF13 FULLWIDTH DIGIT THREE", "3"),
    ("Ada: [3｜4]", 8, "｜", "U+FF5C FULLWIDTH VERTICAL LINE", "|"),
    ("Ada: ٣-5", 6, "٣", "U+0663 ARABIC-INDIC DIGIT THREE", "3"),
    ("deal Ada: 1-2 3–4 5-5 0-0 1-1 2-2 6-6", 16, "–", "U+2013 EN DASH", "-"),
    ("score Ada 3，Bea 4", 12, "，", "U+FF0C FULLWIDTH COMMA", ","),
])
def test_a_look_alike_is_named_at_its_own_column(
    line: str, column: int, char: str, name: str, meant: str
) -> None:
    assert one_s001(line) == (column, (
        f"'{char}' ({name}) looks like '{meant}' but is not it: the notation is written "
        f"with '{meant}' here"))


def test_curly_quotes_around_a_tag_value_are_named() -> None:
    (d,) = parse_text('[Event “Club”]\n').diagnostics
    assert (d.code, d.column) == ("S001", 8)
    assert "U+201C LEFT DOUBLE QUOTATION MARK" in d.message.render()


def test_look_alikes_in_comments_and_tag_values_are_the_writer_s_own() -> None:
    text = '[Event "Café – table 3"]\n[Players "Ada Bea"]\nhand 1\nAda: 3-3 # 3–3, a double\n'
    assert parse_text(text).diagnostics == ()


@pytest.mark.parametrize(("line", "column", "word", "keyword"), [
    ("Bea: pas", 6, "pas", "pass"),
    ("pints Ada 3", 1, "pints", "points"),
    ("blokced", 1, "blokced", "blocked"),
    ("socre Ada 3, Bea 0", 1, "socre", "score"),
    ("domnio Ada", 1, "domnio", "domino"),
])
def test_a_misspelled_keyword_is_suggested(line: str, column: int, word: str,
                                           keyword: str) -> None:
    assert one_s001(line) == (column, f"'{word}' is not a keyword: did you mean '{keyword}'?")


def test_a_keyword_in_capitals_is_told_to_be_lower_case() -> None:
    assert one_s001("Points Ada 20") == (1, (
        "'Points' is not a keyword: did you mean 'points'? Keywords are written in lower case"))


def test_a_number_run_into_its_keyword() -> None:
    assert one_s001("hand2") == (1, (
        "'hand2' is not a keyword: did you mean 'hand 2'? A space goes between them"))


def test_no_suggestion_when_nothing_is_close_or_two_are_as_close() -> None:
    assert nearest("X", ("L", "R", "left", "right")) is None  # a letter from L and from R
    assert nearest("banana", ("hand", "pass")) is None
    assert nearest("pass", ("pass", "past")) is None  # the word itself
    _, message = one_s001("Ada 3-4")
    assert message == "unexpected '3-4'; expected ':'"


def test_distance_counts_a_swap_as_one_edit() -> None:
    assert distance("blokced", "blocked") == 1
    assert distance("pints", "points") == 1
    assert distance("abc", "cab") == 2


COMPLETE = (
    '[Players "Ada Bea"]\n\nhand 1\ndeal Ada: 0-1 0-2 1-2 0-0 1-1 2-2 1-4\n'
    "deal Bea: 6-6 5-6 5-5 4-6 3-6 2-3 1-3\nAda: 0-1\nBea: 1-3 R\nAdda: 0-0 L\nBea: 2-3 R\n"
    "Ada: 0-2 L\nBea: pass\nAda: 2-2 L\nBea: pass\nAda: 1-2 L\nBea: pass\nAda: 1-1 L\n"
    "Bea: pass\nAda: 1-4 L\ndomino Ada\npoints Ada 52\nscore Ada 52, Bea 0\n"
)


def test_a_move_under_a_misspelled_name_is_read_as_the_player_s() -> None:
    report = validate_bytes(COMPLETE.encode(), "t")
    assert [(d.code, d.line) for d in report.diagnostics] == [("G104", 8)]
    assert report.diagnostics[0].message.render() == (
        "Adda is not one of the players (Ada, Bea): did you mean Ada? The move is read as "
        "that of the player whose turn it is, or as a stray line")
    (game,) = report.games
    assert game.hands[0].points == {"Ada": 52, "Bea": 0}


def test_a_move_under_a_stranger_s_name_is_read_as_whoever_s_turn_it_is() -> None:
    text = COMPLETE.replace("Adda: 0-0 L", "Zed: 0-0 L")
    report = validate_bytes(text.encode(), "t")
    assert [(d.code, d.line) for d in report.diagnostics] == [("G104", 8)]
    assert report.diagnostics[0].message.render() == (
        "Zed is not one of the players (Ada, Bea); the move is read as that of the player "
        "whose turn it is, or as a stray line")
    assert report.games[0].hands[0].points == {"Ada": 52, "Bea": 0}


def test_a_stranger_s_stray_pass_is_left_out() -> None:
    # Bea's pass is written twice, once under a stranger's name: a stray line.
    text = COMPLETE.replace("Adda: 0-0 L", "Ada: 0-0 L").replace(
        "Bea: pass\nAda: 2-2 L", "Zed: pass\nBea: pass\nAda: 2-2 L")
    report = validate_bytes(text.encode(), "t")
    assert [(d.code, d.line) for d in report.diagnostics] == [("G104", 11)]
    assert report.games[0].hands[0].points == {"Ada": 52, "Bea": 0}


def test_the_command_shows_the_caret_under_the_dash() -> None:
    done = run_text("validate", "-", stdin=HEAD + "Ada: 3–3\n")
    assert done.stdout.splitlines()[1:3] == ["  Ada: 3–3", "        ^"]
    assert done.returncode == 1


def test_a_claim_under_a_name_a_letter_from_one_player_s_is_read_as_theirs() -> None:
    text = COMPLETE.replace("Adda: 0-0 L", "Ada: 0-0 L").replace("domino Ada", "domino Adda")
    report = validate_bytes(text.encode(), "t")
    assert [(d.code, d.line) for d in report.diagnostics] == [("G104", 19)]
    assert report.diagnostics[0].message.render() == (
        "Adda is not one of the players (Ada, Bea): did you mean Ada? The line is read as "
        "Ada's")
