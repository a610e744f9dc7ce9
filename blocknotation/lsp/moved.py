"""A game's report, moved with its game: what a change above a game does to it.

A game checked at one place and a game with the same text checked lower down, or after one
game more, get the same report but for where it points: its diagnostics' lines and game
number, the lines its messages name (``P402 … already played it at line 14``), the lines
of its suppression comments.  So a document need not check again the games that a change
only moves: their reports are moved (``shifted``).

The lines a message names are the arguments its English text introduces as lines, ``line
{at}``, ``lines {lines}``, ``lines {line} and {other}``: the message says itself which of its
numbers are lines.
``tests/test_lsp_moved.py`` checks, on every case of ``tests/cases/``, that a game checked
lower down reports what its report moved says.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from ..basics.diagnostics import Diagnostic, Message
from ..report.values import Piece

_LINE = re.compile(r"\blines? \{(\w+)\}(?: and \{(\w+)\})?")


def shifted(piece: Piece, lines: int, games: int) -> Piece:
    """``piece`` as its chunk reports it ``lines`` lines lower and ``games`` games later.
    Its games are not moved: a document keeps none (``analysis.py``)."""
    if (not lines and not games) or not (piece.diagnostics or piece.file_marks or piece.context):
        return piece
    return replace(
        piece,
        games=(),
        diagnostics=tuple(moved(d, lines, games) for d in piece.diagnostics),
        context={line + lines: text for line, text in piece.context.items()},
        file_marks=tuple(replace(m, line=m.line + lines) for m in piece.file_marks),
    )


def moved(d: Diagnostic, lines: int, games: int) -> Diagnostic:
    """One diagnostic, ``lines`` lower and ``games`` games later."""
    return replace(
        d,
        line=d.line + lines,
        end_line=None if d.end_line is None else d.end_line + lines,
        game=None if d.game is None else d.game + games,
        message=_message(d.message, lines) if lines else d.message,
    )


def _message(message: Message, lines: int) -> Message:
    named = line_arguments(message.template)
    args = {key: _value(value, lines, key in named) for key, value in message.args.items()}
    return Message(message.template, args)


def _value(value: object, lines: int, is_line: bool) -> object:
    if isinstance(value, Message):
        return _message(value, lines)
    if isinstance(value, tuple):
        return tuple(_value(v, lines, is_line) for v in value)
    if is_line and isinstance(value, int) and not isinstance(value, bool):
        return value + lines
    return value


@cache
def line_arguments(template: str) -> frozenset[str]:
    """The arguments of a message's English text that are line numbers."""
    return frozenset(name for found in _LINE.findall(template) for name in found if name)
