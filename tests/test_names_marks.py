"""Names take combining marks after their first letter, and are compared in NFC."""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocknotation.basics import names, unicode_names
from blocknotation.basics.names import NAME_PATTERN
from blocknotation.formats.records.convert import convert_bytes
from blocknotation.notation.parsing import parse_text

from inprocess import run_text
from lark_reference import parse_with_lark

NFD = unicodedata.normalize("NFD", "Nicolò")
NAMES = ["सुनील", "مُحَمَّد", NFD, "Nicolò", "Zoë", "Ελένη", "Đặng", "ﬁlippo"]


def validate(tmp_path: Path, text: str) -> tuple[int, list[str], dict[str, object]]:
    path = tmp_path / "club.txt"
    path.write_text(text, encoding="utf-8")
    done = run_text("validate", "--format", "json", str(path))
    report = json.loads(done.stdout)["files"][0]
    return done.returncode, [d["code"] for d in report["diagnostics"]], report


def game(first: str, second: str, mover: str | None = None) -> str:
    return (f'[Players "{first} {second}"]\n\nhand 1\nopener {first}\n{mover or first}: 1-2\n'
            f"{second}: 2-3 R\n")


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_combining_marks_is_a_name(name: str, tmp_path: Path) -> None:
    status, codes, _ = validate(tmp_path, game(name, "Bea"))
    assert codes == ["E501"] and status == 0


def test_a_mark_cannot_start_a_name(tmp_path: Path) -> None:
    _, codes, _ = validate(tmp_path, game("\u0301Ada", "Bea"))
    assert codes[0] == "G103"


def test_nfd_and_nfc_spellings_are_one_player(tmp_path: Path) -> None:
    # Players written as macOS types it, the moves precomposed: the same seat.
    status, codes, report = validate(tmp_path, game(NFD, "Bea", mover="Nicolò"))
    assert codes == ["E501"] and status == 0
    assert report["games"][0]["hands"][0]["opener"] == "Nicolò"
    _, codes, _ = validate(tmp_path, game(NFD, "Nicolò"))
    assert codes[0] == "G103"  # the same name twice


@pytest.mark.parametrize("name", NAMES)
def test_conversions_keep_the_name_as_written(name: str) -> None:
    text = game(name, "Bea")
    as_json, problems = convert_bytes(text.encode(), "json")
    assert problems == () and as_json is not None
    assert name in json.loads(as_json)["games"][0]["tags"][0]["value"]
    assert convert_bytes(as_json.encode(), "text") == (text, ())
    assert convert_bytes(text.encode(), "text") == (text, ())


@pytest.mark.parametrize("name", NAMES)
def test_the_fast_reader_and_the_grammar_agree(name: str) -> None:
    text = game(name, "Bea") + f"show {name}: -\npoints {name} 3\nscore {name} 3, Bea 0\n"
    assert parse_text(text) == parse_with_lark(text)
    assert parse_text(text).diagnostics == ()


@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6))
def test_the_name_pattern_is_letters_then_letters_marks_and_more(text: str) -> None:
    def letter(c: str) -> bool:
        return unicodedata.category(c).startswith("L")

    expected = letter(text[0]) and all(
        letter(c) or unicodedata.category(c).startswith("M") or c in "0123456789_'-"
        for c in text[1:])
    if unicodedata.unidata_version == unicode_names.UNICODE_VERSION:
        assert (NAME_PATTERN.fullmatch(text) is not None) == expected


@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6))
def test_the_check_by_category_is_the_full_pattern(text: str) -> None:
    """A non-ASCII name is checked by category, not by compiling the pattern, when the
    Unicode versions agree: the same verdict, and the same match of the whole text."""
    def whole(match: re.Match[str] | None) -> tuple[str, tuple[int, int]] | None:
        return None if match is None else (match.group(), match.span())

    assert whole(NAME_PATTERN.fullmatch(text)) == whole(NAME_PATTERN.full.fullmatch(text))
    if unicodedata.unidata_version == unicode_names.UNICODE_VERSION:
        assert names.by_category(text) == (NAME_PATTERN.full.fullmatch(text) is not None)


@pytest.mark.parametrize(("text", "is_name"), [
    ("Nicolò", True), ("Łukasz", True), (NFD, True), ("Zoë-1_'", True), ("ß", True),
    ("\u0301Ada", False), ("Zoë\n", False), ("Zoë١", False), ("Zoë!", False), ("1Zoë", False),
])
def test_names_by_category_and_by_pattern_agree(text: str, is_name: bool) -> None:
    found, expected = NAME_PATTERN.fullmatch(text), NAME_PATTERN.full.fullmatch(text)
    assert (found is not None, expected is not None) == (is_name, is_name)
    assert found is None or expected is None or found.group() == expected.group() == text


def test_the_tables_are_those_of_the_unicode_version_they_name() -> None:
    if unicodedata.unidata_version != unicode_names.UNICODE_VERSION:
        pytest.skip("the tables are pinned to another Unicode version")
    # Every code point in order; the characters a table's class matches (findall of the class
    # over them all), and those of its major category.
    everything = "".join(map(chr, range(sys.maxunicode + 1)))
    majors = [unicodedata.category(c)[0] for c in everything]
    for table, major in ((unicode_names.LETTERS, "L"), (unicode_names.MARKS, "M")):
        assert re.findall(f"[{table}]", everything) == [
            c for c, m in zip(everything, majors, strict=True) if m == major]
