"""``export``: every game of a season as rows of the four tables (``tables.py``), written a
game at a time into a directory (``writers.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic
from ..basics.i18n import translator
from .sources import Opener, SeasonInput, Unreadable, games_of, open_path, reason
from .tables import Rows, rows_of
from .writers import tables_for

#: Where the severity is in a row of the diagnostics table.
_SEVERITY = 6


@dataclass(frozen=True, slots=True)
class Exported:
    """What ``export`` wrote: each table's file and number of rows; how many files and
    games were read and how many errors they hold; the files that could not be read whole,
    each with the reason."""

    paths: Mapping[str, str]
    rows: Mapping[str, int]
    files: int
    games: int
    errors: int
    unreadable: tuple[tuple[str, str], ...] = ()


def renderer(lang: str) -> Callable[[Diagnostic], str]:
    """How the diagnostics table writes a message: in ``lang``."""
    translate = translator(lang)
    return lambda d: d.message.render(translate)


def write_tables(rows: Iterable[Rows], to: str, out: str, raw_csv: bool = False
                 ) -> tuple[dict[str, str], dict[str, int], int]:
    """Write ``rows`` (a game's at a time) into ``out`` in format ``to``: each table's path
    and number of rows, and the errors among the diagnostics.  Nothing is left of the
    tables when writing fails or is interrupted."""
    tables = tables_for(to, out, raw_csv)
    errors = 0
    try:
        for found in rows:
            errors += sum(1 for d in found.get("diagnostics", ()) if d[_SEVERITY] == "error")
            tables.add(found)
        tables.close()
    except BaseException:
        tables.abort()
        raise
    return dict(tables.paths), dict(tables.counts), errors


def rows_in_order(sources: Iterable[SeasonInput], lang: str, unreadable: Unreadable,
                  opener: Opener = open_path) -> Iterator[Rows]:
    """The rows of every game of ``sources``, read and replayed here, a game at a time."""
    render = renderer(lang)
    for _, item in games_of(sources, unreadable, opener):
        yield rows_of(item, render)


def export_tables(sources: Iterable[SeasonInput], to: str, out: str, *, lang: str = "en",
                  unreadable: Unreadable | None = None, opener: Opener = open_path,
                  rows: Callable[[list[SeasonInput], Unreadable], Iterator[Rows]] | None = None,
                  raw_csv: bool = False) -> Exported:
    """Write the tables of every game of ``sources`` into the directory ``out`` in format
    ``to`` (``parquet`` or ``csv``); ``unreadable`` is told of each file that could not be
    read whole; ``rows`` gives the rows of the sources (by default ``rows_in_order``; the
    command line's ``--jobs`` gives them from worker processes); ``raw_csv``: CSV cells as
    they are, even those a spreadsheet would run as formulas (``cells.py``)."""
    sources = list(sources)
    missing: list[tuple[str, str]] = []

    def failed(source: SeasonInput, error: OSError) -> None:
        missing.append((source.name, reason(error)))
        if unreadable is not None:
            unreadable(source, error)

    found = (rows(sources, failed) if rows is not None
             else rows_in_order(sources, lang, failed, opener))
    paths, counts, errors = write_tables(found, to, out, raw_csv)
    return Exported(paths, counts, len(sources), counts["games"], errors, tuple(missing))
