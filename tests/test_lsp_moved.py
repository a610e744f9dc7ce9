"""A game checked lower down in a document reports what its report, moved, says.

The language server does not check again the games a change only moves (``lsp/moved.py``):
it moves their reports, the lines and game numbers of their diagnostics and the lines their
messages name (``… already played it at line 14``).  Every case of ``tests/cases/``, which
together show every code, is checked in each of its chunks at one place and at another,
and the two reports must differ only as moving says.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from blocknotation.basics.diagnostics import Diagnostic, Message
from blocknotation.lsp.moved import line_arguments, moved, shifted
from blocknotation.notation.stream import Chunk
from blocknotation.pipeline import chunks_of, validate_chunk

from seeded_sample import files_sampled

CASES = Path(__file__).resolve().parent / "cases"
FILES = sorted(p for p in CASES.glob("*/*") if p.suffix in {".txt", ".bin"})


def placed(chunk: Chunk, lines: int) -> Chunk:
    """``chunk`` ``lines`` lines lower in its file."""
    return Chunk(chunk.first_line + lines, chunk.text)


@pytest.mark.parametrize("path", files_sampled("moved", FILES))
def test_a_game_checked_lower_down_reports_its_report_moved(path: Path) -> None:
    chunks = [c for c in chunks_of(io.BytesIO(path.read_bytes())) if isinstance(c, Chunk)]
    for chunk in chunks:
        # Placed after a line at least: the first chunk of a file alone may be record JSON.
        here = validate_chunk(placed(chunk, 1), 2)
        there = validate_chunk(placed(chunk, 38), 5)
        assert shifted(here, 37, 3).diagnostics == there.diagnostics, path.name
        assert shifted(here, 37, 3).file_marks == there.file_marks


def test_the_cases_name_lines_in_their_messages() -> None:
    # Else the test above would not see the lines of messages moved.
    # The files are read until both arguments are seen, not to the end.
    named: set[str] = set()
    for path in FILES:
        for chunk in chunks_of(io.BytesIO(path.read_bytes())):
            if isinstance(chunk, Chunk):
                for d in validate_chunk(chunk, 1).diagnostics:
                    named |= line_arguments(d.message.template)
        if {"at", "first"} <= named:
            break
    assert {"at", "first"} <= named


def test_the_lines_a_message_names_are_moved_and_nothing_else() -> None:
    went_out = Message("{winner} went out at line {at}", {"winner": "Ada", "at": 12})
    d = Diagnostic("E503", 20, 1, Message(
        "the claim does not fit the moves as read after {where}: {points} points",
        {"where": went_out, "points": 12}), game=2, hand=1, end_line=20, end_column=9)
    far = moved(d, 5, 1)
    assert (far.line, far.end_line, far.game, far.hand) == (25, 25, 3, 1)
    assert far.message.render() == (
        "the claim does not fit the moves as read after Ada went out at line 17: 12 points")
    slips = Message("the slips at lines {lines}", {"lines": (4, 9)})
    assert moved(Diagnostic("E504", 3, 1, slips), 2, 0).message.render() == (
        "the slips at lines 6, 11")
