"""``blocknot export`` and ``export()``: the rows of games written by hand, and how the
tables are written (CSV and Parquet alike, a game at a time, whole or not at all, the same
with ``--jobs``).

The P405 example (blocknotation/examples/P405.bad.txt) worked out by hand: Ada opens 5-6
(ends 5|6), Bea lays 6-6 on the 6 (5|6), Ada 4-5 on the left (4|6), Bea passes (legal: she
holds no 4 or 6), Ada 4-0 left (0|6), Bea passes holding 0-1 and 0-3 (P405, line 12), Ada 0-0
left (0|6), Bea 0-1 left (1|6), Ada 1-6 right (1|1), Bea 1-1 right (1|1), and both pass: the
hand is blocked, Ada holding 2-5 and 0-5 (12 pips), Bea 3-3, 0-3, 5-5 and 3-2 (24): Ada scores
24 − 12 = 12 (R15).
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from blocknotation import export
from blocknotation.season import writers
from blocknotation.season.tables import TABLES

from inprocess import run
from season_records import SEASON

ROOT = Path(__file__).resolve().parent.parent
P405 = ROOT / "blocknotation" / "examples" / "P405.bad.txt"


def table(folder: Path, name: str) -> list[dict[str, str]]:
    with open(folder / f"{name}.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_moves_of_the_p405_example(tmp_path: Path) -> None:
    shutil.copy(P405, tmp_path / "p405.block")
    done = run("export", "--to", "csv", "-o", str(tmp_path / "out"), str(tmp_path / "p405.block"))
    assert done.returncode == 1
    moves = [(m["move"], m["line"], m["player"], m["kind"], m["tile"], m["side"], m["left"],
              m["right"], m["legal"], m["code"]) for m in table(tmp_path / "out", "moves")]
    assert moves == [
        ("1", "7", "Ada", "play", "5-6", "", "5", "6", "true", ""),
        ("2", "8", "Bea", "play", "6-6", "R", "5", "6", "true", ""),
        ("3", "9", "Ada", "play", "4-5", "L", "4", "6", "true", ""),
        ("4", "10", "Bea", "pass", "", "", "4", "6", "true", ""),
        ("5", "11", "Ada", "play", "4-0", "L", "0", "6", "true", ""),
        ("6", "12", "Bea", "pass", "", "", "0", "6", "false", "P405"),
        ("7", "13", "Ada", "play", "0-0", "L", "0", "6", "true", ""),
        ("8", "14", "Bea", "play", "0-1", "L", "1", "6", "true", ""),  # as written
        ("9", "15", "Ada", "play", "1-6", "R", "1", "1", "true", ""),
        ("10", "16", "Bea", "play", "1-1", "R", "1", "1", "true", ""),
        ("11", "17", "Ada", "pass", "", "", "1", "1", "true", ""),
        ("12", "18", "Bea", "pass", "", "", "1", "1", "true", ""),
    ]
    hands = [(h["seat"], h["player"], h["outcome"], h["winner"], h["remaining"], h["points"],
              h["total"], h["verified"]) for h in table(tmp_path / "out", "hands")]
    assert hands == [("1", "Ada", "blocked", "Ada", "12", "12", "12", "true"),
                     ("2", "Bea", "blocked", "Ada", "24", "0", "0", "true")]
    (game,) = table(tmp_path / "out", "games")
    assert (game["status"], game["winner"], json.loads(game["totals"]), game["valid"],
            game["errors"], game["players"]) == (
        "in_progress", "", {"Ada": 12, "Bea": 0}, "false", "1", "Ada Bea")
    (found,) = table(tmp_path / "out", "diagnostics")
    assert (found["game_id"], found["hand"], found["line"], found["code"], found["severity"]) == (
        f"{tmp_path / 'p405.block'}#1", "1", "12", "P405", "error")


def test_the_games_and_hands_of_the_season(tmp_path: Path) -> None:
    done = export(SEASON, to="csv", out=tmp_path)
    assert (done.files, done.games, done.errors) == (3, 7, 1)
    # A row per player of each hand: 3 x 4 + 2 x 5, 3 x 4 + 2 x 3 + 2 x 1, 2 x 3 + 2 x 2.
    assert done.rows == {"games": 7, "hands": 52, "moves": 12, "diagnostics": 1}
    games = {g["game_id"].rsplit("/", 1)[-1]: g for g in table(tmp_path, "games")}
    first = games["week1.block#2"]
    assert (first["date"], first["event"], first["players"], first["status"], first["winner"],
            json.loads(first["totals"]), first["hands"]) == (
        "2026-03-06", "Test league", "Bea Dario", "won", "Dario", {"Bea": 0, "Dario": 101}, "5")
    assert json.loads(first["tags"]) == [
        {"key": "Event", "value": "Test league"}, {"key": "Date", "value": "2026-03-06"},
        {"key": "Players", "value": "Bea Dario"}]
    # Names in NFC: Nicolò typed with a combining accent is the precomposed one.
    assert games["week3.block#1"]["players"] == "Nicolò Elana"
    hands = [h for h in table(tmp_path, "hands") if h["game_id"].endswith("week1.block#2")]
    second = [(h["player"], h["outcome"], h["winner"], h["remaining"], h["points"], h["total"])
              for h in hands if h["hand"] == "2"]
    assert second == [("Bea", "domino", "Bea", "0", "0", "0"),
                      ("Dario", "domino", "Bea", "0", "0", "61")]
    tie = [h for h in table(tmp_path, "hands")
           if h["game_id"].endswith("week2.block#1") and h["hand"] == "1"]
    assert {(h["outcome"], h["winner"], h["points"]) for h in tie} == {("blocked", "", "0")}


def test_parquet_and_csv_hold_the_same_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    export(SEASON, to="csv", out=tmp_path / "csv")
    export(SEASON, to="parquet", out=tmp_path / "parquet")
    for name, columns in TABLES.items():
        rows = pq.read_table(tmp_path / "parquet" / f"{name}.parquet").to_pylist()
        written = table(tmp_path / "csv", name)
        assert len(rows) == len(written)
        for parquet_row, csv_row in zip(rows, written, strict=True):
            assert {c.name: writers._cell(parquet_row[c.name], c.type) for c in columns} == {
                c.name: _typed(csv_row[c.name], c.type) for c in columns}, name


def _typed(text: str, kind: str) -> object:
    return int(text) if kind == "int32" and text else text


def test_jobs_write_the_same_tables(tmp_path: Path) -> None:
    corpus = tmp_path / "many.block"
    made = run("generate", "--games", "60", "--seed", "4", "--claims", "--mistakes", "0.3")
    corpus.write_bytes(made.stdout + b"\n" + P405.read_bytes())
    one = run("export", "--to", "csv", "-o", str(tmp_path / "one"), str(corpus), str(SEASON))
    two = run("export", "--to", "csv", "--jobs", "2", "-o", str(tmp_path / "two"), str(corpus),
              str(SEASON))
    assert one.returncode == two.returncode == 1
    assert one.stdout.replace(b"one", b"two") == two.stdout
    for name in TABLES:
        assert (tmp_path / "one" / f"{name}.csv").read_bytes() == (
            tmp_path / "two" / f"{name}.csv").read_bytes(), name


def test_rows_go_out_in_row_groups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    monkeypatch.setitem(writers.ROW_GROUPS, "hands", 10)
    done = export(SEASON, to="parquet", out=tmp_path)
    meta = pq.ParquetFile(tmp_path / "hands.parquet").metadata
    assert meta.num_rows == done.rows["hands"] == 52
    sizes = [meta.row_group(i).num_rows for i in range(meta.num_row_groups)]
    assert len(sizes) > 2 and max(sizes) < 10 + 10  # a game's rows at most past the bound


def test_a_failed_export_leaves_no_half_table(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    export(SEASON, to="csv", out=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def full(self: object, rows: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writers.CsvTables, "add", full)
    with pytest.raises(OSError):
        export(SEASON, to="csv", out=tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_loose_diagnostics_have_no_game(tmp_path: Path) -> None:
    (tmp_path / "empty.block").write_text("# nothing played yet\n", "utf-8")
    (tmp_path / "broken.block").write_bytes(b'[Players "Ada Bea"]\n\nhand 1\n\xff\n')
    (tmp_path / "utf16.block").write_bytes(b"\xff\xfe")
    done = export(tmp_path, to="csv", out=tmp_path / "out")
    found = [(d["file"].rsplit("/", 1)[-1], d["game_id"].rsplit("/", 1)[-1], d["hand"],
              d["line"], d["code"]) for d in table(tmp_path / "out", "diagnostics")]
    assert found == [("broken.block", "", "", "4", "S003"),  # not UTF-8: nothing else read
                     ("empty.block", "", "", "1", "S005"),
                     ("utf16.block", "", "", "1", "S003")]
    assert done.games == 0


def test_usage_problems(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", "utf-8")
    done = run("export", "--lang", "en", "-o", str(tmp_path / "file"), str(SEASON))
    assert (done.returncode, done.stderr.decode()) == (
        2, f"blocknot: {tmp_path / 'file'} is not a directory: -o names the directory the "
           "tables go into\n")
    missing = run("export", "--lang", "en", "--to", "csv", "-o", str(tmp_path / "out"),
                  str(SEASON / "week1.block"), str(tmp_path / "missing.block"))
    assert missing.returncode == 2
    assert missing.stderr.decode() == (f"blocknot: cannot read {tmp_path / 'missing.block'}: No "
                                       "such file or directory\n")
    assert len(table(tmp_path / "out", "games")) == 2
    with pytest.raises(ValueError, match="to= is one of parquet, csv"):
        export(SEASON, to="xlsx", out=tmp_path)
    with pytest.raises(TypeError):
        export(3, out=tmp_path)  # type: ignore[arg-type]


def test_without_pyarrow_parquet_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pyarrow" else real(name, *a))
    done = run("export", "--lang", "en", "-o", str(tmp_path), str(SEASON))
    assert (done.returncode, done.stderr.decode()) == (
        2, "blocknot: --to parquet needs pyarrow: pip install 'blocknot[parquet]', or write "
           "CSV (--to csv)\n")
