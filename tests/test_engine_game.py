"""Games as a whole: rotation (R17), target and result (R18), running totals when some
points are unknown or only claimed, and what the results and diagnostics carry."""

from __future__ import annotations

from pathlib import Path

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.engine import replay
from blocknotation.engine.scoring import status_of
from blocknotation.notation.parsing import parse_text
from blocknotation.report.values import GameResult

CASES = Path(__file__).resolve().parent / "cases"


def run(text: str) -> tuple[tuple[Diagnostic, ...], tuple[GameResult, ...]]:
    parsed = parse_text(text)
    problems, games = replay(parsed)
    return (*parsed.diagnostics, *problems), games


def codes(problems: tuple[Diagnostic, ...]) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in problems]


def count_hand(number: int, opener: str | None, winner: str = "Ada") -> str:
    """A hand recorded by its count alone: ``winner`` goes out, the others hold 1-2 each."""
    others = [p for p in ("Ada", "Bea", "Cy") if p != winner]
    shows = [f"show {p}: 1-2" if i == 0 else f"show {p}: 0-1" for i, p in enumerate(others)]
    head = [f"hand {number}"] + ([f"opener {opener}"] if opener else [])
    return "\n".join(head + shows + [f"domino {winner}", f"points {winner} 4", ""])


def test_rotation_moves_one_seat_clockwise_whoever_won() -> None:
    text = '[Players "Ada Bea Cy"]\n' + "".join(
        count_hand(i, p, "Cy") for i, p in enumerate(["Ada", "Bea", "Cy", "Ada"], 1)
    )
    problems, games = run(text)
    assert problems == ()
    assert [h.opener for h in games[0].hands] == ["Ada", "Bea", "Cy", "Ada"]


def test_a_wrong_opener_is_reported_once_and_the_rotation_follows_it() -> None:
    text = '[Players "Ada Bea Cy"]\n' + "".join(
        count_hand(i, p) for i, p in enumerate(["Bea", "Ada", "Bea", "Cy"], 1)
    )
    problems, games = run(text)
    assert codes(problems) == [("T301", 9)]
    assert "the opening moves one seat clockwise from Bea" in problems[0].message.render()
    assert [h.opener for h in games[0].hands] == ["Bea", "Ada", "Bea", "Cy"]


def test_the_rotation_goes_on_through_a_hand_that_is_not_replayed() -> None:
    text = '[Players "Ada Bea Cy"]\n' + "".join(
        count_hand(i, p) for i, p in enumerate(["Ada", "Bea", "Cy"], 1)
    )
    text = text.replace("hand 2\nopener Bea\n", "hand 2\nopener Bea\nBea 1-1\n")
    problems, games = run(text)
    assert [d.code for d in problems] == ["S001"]
    hands = games[0].hands
    assert [h.replayed for h in hands] == [True, False, True]
    assert hands[1].opener == "Bea" and hands[2].opener == "Cy"
    # Its points claim stands in, unverified, so the totals go on.
    assert hands[1].unverified and hands[1].points == {"Ada": 4, "Bea": 0, "Cy": 0}
    assert games[0].score == {"Ada": 12, "Bea": 0, "Cy": 0}


def test_target_reached_wins_and_later_hands_are_e506() -> None:
    text = '[Players "Ada Bea Cy"]\n[Target "8"]\n' + "".join(
        count_hand(i, p) for i, p in enumerate(["Ada", "Bea", "Cy", "Ada"], 1)
    )
    problems, games = run(text)
    # Each count hand is 6 lines: hands 3 and 4 start at lines 15 and 21.
    assert codes(problems) == [("G105", 2), ("E506", 15), ("E506", 21)]
    game = games[0]
    assert (game.target, game.status, game.winner) == (8, "won", "Ada")
    assert game.score == {"Ada": 8, "Bea": 0, "Cy": 0}
    assert [h.replayed for h in game.hands] == [True, True, False, False]
    assert all(d.hand == 3 for d in problems if d.line == 15)


def test_rules_target_and_in_progress() -> None:
    problems, games = run('[Players "Ada Bea"]\nhand 1\nshow Bea: 1-2\ndomino Ada\n')
    assert problems == ()
    assert (games[0].target, games[0].status, games[0].winner) == (100, "in_progress", None)
    assert games[0].score == {"Ada": 3, "Bea": 0}


