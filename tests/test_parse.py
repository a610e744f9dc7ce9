"""The grammar and the parser: every statement form, positions, comments, syntax errors."""

from __future__ import annotations

import pytest

from blocknotation.notation import records as r
from blocknotation.notation.parsing import parse_bytes, parse_text
from blocknotation.notation.syntax_messages import describe_expected


def only_hand(text: str) -> r.Hand:
    result = parse_text(text)
    assert result.diagnostics == ()
    (game,) = result.records.games
    (hand,) = game.hands
    return hand


HEADER = '[Players "Ada Bea Cy"]\nhand 1\n'


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("opener Ada", r.Opener(player="Ada", line=3, column=1)),
        ("deal Ada: 1-4 [1|1] 4-4", r.Deal(player="Ada", tiles=((1, 4), (1, 1), (4, 4)),
                                           line=3, column=1)),
        ("Ada: 4-1", r.Play(player="Ada", tile=(4, 1), line=3, column=1)),
        ("Ada: 4-1 L", r.Play(player="Ada", tile=(4, 1), side="L", line=3, column=1)),
        ("Ada: [4|1] left", r.Play(player="Ada", tile=(4, 1), side="L", line=3, column=1)),
        ("Ada: [ 4 | 1 ] right", r.Play(player="Ada", tile=(4, 1), side="R", line=3, column=1)),
        ("Ada: 6-6 R", r.Play(player="Ada", tile=(6, 6), side="R", line=3, column=1)),
        ("  Bea: pass", r.Pass(player="Bea", line=3, column=3)),
        ("show Cy: 2-3 5-5", r.Show(player="Cy", tiles=((2, 3), (5, 5)), line=3, column=1)),
        ("show Cy: -", r.Show(player="Cy", tiles=(), line=3, column=1)),
        ("domino Ada", r.Domino(player="Ada", line=3, column=1)),
        ("blocked", r.Blocked(line=3, column=1)),
        ("points Ada 22", r.Points(player="Ada", points=22, line=3, column=1)),
        ("points none", r.Points(player=None, points=None, line=3, column=1)),
        (
            "score Ada 22, Bea 0,Cy 7",
            r.Score(
                entries=(
                    r.ScoreEntry(player="Ada", total=22),
                    r.ScoreEntry(player="Bea", total=0),
                    r.ScoreEntry(player="Cy", total=7),
                ),
                line=3, column=1,
            ),
        ),
    ],
)
def test_every_statement_form(line: str, expected: r.Statement) -> None:
    assert only_hand(HEADER + line + "\n").statements == (expected,)


def test_tags_keep_order_unknown_keys_and_escapes() -> None:
    text = '[Event "Club \\"Il Doppio\\" \\\\ 3"]\n[Zeta "z"]\n[Players "Ada, Bea"]\n'
    (game,) = parse_text(text).records.games
    assert [(t.key, t.value, t.line) for t in game.tags] == [
        ("Event", 'Club "Il Doppio" \\ 3', 1), ("Zeta", "z", 2), ("Players", "Ada, Bea", 3)
    ]


@pytest.mark.parametrize("name", ["Nicolò", "D'Amico", "Anna-Maria", "P2", "Łukasz", "handy",
                                  "Lara", "Zoë_2"])
def test_unicode_and_punctuated_names(name: str) -> None:
    hand = only_hand(f"{HEADER}{name}: 3-5\n")
    assert hand.statements[0] == r.Play(player=name, tile=(3, 5), line=3, column=1)


def test_crlf_bom_and_positions_as_an_editor_shows_them() -> None:
    data = "\ufeff[Players \"Ada Bea\"]\r\n\r\nhand 1\r\n   Ada: 1-2 # lead\r\n".encode()
    result = parse_bytes(data)
    assert result.diagnostics == ()
    (hand,) = result.records.games[0].hands
    assert (hand.line, hand.column) == (3, 1)
    play = hand.statements[0]
    assert (play.line, play.column, play.comment) == (4, 4, " lead")


def test_comments_belong_to_the_next_statement_or_their_own_line() -> None:
    text = "# club\n[Players \"Ada Bea\"]\n\n# first hand\nhand 1 # start\n" \
           "Ada: 1-2\n# after the last move\n# and more\n"
    result = parse_text(text)
    (game,) = result.records.games
    assert game.tags[0].comments == (" club",)
    assert game.hands[0].comments == (" first hand",)
    assert game.hands[0].comment == " start"
    assert result.records.comments == (" after the last move", " and more")


def test_a_tag_after_hands_starts_the_next_game() -> None:
    text = '[Players "Ada Bea"]\nhand 1\nAda: 1-2\n[Players "Cy Dan"]\nhand 1\nCy: 3-4\n'
    games = parse_text(text).records.games
    assert [g.tag("Players").value for g in games if g.tag("Players")] == ["Ada Bea", "Cy Dan"]
    assert [len(g.hands) for g in games] == [1, 1]
    assert games[1].line == 4


def test_a_record_without_tags_is_one_game_without_tags() -> None:
    (game,) = parse_text("hand 1\nAda: 1-2\n").records.games
    assert game.tags == ()
    assert game.line == 1


def positions(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in parse_text(text).diagnostics]


