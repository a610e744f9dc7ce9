"""`iter_games` and `validate_game`: a file cut into games, each checked on its own, gives
`blocknot validate --format jsonl` object for object, with the file's line numbers."""

from __future__ import annotations

import io
import json
import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import blocknotation
from blocknotation import GameText, iter_games, validate_game

from inprocess import run
from reference_cutting import Pipe

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_text("utf-8")
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8")


def test_iter_games_gives_each_game_with_its_first_line_and_index() -> None:
    data = (CLUB + "\n" + P405).encode()
    first, second = iter_games(io.BytesIO(data))
    club_lines = CLUB.count("\n") + 1
    assert (first.index, first.first_line) == (1, 1)
    # The blank line between the games goes with the second one.
    assert (second.index, second.first_line) == (2, club_lines)
    assert second.text == "\n" + P405.rstrip("\n")
    assert first.problem is None and second.problem is None


def test_validate_game_reports_the_files_line_numbers() -> None:
    club_lines = CLUB.count("\n") + 1
    result = validate_game(P405, "club.txt", first_line=club_lines + 1, index=2)
    assert result is not None
    assert (result["path"], result["game"], result["line"]) == ("club.txt", 2, club_lines + 1)
    (d,) = result["diagnostics"]
    assert (d["code"], d["line"], d["column"], d["end_column"]) == ("P405", club_lines + 12,
                                                                    1, 10)
    assert (d["game"], d["hand"]) == (2, 1)
    assert validate_game(P405, select=["G"])["diagnostics"] == []  # type: ignore[index]


def games_of_text(data: bytes) -> list[GameText]:
    """The first two games of ``data``, cut from its text before the bad byte."""
    return list(iter_games(io.BytesIO(data[: data.rindex(b"\n[")])))[:2]


def test_mapping_validate_game_is_the_jsonl_report(tmp_path: Path) -> None:
    data = (CLUB + "\n" + P405 + "\n" + CLUB).encode() + b"\xff\n"
    (tmp_path / "games.block").write_bytes(data)
    done = run("validate", "--format", "jsonl", "games.block", cwd=tmp_path)
    expected = [json.loads(line) for line in done.stdout.decode().splitlines()]
    games = list(iter_games(io.BytesIO(data)))
    # A file that is not UTF-8 is one S003, at its first bad byte, and nothing else.
    bad_line = data.count(b"\n")  # the last line, which holds only the bad byte
    assert [(g.problem.code, g.problem.line) for g in games if g.problem] == [("S003", bad_line)]
    assert len(games) == 1
    with ProcessPoolExecutor(2) as pool:  # results and games cross processes
        got = list(pool.map(validate_game, games, ["games.block"] * len(games)))
    assert got == expected and len(got) == 1
    assert [d["code"] for d in got[-1]["diagnostics"]] == ["S003"]
    # Read as it comes (a pipe), its games before the bad byte's are checked first.
    piped = list(iter_games(io.BufferedReader(Pipe(data))))
    assert [g.problem is None for g in piped] == [True, True, False]
    with ProcessPoolExecutor(2) as pool:
        streamed = list(pool.map(validate_game, piped, ["games.block"] * len(piped)))
    assert [o["game"] for o in streamed] == [1, 2, None]  # the third game is not whole
    assert streamed[:2] == [validate_game(g, "games.block") for g in games_of_text(data)]
    assert streamed[0]["digest"] is not None and "digest" not in streamed[2]
    assert pickle.loads(pickle.dumps(piped[1])) == piped[1]


def test_comments_alone_give_none_and_wrong_types_are_refused() -> None:
    assert validate_game("# nothing here\n") is None
    with pytest.raises(TypeError, match="binary stream"):
        iter_games(io.StringIO(CLUB))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameText or a str"):
        validate_game(b"[Players]")  # type: ignore[arg-type]
    assert {"iter_games", "validate_game", "GameText"} <= set(blocknotation.__all__)
    assert blocknotation.GameText is GameText
