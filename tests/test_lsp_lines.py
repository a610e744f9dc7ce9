"""The language server counts lines as the protocol counts them: a line ends at LF, CRLF or a
lone CR, where blocknot's lines end at LF alone (a lone CR is S001, a character of its line).
Ranges, hints, hovers and the edits the client sends land where ``blocknot validate`` and the
client mean them.

``ranges.Lines`` is held to a model written here from the protocol's words; the server is
held to ``blocknot validate`` on a text with lone CRs (``tests/lsp_model.py``'s
``validated``, whose conversion is its own).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from hypothesis import given
from hypothesis import strategies as st
from lsp_model import (
    client_lines,
    client_position,
    summary,
    units,
    validate_offset,
    validated,
)
from lsp_raw import Raw, at, open_params
from lsp_session import RECORD
from lsprotocol import types

import blocknotation.lsp.text as text_module
from blocknotation.lsp.lone import LoneCRs
from blocknotation.lsp.ranges import Lines
from blocknotation.lsp.text import Text

TEXTS = st.tuples(st.sampled_from(["", "\ufeff"]), st.lists(
    st.sampled_from(["a", "é", "𝔸", " ", "\r", "\n", "\r\n"]), max_size=30)).map(
    lambda parts: parts[0] + "".join(parts[1]))


def offset_at(text: str, line: int, character: int) -> int:
    """The character of ``text`` at a protocol position (a unit inside a character takes the
    character; past the end of its line, the end; past the last line, the end of the text)."""
    lines = client_lines(text)
    if line >= len(lines):
        return len(text)
    start, end = lines[line]
    seen = 0
    while start < end and seen < character:
        seen += units(text[start])
        start += 1
    return start


@given(TEXTS)
def test_lines_convert_as_the_protocol_counts(text: str) -> None:
    lines = Lines(text, (), types.PositionEncodingKind.Utf16)
    for line in range(1, text.count("\n") + 2):
        for column in range(1, 10):
            position = lines.position(line, column)
            assert (position.line, position.character) == tuple(
                client_position(text, validate_offset(text, line, column)).values())
        end = lines.end_of(line)
        assert (end.line, end.character) == tuple(
            client_position(text, validate_offset(text, line, 1 << 20)).values())
    for line in range(len(client_lines(text)) + 2):
        for character in range(6):
            where = types.Position(line=line, character=character)
            offset = offset_at(text, line, character)
            assert lines.offset_of(where) == offset
            found_line, column = lines.located(where)
            assert validate_offset(text, found_line, column) == offset


@given(TEXTS, st.data())
def test_lines_edited_keep_their_lone_crs(text: str, data: st.DataObject) -> None:
    lines = Lines(text, (), types.PositionEncodingKind.Utf16)
    assert lines.lone is lines.lone  # found once, then carried from edit to edit
    for _ in range(4):
        start = data.draw(st.integers(0, len(lines.source)))
        stop = data.draw(st.integers(start, len(lines.source)))
        new = data.draw(st.sampled_from(["", "\r", "\n", "x\r", "\r\n", "a\rb\n"]))
        before = lines.source
        if "\r\n" in (before[start - 1:start + 1], before[stop - 1:stop + 1]):
            continue  # no position lies inside a CRLF
        lines = lines.edited(start, stop, new)
        assert lines.source == before[:start] + new + before[stop:]
        fresh = LoneCRs.of(lines.source)
        assert (lines.lone.offsets, lines.lone.lines) == (fresh.offsets, fresh.lines)
        assert lines.count == lines.source.count("\n") + 1


URI = "file:///club/lone-cr.block"
# A comment cut in two by a lone CR, before the hand: the protocol's lines 2 and 3, blocknot's
# line 3 (S001 at its CR).
LONE = RECORD.replace("\nhand 1\n", "\n# club\rnight\nhand 1\n")


def test_ranges_and_hints_after_a_lone_cr_are_where_validate_puts_them(tmp_path: Path) -> None:
    # Was: every range and hint after the CR one line above, a hint past the end of its line.
    lines = re.split(r"\r\n|\r|\n", LONE)
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, LONE))
        shown = raw.published(URI)
        assert [(d["code"], d["range"]["start"]) for d in shown] == [
            ("S001", {"line": 2, "character": 6})]
        assert [(d["code"], (d["range"]["start"]["line"], d["range"]["start"]["character"]),
                 (d["range"]["end"]["line"], d["range"]["end"]["character"]), d["severity"],
                 d["message"]) for d in shown] == validated(tmp_path, LONE)
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}}
        hints = raw.answer(raw.request("textDocument/inlayHint",
                                       {"textDocument": {"uri": URI}, "range": whole}))["result"]
        assert [(lines[h["position"]["line"]], h["label"]) for h in hints][:2] == [
            ("Ada: 0-5", "0|5"), ("𝔅ea: 0-6", "6|5")]
        for hint in hints:
            line = lines[hint["position"]["line"]]
            assert hint["position"]["character"] == units(line)
        asked = lines.index("Ada: 4-5")
        hover = raw.answer(raw.request("textDocument/hover", at(URI, asked, 3)))["result"]
        assert hover["contents"]["value"].startswith("ends 6|4")


def test_an_edit_after_a_lone_cr_lands_where_the_client_means_it(tmp_path: Path) -> None:
    # Ada plays 6-6, a tile 𝔅ea holds (a P diagnostic), on the line the client means.
    lines = re.split(r"\r\n|\r|\n", LONE)
    asked = lines.index("Ada: 4-5")
    edited = LONE.replace("Ada: 4-5\n", "Ada: 6-6\n")
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, LONE))
        raw.published(URI)
        raw.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": {"line": asked, "character": 5},
                                          "end": {"line": asked, "character": 8}},
                                "text": "6-6"}]})
        shown = raw.published(URI)
        assert [d["range"]["start"]["line"] for d in shown if d["code"][0] == "P"] == [asked]
        assert [(d["code"], (d["range"]["start"]["line"], d["range"]["start"]["character"]),
                 (d["range"]["end"]["line"], d["range"]["end"]["character"]), d["severity"],
                 d["message"]) for d in shown] == validated(tmp_path, edited)


def test_a_hint_on_a_line_that_ends_the_text_with_a_lone_cr_is_inside_it() -> None:
    text = RECORD.rstrip("\n") + "  # checked\r"
    lines = re.split(r"\r\n|\r|\n", text)
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, text))
        raw.published(URI)
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}}
        hints = raw.answer(raw.request("textDocument/inlayHint",
                                       {"textDocument": {"uri": URI}, "range": whole}))["result"]
        assert hints
        for hint in hints:
            assert hint["position"]["line"] < len(lines)
            assert hint["position"]["character"] == units(lines[hint["position"]["line"]])


def test_the_model_counts_a_lone_cr_as_a_line_end() -> None:
    assert client_lines("a\rb\r\nc\nd") == [(0, 1), (2, 3), (5, 6), (7, 8)]
    assert offset_at("a\rb", 1, 1) == 3
    assert client_position("a\rb\r\n𝔸x", 6) == {"line": 2, "character": 2}


def test_a_lone_cr_put_above_a_game_moves_its_diagnostics_a_line(tmp_path: Path) -> None:
    # The second game, unchanged, keeps its report; its ranges move a line down for the
    # client all the same.  Was: the ranges kept from before the CR, a line above.
    second = RECORD.replace("𝔅ea: 6-3 L", "𝔅ea: pass")  # P405
    text = RECORD + "\n" + second
    with Raw() as raw:
        raw.initialize()
        raw.notify("textDocument/didOpen", open_params(URI, text))
        before = raw.published(URI)
        where = {"line": 1, "character": 0}
        raw.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": where, "end": where},
                                "text": "# a\rnote"}]})
        after = raw.published(URI)
        edited = text[:text.index("\n") + 1] + "# a\rnote" + text[text.index("\n") + 1:]
        assert [d["code"] for d in after] == ["S001", *(d["code"] for d in before)]
        assert [summary(d) for d in after] == validated(tmp_path, edited)
        moved = [d for d in after if d["code"] == "P405"]
        assert moved[0]["range"]["start"]["line"] == next(
            d for d in before if d["code"] == "P405")["range"]["start"]["line"] + 1


@given(st.text(alphabet="ab\n\r𝔸", max_size=60), st.data())
def test_a_text_changed_in_a_window_reads_as_the_text_it_stands_for(
        base: str, data: st.DataObject) -> None:
    text, model = Text(base), base
    for _ in range(data.draw(st.integers(1, 8))):
        start = data.draw(st.integers(0, len(model)))
        stop = data.draw(st.integers(start, len(model)))
        new = data.draw(st.text(alphabet="xy\n\r", max_size=5))
        text, model = text.replaced(start, stop, new), model[:start] + new + model[stop:]
        assert text.length == len(model)
        low = data.draw(st.integers(0, len(model) + 2))
        high = data.draw(st.integers(low, len(model) + 3))
        assert text.slice(low, high) == model[low:high]
    assert text.whole() == model and text.same(text.whole())


def test_a_change_far_from_the_window_puts_the_text_together_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "_WINDOW", 8)
    text = Text("0123456789" * 3).replaced(2, 3, "x").replaced(25, 26, "y")
    assert text.slice(0, 30) == "01x3456789012345678901234y6789"
    assert text.whole() == "01x3456789012345678901234y6789"