def test_status_after_a_hand() -> None:
    assert status_of([60, 0, 5], 61) == ("in_progress", None)
    assert status_of([61, 0, 5], 61) == ("won", 0)
    assert status_of([70, 99, 5], 61) == ("won", 1)
    assert status_of([99, 99, 5], 61) == ("drawn", None)
    assert status_of([100, 40], 100) == ("won", 0)


def test_unknown_points_leave_the_totals_unknown() -> None:
    text = (
        '[Players "Ada Bea Cy"]\nhand 1\nshow Bea: 1-2\ndomino Ada\n\n' + count_hand(2, None)
    )
    problems, games = run(text)
    assert codes(problems) == [("E507", 2)]
    assert "Cy" in problems[0].message.render()
    game = games[0]
    assert game.hands[0].points is None and game.hands[0].score is None
    assert game.hands[1].points == {"Ada": 4, "Bea": 0, "Cy": 0}
    assert game.hands[1].score is None
    assert (game.score, game.status, game.winner) == (None, "in_progress", None)


def test_a_points_claim_stands_in_unverified() -> None:
    text = '[Players "Ada Bea Cy"]\nhand 1\nshow Bea: 1-2\ndomino Ada\npoints Ada 9\n'
    problems, games = run(text)
    assert problems == ()
    hand = games[0].hands[0]
    assert hand.unverified and hand.points == {"Ada": 9, "Bea": 0, "Cy": 0}
    assert hand.remaining == {"Ada": 0, "Bea": 3, "Cy": None}
    assert games[0].score == {"Ada": 9, "Bea": 0, "Cy": 0}


def test_an_unverified_claim_naming_a_loser_is_still_checked() -> None:
    text = '[Players "Ada Bea Cy"]\nhand 1\nshow Bea: 1-2\ndomino Ada\npoints Bea 9\n'
    problems, games = run(text)
    # The claim is impossible, so it does not stand in: the points stay unknown (E507).
    assert codes(problems) == [("E507", 2), ("E504", 5)]
    assert problems[1].message.render() == (
        "points claim Bea 9, but only Ada, who won the hand, can score"
    )
    assert games[0].hands[0].points is None and games[0].score is None


def test_a_domino_claim_the_moves_do_not_reach_is_e503() -> None:
    # The record has moves, so it is judged as written: Ada has placed 1 of her 5 tiles.
    text = (
        '[Players "Ada Bea Cy"]\nhand 1\nAda: 3-1\nBea: 1-6\n'
        "show Ada: -\nshow Bea: 2-2 0-0\nshow Cy: 5-5\ndomino Ada\npoints Ada 14\n"
    )
    problems, games = run(text)
    assert codes(problems) == [("E503", 8)]
    assert problems[0].message.render() == (
        "domino Ada is claimed, but the moves stop at line 4 with Ada having placed 1 of 5 "
        "tiles"
    )
    hand = games[0].hands[0]
    # The moves say the hand went on, the claim that it ended: how it ended is not known.
    assert (hand.outcome, hand.winner, hand.settled_by_claims) == (None, None, False)
    assert hand.points is None and hand.remaining == {"Ada": 0, "Bea": 4, "Cy": 10}


def test_a_blocked_claim_stands_in_where_hidden_deals_leave_the_end_unknown() -> None:
    # Nobody's deal is known, the moves stop, and no shown tile fits 1 or 6: the hidden hands
    # may hold nothing that fits, so the claim settles the hand, scored from the shows.
    text = (
        '[Players "Ada Bea Cy"]\nhand 1\nAda: 3-1\nBea: 3-6\n'
        "show Ada: 2-2 0-0 0-5 2-4\nshow Bea: 5-5 2-3 3-4 0-3\nshow Cy: 0-2 4-4 3-3 4-5 2-5\n"
        "blocked\npoints Ada 42\n"
    )
    problems, games = run(text)
    assert problems == ()
    hand = games[0].hands[0]
    assert (hand.outcome, hand.winner, hand.unverified) == ("blocked", "Ada", False)
    assert hand.points == {"Ada": 42, "Bea": 0, "Cy": 0}
    # A shown tile that fits an end contradicts the block.
    problems, games = run(text.replace("show Cy: 0-2 4-4", "show Cy: 0-2 4-6"))
    assert codes(problems) == [("E503", 8)]
    assert problems[0].message.render() == (
        "blocked is claimed, but Cy shows 4-6, which fits the left end (6)"
    )
    assert games[0].hands[0].outcome is None
    # Blocked as claimed, the hand is over: a show must hold every tile left.
    problems, games = run(text.replace("show Cy: 0-2 4-4 3-3 4-5 2-5", "show Cy: 0-2 4-4"))
    assert codes(problems) == [("E502", 7)]
    hand = games[0].hands[0]
    # Cy's pips are then unknown, and the possible points claim stands in.
    assert hand.outcome == "blocked" and hand.remaining["Cy"] is None and hand.unverified


