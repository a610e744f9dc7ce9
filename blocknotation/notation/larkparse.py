"""The Lark side of parsing: the transformer, the compiled parser and syntax errors.

``reader.py`` loads this module on first need, when the line reader (``line_reader``) declines a
line: lark's import and the grammar's compilation cost a noticeable share of start-up, and a
record whose lines the line reader reads never pays it.  The parser is compiled once per
process.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, cast

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..basics.diagnostics import Diagnostic, diagnostic, printable
from ..basics.limits import MAX_NUMBER_DIGITS
from ..basics.names import KEYWORDS
from . import plain as p
from .grammar import build_parser
from .line_reader import read_tile
from .suggestions import SIDES, look_alike_problem, misspelled_keyword, not_a_side
from .syntax_messages import describe_expected, describe_token
from .tile_slips import leading_zero, tile_slip

Items = list[p.Item | None]
Comments = list[tuple[int, str]]


class _Builder(Transformer[Token, Any]):
    """One method per grammar alias; each turns a line's tokens into its plain statement."""

    def __init__(self) -> None:
        super().__init__()
        self.line_offset = 0
        self.problems: list[Diagnostic] = []

    # --- helpers -----------------------------------------------------------
    def _at(self, first: Token) -> tuple[int, int]:
        """The line and column of a statement that starts with ``first``."""
        return self._line(first), first.column or 1

    def _line(self, token: Token) -> int:
        return (token.line or 1) + self.line_offset

    def _number(self, token: Token) -> int | None:
        if len(token) > MAX_NUMBER_DIGITS:
            self.problems.append(
                diagnostic(
                    "S001", self._line(token), token.column or 1,
                    "long_number",
                    digits=len(token), limit=MAX_NUMBER_DIGITS,
                )
            )
            return None
        return int(token)

    def _name(self, token: Token) -> str | None:
        """A player's name; a keyword where a name goes (``opener hand``) is not one."""
        name = str(token)
        if name not in KEYWORDS:
            return name
        self.problems.append(diagnostic(
            "S001", self._line(token), token.column or 1,
            "keyword_name", name=name))
        return None

    def _tile(self, token: Token) -> tuple[int, int] | None:
        text = str(token).strip("[]").replace(" ", "").replace("\t", "")
        a, _, b = text.partition("|" if "|" in text else "-")
        if len(a) == 1 and len(b) == 1 and a <= "6" and b <= "6":
            return read_tile(str(token))
        written = str(token)
        meant = leading_zero(written, a, b) if a.isdigit() and b.isdigit() else None
        if meant is not None:  # `4-00`, `[03|4]`
            self.problems.append(diagnostic(
                "S001", self._line(token), token.column or 1, "one_digit", found=written,
                meant=meant, written=written, tile=meant))
            return None
        bad = a if not (len(a) == 1 and a <= "6") else b
        self.problems.append(
            diagnostic(
                "S002", self._line(token), token.column or 1,
                "pip",
                pip=bad[:12] + ("…" if len(bad) > 12 else ""), tile=printable(str(token)[:40]),
            )
        )
        return None

    def _tiles(self, tokens: Sequence[Token]) -> tuple[tuple[int, int], ...] | None:
        tiles = [self._tile(t) for t in tokens]
        clean = [t for t in tiles if t is not None]
        return tuple(clean) if len(clean) == len(tiles) else None

    # --- file ----------------------------------------------------------------
    def file(self, children: Items) -> Items:
        return children

    # --- statements ----------------------------------------------------------
    def tag(self, c: list[Token]) -> p.PlainTag:
        raw = str(c[2])[1:-1]
        value = raw.replace("\\\\", "\0").replace('\\"', '"').replace("\0", "\\")
        return p.PlainTag(*self._at(c[0]), str(c[1]), value)

    def hand(self, c: list[Token]) -> p.PlainHand | None:
        number = self._number(c[1])
        return None if number is None else p.PlainHand(*self._at(c[0]), number)

    def opener(self, c: list[Token]) -> p.PlainOpener | None:
        name = self._name(c[1])
        return None if name is None else p.PlainOpener(*self._at(c[0]), name)

    def deal(self, c: list[Token]) -> p.PlainDeal | None:
        tiles, name = self._tiles(c[2:]), self._name(c[1])
        return None if tiles is None or name is None else p.PlainDeal(*self._at(c[0]), name, tiles)

    def play(self, c: list[Any]) -> p.PlainPlay | None:
        name, tile = self._name(c[0]), self._tile(c[1])
        side = c[2] if len(c) > 2 else None
        if tile is None or name is None:
            return None
        return p.PlainPlay(*self._at(c[0]), name, tile, side)

    def side(self, c: list[Token]) -> str:
        return "L" if c[0].type == "LEFT" else "R"

    def pass_(self, c: list[Token]) -> p.PlainPass | None:
        name = self._name(c[0])
        return None if name is None else p.PlainPass(*self._at(c[0]), name)

    def show(self, c: list[Token]) -> p.PlainShow | None:
        name = self._name(c[1])
        tiles = () if c[2].type == "NO_TILES" else self._tiles(c[2:])
        return None if tiles is None or name is None else p.PlainShow(*self._at(c[0]), name, tiles)

    def domino(self, c: list[Token]) -> p.PlainDomino | None:
        name = self._name(c[1])
        return None if name is None else p.PlainDomino(*self._at(c[0]), name)

    def blocked(self, c: list[Token]) -> p.PlainBlocked:
        return p.PlainBlocked(*self._at(c[0]))

    def points(self, c: list[Token]) -> p.PlainPoints | None:
        if c[1].type == "NONE":
            return p.PlainPoints(*self._at(c[0]), None, None)
        number, name = self._number(c[2]), self._name(c[1])
        if number is None or name is None:
            return None
        return p.PlainPoints(*self._at(c[0]), name, number)

    def score(self, c: list[Any]) -> p.PlainScore | None:
        entries = c[1:]
        if any(e is None for e in entries):
            return None
        return p.PlainScore(*self._at(c[0]), tuple(entries))

    def score_entry(self, c: list[Token]) -> p.PlainScoreEntry | None:
        total, name = self._number(c[1]), self._name(c[0])
        return None if total is None or name is None else p.PlainScoreEntry(name, total)