def test_every_bad_line_is_reported_and_the_rest_still_read() -> None:
    text = (
        '[Players "Ada Bea"]\n'  # 1
        "hand 1\n"  # 2
        "Ada 3-5\n"  # 3: missing colon
        "Bea: 3-9 L\n"  # 4: pip out of range
        "Ada: 3-5 X\n"  # 5: not a side
        "Bea: pass\n"  # 6: fine
        "score Ada 1, Bea\n"  # 7: ends too early
        "Ada: 1-2\n"  # 8: fine
    )
    result = parse_text(text)
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [
        ("S001", 3, 5), ("S002", 4, 6), ("S001", 5, 10), ("S001", 7, 17)
    ]
    kept = result.records.games[0].hands[0].statements
    assert [(s.kind, s.line) for s in kept] == [("pass", 6), ("play", 8)]
    assert result.bad_lines == frozenset({3, 4, 5, 7})


@pytest.mark.parametrize("line", ["pass:0-0", "pass: 0-0 L", "none: 1-2"])
def test_a_keyword_never_moves_as_a_player(line: str) -> None:
    # The text reader must refuse what the record JSON refuses (a keyword is never a name):
    # otherwise convert would write JSON it cannot read back.
    result = parse_text(f'[Players "Ada Bea"]\n\nhand 1\n{line}\n')
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("S001", 4, 1)]
    assert "is a keyword of the notation and cannot be a player's name" in (
        result.diagnostics[0].message.render())
    assert result.records.games[0].hands[0].statements == ()


def test_syntax_messages_say_what_was_expected_in_words() -> None:
    message = describe_expected({"LEFT", "RIGHT", "_NL"}).render()
    assert message == "a side (L, R, left or right) or the end of the line"
    (d,) = parse_text("hand 1\nAda 3-5\n").diagnostics
    assert d.message.render() == "unexpected '3-5'; expected ':'"


@pytest.mark.parametrize(("line", "word", "column"),
                         [("Cy: [1|1]  rgt # x", "rgt", 12), ("Cy: 1-1 X", "X", 9)])
def test_a_word_that_is_not_a_side_is_named_with_the_sides(
    line: str, word: str, column: int
) -> None:
    (d,) = parse_text(f'[Players "Ada Bea Cy"]\nhand 1\n{line}\n').diagnostics
    assert (d.code, d.line, d.column) == ("S001", 3, column)
    assert d.message.render() == (
        f"'{word}' is not a side: after the tile write L or left, R or right"
    )


@pytest.mark.parametrize(("line", "word", "side", "column"),
                         [("Cy: 1-1 Left", "Left", "left", 9), ("Cy: 1-1 rigth", "rigth",
                                                                 "right", 9)])
def test_a_side_a_letter_or_two_off_is_suggested(
    line: str, word: str, side: str, column: int
) -> None:
    (d,) = parse_text(f'[Players "Ada Bea Cy"]\nhand 1\n{line}\n').diagnostics
    assert (d.code, d.line, d.column) == ("S001", 3, column)
    assert d.message.render() == (
        f"'{word}' is not a side: did you mean '{side}'? After the tile write L or left, R or "
        "right"
    )


@pytest.mark.parametrize(
    ("line", "column"),
    [("Ada: 3-7", 6), ("deal Ada: 1-2 10-3", 15), ("Ada: [3|8] L", 6)],
)
def test_pips_outside_the_set_are_s002(line: str, column: int) -> None:
    assert positions(f"hand 1\n{line}\n") == [("S002", 2, column)]


def test_non_ascii_digits_are_not_pips() -> None:
    assert positions("hand 1\nAda: ٣-5\n")[0][:2] == ("S001", 2)
    assert positions("hand 1\nAda: ３-5\n")[0][:2] == ("S001", 2)


def test_invisible_characters_are_rejected_and_escaped_in_messages() -> None:
    (d,) = parse_text("hand 1\nA\u202eda: 1-2\n").diagnostics
    assert (d.code, d.line, d.column) == ("S001", 2, 2)
    assert "<U+202E>" in d.message.render()
    assert "\u202e" not in d.message.render()


def test_statements_before_any_hand_are_reported() -> None:
    assert positions('[Players "Ada Bea"]\nAda: 1-2\n') == [("S001", 2, 1)]


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"hand 1\nAda: 1-2 \xff\n", 2, 10),
        (b"\xff\xfeh\x00a\x00", 1, 1),
        (b"hand 1\n\x00\n", 2, 1),
        (b"hand 1\nAda: \xc0\xaf\n", 2, 6),  # overlong encoding of '/'
    ],
)
def test_bytes_that_are_not_utf8_text_are_s003(data: bytes, line: int, column: int) -> None:
    result = parse_bytes(data)
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("S003", line, column)]


def test_numbers_too_long_are_refused_not_converted() -> None:
    assert positions("hand 1\npoints Ada " + "9" * 5000 + "\n") == [("S001", 2, 12)]


def test_lone_carriage_return_is_a_syntax_error() -> None:
    (d,) = parse_text("hand 1\rAda: 1-2\n").diagnostics
    assert (d.code, d.line, d.column) == ("S001", 1, 7)
    assert "carriage return" in d.message.render()
