"""The whole pipeline for one file: decode, parse, replay, report — a game at a time.

A file is read in game chunks (``stream.chunks_of``); each chunk is read and replayed on
its own and gives a ``Piece`` of the report.  Only one game's records are alive at a time,
so files of any size validate in little memory, and chunks can be handed to worker
processes (``parallel.py``) with the same result in the same order.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, BinaryIO

from .basics.codes import SYNTAX_ERRORS
from .basics.diagnostics import Diagnostic, diagnostic
from .basics.positions import with_end
from .engine import replay
from .notation import stream as _stream
from .notation.plain import from_records
from .notation.reader import ParsedRecord, read_text_lines
from .notation.stream import Chunk
from .report.values import FileReport, GameResult, Piece
from .suppress import FileMarks, followed, settle

if TYPE_CHECKING:
    from .basics.marks import IgnoreMark
    from .engine.course import ReplayCache
    from .notation import plain as p
    from .notation.parsing import ParseResult


#: Syntax errors: a record that cannot be read is never reported clean, so these are kept
#: whatever ``--select`` and ``--ignore`` say (as ruff keeps E999).
UNSELECTABLE = SYNTAX_ERRORS
#: A file that holds no hand (S005, ``file_end``).
NO_GAME = "S005"


@dataclass(frozen=True, slots=True)
class Selection:
    """Which codes to report (``--select``/``--ignore``: codes or prefixes, as ruff has it).

    Syntax errors (``UNSELECTABLE``) are always reported."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    #: Codes an ``ignore-file`` comment of the file suppresses (``suppress.file_codes``).
    file_ignores: tuple[str, ...] = ()
    #: Whether ``# blocknot: ignore`` comments suppress anything (``--no-suppress``: no).
    suppress: bool = True

    def keeps(self, code: str) -> bool:
        if code in UNSELECTABLE:
            return True
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        return not any(code.startswith(prefix) for prefix in self.ignore)


EVERYTHING = Selection()


def validate_chunk(chunk: Chunk | Diagnostic, first_game: int,
                   selection: Selection = EVERYTHING, *,
                   parsed: ParsedRecord | ParseResult | None = None) -> Piece:
    """Read and replay one chunk; its games are numbered from ``first_game``.

    The chunk is read into the plain form (``reader.py``) and replayed by the engine;
    ``parsed``: the chunk already read (or parsed into records)."""
    if isinstance(chunk, Diagnostic):
        kept = (with_end(chunk, (), 0),) if selection.keeps(chunk.code) else ()
        if selection.suppress and kept:
            settled = settle(kept, (), 0, selection.file_ignores, selection.keeps)
            return Piece((), settled.kept, {}, settled.suppressed, (), settled.file_used)
        return Piece((), kept, {})
    if is_json(chunk):
        from_json = _record_json(chunk, first_game, selection, parsed)
        if from_json is not None:
            return from_json
    return finished(judged(chunk, first_game, selection, parsed=parsed), chunk, selection)


def is_json(chunk: Chunk) -> bool:
    """Whether ``chunk`` is a JSON document: a file's first chunk that starts with ``{``
    (no line of a text record does), which is never cut into games."""
    return chunk.first_line == 1 and chunk.text.lstrip(" \t\n")[:1] == "{"


def _record_json(chunk: Chunk, first_game: int, selection: Selection,
                 parsed: ParsedRecord | ParseResult | None) -> Piece | None:
    """A record JSON document (``blocknot convert``'s output) checked as its text would be:
    the diagnostics at the lines and columns its statements record (those of the text it
    was converted from), once those lines are known to be in order
    (``formats/records/json_input.py``).  Its comments are kept but not read for
    ``# blocknot: ignore`` (a line of the document is not a line of the record); ``parsed``:
    the document as read already (``json_input.RecordJson``).  A document that is JSON
    but not record JSON is one S001 (``json_input.json_hint``); None for one that is not
    JSON."""
    from .formats.records.json_input import RecordJson, json_hint, read_record_json

    document, refusal = (parsed, None) if isinstance(parsed, RecordJson) else (
        read_record_json(chunk.text))
    if document is not None:
        nowhere = Chunk(1, "")  # no line of the document is a line of the record
        return judged(nowhere, first_game, selection, parsed=document)
    hint = refusal or json_hint(chunk)
    if hint is None:
        return None
    return Piece((), (hint,) if selection.keeps(hint.code) else (), {})


