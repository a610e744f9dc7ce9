"""Writing the four tables (``tables.py``) into a directory: Parquet or CSV.

Rows come a game at a time and are written as they come: CSV at once, Parquet in row
groups of some thousands of rows (``ROW_GROUPS``), so that what is held stays small however
many games there are and the files stay quick to read (a row group per game would make
millions of tiny ones).  Each table is written to a temporary file in the directory and put
in place as ``TABLE.parquet`` or ``TABLE.csv`` only once every table is complete, all of
them or none (``table_files.py``): an interrupted or failed export leaves the tables of the
export before it, never half of one, nor some tables of each.

Parquet needs pyarrow (the ``parquet`` extra); its column types are those of ``tables.py``.
``blocknot export`` loads pyarrow with the system's allocator as its memory pool, and has
that allocator give large blocks back to the system once freed (``run/export.py``).
In CSV, a value that is null is an empty field, booleans are ``true`` and ``false``, a list
of names is the names separated by spaces (a name never holds one), ``tags`` and
``totals`` are JSON (an array of ``{"key", "value"}`` objects, an object of totals), and a
text that a spreadsheet would run as a formula starts with ``'`` (``cells.py``; not with
``--raw-csv``).
"""

from __future__ import annotations

import csv
import json
from contextlib import suppress
from typing import IO, Any, Protocol

from .cells import FORMULA_STARTS
from .table_files import TableFiles
from .tables import TABLES, TAGS, TOTALS, Column, Rows

#: Rows of each table held before they are written as a Parquet row group: some 1.5 MB of
#: Python values each (a row of ``games`` holds its tags, players and totals, about 1.5 kB;
#: one of ``moves`` about 180 bytes).  Larger groups hold more; smaller ones make more of
#: the footer that pyarrow holds until the end (some kB a row group: 102 MB of records make
#: about 660 row groups).
ROW_GROUPS = {"games": 1_024, "hands": 8_192, "moves": 8_192, "diagnostics": 8_192}
FORMATS = ("parquet", "csv")
EXTRA = "pip install 'blocknot[parquet]'"


class Tables(Protocol):
    """Where the rows go: ``add`` a game's rows, then ``close`` (the tables are put in
    place) or ``abort`` (nothing is left behind)."""

    paths: dict[str, str]
    counts: dict[str, int]

    def add(self, rows: Rows) -> None: ...

    def close(self) -> None: ...

    def abort(self) -> None: ...


def arrow_type(kind: str) -> Any:
    import pyarrow as pa

    simple = {"string": pa.string(), "int32": pa.int32(), "bool": pa.bool_(),
              "list<string>": pa.list_(pa.string()),
              TOTALS: pa.map_(pa.string(), pa.int32()),
              TAGS: pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))}
    return simple[kind]


def arrow_schema(columns: tuple[Column, ...]) -> Any:
    import pyarrow as pa

    return pa.schema([pa.field(c.name, arrow_type(c.type), c.nullable) for c in columns])


