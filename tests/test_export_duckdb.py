"""The queries of docs/export.md, run in process by DuckDB on the tables `blocknot export`
writes of records written by hand: their answers are known from the rules.

The records are those of tests/data/season (tests/test_standings.py gives each game's
figures), and two more games of the P405 example (blocknotation/examples/P405.bad.txt):
as written, where Bea passes holding 0-1 and 0-3, and with Ada and Bea's names swapped, where
Ada does.  So Bea has made two illegal passes, Ada one; both games have an error and are not
counted.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from blocknotation import standings
from blocknotation.season.tables import TABLES

from inprocess import run
from season_records import ELENA, FIELDS, SEASON, TABLE

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "export.md"
QUERIES = re.findall(r"^```sql\n(.*?)^```", DOCS.read_text("utf-8"), re.MULTILINE | re.DOTALL)
NAMES = ("games", "hands", "moves", "diagnostics")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    for path in SEASON.glob("*.block"):
        shutil.copy(path, folder / path.name)
    example = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8")
    (folder / "p405.block").write_text(example, "utf-8")
    swapped = example.replace("Ada", "\0").replace("Bea", "Ada").replace("\0", "Bea")
    (folder / "p405-swapped.block").write_text(swapped, "utf-8")
    return folder


@pytest.fixture(scope="module")
def tables(records: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("tables")
    for to in ("parquet", "csv"):
        done = run("export", "--to", to, "-o", str(out / to), str(records))
        assert done.returncode == 1, done.stderr  # two games have an error
    return {to: out / to for to in ("parquet", "csv")}


def connection(folder: Path, to: str) -> object:
    con = duckdb.connect()
    reader = "read_parquet" if to == "parquet" else "read_csv"
    for name in NAMES:
        con.execute(f"CREATE VIEW {name} AS SELECT * FROM {reader}('{folder / name}.{to}')")
    return con


def test_the_docs_show_three_queries() -> None:
    assert len(QUERIES) == 3


#: The standings with the two P405 games: they are not counted, but their passes are.
WITH_PASSES = [row[:11] + ((1,) if row[0] == "Ada" else (2,) if row[0] == "Bea" else (0,))
               + row[12:] for row in TABLE]


@pytest.mark.parametrize("to", ["parquet", "csv"])
def test_the_standings_query_gives_the_table_of_blocknot_standings(
        tables: dict[str, Path], records: Path, to: str) -> None:
    found = _rounded(connection(tables[to], to).execute(QUERIES[0]).fetchall())  # type: ignore[attr-defined]
    assert found == _rounded(WITH_PASSES)
    (group,) = standings(records, aliases=ELENA).groups
    assert found == _rounded([tuple(getattr(r, f) for f in FIELDS) for r in group.rows])


def _rounded(rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    return [tuple(round(v, 12) if isinstance(v, float) else v for v in row) for row in rows]


@pytest.mark.parametrize("to", ["parquet", "csv"])
def test_the_p405_query_counts_each_players_illegal_passes(
        tables: dict[str, Path], to: str) -> None:
    found = connection(tables[to], to).execute(QUERIES[1]).fetchall()  # type: ignore[attr-defined]
    assert found == [("Bea", 2), ("Ada", 1)]


def test_every_hand_adds_up_to_the_game_totals(tables: dict[str, Path], records: Path) -> None:
    found = connection(tables["parquet"], "parquet").execute(QUERIES[2]).fetchall()  # type: ignore[attr-defined]
    games = [f"{records}/week1.block#1", f"{records}/week1.block#2",
             f"{records}/week2.block#1", f"{records}/week2.block#2",
             f"{records}/week2.block#3", f"{records}/week3.block#1",
             f"{records}/week3.block#2", f"{records}/p405-swapped.block#1",
             f"{records}/p405.block#1"]
    assert found == [(game, True) for game in sorted(games)]


def test_a_wrong_total_would_be_found(tables: dict[str, Path]) -> None:
    con = connection(tables["parquet"], "parquet")
    con.execute("CREATE TABLE wrong AS SELECT * REPLACE "  # type: ignore[attr-defined]
                "(if(player = 'Ada' AND hand = 1, points + 1, points) AS points) FROM hands")
    query = QUERIES[2].replace("FROM hands", "FROM wrong")
    assert {adds for _, adds in con.execute(query).fetchall()} == {True, False}  # type: ignore[attr-defined]


def test_the_parquet_tables_have_the_documented_columns(tables: dict[str, Path]) -> None:
    import pyarrow.parquet as pq

    from blocknotation.season.writers import arrow_schema

    documented = _documented()
    for name in NAMES:
        schema = pq.read_schema(tables["parquet"] / f"{name}.parquet")
        assert schema.remove_metadata().equals(arrow_schema(TABLES[name])), name
        assert documented[name] == [(c.name, c.type, c.nullable) for c in TABLES[name]], name


def _documented() -> dict[str, list[tuple[str, str, bool]]]:
    """Each table's columns as docs/export.md lists them: name, type, nullable."""
    text = DOCS.read_text("utf-8")
    found = {}
    for name in NAMES:
        part = text.split(f"### `{name}`", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        found[name] = [(m[1], m[2], m[3] == "yes") for m in re.finditer(
            r"^\| `(\w+)` \| ([^|]+?) \| (yes|no) \|", part, re.MULTILINE)]
    return found
