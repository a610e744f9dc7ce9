"""``blocknot export``'s run: the tables of the files' games, here or in worker processes,
with the allocation that gives the memory of each row group back to the system."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO

from ..basics.diagnostics import Message
from ..basics.i18n import N_
from ..season.export import Exported
from ..season.sources import SeasonInput, Unreadable
from .problems import Refused


def export_files(sources: Sequence[SeasonInput], to: str, directory: str, *, lang: str,
                 jobs: int, raw_csv: bool, unreadable: Unreadable,
                 stdin: BinaryIO | None) -> Exported:
    """The tables of ``sources`` written into ``directory`` (``season.export``), their rows
    made by ``jobs`` worker processes; standard input, when one of the sources, is
    ``stdin``.  For Parquet, ``need_pyarrow`` and ``lean_allocation`` come first."""
    from ..season.export import export_tables
    from .season_inputs import opened

    rows = None
    if jobs != 1:
        from .export_parallel import parallel_rows
        from .ordered import warn_of_jobs

        warn_of_jobs(jobs, lang)

        def rows(chosen: Any, failed: Any) -> Any:
            return parallel_rows(chosen, jobs, lang, failed, lambda path: opened(path, stdin))
    return export_tables(sources, to, directory, lang=lang, unreadable=unreadable,
                         opener=lambda path: opened(path, stdin), rows=rows, raw_csv=raw_csv)


def lean_allocation() -> None:
    """Before pyarrow loads: the system's allocator as its memory pool (unless
    ``ARROW_DEFAULT_MEMORY_POOL`` names one), and, with glibc, blocks of 64 kB or more
    mapped on their own (as ``MALLOC_MMAP_THRESHOLD_=65536`` would), so that the arrays of
    each row group go back to the system once written.  Measured on 102 MB of records
    (``benchmarks/season.py``): a peak of 93 MB, against 100 MB with glibc's sliding
    threshold (docs/standings.md, "What it costs")."""
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    if not sys.platform.startswith("linux") or "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc: its allocator is left as it is
        return
    mallopt(-3, 65536)  # M_MMAP_THRESHOLD, in bytes


def need_pyarrow() -> None:
    from importlib.util import find_spec

    if find_spec("pyarrow") is None:
        raise Refused(Message(N_("--to parquet needs pyarrow: pip install "
                                 "'blocknot[parquet]', or write CSV (--to csv)")))
