"""The library's entry points, re-exported by the package: ``from blocknotation import validate``.

Each function states its contract here and keeps it: they never raise on bad records (a bad
record gives diagnostics), only on a wrong type of argument.  Importing this module is cheap;
the parser, the engine and the records load when a function first needs them.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from .games import GameText
    from .pipeline import Selection
    from .reading.parsing import ParseResult
    from .report.values import FileReport, Piece


def parse(text: str) -> ParseResult:
    """Read the text of a record file into records and syntax diagnostics; never raises.

    Lines end with LF (``open(path, encoding="utf-8").read()`` gives that).  Every line that
    can be read is kept in ``result.records`` (a ``RecordFile`` of frozen pydantic records,
    each with its ``line`` and ``column``); every line that cannot is an S001 or S002
    diagnostic in ``result.diagnostics``, in the order of the text.  Legality is not judged:
    that is ``validate``'s work.  A text of more than ``limits.MAX_INPUT_BYTES`` characters
    is not read: its result is one S001 at 1:1.
    """
    _require(text, str, "parse", "a str (for bytes, use parse_bytes)")
    from .reading.parsing import parse_text

    return parse_text(text)


def parse_bytes(data: bytes) -> ParseResult:
    """``parse`` after decoding: the bytes of a record file as read from disk; never raises.

    The bytes must be UTF-8 (one BOM and CRLF line ends are accepted) without NUL bytes;
    otherwise the result holds no records and one S003 diagnostic.
    """
    _require(data, (bytes, bytearray), "parse_bytes", "bytes")
    from .reading.parsing import parse_bytes as parse_data

    return parse_data(bytes(data))


def validate(data: bytes, path: str = "<bytes>", *, select: Iterable[str] = (),
             ignore: Iterable[str] = ()) -> FileReport:
    """Check a whole record file given as bytes, as ``blocknot validate`` does; never raises.

    Returns a ``FileReport`` named ``path``: ``diagnostics`` (every syntax and rule problem,
    in the order of the file), ``games`` (a ``GameResult`` per game, recomputed by replaying
    it, with a ``HandResult`` per hand), ``errors``, ``warnings`` and ``valid`` (no error).
    ``select`` and ``ignore`` keep or drop codes by code or prefix (``"P4"``), as the options
    ``--select`` and ``--ignore`` do.  Files of any size are read a game at a time; a single
    game of more than ``limits.MAX_INPUT_BYTES`` bytes is S001, and the rest is not read.
    """
    _require(data, (bytes, bytearray), "validate", "bytes (for text, encode it first)")
    from .pipeline import validate_bytes

    return validate_bytes(bytes(data), path, _selection(select, ignore))


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

    return pieces(stream, _selection(select, ignore))


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

        _require(game, Kind, "validate_game", "a GameText or a str")
    from .games import validate_game as check

    return check(game, path, first_line=first_line, index=index, lang=lang,
                 selection=_selection(select, ignore))


def _selection(select: Iterable[str], ignore: Iterable[str]) -> Selection:
    """The codes to keep; a single string is one code or prefix, not a list of letters."""
    from .pipeline import selection_of

    def codes(given: Iterable[str]) -> tuple[str, ...]:
        return (given,) if isinstance(given, str) else tuple(given)

    return selection_of(codes(select), codes(ignore))


def _require(value: object, kind: type | tuple[type, ...], function: str, wanted: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"{function}() takes {wanted}, not {type(value).__name__}")
