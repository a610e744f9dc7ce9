"""From text to records: lines are read, records built, comments given to their owners.

Each line is read by the fast reader (``fastpath``) or, when it declines, by the Lark parser
of ``grammar/block.lark``, which is the definition of the notation and the source of every
syntax diagnostic.  ``parse_text`` never judges legality (that is the engine's work) and never
stops at the first bad line: every bad line is reported (S001, S002), every good one is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import records as r
from .diagnostics import N_, Diagnostic, diagnostic, printable
from .fastpath import ParsedLine, read_line
from .grammar import build_parser
from .limits import MAX_LINE_LENGTH, MAX_NUMBER_DIGITS
from .source import decode
from .syntax_messages import describe_expected, describe_token


class _Builder(Transformer[Token, Any]):
    """One method per grammar alias; each turns a line's tokens into a ``ParsedLine``."""

    def __init__(self) -> None:
        super().__init__()
        self.line_offset = 0
        self.problems: list[Diagnostic] = []

    # --- helpers -----------------------------------------------------------
    def _item(self, kind: str, first: Token, **fields: Any) -> ParsedLine:
        return ParsedLine(kind, self._line(first), first.column or 1, fields)

    def _line(self, token: Token) -> int:
        return (token.line or 1) + self.line_offset

    def _number(self, token: Token) -> int | None:
        if len(token) > MAX_NUMBER_DIGITS:
            self.problems.append(
                diagnostic(
                    "S001", self._line(token), token.column or 1,
                    N_("a number of {digits} digits; numbers have at most {limit}"),
                    digits=len(token), limit=MAX_NUMBER_DIGITS,
                )
            )
            return None
        return int(token)

    def _tile(self, token: Token) -> tuple[int, int] | None:
        text = str(token).strip("[]").replace(" ", "").replace("\t", "")
        a, _, b = text.partition("|" if "|" in text else "-")
        if len(a) == 1 and len(b) == 1 and a <= "6" and b <= "6":
            return int(a), int(b)
        bad = a if not (len(a) == 1 and a <= "6") else b
        self.problems.append(
            diagnostic(
                "S002", self._line(token), token.column or 1,
                N_("pip {pip} in {tile} is outside 0–6: a double-six set has pips 0 to 6"),
                pip=bad[:12] + ("…" if len(bad) > 12 else ""), tile=printable(str(token)[:40]),
            )
        )
        return None

    def _tiles(self, tokens: Sequence[Token]) -> tuple[tuple[int, int], ...] | None:
        tiles = [self._tile(t) for t in tokens]
        clean = [t for t in tiles if t is not None]
        return tuple(clean) if len(clean) == len(tiles) else None

    # --- file ----------------------------------------------------------------
    def file(self, children: list[ParsedLine | None]) -> list[ParsedLine | None]:
        return children

    # --- statements ----------------------------------------------------------
    def tag(self, c: list[Token]) -> ParsedLine:
        raw = str(c[2])[1:-1]
        value = raw.replace("\\\\", "\0").replace('\\"', '"').replace("\0", "\\")
        return self._item("tag", c[0], key=str(c[1]), value=value)

    def hand(self, c: list[Token]) -> ParsedLine | None:
        number = self._number(c[1])
        return None if number is None else self._item("hand", c[0], number=number)

    def opener(self, c: list[Token]) -> ParsedLine:
        return self._item("opener", c[0], player=str(c[1]))

    def deal(self, c: list[Token]) -> ParsedLine | None:
        tiles = self._tiles(c[2:])
        return None if tiles is None else self._item("deal", c[0], player=str(c[1]), tiles=tiles)

    def play(self, c: list[Any]) -> ParsedLine | None:
        tile = self._tile(c[1])
        side = c[2] if len(c) > 2 else None
        if tile is None:
            return None
        return self._item("play", c[0], player=str(c[0]), tile=tile, side=side)

    def side(self, c: list[Token]) -> str:
        return "L" if c[0].type == "LEFT" else "R"

    def pass_(self, c: list[Token]) -> ParsedLine:
        return self._item("pass", c[0], player=str(c[0]))

    def show(self, c: list[Token]) -> ParsedLine | None:
        if c[2].type == "NO_TILES":
            return self._item("show", c[0], player=str(c[1]), tiles=())
        tiles = self._tiles(c[2:])
        return None if tiles is None else self._item("show", c[0], player=str(c[1]), tiles=tiles)

    def domino(self, c: list[Token]) -> ParsedLine:
        return self._item("domino", c[0], player=str(c[1]))

    def blocked(self, c: list[Token]) -> ParsedLine:
        return self._item("blocked", c[0])

    def points(self, c: list[Token]) -> ParsedLine | None:
        if c[1].type == "NONE":
            return self._item("points", c[0], player=None, points=None)
        number = self._number(c[2])
        if number is None:
            return None
        return self._item("points", c[0], player=str(c[1]), points=number)

    def score(self, c: list[Any]) -> ParsedLine | None:
        entries = c[1:]
        if any(e is None for e in entries):
            return None
        return self._item("score", c[0], entries=tuple(entries))

    def score_entry(self, c: list[Token]) -> tuple[str, int] | None:
        total = self._number(c[1])
        return None if total is None else (str(c[0]), total)


# `pass` is a Python keyword; lark looks the method up by the rule's name.
setattr(_Builder, "pass", _Builder.pass_)


