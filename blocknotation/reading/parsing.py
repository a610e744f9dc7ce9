"""From text to records: lines are read, records built, comments given to their owners.

Each line is read by the fast reader (``fastpath``) or, when it declines, by the Lark parser
of ``grammar/block.lark``, which is the definition of the notation and the source of every
syntax diagnostic.  ``parse_text`` never judges legality (that is the engine's work) and never
stops at the first bad line: every bad line is reported (S001, S002), every good one is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..basics.limits import (
    MAX_INPUT_BYTES,
    MAX_LINE_LENGTH,
    MAX_STATEMENTS_PER_HAND,
)
from . import records as r
from .fastpath import ParsedLine, read_line
from .source import Source, decode, from_text, too_large

if TYPE_CHECKING:
    from .larkparse import LarkParser


def _lark() -> LarkParser:
    """The Lark parser, imported and compiled on first need (see ``larkparse.py``)."""
    from .larkparse import parser

    return parser()



@dataclass(frozen=True, slots=True)
class ParseResult:
    """The records read from a text and the syntax diagnostics (S001–S003) met on the way.

    ``records`` holds every statement that could be read; ``bad_lines`` the lines that could
    not, so that later stages know which parts of a record are incomplete.
    """

    records: r.RecordFile
    diagnostics: tuple[Diagnostic, ...]
    bad_lines: frozenset[int] = frozenset()

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def parse_bytes(data: bytes) -> ParseResult:
    """Decode and parse a record file's bytes (see ``source.decode``)."""
    return _parse_source(decode(data), fast=True)


def parse_text(text: str, *, fast: bool = True) -> ParseResult:
    """Parse a record's text into records and syntax diagnostics.

    The text is read as the command line reads a file (``source.from_text``): one leading
    byte-order mark is dropped, CRLF is a line end, and a NUL byte is S003.  Lines are read
    by the fast reader (``fastpath``) and, when it declines one, by Lark.  ``fast=False``
    runs Lark alone over the whole text: the reference that the fast reader is tested
    against.  A text of more than ``MAX_INPUT_BYTES`` characters is not read (S001).
    """
    if len(text) > MAX_INPUT_BYTES:
        return ParseResult(r.RecordFile(), (too_large(),), frozenset())
    return _parse_source(from_text(text), fast=fast)


def _parse_source(source: Source, *, fast: bool) -> ParseResult:
    if source.text is None:
        return ParseResult(r.RecordFile(), source.diagnostics, frozenset())
    text = source.text
    lines = text.split("\n")
    if not fast and all(len(line) <= MAX_LINE_LENGTH for line in lines):
        lark = _lark()
        parsed = lark.parse_whole(text)
        if parsed is not None:
            return _result(*parsed, [], lark.problems)
    return parse_lines(lines, fast=fast)


def parse_lines(
    lines: Sequence[str], first_line: int = 1, *, fast: bool = True,
    undecodable: Sequence[Diagnostic] = (),
) -> ParseResult:
    """Parse a run of lines (without line ends) whose first is line ``first_line`` of a file.

    Streaming reads a file a game at a time this way; positions are those of the whole file.
    ``undecodable``: the S003s of lines that are not UTF-8, which are not read (their hands
    are then not replayed, as with any line with a syntax error).
    """
    problems: list[Diagnostic] = list(undecodable)
    skipped = {d.line for d in undecodable}
    if skipped:
        lines = ["" if number in skipped else line
                 for number, line in enumerate(lines, start=first_line)]
    items, comments, building = _parse_lines(lines, first_line, problems, fast)
    return _result(items, comments, problems, building)


def _result(
    items: list[ParsedLine | None],
    comments: list[tuple[int, str]],
    problems: list[Diagnostic],
    building: list[Diagnostic],
) -> ParseResult:
    """``building``: the problems Lark's transformer met (long numbers, pips out of range)."""
    problems.extend(building)
    bad_lines = {d.line for d in problems}
    if bad_lines:
        comments = [(line, body) for line, body in comments if line not in bad_lines]
    records, structure = _assemble([i for i in items if i is not None], comments)
    problems.extend(structure)
    problems.sort(key=lambda d: (d.line, d.column))
    return ParseResult(records, tuple(problems), frozenset(d.line for d in problems))


def statement_kind(line: str) -> str | None:
    """The kind of statement on ``line`` (``"tag"``, ``"hand"``, …), or None for none."""
    quick = read_line(line, 1)
    if isinstance(quick, ParsedLine):
        return quick.kind
    if quick is not None:
        return None
    return _lark().kind(line)


