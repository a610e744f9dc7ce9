"""Diagnostics: the values every check returns, for the codes of the one registry.

A diagnostic is a value, never an exception: a code, a position, and a message kept as a
template with its arguments so that it can be rendered in any language at output time.
The registry, ``codes/`` (re-exported here as ``CATALOGUE``), holds everything about each
code; it drives the CLI (``--select``/``--ignore``), the JSON report, ``blocknot rules`` and
the tests (every code has a case under ``tests/cases/``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .codes import CATALOGUE, N_, Code, Severity
from .codes.phrases import PHRASES

__all__ = ["CATALOGUE", "N_", "Code", "Diagnostic", "Message", "Severity", "diagnostic",
           "message_part", "phrase", "printable", "stated", "template"]


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


def diagnostic(code: str, line: int, column: int, key: str, /, **args: object) -> Diagnostic:
    """Build a diagnostic of ``code``, its message the template ``key`` names (one of the
    code's ``messages`` in the registry, or a shared ``PHRASES`` sentence that wraps another
    message) formatted with ``args``."""
    return Diagnostic(code, line, column, Message(template(code, key), args))


def message_part(code: str, key: str, /, **args: object) -> Message:
    """A part of a message of ``code``: its registry entry's template ``key``, with ``args``."""
    return Message(template(code, key), args)


def phrase(key: str, /, **args: object) -> Message:
    """A part that several codes' messages share: the ``PHRASES`` template ``key``."""
    return Message(PHRASES[key], args)


def stated(code: str, line: int, column: int, message: Message) -> Diagnostic:
    """A diagnostic of ``code`` whose message is a part of its messages made already
    (``message_part``): a reason said inside another message in one place, alone in
    another."""
    if message.template not in CATALOGUE[code].messages.values():
        raise KeyError(f"{code} has no message {message.template!r}")
    return Diagnostic(code, line, column, message)


def template(code: str, key: str) -> str:
    """The English msgid that ``key`` names for ``code``: one of its entry's ``messages``,
    else a shared phrase."""
    entry = CATALOGUE.get(code)
    if entry is None:
        raise KeyError(f"unknown diagnostic code {code}")
    found = entry.messages.get(key) or PHRASES.get(key)
    if found is None:
        raise KeyError(f"{code} has no message {key!r}")
    return found