@dataclass(slots=True)
class _Parser:
    builder: _Builder
    comments: list[Token]
    parse: Callable[[str], list[ParsedLine | None]]


_PARSER: _Parser | None = None


def _parser() -> _Parser:
    global _PARSER
    if _PARSER is None:
        builder = _Builder()
        comments: list[Token] = []
        lark = build_parser(builder, comments.append)
        _PARSER = _Parser(builder, comments, lark.parse)  # type: ignore[arg-type]
    return _PARSER


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
    source = decode(data)
    if source.text is None:
        return ParseResult(r.RecordFile(), source.diagnostics, frozenset())
    return parse_text(source.text)


def parse_text(text: str, *, fast: bool = True) -> ParseResult:
    """Parse a record's text (LF line ends) into records and syntax diagnostics.

    Lines are read by the fast reader (``fastpath``) and, when it declines one, by Lark.
    ``fast=False`` runs Lark alone over the whole text: the reference that the fast reader
    is tested against.
    """
    lines = text.split("\n")
    if not fast and all(len(line) <= MAX_LINE_LENGTH for line in lines):
        p = _parser()
        parsed = _parse_whole(p, text)
        if parsed is not None:
            return _result(p, *parsed, [])
    return parse_lines(lines, fast=fast)


def parse_lines(lines: Sequence[str], first_line: int = 1, *, fast: bool = True) -> ParseResult:
    """Parse a run of lines (without line ends) whose first is line ``first_line`` of a file.

    Streaming reads a file a game at a time this way; positions are those of the whole file.
    """
    p = _parser()
    problems: list[Diagnostic] = []
    items, comments = _parse_lines(p, lines, first_line, problems, fast)
    return _result(p, items, comments, problems)


def _result(
    p: _Parser,
    items: list[ParsedLine | None],
    comments: list[tuple[int, str]],
    problems: list[Diagnostic],
) -> ParseResult:
    problems.extend(p.builder.problems)
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
    p = _parser()
    p.builder.problems, p.builder.line_offset = [], 0
    try:
        items = p.parse(line)
    except UnexpectedInput:
        return None
    finally:
        p.comments.clear()
        p.builder.problems = []
    return items[0].kind if items and items[0] is not None else None


def _parse_whole(
    p: _Parser, text: str
) -> tuple[list[ParsedLine | None], list[tuple[int, str]]] | None:
    """Lark over the whole text at once; None after a syntax error."""
    p.builder.problems, p.builder.line_offset = [], 0
    p.comments.clear()
    try:
        items = p.parse(text)
    except UnexpectedInput:
        return None
    return items, [(t.line or 1, t[1:].rstrip()) for t in p.comments]


def _parse_lines(
    p: _Parser, lines: Sequence[str], first_line: int, problems: list[Diagnostic], fast: bool
) -> tuple[list[ParsedLine | None], list[tuple[int, str]]]:
    """Read each line on its own, so that one bad line costs only itself."""
    p.builder.problems = []
    items: list[ParsedLine | None] = []
    comments: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=first_line):
        if len(line) > MAX_LINE_LENGTH:
            problems.append(
                diagnostic(
                    "S001", number, 1,
                    N_("a line of {length} characters; lines have at most {limit}"),
                    length=len(line), limit=MAX_LINE_LENGTH,
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
                comments.append((number, quick[1:].rstrip()))
            continue
        if not line.strip(" \t"):
            continue
        p.builder.line_offset = number - 1
        p.comments.clear()
        try:
            items.extend(p.parse(line))
        except UnexpectedInput as error:
            problems.append(_syntax_error(error, number, line))
            continue
        comments.extend((number, t[1:].rstrip()) for t in p.comments)
    return items, comments


def _syntax_error(error: UnexpectedInput, number: int, line: str) -> Diagnostic:
    column = error.column if isinstance(error.column, int) and error.column > 0 else 1
    if isinstance(error, UnexpectedCharacters):
        char = line[column - 1] if column <= len(line) else ""
        return diagnostic(
            "S001", number, column,
            N_("unexpected character {char}; expected {expected}"),
            char=_quote_char(char), expected=describe_expected(error.allowed),
        )
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            column = len(line.rstrip()) + 1
            return diagnostic(
                "S001", number, column, N_("the line ends too early; expected {expected}"),
                expected=describe_expected(error.expected),
            )
        return diagnostic(
            "S001", number, column, N_("unexpected {found}; expected {expected}"),
            found=describe_token(error.token), expected=describe_expected(error.expected),
        )
    if isinstance(error, UnexpectedEOF):
        return diagnostic(
            "S001", number, len(line.rstrip()) + 1,
            N_("the line ends too early; expected {expected}"),
            expected=describe_expected(set(error.expected)),
        )
    return diagnostic("S001", number, column, N_("this line cannot be read"))


def _quote_char(char: str) -> str:
    if char == "\r":
        return "a carriage return (CR) without a line feed"
    if char.isprintable() and char != " ":
        return f"'{char}'"
    return f"<U+{ord(char):04X}>" if char else "end of line"


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
            hand = item
        elif hand is None:
            problems.append(
                diagnostic(
                    "S001", item.line, item.column,
                    N_("expected `hand N` before this statement: it belongs to no hand"),
                )
            )
        else:
            statements.append(_record(item))
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