def _parse_lines(
    lines: Sequence[str], first_line: int, problems: list[Diagnostic], fast: bool
) -> tuple[list[ParsedLine | None], list[tuple[int, str]], list[Diagnostic]]:
    """Read each line on its own, so that one bad line costs only itself.  Returns the
    statements, the comments, and the problems met by Lark's transformer."""
    lark: LarkParser | None = None
    items: list[ParsedLine | None] = []
    comments: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=first_line):
        if len(line) > MAX_LINE_LENGTH:
            problems.append(
                diagnostic(
                    "S001", number, 1,
                    N_("a line of more than {limit} characters: it is not read"),
                    limit=MAX_LINE_LENGTH,
                )
            )
            continue
        quick = read_line(line, number) if fast else None
        if isinstance(quick, ParsedLine):
            items.append(quick)
            if quick.comment is not None:
                comments.append((number, quick.comment))
            continue
        if quick is not None:  # blank, or a comment on its own
            if quick:
                comments.append((number, quick[1:]))  # kept exactly, trailing space and all
            continue
        if not line.strip(" \t"):
            continue
        if lark is None:
            lark = _lark()
            lark.start()
        read = lark.parse_line(line, number)
        if isinstance(read, Diagnostic):
            problems.append(read)
            continue
        items.extend(read[0])
        comments.extend(read[1])
    return items, comments, [] if lark is None else lark.problems


def _assemble(
    items: list[ParsedLine], comments: list[tuple[int, str]]
) -> tuple[r.RecordFile, list[Diagnostic]]:
    """Give comments to their statements and group statements into games and hands."""
    by_line = {item.line: item for item in items}
    unowned: list[str] = []
    position = 0
    for line, body in comments:
        owner = by_line.get(line)
        if owner is not None:
            owner.comment = body
            continue
        # A comment on a line of its own belongs to the next statement.
        while position < len(items) and items[position].line < line:
            position += 1
        if position < len(items):
            items[position].comments.append(body)
        else:
            unowned.append(body)

    problems: list[Diagnostic] = []
    games: list[r.Game] = []
    tags: list[r.Tag] = []
    hands: list[r.Hand] = []
    hand: ParsedLine | None = None
    statements: list[r.Statement] = []
    overflow = False

    def close_hand() -> None:
        nonlocal hand, statements
        if hand is not None:
            hands.append(
                r.trusted(
                    r.Hand, number=hand.fields["number"], line=hand.line, column=hand.column,
                    comments=tuple(hand.comments), comment=hand.comment,
                    statements=tuple(statements),
                )
            )
        hand, statements = None, []

    def close_game() -> None:
        nonlocal tags, hands
        close_hand()
        if tags or hands:
            games.append(r.trusted(r.Game, tags=tuple(tags), hands=tuple(hands)))
        tags, hands = [], []

    for item in items:
        if item.kind == "tag":
            if hands or hand is not None:
                close_game()
            tags.append(_record(item))
        elif item.kind == "hand":
            close_hand()
            hand, overflow = item, False
        elif hand is None:
            problems.append(
                diagnostic(
                    "S001", item.line, item.column,
                    N_("expected `hand N` before this statement: it belongs to no hand"),
                )
            )
        elif len(statements) < MAX_STATEMENTS_PER_HAND:
            statements.append(_record(item))
        elif not overflow:  # an absurd hand: said once, and the rest of it is not kept
            overflow = True
            problems.append(
                diagnostic(
                    "S001", item.line, item.column,
                    N_("hand {number} has more than {limit} statements; the rest of it is "
                       "not read"),
                    number=hand.fields["number"], limit=MAX_STATEMENTS_PER_HAND,
                )
            )
    close_game()
    record = r.trusted(r.RecordFile, games=tuple(games), comments=tuple(unowned))
    return record, problems


_MODELS: dict[str, type[Any]] = {
    "tag": r.Tag, "opener": r.Opener, "deal": r.Deal, "play": r.Play, "pass": r.Pass,
    "show": r.Show, "domino": r.Domino, "blocked": r.Blocked, "points": r.Points,
    "score": r.Score,
}


def _record(item: ParsedLine) -> Any:
    fields = item.fields
    if item.kind == "score":
        entries = tuple(r.trusted(r.ScoreEntry, player=n, total=t) for n, t in fields["entries"])
        fields = {"entries": entries}
    return r.trusted(
        _MODELS[item.kind], kind=item.kind, line=item.line, column=item.column,
        comments=tuple(item.comments), comment=item.comment, **fields,
    )