def read_chunk(chunk: Chunk | Diagnostic) -> ParsedRecord | None:
    """What ``validate_chunk`` replays of ``chunk``: its plain form, the games of a record
    JSON document with the lines it records; None for a diagnostic, or a JSON document
    that is not record JSON or whose lines cannot be trusted."""
    if isinstance(chunk, Diagnostic):
        return None
    if is_json(chunk):
        from .formats.records.json_input import read_record_json

        parsed, _ = read_record_json(chunk.text)
        return parsed
    return chunk.read()


def judged(chunk: Chunk, first_game: int, selection: Selection = EVERYTHING, *,
           parsed: ParsedRecord | ParseResult | None = None, keep: ReplayCache | None = None,
           aim: bool = True) -> Piece:
    """One chunk read and replayed: its games, and the diagnostics ``selection`` keeps,
    before any suppression comment has had its say (``finished``); ``keep``: the hands the
    replay keeps to be tried written another way (``engine/retry.py``); ``aim``: whether
    side slips name the side the replay allows (``sides_aimed``)."""
    lines = chunk.lines
    if parsed is None:
        parsed = read_text_lines(lines, chunk.first_line)
    elif not isinstance(parsed, ParsedRecord):
        parsed = ParsedRecord(from_records(parsed.records), parsed.diagnostics, parsed.bad_lines)
    if aim:
        parsed = sides_aimed(chunk, parsed, first_game)
    found, games = replay(_for_engine(chunk, parsed), first_game, keep)
    syntax = parsed.diagnostics
    if syntax and parsed.records.games:
        syntax = tuple(_place(d, parsed.records.games[0], first_game) for d in syntax)
    diagnostics = tuple(sorted(
        (with_end(d, lines, chunk.first_line) for d in (*syntax, *found)
         if selection.keeps(d.code)),
        key=lambda d: d.order,
    )) if syntax or found else ()
    return Piece(games, diagnostics, {})


def sides_aimed(chunk: Chunk, parsed: ParsedRecord, first_game: int) -> ParsedRecord:
    """``parsed`` with each side slip's "did you mean" naming the side the replay allows
    (``side_slips.py``)."""
    if not any(d.code == "S001" and "side" in d.message.args for d in parsed.diagnostics):
        return parsed
    from .side_slips import aimed

    return aimed(chunk, parsed, lambda again: judged(again, first_game, aim=False).diagnostics)


def finished(piece: Piece, chunk: Chunk, selection: Selection) -> Piece:
    """A chunk's piece (``judged``) once its suppression comments have had their say, with
    the source lines its syntax diagnostics point at."""
    if selection.suppress and settles(chunk, selection):
        return _settled(piece, chunk, selection)
    if not piece.diagnostics:
        return piece
    return replace(piece, context=_context(piece.diagnostics, chunk))


def settles(chunk: Chunk, selection: Selection) -> bool:
    """Whether suppression may change anything in ``chunk``: the file has ``ignore-file``
    codes, or the chunk's text has a comment for blocknot."""
    return bool(selection.file_ignores) or "blocknot:" in chunk.text


def _context(diagnostics: Iterable[Diagnostic], chunk: Chunk) -> dict[int, str]:
    """The source lines that syntax diagnostics point at."""
    lines = chunk.lines
    return {
        d.line: lines[d.line - chunk.first_line]
        for d in diagnostics
        if d.code.startswith("S") and 0 <= d.line - chunk.first_line < len(lines)
    }


def _settled(piece: Piece, chunk: Chunk, selection: Selection) -> Piece:
    """``piece`` once the suppression comments have had their say (``suppress.settle``):
    unused ones are S004, placed in the piece's game and hand."""
    settled = settle(piece.diagnostics, chunk.lines, chunk.first_line, selection.file_ignores,
                     selection.keeps)
    kept = tuple(_in_game(d, piece.games) if d.game is None else d for d in settled.kept)
    return replace(piece, diagnostics=kept, context=_context(kept, chunk),
                   suppressed=settled.suppressed, file_marks=settled.file_marks,
                   file_used=settled.file_used)


def _in_game(d: Diagnostic, games: tuple[GameResult, ...]) -> Diagnostic:
    """``d`` with the game and hand whose lines hold it (the chunk holds one game at most)."""
    if not games or d.line < games[0].line:
        return d
    hand = None
    for h in games[0].hands:
        if h.line > d.line:
            break
        hand = h.number
    return replace(d, game=games[0].index, hand=hand)


