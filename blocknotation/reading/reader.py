"""From lines of text to the plain form: each line read, comments given to their owners,
statements grouped into games and hands.

Each line is read by the line reader (``line_reader``) or, when it declines, by the Lark
parser of ``grammar/block.lark``, which is the definition of the notation and the source of
every syntax diagnostic.  Reading never judges legality (that is the engine's work) and never
stops at the first bad line: every bad line is reported (S001, S002), every good one is kept.
The public ``parse()`` turns what is read here into records (``parsing.py``); validation
replays it as it is, without loading pydantic, and Lark only when a line needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..basics.diagnostics import N_, Diagnostic, diagnostic
from ..basics.limits import MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from . import plain as p
from .line_reader import read_line

if TYPE_CHECKING:
    from .larkparse import LarkParser
    from .source import Source

#: A line's statement, ``""`` (blank), its comment (``#…``), or None: Lark must read it.
LineReader = Callable[[str, int], "p.Item | str | None"]


def lark() -> LarkParser:
    """The Lark parser, imported and compiled on first need (see ``larkparse.py``)."""
    from .larkparse import parser

    return parser()


@dataclass(frozen=True, slots=True)
class Reading:
    """The plain form of what could be read, and the syntax diagnostics (S001–S003) met on
    the way; ``bad_lines`` are the lines that could not be read, so that later stages know
    which parts of a record are incomplete."""

    records: p.RecordFile
    diagnostics: tuple[Diagnostic, ...]
    bad_lines: frozenset[int] = frozenset()


def read_text_lines(
    lines: Sequence[str], first_line: int = 1, *, undecodable: Sequence[Diagnostic] = (),
    reader: LineReader = read_line,
) -> Reading:
    """Read a run of lines (without line ends) whose first is line ``first_line`` of a file.

    ``undecodable``: the S003s of lines that are not UTF-8, which are not read (their hands
    are then not replayed, as with any line with a syntax error).  ``reader`` reads a line
    before Lark does (tests give one that declines every line)."""
    problems: list[Diagnostic] = list(undecodable)
    skipped = {d.line for d in undecodable}
    if skipped:
        lines = ["" if number in skipped else line
                 for number, line in enumerate(lines, start=first_line)]
    items, heads, comments, building = _read_lines(lines, first_line, problems, reader)
    return assembled(items, comments, problems, building, heads)


def read_source(source: Source) -> Reading:
    """The reading of a whole decoded file (``source.decode``): its syntax diagnostics when
    it could not be decoded."""
    if source.text is None:
        return Reading(p.RecordFile(), source.diagnostics, frozenset())
    return read_text_lines(source.text.split("\n"))


def assembled(
    items: Sequence[p.Item | None], comments: list[tuple[int, str]],
    problems: list[Diagnostic], building: list[Diagnostic], heads: list[int] | None = None,
) -> Reading:
    """The reading of a run of lines from its items and comments.  ``building``: the
    problems Lark's transformer met (long numbers, pips out of range); ``heads``: where the
    tags and hands are among ``items`` (then none is None), found here when not given."""
    problems.extend(building)
    if problems:
        bad_lines = {d.line for d in problems}
        comments = [(line, body) for line, body in comments if line not in bad_lines]
    kept: Sequence[p.Item]
    if heads is None:
        kept = [i for i in items if i is not None]
        heads = [k for k, i in enumerate(kept) if isinstance(i, p.Tag | p.Hand)]
    else:
        kept = cast(Sequence[p.Item], items)  # no None: ``_read_lines`` leaves them out
    unowned = _give_comments(kept, comments) if comments else ()
    games, structure = _grouped(kept, heads)
    problems.extend(structure)
    problems.sort(key=lambda d: (d.line, d.column))
    return Reading(p.RecordFile(games, unowned), tuple(problems),
                   frozenset(d.line for d in problems))


def statement_kind(line: str) -> str | None:
    """The kind of statement on ``line`` (``"tag"``, ``"hand"``, …), or None for none."""
    quick = read_line(line, 1)
    if quick is None:
        return lark().kind(line)
    return None if isinstance(quick, str) else quick.kind


def _too_long(number: int) -> Diagnostic:
    return diagnostic(
        "S001", number, 1, N_("a line of more than {limit} characters: it is not read"),
        limit=MAX_LINE_LENGTH,
    )


def _read_lines(
    lines: Sequence[str], first_line: int, problems: list[Diagnostic], read: LineReader
) -> tuple[list[p.Item], list[int], list[tuple[int, str]], list[Diagnostic]]:
    """Read each line on its own, so that one bad line costs only itself.  Returns the
    statements, where the tags and hands are among them, the comments, and the problems met
    by Lark's transformer."""
    parser: LarkParser | None = None
    items: list[p.Item] = []
    heads: list[int] = []
    comments: list[tuple[int, str]] = []
    add = items.append
    long_lines = max(map(len, lines), default=0) > MAX_LINE_LENGTH
    for number, line in enumerate(lines, start=first_line):
        if long_lines and len(line) > MAX_LINE_LENGTH:
            problems.append(_too_long(number))
            continue
        quick = read(line, number)
        if type(quick) is p.Play or type(quick) is p.Pass:  # most lines: tested first
            add(quick)
            if quick.comment is not None:
                comments.append((number, quick.comment))
            continue
        if quick is None:
            if not line.strip(" \t"):
                continue
            if parser is None:
                parser = lark()
                parser.start()
            parsed = parser.parse_line(line, number)
            if isinstance(parsed, Diagnostic):
                problems.append(parsed)
                continue
            for item in parsed[0]:
                if item is not None:
                    if isinstance(item, p.Tag | p.Hand):
                        heads.append(len(items))
                    add(item)
            comments.extend(parsed[1])
        elif isinstance(quick, str):  # blank, or a comment on its own
            if quick:
                comments.append((number, quick[1:]))  # kept exactly, trailing space and all
        else:
            if type(quick) is p.Hand or type(quick) is p.Tag:
                heads.append(len(items))
            add(quick)
            if quick.comment is not None:
                comments.append((number, quick.comment))
    return items, heads, comments, [] if parser is None else parser.problems


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
    items: Sequence[p.Item], heads: list[int]
) -> tuple[tuple[p.Game, ...], list[Diagnostic]]:
    """Group statements into games and hands (``heads``: where the tags and hands are): a
    tag after a hand starts a game."""
    problems: list[Diagnostic] = []
    games: list[p.Game] = []
    tags: list[p.Tag] = []
    hands: list[p.Hand] = []
    ends = [*heads[1:], len(items)] if heads else []
    _no_hand(items[: heads[0] if heads else len(items)], problems)
    for at, end in zip(heads, ends, strict=True):
        head = items[at]
        if isinstance(head, p.Tag):
            if hands:
                games.append(p.Game(tuple(tags), tuple(hands)))
                tags, hands = [], []
            tags.append(head)
            _no_hand(items[at + 1 : end], problems)
        else:
            assert isinstance(head, p.Hand)
            hands.append(head)
            # Between a hand and the next tag or hand: statements only.
            _close(head, cast(Sequence[p.Statement], items[at + 1 : end]), problems)
    if tags or hands:
        games.append(p.Game(tuple(tags), tuple(hands)))
    return tuple(games), problems


def _no_hand(statements: Sequence[p.Item], problems: list[Diagnostic]) -> None:
    """S001 for each statement before the first ``hand`` of its game."""
    for item in statements:
        problems.append(diagnostic(
            "S001", item.line, item.column,
            N_("expected `hand N` before this statement: it belongs to no hand"),
        ))


def _close(hand: p.Hand, statements: Sequence[p.Statement], problems: list[Diagnostic]) -> None:
    """Give ``hand`` its statements; an absurd hand keeps only the first
    ``MAX_STATEMENTS_PER_HAND``, and the first one beyond is S001."""
    if len(statements) > MAX_STATEMENTS_PER_HAND:
        extra = statements[MAX_STATEMENTS_PER_HAND]
        problems.append(diagnostic(
            "S001", extra.line, extra.column,
            N_("hand {number} has more than {limit} statements; the rest of it is not read"),
            number=hand.number, limit=MAX_STATEMENTS_PER_HAND,
        ))
        statements = statements[:MAX_STATEMENTS_PER_HAND]
    hand.statements = tuple(statements)
