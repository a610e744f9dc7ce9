"""The library's entry points, re-exported by the package: ``from blocknotation import validate``.

Each function states its contract here and keeps it: they never raise on bad records (a bad
record gives diagnostics), only on a wrong type of argument.  Importing this module is cheap;
the parser, the engine and the records load when a function first needs them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO

from .arguments import Paths, jobs_of, require, selection, sources

if TYPE_CHECKING:
    from .games import GameText
    from .notation.parsing import ParseResult
    from .report.values import FileReport, Piece
    from .season.export import Exported
    from .season.standings import Standings


def parse(text: str) -> ParseResult:
    """Read the text of a record file into records and syntax diagnostics; never raises.

    Lines end with LF (``open(path, encoding="utf-8").read()`` gives that).  Every line that
    can be read is kept in ``result.records`` (a ``RecordFile`` of frozen pydantic records,
    each with its ``line`` and ``column``); every line that cannot is an S001 or S002
    diagnostic in ``result.diagnostics``, in the order of the text.  Legality is not judged:
    that is ``validate``'s work.  A text of more than ``limits.MAX_INPUT_BYTES`` characters
    is not read: its result is one S001 at 1:1.
    """
    require(text, str, "parse", "a str (for bytes, use parse_bytes)")
    from .notation.parsing import parse_text

    return parse_text(text)


def parse_bytes(data: bytes) -> ParseResult:
    """``parse`` after decoding: the bytes of a record file as read from disk; never raises.

    The bytes must be UTF-8 (one BOM and CRLF line ends are accepted) without NUL bytes;
    otherwise the result holds no records and one S003 diagnostic.
    """
    require(data, (bytes, bytearray), "parse_bytes", "bytes")
    from .notation.parsing import parse_bytes as parse_data

    return parse_data(bytes(data))


def validate(data: bytes, path: str = "<bytes>", *, select: Iterable[str] = (),
             ignore: Iterable[str] = (), jobs: int = 1) -> FileReport:
    """Check a whole record file given as bytes, as ``blocknot validate`` does; never raises.

    Returns a ``FileReport`` named ``path``: ``diagnostics`` (every syntax and rule problem,
    in the order of the file), ``games`` (a ``GameResult`` per game, recomputed by replaying
    it, with a ``HandResult`` per hand), ``errors``, ``warnings`` and ``valid`` (no error).
    ``select`` and ``ignore`` keep or drop codes by code or prefix (``"P4"``), as the options
    ``--select`` and ``--ignore`` do.  Files of any size are read a game at a time; a single
    game of more than ``limits.MAX_INPUT_BYTES`` bytes is S001, and the rest is not read.
    ``jobs`` worker processes check the games (0: one per CPU; 1, the default: this process),
    as ``--jobs`` does; the report is the same.
    """
    require(data, (bytes, bytearray), "validate", "bytes (for text, encode it first)")
    from .pipeline import collect
    from .run.pieces import validated_pieces

    return collect(path, validated_pieces(io.BytesIO(bytes(data)), selection(select, ignore),
                                          jobs_of(jobs, "validate")))


def validate_stream(stream: BinaryIO, *, select: Iterable[str] = (),
                    ignore: Iterable[str] = ()) -> Iterator[Piece]:
    """Check a record file read from a binary stream, yielding its report a game at a time.

    ``stream`` is a file opened in binary mode (``open(path, "rb")``, ``sys.stdin.buffer``,
    ``io.BytesIO``): anything with a ``read(size)`` that returns bytes.  Only one game is held
    in memory at a time, so a file of any size can be checked.  Each ``Piece`` yielded holds
    ``games`` (the game just read, as a ``GameResult``; none when the lines hold no game, and
    for a decoding problem, which ends the stream), ``diagnostics`` (the problems found in
    those lines) and ``context`` (the source lines that syntax diagnostics point at).  Games
    are numbered from 1 over the whole stream, and the pieces, gathered in order, are exactly
    ``validate``'s report of the same bytes.
    """
    if isinstance(stream, io.TextIOBase) or not callable(getattr(stream, "read", None)):
        raise TypeError("validate_stream() takes a binary stream: open the file in binary mode "
                        f"('rb'), or wrap bytes in io.BytesIO; not {type(stream).__name__}")
    from .pipeline import validate_stream as pieces

    return pieces(stream, selection(select, ignore))


def iter_games(stream: BinaryIO) -> Iterator[GameText]:
    """Cut a record file read from a binary stream into its games, one in memory at a time.

    Yields a ``GameText`` per game: ``text`` (its lines, LF-joined; the lines before the
    first game go with it), ``first_line`` (the number of its first line in the file) and
    ``index`` (its index among the file's games, from 1).  Cutting does not judge anything.
    When the bytes stop being UTF-8 text, the last item has no text and ``problem`` holds
    the S003 diagnostic.  Hand each item to ``validate_game``, here or in another process.
    """
    if isinstance(stream, io.TextIOBase) or not callable(getattr(stream, "read", None)):
        raise TypeError("iter_games() takes a binary stream: open the file in binary mode "
                        f"('rb'), or wrap bytes in io.BytesIO; not {type(stream).__name__}")
    from .games import iter_games as games

    return games(stream)


def validate_game(game: GameText | str, path: str = "<string>", *, first_line: int = 1,
                  index: int = 1, select: Iterable[str] = (), ignore: Iterable[str] = (),
                  lang: str = "en") -> dict[str, Any] | None:
    """Check one game; never raises on a bad record.  Returns a plain dict (picklable, and
    JSON as it stands): the object ``blocknot validate --format jsonl`` writes for the game.

    ``game`` is an item of ``iter_games`` (it carries its own first line and index), or the
    text of one game whose first line in its file is ``first_line`` and whose index among
    the file's games is ``index``: line numbers in the result are the file's.  The dict
    holds ``path``, ``game``, ``line``, ``players``, ``target``, ``status``, ``winner``,
    ``score``, ``hands``, ``valid``, ``errors``, ``warnings``, ``diagnostics`` and ``digest``
    (docs/json.md, "JSON Lines: a line per game"); for a text without a game but with diagnostics,
    ``game`` is None; for a text of comments alone, the result is None.
    """
    if not isinstance(game, str):
        from .games import GameText as Kind

        require(game, Kind, "validate_game", "a GameText or a str")
    from .games import validate_game as check

    return check(game, path, first_line=first_line, index=index, lang=lang,
                 selection=selection(select, ignore))


def standings(paths: Paths, *, include_invalid: bool = False,
              aliases: Mapping[str, str] | None = None, by: str | None = None) -> Standings:
    """Add up a season, as ``blocknot standings --isolated`` does; never raises on bad records.

    ``paths`` is a record file, a directory (searched for ``.block``, ``.block.gz`` and
    ``.block.json`` files, as the command searches it) or a list of them.  Every game is
    validated as ``validate`` does (``# blocknot: ignore`` comments are honoured; no
    configuration file is read).  Returns a ``Standings``: ``groups`` (one for the season,
    or one per event, date or file with ``by="event"``, ``"date"``, ``"file"``), each with
    ``rows`` (a ``Row`` per player: games, won, drawn, lost, hands, domino, blocked,
    points_for, points_against, average, p405, p407), ``in_progress`` and ``excluded`` (the
    games listed apart) and ``season`` (the counted games in season order); and ``files``,
    ``games``, ``counted``, ``errors``, ``unreadable`` (the files that could not be read
    whole, each with the reason) and ``no_game`` (each file that gave no game, with its
    codes or the reason it could not be read).  A game with an error is left out unless
    ``include_invalid``; a figure the records do not tell is None, never a guess
    (docs/standings.md, "Which games count").  ``aliases`` maps a player's other spellings
    to the name they count as (``{"Elana": "Elena"}``); names are compared after NFC.
    Raises ``ValueError`` for aliases that are not player names, or that make two players
    of one game one player, for an unknown ``by``, or for a directory without records.
    """
    from .season.aliases import Aliases
    from .season.standings import BY, standings_of

    if by is not None and by not in BY:
        raise ValueError(f"by= is one of {', '.join(BY)} or None, not {by!r}")
    if aliases is not None and not isinstance(aliases, Mapping):
        raise TypeError(f"standings() takes aliases as a mapping, not {type(aliases).__name__}")
    chosen = Aliases.of((name, other) for other, name in (aliases or {}).items())
    return standings_of(sources(paths, "standings", chosen), by=by,
                        include_invalid=include_invalid)


def export(paths: Paths, *, to: str = "parquet", out: str | os.PathLike[str],
           lang: str = "en", raw_csv: bool = False, jobs: int = 1) -> Exported:
    """Write every game as rows of four tables, as ``blocknot export --isolated`` does; never
    raises on bad records.

    ``paths`` as for ``standings``.  The tables ``games``, ``hands``, ``moves`` and
    ``diagnostics`` (their columns and types: docs/export.md) are written into the directory
    ``out`` (made if missing) as ``TABLE.parquet`` (``to="parquet"``: pyarrow, the
    ``parquet`` extra) or ``TABLE.csv`` (``to="csv"``), a game at a time, in flat memory;
    each file appears whole once every table is written, or not at all.  The messages of
    the diagnostics table are in ``lang``.  In CSV, a text cell that a spreadsheet would run
    as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return)
    starts with ``'``, unless ``raw_csv``.  Returns an ``Exported``: ``paths`` and ``rows``
    of each table, ``files``, ``games``, ``errors`` and ``unreadable``.  Raises
    ``ValueError`` for an unknown ``to`` or a directory without records, ``ImportError``
    when Parquet is asked for without pyarrow, and ``OSError`` when the tables cannot be
    written.  ``jobs`` worker processes read and replay the games (0: one per CPU; 1: this
    process), as ``--jobs`` does; the tables are the same.
    """
    from .season.export import export_tables
    from .season.sources import open_path
    from .season.writers import FORMATS

    if to not in FORMATS:
        raise ValueError(f"to= is one of {', '.join(FORMATS)}, not {to!r}")
    if lang not in ("en", "it"):
        raise ValueError(f"lang= is en or it, not {lang!r}")
    workers = jobs_of(jobs, "export")
    rows = None
    if workers != 1:
        from .run.export_parallel import parallel_rows

        def rows(chosen: Any, failed: Any) -> Any:
            return parallel_rows(chosen, workers, lang, failed, open_path)
    return export_tables(sources(paths, "export"), to, os.fspath(out), lang=lang,
                         raw_csv=raw_csv, rows=rows)


