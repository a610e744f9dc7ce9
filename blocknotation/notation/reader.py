"""From lines of text to the plain form: each line read, comments given to their owners,
statements grouped into games and hands.

Each line is read by the line reader (``line_reader``) or, when it declines, by the Lark
parser of ``grammar/block.lark``, which is the definition of the notation and the source of
every syntax diagnostic.  A line the line reader has read before (the same move, the same
``points`` line) is made again by copying what it read (``known_lines``).  Reading never
judges legality (that is the engine's work) and never stops at the first bad line: every bad
line is reported (S001, S002), every good one is kept.
The public ``parse()`` turns what is read here into records (``parsing.py``); validation
replays it as it is, without loading pydantic, and Lark only when a line needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count, repeat
from operator import call
from typing import TYPE_CHECKING, cast

from ..basics.diagnostics import Diagnostic, diagnostic
from ..basics.limits import MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from . import plain as p
from .known_lines import KNOWN, Maker, remember
from .line_reader import read_line

if TYPE_CHECKING:
    from .larkparse import LarkParser
    from .source import DecodedText

#: A line's statement, ``""`` (blank), its comment (``#…``), or None: Lark must read it.
LineReader = Callable[[str, int], "p.Item | str | None"]


def lark() -> LarkParser:
    """The Lark parser, imported and compiled on first need (see ``larkparse.py``)."""
    from .larkparse import parser

    return parser()


@dataclass(frozen=True, slots=True)
class ParsedRecord:
    """The plain form of what could be read, and the syntax diagnostics (S001–S003) met on
    the way; ``bad_lines`` are the lines that could not be read, so that later stages know
    which parts of a record are incomplete."""

    records: p.PlainRecordFile
    diagnostics: tuple[Diagnostic, ...]
    bad_lines: frozenset[int] = frozenset()


def read_text_lines(
    lines: Sequence[str], first_line: int = 1, *, reader: LineReader = read_line,
) -> ParsedRecord:
    """Read a run of lines (without line ends) whose first is line ``first_line`` of a file.

    ``reader`` reads a line before Lark does (tests give one that declines every line)."""
    problems: list[Diagnostic] = []
    run = _Run(first_line, problems, reader)
    # Each line made by its maker if it was met before (``known_lines``), else read by
    # ``run.miss``: a loop in C, as most lines are made again.
    known: Callable[[str, Maker], Maker] = (KNOWN if reader is read_line else {}).get
    items: list[p.Item | None] = list(map(
        call, map(known, lines, repeat(run.miss)), count(first_line), lines))
    building = [] if run.lark is None else run.lark.problems
    return assembled(items, run.comments, problems, building, run.heads)


def read_source(source: DecodedText) -> ParsedRecord:
    """The reading of a whole decoded file (``source.decode``): its syntax diagnostics when
    it could not be decoded."""
    if source.text is None:
        return ParsedRecord(p.PlainRecordFile(), source.diagnostics, frozenset())
    return read_text_lines(source.text.split("\n"))


def assembled(
    items: Sequence[p.Item | None], comments: list[tuple[int, str]],
    problems: list[Diagnostic], building: list[Diagnostic], heads: list[int] | None = None,
) -> ParsedRecord:
    """The reading of a run of lines from its items (None for a line without a statement)
    and comments.  ``building``: the problems Lark's transformer met (long numbers, pips out
    of range); ``heads``: where the tags and hands are among ``items``, found here when not
    given."""
    problems.extend(building)
    if problems:
        bad_lines = {d.line for d in problems}
        comments = [(line, body) for line, body in comments if line not in bad_lines]
    unowned: tuple[str, ...] = ()
    if heads is None or comments:
        items = [i for i in items if i is not None]
        heads = [k for k, i in enumerate(items) if isinstance(i, p.PlainTag | p.PlainHand)]
        unowned = _give_comments(cast(list[p.Item], items), comments) if comments else ()
    games, structure = _grouped(items, heads)
    problems.extend(structure)
    problems.sort(key=lambda d: (d.line, d.column))
    return ParsedRecord(p.PlainRecordFile(games, unowned), tuple(problems),
                        frozenset(d.line for d in problems))


def statement_kind(line: str) -> str | None:
    """The kind of statement on ``line`` (``"tag"``, ``"hand"``, …), or None for none."""
    quick = read_line(line, 1)
    if quick is None:
        return lark().kind(line)
    return None if isinstance(quick, str) else quick.kind


def _too_long(number: int) -> Diagnostic:
    return diagnostic(
        "S001", number, 1, "long_line",
        limit=MAX_LINE_LENGTH,
    )


class _Run:
    """A run of lines being read: each line that is not made again from a line met before
    is read by ``miss``, so that one bad line costs only itself; the comments, where the
    tags and hands are, and the problems gather here."""

    def __init__(self, first_line: int, problems: list[Diagnostic], read: LineReader) -> None:
        self.first_line, self.problems, self.read = first_line, problems, read
        self.remember = remember if read is read_line else None
        self.comments: list[tuple[int, str]] = []
        self.heads: list[int] = []
        self.lark: LarkParser | None = None

    def miss(self, number: int, line: str) -> p.Item | None:
        """The statement of line ``number``, if it holds one."""
        if not line:
            return None
        if len(line) > MAX_LINE_LENGTH:  # never so for a line met before: it was read
            self.problems.append(_too_long(number))
            return None
        quick = self.read(line, number)
        if quick is None:
            quick = self._by_lark(line, number) if line.strip(" \t") else None
            if quick is None:
                return None
        elif isinstance(quick, str):  # blank, or a comment on its own
            if quick:
                self.comments.append((number, quick[1:]))  # kept exactly, trailing space
            return None
        else:
            if self.remember is not None:
                self.remember(line, quick)
            if quick.comment is not None:
                self.comments.append((number, quick.comment))
        if type(quick) is p.PlainHand or type(quick) is p.PlainTag:
            self.heads.append(number - self.first_line)
        return quick

    def _by_lark(self, line: str, number: int) -> p.Item | None:
        if self.lark is None:
            self.lark = lark()
            self.lark.start()
        parsed = self.lark.parse_line(line, number)
        if isinstance(parsed, Diagnostic):
            self.problems.append(parsed)
            return None
        self.comments.extend(parsed[1])
        # One statement at most: a line of its own is a ``file`` of one line.
        return next((item for item in parsed[0] if item is not None), None)


def _give_comments(items: Sequence[p.Item], comments: list[tuple[int, str]]) -> tuple[str, ...]:
    """Give each comment to its statement: the one on its line, or else the next one.
    Returns the comments after the last statement."""
    by_line = {item.line: item for item in items}
    before: dict[int, list[str]] = {}  # own-line comments by the position of their owner
    position = 0
    for line, body in comments:
        owner = by_line.get(line)
        if owner is not None:
            owner.comment = body
            continue
        while position < len(items) and items[position].line < line:
            position += 1
        before.setdefault(position, []).append(body)
    for at, bodies in before.items():
        if at < len(items):
            items[at].comments = tuple(bodies)
    return tuple(before.get(len(items), ()))


def _grouped(
    items: Sequence[p.Item | None], heads: list[int]
) -> tuple[tuple[p.PlainGame, ...], list[Diagnostic]]:
    """Group statements into games and hands (``heads``: where the tags and hands are): a
    tag after a hand starts a game."""
    problems: list[Diagnostic] = []
    games: list[p.PlainGame] = []
    tags: list[p.PlainTag] = []
    hands: list[p.PlainHand] = []
    ends = [*heads[1:], len(items)] if heads else []
    _no_hand(items[: heads[0] if heads else len(items)], problems)
    for at, end in zip(heads, ends, strict=True):
        head = items[at]
        if isinstance(head, p.PlainTag):
            if hands:
                games.append(p.PlainGame(tuple(tags), tuple(hands)))
                tags, hands = [], []
            tags.append(head)
            _no_hand(items[at + 1 : end], problems)
        else:
            assert isinstance(head, p.PlainHand)
            hands.append(head)
            # Between a hand and the next tag or hand: statements only (a statement is
            # never false, None is: ``filter`` keeps the statements).
            _close(head, tuple(filter(None, items[at + 1 : end])), problems)  # type: ignore[arg-type]
    if tags or hands:
        games.append(p.PlainGame(tuple(tags), tuple(hands)))
    return tuple(games), problems


def _no_hand(statements: Sequence[p.Item | None], problems: list[Diagnostic]) -> None:
    """S001 for each statement before the first ``hand`` of its game."""
    for item in statements:
        if item is not None:
            problems.append(diagnostic(
                "S001", item.line, item.column,
                "no_hand",
            ))


def _close(hand: p.PlainHand, statements: tuple[p.Statement, ...],
           problems: list[Diagnostic]) -> None:
    """Give ``hand`` its statements; an absurd hand keeps only the first
    ``MAX_STATEMENTS_PER_HAND``, and the first one beyond is S001."""
    if len(statements) > MAX_STATEMENTS_PER_HAND:
        extra = statements[MAX_STATEMENTS_PER_HAND]
        problems.append(diagnostic(
            "S001", extra.line, extra.column,
            "long_hand",
            number=hand.number, limit=MAX_STATEMENTS_PER_HAND,
        ))
        statements = statements[:MAX_STATEMENTS_PER_HAND]
    hand.statements = statements