# `pass` is a Python keyword; lark looks the method up by the rule's name.
setattr(_Builder, "pass", _Builder.pass_)


class LarkParser:
    """The compiled parser and its transformer.  The problems the transformer meets (S001 for
    a long number, S002 for a pip out of range) gather in ``problems`` from ``start()`` on."""

    def __init__(self) -> None:
        self._builder = _Builder()
        self._comments: list[Token] = []
        lark = build_parser(self._builder, self._comments.append)
        self._parse = cast(Callable[[str], Items], lark.parse)

    @property
    def problems(self) -> list[Diagnostic]:
        return self._builder.problems

    def start(self) -> None:
        """Begin a parse: forget the problems of the one before."""
        self._builder.problems = []

    def parse_line(self, line: str, number: int) -> tuple[Items, Comments] | Diagnostic:
        """Line ``number`` of a file: its statements and comments, or its syntax error."""
        self._builder.line_offset = number - 1
        self._comments.clear()
        try:
            items = self._parse(line)
        except UnexpectedInput as error:
            return _syntax_error(error, number, line)
        return items, [(number, t[1:]) for t in self._comments]

    def kind(self, line: str) -> str | None:
        """The kind of statement on ``line``, or None for none or a syntax error."""
        self.start()
        self._builder.line_offset = 0
        try:
            items = self._parse(line)
        except UnexpectedInput:
            return None
        finally:
            self._comments.clear()
            self.start()
        return items[0].kind if items and items[0] is not None else None


_PARSER: LarkParser | None = None


def parser() -> LarkParser:
    """The process's parser, compiled on the first call."""
    global _PARSER
    if _PARSER is None:
        _PARSER = LarkParser()
    return _PARSER


# A play whose last word is not a side: `Cy: 1-1 Left`, `Cy: 1-1 lft`.
_BAD_SIDE = re.compile(
    r"[^\W\d_][\w'\-]*[ \t]*:[ \t]*(?:[0-9]+-[0-9]+|\[[^\]]*\])[ \t]+([^\s#]+)[ \t]*(?:#.*)?"
)


def _syntax_error(error: UnexpectedInput, number: int, line: str) -> Diagnostic:
    column = error.column if isinstance(error.column, int) and error.column > 0 else 1
    found = look_alike_problem(line, number) or tile_slip(line, number)  # `3–5`, `3/5`, …
    if found is not None:
        return found
    bad_side = _BAD_SIDE.fullmatch(line.strip(" \t"))
    if bad_side is not None and bad_side.group(1) not in SIDES:
        word = bad_side.group(1)
        return not_a_side(word, line.index(word, line.index(":")) + 1, number)
    token = getattr(error, "token", None)
    found = misspelled_keyword(line, number, (column, str(token))
                               if isinstance(token, Token) else None)
    if found is not None:
        return found
    if isinstance(error, UnexpectedCharacters):
        char = line[column - 1] if column <= len(line) else ""
        if char == '"' and "STRING" in (error.allowed or ()):
            problem = _string_problem(line, column, number)
            if problem is not None:
                return problem
        return diagnostic(
            "S001", number, column,
            "unexpected_character",
            char=_quote_char(char), expected=describe_expected(error.allowed),
        )
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            column = len(line.rstrip()) + 1
            return diagnostic(
                "S001", number, column, "ends_early",
                expected=describe_expected(error.expected),
            )
        return diagnostic(
            "S001", number, column, "unexpected",
            found=describe_token(error.token), expected=describe_expected(error.expected),
        )
    if isinstance(error, UnexpectedEOF):
        return diagnostic(
            "S001", number, len(line.rstrip()) + 1,
            "ends_early",
            expected=describe_expected(set(error.expected)),
        )
    return diagnostic("S001", number, column, "unreadable_line")


def _string_problem(line: str, column: int, number: int) -> Diagnostic | None:
    """What keeps the quoted value that starts at ``column`` from being read, if it is a bad
    escape (``[Site "C:\\games"]``) or a missing closing quote."""
    at = column  # 0-based index just after the opening quote
    while at < len(line):
        char = line[at]
        if char == "\\":
            after = line[at + 1 : at + 2]
            if after not in ('"', "\\"):
                return diagnostic(
                    "S001", number, at + 1,
                    "bad_escape",
                    escape="\\" + after,
                )
            at += 2
            continue
        if char == '"':
            return None
        at += 1
    return diagnostic(
        "S001", number, column,
        "unclosed_quote",
    )


def _quote_char(char: str) -> str:
    if char == "\r":
        return "a carriage return (CR) without a line feed"
    if char.isprintable() and char != " ":
        return f"'{char}'"
    return f"<U+{ord(char):04X}>" if char else "end of line"