class ParquetTables(TableFiles):
    """The tables as Parquet files (pyarrow's ``ParquetWriter``)."""

    def __init__(self, directory: str) -> None:
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise ImportError(f"Parquet needs pyarrow: {EXTRA}") from None
        super().__init__(directory, "parquet")
        self.schemas = {name: arrow_schema(columns) for name, columns in TABLES.items()}
        self.writers: dict[str, Any] = {}
        for name in TABLES:
            # Dictionary encoding for the strings, whose values repeat (game, player, tile);
            # numbers are written plainly, which holds no dictionary while a row group is made.
            with self.writing(name):
                self.writers[name] = pq.ParquetWriter(
                    self.temporary[name], self.schemas[name],
                    use_dictionary=[c.name for c in TABLES[name] if c.type == "string"])
        self.held: dict[str, list[tuple[Any, ...]]] = {name: [] for name in TABLES}

    def add(self, rows: Rows) -> None:
        for name, found in rows.items():
            held = self.held[name]
            held += found
            if len(held) >= ROW_GROUPS[name]:
                self._write(name)

    def _write(self, name: str) -> None:
        import pyarrow as pa

        held, schema = self.held[name], self.schemas[name]
        self.counts[name] += len(held)
        values = list(zip(*held, strict=True)) if held else [()] * len(schema)
        arrays = [pa.array(v, type=f.type) for v, f in zip(values, schema, strict=True)]
        with self.writing(name):
            self.writers[name].write_table(pa.Table.from_arrays(arrays, schema=schema),
                                           row_group_size=max(1, len(held)))
        self.held[name] = []

    def close(self) -> None:
        for name in TABLES:
            if self.held[name] or not self.counts[name]:
                self._write(name)
            with self.writing(name):
                self.writers[name].close()
        self.commit()

    def abort(self) -> None:
        for writer in self.writers.values():
            with suppress(Exception):  # its file is removed next
                writer.close()
        self.remove()


def _cell(value: Any, kind: str) -> Any:
    if value is None:
        return ""
    if kind == "bool":
        return "true" if value else "false"
    if kind == "list<string>":
        return " ".join(value)
    if kind == TOTALS:
        return json.dumps(dict(value), ensure_ascii=False)
    if kind == TAGS:
        return json.dumps(value, ensure_ascii=False)
    return value


class CsvTables(TableFiles):
    """The tables as CSV files (UTF-8, LF line ends, a header of the column names); unless
    ``raw``, a text cell a spreadsheet would run as a formula starts with ``'``
    (``cells.py``)."""

    def __init__(self, directory: str, raw: bool = False) -> None:
        super().__init__(directory, "csv")
        self.handles: dict[str, IO[str]] = {}
        self.writers: dict[str, Any] = {}
        #: The columns whose values CSV writes otherwise than Python's ``str`` (None is
        #: already an empty field).
        self.special: dict[str, list[tuple[int, str]]] = {}
        for name, columns in TABLES.items():
            with self.writing(name):
                handle = open(self.temporary[name], "w", encoding="utf-8",  # noqa: SIM115
                              newline="")
            self.handles[name] = handle
            self.writers[name] = csv.writer(handle, lineterminator="\n")
            self.writers[name].writerow([c.name for c in columns])
            self.special[name] = [(i, c.type) for i, c in enumerate(columns)
                                  if c.type not in ("string", "int32")]
        #: The text columns, whose cells may start as a formula does (none when ``raw``).
        self.texts = {name: [] if raw else [i for i, c in enumerate(columns)
                                            if c.type == "string"]
                      for name, columns in TABLES.items()}

    def add(self, rows: Rows) -> None:
        for name, found in rows.items():
            self.counts[name] += len(found)
            special, texts = self.special[name], self.texts[name]
            written = []
            for row in found:
                cells = list(row)
                for at, kind in special:
                    cells[at] = _cell(cells[at], kind)
                for at in texts:
                    value = cells[at]
                    if value and value.startswith(FORMULA_STARTS):
                        cells[at] = "'" + value
                written.append(cells)
            with self.writing(name):
                self.writers[name].writerows(written)

    def close(self) -> None:
        for name, handle in self.handles.items():
            with self.writing(name):
                handle.close()
        self.commit()

    def abort(self) -> None:
        for handle in self.handles.values():
            with suppress(OSError):  # a full disk fails the last flush: removed all the same
                handle.close()
        self.remove()


def tables_for(to: str, directory: str, raw_csv: bool = False) -> Tables:
    """The writer of the tables in format ``to`` (``FORMATS``) into ``directory``
    (``raw_csv``: CSV cells as they are, ``cells.py``)."""
    if to == "parquet":
        return ParquetTables(directory)
    if to == "csv":
        return CsvTables(directory, raw_csv)
    raise ValueError(f"to= is one of {', '.join(FORMATS)}, not {to!r}")