def test_a_settling_domino_claim_against_a_show() -> None:
    text = '[Players "Ada Bea"]\nhand 1\nshow Ada: 1-1\nshow Bea: 2-2\ndomino Ada\n'
    problems, _ = run(text)
    assert codes(problems) == [("E503", 5)]


def test_last_hand_unfinished_keeps_the_totals_so_far() -> None:
    text = '[Players "Ada Bea Cy"]\n' + count_hand(1, "Ada") + "hand 2\nBea: 3-3\n"
    problems, games = run(text)
    assert codes(problems) == [("E501", 9)]
    assert games[0].hands[1].outcome == "unfinished" and games[0].hands[1].score is None
    assert games[0].score == {"Ada": 4, "Bea": 0, "Cy": 0}


def test_ends_after_each_placed_play_and_the_opener() -> None:
    _, games = run((CASES / "clean/full_record.txt").read_text())
    hand = games[0].hands[0]
    assert hand.opener == "Ada" and hand.outcome == "domino" and hand.winner == "Ada"
    assert hand.ends[12] == (3, 1)  # Ada: 3-1, laid as written
    assert hand.ends[13] == (3, 6)  # Bea: 6-1 turns so its 1 touches the right end
    assert hand.ends[14] == (0, 6)  # Cy: 3-0 L
    assert 17 not in hand.ends  # a pass
    assert len(hand.ends) == 13
    assert hand.remaining == {"Ada": 0, "Bea": 5, "Cy": 10}
    blocked = games[0].hands[1]
    assert (blocked.outcome, blocked.winner, blocked.opener) == ("blocked", None, "Bea")


def test_diagnostics_know_their_game_and_hand() -> None:
    two = "hand 1\nshow Ada: -\nshow Bea: 1-2\ndomino Ada\npoints Ada {}\n"
    text = (
        '[Players "Ada Bea"]\n' + two.format(3)
        + '\n[Players "Ada Bea"]\n[Target "x"]\n' + two.format(5)
    )
    problems, games = run(text)
    assert [(d.code, d.game, d.hand) for d in problems] == [("G105", 2, None), ("E504", 2, 1)]
    assert problems[1].message.render() == "points claim Ada 5, but Ada scores 3"
    assert [g.index for g in games] == [1, 2]


def test_players_separated_by_commas_and_spaces() -> None:
    problems, games = run('[Players "Ada,Bea , Cy"]\nhand 1\nAda: 1-1\n')
    assert codes(problems) == [("E501", 3)]
    assert games[0].players == ("Ada", "Bea", "Cy")


def test_a_game_without_hands() -> None:
    problems, games = run('[Players "Ada Bea"]\n[Event "not started"]\n')
    assert problems == ()
    assert (games[0].hands, games[0].score, games[0].status) == ((), {"Ada": 0, "Bea": 0},
                                                                  "in_progress")


def test_a_second_game_is_checked_on_its_own() -> None:
    text = '[Players "Ada Bea"]\nhand 1\nAda: 1-1\n\n[Event "no players"]\nhand 1\nAda: 1-1\n'
    problems, games = run(text)
    assert [(d.code, d.line, d.game) for d in problems] == [("E501", 3, 1), ("G101", 5, 2)]
    assert games[1].hands[0].replayed is False


def test_a_hand_replay_begins_with_the_choice_it_is_built_from() -> None:
    """``hand_replay`` builds a ``HandReplay`` from a ``Choice`` by position: the fields the
    two share must be the same, in the same order."""
    from blocknotation.engine.choose import Choice, HandReplay

    assert HandReplay._fields[: len(Choice._fields)] == Choice._fields
    assert HandReplay.__annotations__.keys() >= Choice.__annotations__.keys()
    assert all(HandReplay.__annotations__[name] == kind
               for name, kind in Choice.__annotations__.items())
