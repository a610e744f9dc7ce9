"""The library's runs of the commands, re-exported by the package: ``analyse`` (``validate
--analyse``), ``format_text`` (``format``), ``convert`` and ``fix`` (``validate --fix``).

Each function states its contract here and keeps it: they never raise on bad records (a bad
record gives diagnostics), only on a wrong argument.  The work is ``run/``'s, as the
command line's is.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .arguments import Paths, jobs_of, require, selection, sources

if TYPE_CHECKING:
    from .formats.records.formatting import FormatResult
    from .report.values import FileReport
    from .run.convert import Converted
    from .run.fix_paths import FileFixed


def analyse(data: bytes, path: str = "<bytes>", *, threshold: int = 1, jobs: int = 1,
            select: Iterable[str] = (), ignore: Iterable[str] = ()) -> FileReport:
    """``validate``, with every hand whose deals are all recorded analysed, as ``blocknot
    validate --analyse`` does; never raises on a bad record.

    Each ``HandResult`` of the report has its ``analysis``, a ``HandAnalysis``: each move's
    value under best play (``moves``, each a ``MoveValue`` with the points it gives away),
    the ``mistakes`` (the moves that give away ``threshold`` points or more), how the hand
    ends under best play from its first move (``start``) and who wins it by force
    (``forced``); or, for a hand that could not be analysed (a deal not recorded, an error in
    the hand), ``analysed`` false and the ``reason``.  ``jobs`` worker processes analyse the
    hands (0: one per CPU; 1: this process), as ``--jobs`` does; the report is the same.
    """
    require(data, (bytes, bytearray), "analyse", "bytes (for text, encode it first)")
    if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 1:
        raise ValueError(f"threshold= is a whole number of points, 1 or more, not {threshold!r}")
    from .pipeline import collect, file_end, read_and_validate
    from .run.analyse_jobs import analysed_pieces

    chosen = selection(select, ignore)
    pairs = analysed_pieces(read_and_validate(io.BytesIO(bytes(data)), chosen), threshold,
                            jobs_of(jobs, "analyse"))
    return collect(path, file_end((piece for _, piece in pairs), chosen))


def format_text(text: str) -> FormatResult:
    """A record's text in canonical form, as ``blocknot format`` writes it; never raises on
    a bad record.

    Returns a ``FormatResult``: ``text``, the canonical text (lines ended with LF, no
    byte-order mark; formatting it again gives it back unchanged), or None when the record
    cannot be read, and then ``diagnostics``, its syntax problems (S001, S002), in the order
    of the text.
    """
    require(text, str, "format_text", "a str")
    from .formats.records.formatting import format_text as formatted

    return formatted(text)


def convert(data: bytes, *, to: str | None = None) -> Converted:
    """A record converted between text and record JSON, losing nothing, as ``blocknot
    convert`` converts it; never raises on a bad record.

    ``data`` is a record file's bytes, text or record JSON; ``to`` is ``"json"`` or
    ``"text"`` (None: JSON for a text record, canonical text for a JSON one).  Returns a
    ``Converted``: ``text``, the record converted, or None when it cannot be read (or read
    back once written), and then ``diagnostics``, which say why.  Legality is not judged.
    """
    require(data, (bytes, bytearray), "convert", "bytes (for text, encode it first)")
    if to not in (None, "json", "text"):
        raise ValueError(f"to= is json, text or None, not {to!r}")
    from .run.convert import converted

    return converted(bytes(data), to)


def fix(paths: Paths, *, unsafe: bool = False, select: Iterable[str] = (),
        ignore: Iterable[str] = (), lang: str = "en") -> tuple[FileFixed, ...]:
    """Fix record files in place, as ``blocknot validate --fix --isolated`` does; never raises
    on a bad record.

    ``paths`` as for ``standings``.  Each text record gets what the engine proved written
    into it (missing or wrong claims, missing sides, hand numbers; with ``unsafe``, also the
    fixes that choose between readings of the record), a game at a time, and is rewritten
    whole or not at all (gzip stays gzip).  ``select`` and ``ignore`` as for ``validate``;
    ``lang`` is the language of the ``# was:`` notes the fixes leave.  Returns a
    ``FileFixed`` per file, in order: ``changed``, ``applied``, ``unsafe_left``,
    ``remaining`` (the problems left once fixed, of which ``errors`` and ``warnings``), and
    ``skipped`` (``"json"`` for a record JSON file, left as it is; ``"unreadable"``, with
    the ``reason``).  Raises ``ValueError`` for a directory without records and ``OSError``
    when a fixed file cannot be written.
    """
    if lang not in ("en", "it"):
        raise ValueError(f"lang= is en or it, not {lang!r}")
    from .run.fix_paths import fix_files

    files = [source.path for source in sources(paths, "fix")]
    return fix_files(files, selection(select, ignore), unsafe=unsafe, lang=lang)
