"""Diagnostics: the one registry of codes, and the values every check returns.

A diagnostic is a value, never an exception: a code, a position, and a message kept as a
template with its arguments so that it can be rendered in any language at output time.
The registry below drives the CLI (``--select``/``--ignore``), the JSON report, ``blocknot
rules`` and the tests (every code has a case under ``tests/cases/``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


def N_(message: str) -> str:
    """Mark a string for translation without translating it (gettext's convention)."""
    return message


@dataclass(frozen=True, slots=True)
class Code:
    """One entry of the catalogue."""

    code: str
    severity: Severity
    summary: str
    rules: tuple[str, ...] = ()


CATALOGUE: dict[str, Code] = {
    c.code: c
    for c in (
        Code("S001", "error", N_("a line cannot be parsed")),
        Code("S002", "error", N_("a tile has a pip outside 0–6"), ("R2",)),
        Code("S003", "error", N_("the input is not UTF-8 text, or holds a NUL byte")),
        Code("G101", "error", N_("a game has no Players tag, or it names nobody")),
        Code("G102", "error", N_("fewer than 2 or more than 4 players"), ("R1",)),
        Code("G103", "error", N_("a name appears twice in Players, or is a keyword")),
        Code("G104", "error", N_("a statement names a player who is not in Players")),
        Code("G105", "warning", N_("Target overrides the rules' target"), ("R3",)),
        Code("G106", "error", N_("hands are not numbered 1, 2, 3, … in order")),
        Code("G107", "error", N_("a statement is out of place or repeated")),
        Code("D201", "error", N_("a deal has the wrong number of tiles"), ("R3",)),
        Code("D202", "error", N_("a tile is dealt twice"), ("R2", "R3")),
        Code("T301", "error", N_("the opener is not the one the rotation requires"), ("R17",)),
        Code("T302", "error", N_("a player moves out of turn"), ("R5", "R8")),
        Code("T303", "error", N_("the opener passes instead of leading"), ("R5",)),
        Code("P401", "error", N_("a player plays a tile they do not hold"), ("R4",)),
        Code("P402", "error", N_("a tile is played a second time"), ("R2",)),
        Code("P403", "error", N_("the tile does not fit the end it is played on"), ("R6", "R7")),
        Code("P404", "error", N_("SIDE is missing and the tile fits both ends"), ("R6",)),
        Code("P405", "error", N_("a player passes while holding a tile that fits"), ("R8",)),
        Code("P406", "error", N_("a move after the hand has ended"), ("R12",)),
        Code(
            "P407", "error", N_("a pass is proved illegal by a later play or show"), ("R4", "R8")
        ),
        Code("E501", "warning", N_("the record stops before the hand is over"), ("R12",)),
        Code("E502", "error", N_("a show contradicts the deal and plays"), ("R13",)),
        Code("E503", "error", N_("a domino/blocked claim contradicts the replay"), ("R12",)),
        Code("E504", "error", N_("a points claim differs from the recomputed points"),
             ("R13", "R14", "R15", "R16")),
        Code("E505", "error", N_("a score claim differs from the recomputed running totals"),
             ("R16", "R18")),
        Code("E506", "error", N_("a hand is recorded after the game was already decided"),
             ("R18",)),
        Code("E507", "warning", N_("a hand's points cannot be recomputed"), ("R13",)),
    )
}


@dataclass(frozen=True, slots=True)
class Message:
    """A message template (an English msgid with ``{placeholders}``) and its arguments.

    Arguments are plain values (names, tiles as text, numbers), nested messages, rendered in
    the same language, or tuples of either, rendered as a list separated by commas.
    """

    template: str
    args: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        args = {key: _render_arg(value, translate) for key, value in self.args.items()}
        return translate(self.template).format(**args)


def _render_arg(value: object, translate: Callable[[str], str]) -> object:
    if isinstance(value, Message):
        return value.render(translate)
    if isinstance(value, tuple):
        return ", ".join(str(_render_arg(v, translate)) for v in value)
    if isinstance(value, str):
        return printable(value)
    return value


def printable(text: str) -> str:
    """``text`` with every invisible or control character written as ``<U+XXXX>``.

    Whatever a record holds, a message never sends raw escape sequences, bidi controls or
    zero-width characters to a terminal.
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"<U+{ord(c):04X}>" for c in text)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record: what, where, and in which game and hand."""

    code: str
    line: int
    column: int
    message: Message
    game: int | None = None
    hand: int | None = None
    #: Where the statement or token at fault ends: the line, and the column just past its
    #: last character (as SARIF and editors count).  None until ``positions.with_end`` sets it.
    end_line: int | None = None
    end_column: int | None = None

    @property
    def end(self) -> tuple[int, int]:
        """``(end_line, end_column)``; one character from the start when not known."""
        if self.end_line is None or self.end_column is None:
            return self.line, self.column + 1
        return self.end_line, self.end_column

    @property
    def severity(self) -> Severity:
        return CATALOGUE[self.code].severity

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def order(self) -> tuple[int, bool, int, str]:
        """Where it is listed: by line, errors before warnings on a line, then by column and
        code."""
        return self.line, not self.is_error, self.column, self.code


def diagnostic(code: str, line: int, column: int, template: str, **args: object) -> Diagnostic:
    """Build a diagnostic; ``template`` is an English msgid formatted with ``args``."""
    if code not in CATALOGUE:
        raise KeyError(f"unknown diagnostic code {code}")
    return Diagnostic(code, line, column, Message(template, args))
