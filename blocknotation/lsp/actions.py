"""Code actions and formatting: ``blocknot validate --fix`` and ``blocknot format`` in the
editor.

The fixes are ``fixes.find_fixes``'s, the ones ``--fix`` applies: each is offered as a quick
fix on the lines it was asked about, attached to the diagnostic it fixes; a safe fix (what
the engine has proved) is the preferred one, an unsafe fix (one reading the record allows,
``--unsafe-fixes``) is offered too but never preferred.  They are found for the games on
those lines alone, and kept while a game's text stays as it is (``Analysis.fixes_between``):
moving the cursor costs nothing, and the rest of the document is never checked again for
them.  Formatting replaces the text with ``formatting.format_text``'s canonical form; a
record with a syntax error is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

from ..fixing.edits import Edit, Fix
from ..formats.records.formatting import format_text
from .analysis import Analysis
from .ranges import Lines


def code_actions(analysis: Analysis, uri: str, asked: types.Range,
                 shown: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    """The quick fixes whose diagnostics lie on the lines of ``asked``."""
    lines = analysis.lines
    first, last = sorted((lines.located(asked.start)[0], lines.located(asked.end)[0]))
    return [
        types.CodeAction(
            title=fix.title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[d for d in shown if _fixes_this(d, fix, lines)] or None,
            is_preferred=fix.safe,
            edit=types.WorkspaceEdit(changes={uri: [_edit(e, lines, _newline(analysis, e))
                                                    for e in fix.edits]}),
        )
        for fix in analysis.fixes_between(first, last)
    ]


def _fixes_this(shown: types.Diagnostic, fix: Fix, lines: Lines) -> bool:
    return shown.code == fix.code and shown.range.start == lines.position(fix.line, fix.column)


def _newline(analysis: Analysis, edit: Edit) -> str:
    """The line end of the line an edit starts on: a text written with CRLF gets CRLF."""
    end = analysis.lines.offset(edit.start_line + 1)
    return "\r\n" if analysis.text[end - 2:end] == "\r\n" else "\n"


def _edit(edit: Edit, lines: Lines, newline: str) -> types.TextEdit:
    return types.TextEdit(
        range=types.Range(start=lines.position(edit.start_line, edit.start_column),
                          end=lines.position(edit.end_line, edit.end_column)),
        new_text=edit.new_text.replace("\n", newline),
    )


def formatting(analysis: Analysis) -> list[types.TextEdit] | None:
    """One edit that replaces the whole text by its canonical form; none when it is
    canonical already, None when it cannot be formatted (a syntax error)."""
    formatted = format_text(analysis.text).text
    if formatted is None:
        return None
    if formatted == analysis.text:
        return []
    lines = analysis.lines
    whole = types.Range(start=types.Position(line=0, character=0), end=lines.end_of(lines.count))
    return [types.TextEdit(range=whole, new_text=formatted)]
