"""A document checked again a game at a time reports what a whole new check reports.

The language server keeps a document's cut into games and each game's report, and after a
change checks only the games whose text changed (``lsp/cut.py``).  Random edits, made as an
editor sends them (a range in UTF-16 units and the text put there, or the whole text), must
leave the document's text as the editor has it and its diagnostics equal to ``blocknot
validate``'s of that text saved to a file; a change checks one game, not the games it moves;
a code action finds the fixes of the games it is asked about, not of the document.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

import blocknotation.fixing.fixes as fixes_module
import blocknotation.lsp.cut as cut_module
from blocknotation.fixing.fixes import find_fixes
from blocknotation.lsp.chunks import encoded
from blocknotation.lsp.document import Document
from blocknotation.lsp.settings import settings_for
from blocknotation.pipeline import Selection, validate_bytes
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games
from blocknotation.suppress import codes_in

from strategies import RECORD_TEXTS, examples

RECORDS = ["\n".join(add_mistakes(generate_games(seed, 4, claims=True), 0.5, seed))
           for seed in (3, 8)]


def _sides_left_out(text: str) -> str:
    """``text`` with every fifth side of a play left out: P404s, with fixes to find."""
    plays = iter(range(1, 1_000_000))
    return re.sub(r"^(\S+: \d-\d) [LR]$",
                  lambda m: m.group(1) if next(plays) % 5 == 0 else m.group(0), text,
                  flags=re.M)


SIDELESS = _sides_left_out("\n".join(t for _, t in generate_games(5, 3, claims=True)))
PIECES = ["\n", "\n\n", "hand 1\n", "hand 7\n", '[Players "Ada Bea"]\n', '[Event "x"]\n',
          "# note\n", "# blocknot: ignore-file[E504]\n", "# blocknot: ignore[P405]",
          "Ada: 1-2\n", "Bea: pass\n", "points Ada 3\n", "\r\n", "\r", "\ud800", "\x00",
          "\ufeff", "{", "x", "-", "1", " L", "𝔸"]
_BREAK = re.compile(r"\r\n|\r|\n")


def full(text: str) -> tuple[Any, ...]:
    """What a whole new check reports."""
    return checked(text).diagnostics


def checked(text: str) -> Any:
    """What ``blocknot validate`` reports for the text saved to a file: its ``ignore-file``
    codes found by the command's own scan of the file's bytes."""
    data = encoded(text)
    selection = Selection(file_ignores=codes_in(io.BytesIO(data)))
    return validate_bytes(data, "club.block", selection)


def same_results(document: Document, lines: range) -> None:
    """The games the requests are told about on ``lines`` are those of a whole check."""
    games = checked(document.analysis.text).games
    for line in lines:
        expected = next((g for g in reversed(games) if g.line <= line), None)
        assert document.analysis.game_at(line) == expected, line


def position(text: str, offset: int) -> types.Position:
    """The protocol's position of character ``offset``: lines end at LF, CRLF or CR,
    characters count in UTF-16 units."""
    line, start = 0, 0
    for found in _BREAK.finditer(text, 0, offset):
        if found.end() <= offset:
            line, start = line + 1, found.end()
    units = len(text[start:offset].encode("utf-16-le", "surrogatepass")) // 2
    return types.Position(line=line, character=units)


def boundary(text: str, offset: int) -> int:
    """``offset``, moved past the LF of a CRLF it would split (no position is there)."""
    return offset + 1 if 0 < offset < len(text) and text[offset - 1:offset + 1] == "\r\n" \
        else offset


def opened(text: str) -> Document:
    return Document.open("file:///club.block", "club.block", settings_for(None, "en"),
                         types.PositionEncodingKind.Utf16, 1, text)


EDITS = st.lists(st.tuples(st.sampled_from(["insert", "delete", "replace", "whole", "two"]),
                           st.floats(0, 1), st.integers(1, 300), st.sampled_from(PIECES)),
                 min_size=1, max_size=8)


@settings(max_examples=examples(15, whole=40))
@given(st.one_of(st.sampled_from([*RECORDS, SIDELESS]), RECORD_TEXTS), EDITS)
def test_random_edits_report_what_a_whole_check_reports(text: str, edits: list[Any]) -> None:
    document = opened(text)
    assert document.analysis.diagnostics == full(text)
    for version, (kind, where, length, piece) in enumerate(edits, start=2):
        start = boundary(text, round(where * len(text)))
        stop = boundary(text, min(len(text), start + (length if kind != "insert" else 0)))
        put = "" if kind == "delete" else piece
        if kind == "whole":
            new = text[:start] + put + text[stop:]
            changes: list[Any] = [types.TextDocumentContentChangeWholeDocument(text=new)]
        else:
            changes = [types.TextDocumentContentChangePartial(
                range=types.Range(start=position(text, start), end=position(text, stop)),
                text=put)]
            new = text[:start] + put + text[stop:]
            if kind == "two":  # a second change in the same notification, at the start
                changes.append(types.TextDocumentContentChangePartial(
                    range=types.Range(start=position(new, 0), end=position(new, 0)),
                    text="# two\n"))
                new = "# two\n" + new
        document.change(changes, version)
        assert document.analysis.text == new
        assert document.analysis.diagnostics == full(new), (kind, start, stop, put)
        text = new
    count = text.count("\n") + 1
    same_results(document, range(1, count + 1, max(1, count // 12)))


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """The first arguments of each call to ``module.name`` from now on."""
    calls: list[Any] = []
    real: Callable[..., Any] = getattr(module, name)

    def counted(first: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(first)
        return real(first, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def change(document: Document, line: int, character: int, text: str,
           end: tuple[int, int] | None = None) -> None:
    stop = types.Position(line=end[0], character=end[1]) if end else types.Position(
        line=line, character=character)
    document.change([types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=line, character=character), end=stop),
        text=text)], None)


def test_a_change_checks_its_game_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: a line added or removed checked again every game below it.
    text = RECORDS[0]
    document = opened(text)
    starts = [g.line for g in document.analysis.cut.games]
    assert len(starts) == 4
    validated = counting(monkeypatch, cut_module, "validate_chunk")
    middle = starts[1] + 5
    for at, typed in enumerate("Ada: 1-"):  # a key at a time, on a new line in game 2
        if at == 0:
            change(document, middle, 0, "\n")
        change(document, middle, at, typed)
    change(document, middle, 0, "", end=(middle + 1, 0))  # and the line removed
    assert {chunk.first_line for chunk in validated} == {starts[1]}
    # The line and its keys checked, 8 texts; the line removed gives back the game's text
    # at the open, whose report is taken again (``seen.py``).
    assert len(validated) == 8
    assert document.analysis.text == text
    assert document.analysis.diagnostics == full(text)
    same_results(document, range(1, text.count("\n") + 2, 7))


def test_a_code_action_finds_the_fixes_of_its_games_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: every code action validated the whole document, and again twice for each P404.
    text = SIDELESS
    document = opened(text)
    games = document.analysis.cut.games
    validated = counting(monkeypatch, fixes_module, "game_fixes")
    last = games[-1]
    found = document.analysis.fixes_between(last.line, last.line + 400)
    assert found and all(f.line >= last.line for f in found)
    # the game's text alone, validated once (its sides are tried by replaying their hand)
    assert len(validated) == 1 and len(validated[0].text) <= last.size
    validated.clear()
    assert document.analysis.fixes_between(last.line, last.line + 400) == found
    assert validated == []  # the cursor moves: nothing is checked again


@pytest.mark.parametrize("text", [*RECORDS, SIDELESS], ids=["mistakes", "mistakes2", "sides"])
def test_the_fixes_of_each_game_are_the_fixes_of_the_document(text: str) -> None:
    document = opened(text)
    assert document.analysis.fixes_between(1, text.count("\n") + 1) == list(find_fixes(text))


# A hand whose record stops before it is over (E501), and a file-wide comment that ignores
# E501 after it, in the same game, or in a game of its own.
UNFINISHED = (Path(__file__).parent.parent / "blocknotation" / "examples" / "E501.bad.txt"
              ).read_text("utf-8")
IGNORED = UNFINISHED + "# blocknot: ignore-file[E501]\n"
ELSEWHERE = UNFINISHED + '\n[Players "Ada Bea"]\n# blocknot: ignore-file[E501]\n'
WIDE = ELSEWHERE.index("E501]") + len("E501")


@pytest.mark.parametrize(("text", "edits", "codes"), [
    # validate reads no more than 200 characters between the brackets of a file-wide
    # comment: one made wider suppresses nothing outside its own game.  Was: the server
    # kept the E501 of the other game suppressed.
    (ELSEWHERE, [(WIDE, "," + " " * 200)], ["E501"]),
    # The comment's codes are found wherever validate's scan finds them, in a tag's value
    # too.  Was: the server reported the E501.
    (UNFINISHED, [(0, '[Event "blocknot: ignore-file[E501]"]\n')], []),
    # A NUL byte: a file of the text is no text, one S003 and nothing else; taken out
    # again, the comment counts once more.
    (IGNORED, [(IGNORED.index("# blocknot"), "\x00\n")], ["S003"]),
    (IGNORED, [(IGNORED.index("# blocknot"), "\x00\n"), (IGNORED.index("# blocknot"), "")],
     []),
], ids=["wider-than-validate-reads", "in-a-tag", "nul", "nul-removed"])
def test_the_ignore_file_codes_are_those_validate_finds(
        text: str, edits: list[tuple[int, str]], codes: list[str]) -> None:
    document = opened(text)
    for version, (at, put) in enumerate(edits, start=2):
        now = document.text
        stop = at + 2 if put == "" else at
        document.change([types.TextDocumentContentChangePartial(
            range=types.Range(start=position(now, at), end=position(now, stop)), text=put)],
            version)
    assert [d.code for d in document.analysis.diagnostics] == codes
    assert document.analysis.diagnostics == full(document.text)