class FileEnd:
    """What the end of a file needs to know of its pieces: its ``ignore-file`` codes and
    what they suppressed (S004), and whether it held a hand or an error (S005)."""

    def __init__(self) -> None:
        self.marks = FileMarks()
        self.hands = 0
        self.errors = False

    def follow(self, file_marks: Sequence[IgnoreMark], file_used: frozenset[str], hands: int,
               errors: bool) -> None:
        self.marks.follow(file_marks, file_used)
        self.hands += hands
        self.errors = self.errors or errors

    def pieces(self, selection: Selection, readable: bool = True) -> list[Piece]:
        """The pieces that end the file: S005 when it was read whole and holds no hand and
        no error (suppressed by an ``ignore-file`` comment naming it), then its unused
        ``ignore-file`` codes (S004)."""
        out = []
        if readable and not self.hands and not self.errors and selection.keeps(NO_GAME):
            if selection.suppress and any(NO_GAME.startswith(m.code) for m in self.marks.marks):
                self.marks.follow((), frozenset({NO_GAME}))  # an ignore-file comment takes it
                out.append(Piece((), (), {}, suppressed=1))
            else:
                out.append(Piece((), (diagnostic(NO_GAME, 1, 1, "no_hand"),), {}))
        last = self.marks.last_piece(selection.keeps, selection.suppress)
        if last is not None:
            out.append(last)
        return out


def file_end(pieces: Iterable[Piece], selection: Selection,
             readable: Callable[[], bool] = lambda: True) -> Iterator[Piece]:
    """The pieces of one file, then those that end it (``FileEnd.pieces``); ``readable``:
    whether the file was read whole, asked once its pieces are done."""
    end = FileEnd()
    for piece in pieces:
        end.follow(piece.file_marks, followed(piece), sum(len(g.hands) for g in piece.games),
                   any(d.is_error for d in piece.diagnostics))
        yield piece
    yield from end.pieces(selection, readable())


def _for_engine(chunk: Chunk, parsed: ParsedRecord) -> ParsedRecord:
    """Names are compared in NFC: a text that is not (names typed with combining marks) is
    replayed from a parsed given to the engine in NFC (``engine_names``)."""
    if unicodedata.is_normalized("NFC", chunk.text):
        return parsed
    from .notation.engine_names import for_engine

    return ParsedRecord(for_engine(parsed.records), parsed.diagnostics, parsed.bad_lines)


def _place(d: Diagnostic, game: p.PlainGame, index: int) -> Diagnostic:
    """A syntax diagnostic with the game and hand whose lines it falls in."""
    hand = None
    for h in game.hands:
        if h.line > d.line:
            break
        hand = h.number
    return replace(d, game=index, hand=hand)


def chunks_of(stream: BinaryIO | Iterable[bytes]) -> Iterator[Chunk | Diagnostic]:
    """The game chunks of a binary stream (a decoding problem comes as a diagnostic)."""
    return _stream.chunks_of(stream)


def validate_stream(stream: BinaryIO | Iterable[bytes],
                    selection: Selection = EVERYTHING) -> Iterator[Piece]:
    """Validate a record file read from ``stream``, one piece per game, in order."""
    yield from file_end((piece for _, piece in read_and_validate(stream, selection)), selection,
                        lambda: getattr(stream, "problem", None) is None)


def read_and_validate(stream: BinaryIO | Iterable[bytes], selection: Selection = EVERYTHING
                      ) -> Iterator[tuple[ParsedRecord | None, Piece]]:
    """Each game chunk of ``stream`` read once, and its piece of the report: the parsed is
    what the replay was given (``read_chunk``), for outputs that show the record as written
    too (``--format annotated``, ``--format html``) and for the analysis of its hands."""
    games = 0
    for chunk in chunks_of(stream):
        parsed = read_chunk(chunk)
        piece = validate_chunk(chunk, games + 1, selection, parsed=parsed)
        games += len(piece.games)
        yield parsed, piece


def validate_bytes(data: bytes, path: str, selection: Selection = EVERYTHING) -> FileReport:
    """Check a record file's bytes: every diagnostic, and the recomputed games."""
    return collect(path, validate_stream(io.BytesIO(data), selection))


def collect(path: str, pieces: Iterable[Piece]) -> FileReport:
    """The pieces of one file gathered into its report."""
    games: list[GameResult] = []
    diagnostics: list[Diagnostic] = []
    context: dict[int, str] = {}
    for piece in pieces:
        games += piece.games
        diagnostics += piece.diagnostics
        context.update(piece.context)
    return FileReport(path, tuple(diagnostics), tuple(games), context)


def selection_of(select: Collection[str], ignore: Collection[str]) -> Selection:
    return Selection(tuple(select), tuple(ignore))
