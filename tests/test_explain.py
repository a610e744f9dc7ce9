"""``blocknot rules``: every code documented, and every example behaving as the tests expect.

The examples under ``blocknotation/examples/`` are what users are shown as "triggers it" and
"fixed", exactly as they are but for their comments, which are translated.  The diagnostics
each must report (a good example: none) are in ``tests/data/examples-expected.toml``, never in
the examples themselves, so no page shows a test header.  They are read as packaged
resources, as the CLI does.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from blocknotation.basics.diagnostics import CATALOGUE
from blocknotation.basics.example_records import (
    comment_at,
    comments,
    example_names,
    translated_example,
)
from blocknotation.basics.explain import (
    EXPLANATIONS,
    FAMILIES,
    catalogue_text,
    example_bytes,
    explain_text,
)
from blocknotation.basics.i18n import translator
from blocknotation.cli.commands import cli

from expect import example_expectations

CODES = sorted(CATALOGUE)
EXAMPLES = example_names()
EXPECTED = example_expectations()
LANGS = ("en", "it")


def test_every_example_has_its_expectations() -> None:
    assert sorted(EXPECTED) == EXAMPLES
def test_every_code_is_explained() -> None:
    assert sorted(EXPLANATIONS) == CODES
    for code, entry in EXPLANATIONS.items():
        assert entry.code == code
        assert entry.what.strip() and entry.why.strip()


def test_every_code_has_both_examples() -> None:
    named = {e.bad for e in EXPLANATIONS.values()} | {e.good for e in EXPLANATIONS.values()}
    assert sorted(named) == EXAMPLES, "example files and explanations name the same files"
    for entry in EXPLANATIONS.values():
        assert entry.bad.startswith(f"{entry.code}.bad.")
        assert entry.good == f"{entry.code}.good.txt"
        # A bad example that is not text is described, not printed.
        assert (entry.bad_note is not None) == entry.bad.endswith(".bin")


@pytest.mark.parametrize("code", CODES)
def test_why_cites_the_rules_of_the_catalogue(code: str) -> None:
    for rule in CATALOGUE[code].rules:
        assert re.search(rf"\b{rule}\b", EXPLANATIONS[code].why), rule


@pytest.mark.parametrize("code", CODES)
def test_bad_example_shows_its_own_code_and_good_one_shows_nothing(code: str) -> None:
    entry = EXPLANATIONS[code]
    assert code in {c for c, _ in EXPECTED[entry.bad]}
    assert EXPECTED[entry.good] == Counter()


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_reports_exactly_its_expectations(name: str) -> None:
    from blocknotation.pipeline import validate_bytes

    data = example_bytes(name)
    report = validate_bytes(data, name)
    assert Counter((d.code, d.line) for d in report.diagnostics) == EXPECTED[name]


@pytest.mark.parametrize("code", CODES)
def test_explain_text_gives_the_page(code: str) -> None:
    text = explain_text(code, "en")
    assert text is not None
    entry, known = EXPLANATIONS[code], CATALOGUE[code]
    assert text.startswith(f"{code} ({known.severity}): {known.summary}\n")
    for heading in ("What it means", "Why", "Example that triggers it", "Fixed"):
        assert f"\n\n{heading}" in text
    assert text.rstrip().endswith("blocknot validate FILE")
    assert example_bytes(entry.good).decode("utf-8").rstrip("\n") in text
    if entry.bad.endswith(".txt"):
        assert example_bytes(entry.bad).decode("utf-8").rstrip("\n") in text


def test_a_bytes_example_is_shown_in_hexadecimal() -> None:
    text = explain_text("S003", "en")
    assert text is not None
    data = example_bytes(EXPLANATIONS["S003"].bad)
    assert data.decode("utf-8", errors="replace") not in text
    assert "00000000  5b 45 76 65 6e 74 20 22  43 69" in text
    # The byte that is not UTF-8 is in the dump.
    bad = next(b for b in data if b >= 0x80)
    assert f" {bad:02x} " in text


def test_explain_text_is_not_fussy_about_case_and_knows_its_codes() -> None:
    assert explain_text("p405", "en") == explain_text("P405", "en")
    assert explain_text("P499", "en") is None
    assert explain_text("", "en") is None
    assert explain_text("R8", "en") is None


def test_other_languages_give_a_page_too() -> None:
    page = explain_text("E504", "it")
    assert page is not None and page.startswith("E504 (errore): ")
    assert "E504" in catalogue_text("it")


def test_catalogue_lists_every_code_once_by_family() -> None:
    text = catalogue_text("en")
    rows = [line.split() for line in text.splitlines() if line.startswith("  ")]
    assert [row[0] for row in rows] == list(CATALOGUE)
    for row in rows:
        assert row[1] == CATALOGUE[row[0]].severity
    headings = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert headings[: len(FAMILIES)] == list(FAMILIES.values())
    # Each family's codes come right under its heading.
    lines = text.splitlines()
    for letter, heading in FAMILIES.items():
        start = lines.index(heading) + 1
        codes = [c for c in CATALOGUE if c.startswith(letter)]
        assert [line.split()[0] for line in lines[start : start + len(codes)]] == codes


def test_the_rules_command_prints_them() -> None:
    runner = CliRunner()
    listed = runner.invoke(cli, ["rules", "--lang", "en"])
    assert listed.exit_code == 0 and "P405" in listed.output
    page = runner.invoke(cli, ["rules", "p405", "--lang", "en"])
    assert page.exit_code == 0
    assert page.output.startswith("P405 (error): a player passes while holding a tile that fits")


# --- what the pages show ----------------------------------------------------------------------
def _page(code: str, lang: str) -> str:
    page = explain_text(code, lang)
    assert page is not None
    return page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_no_page_shows_a_test_header(code: str, lang: str) -> None:
    page = _page(code, lang)
    assert "# expect" not in page and "expect:" not in page


def test_no_example_carries_a_test_header() -> None:
    for name in EXAMPLES:
        assert b"expect" not in example_bytes(name), name


def _shown(name: str, lang: str) -> str:
    """An example as the page in ``lang`` shows it."""
    return translated_example(example_bytes(name).decode("utf-8"), translator(lang))


TEXT_EXAMPLES = [name for name in EXAMPLES if name.endswith(".txt")]


@pytest.mark.parametrize("name", TEXT_EXAMPLES)
def test_italian_pages_show_the_examples_with_italian_comments(name: str) -> None:
    code = name[:4]
    english, italian = _shown(name, "en"), _shown(name, "it")
    assert english == example_bytes(name).decode("utf-8").rstrip("\n")
    assert italian in _page(code, "it")
    to_italian = translator("it")
    pairs = list(zip(comments(english), comments(italian), strict=True))
    for (line, words), (italian_line, italian_words) in pairs:
        assert italian_line == line
        assert italian_words == to_italian(words) != words, f"{name}:{line} not translated"
    # Only the comments differ: the statements are the same, and so is every line number.
    strip = [line[: comment_at(line)].rstrip() for line in english.splitlines()]
    assert [line[: comment_at(line)].rstrip() for line in italian.splitlines()] == strip


@pytest.mark.parametrize("name", TEXT_EXAMPLES)
def test_an_example_as_shown_in_italian_reports_what_the_file_does(name: str) -> None:
    from blocknotation.pipeline import validate_bytes

    report = validate_bytes(_shown(name, "it").encode("utf-8"), name)
    assert Counter((d.code, d.line) for d in report.diagnostics) == EXPECTED[name]


def test_the_rules_command_shows_italian_comments() -> None:
    page = CliRunner().invoke(cli, ["rules", "P402", "--lang", "it"])
    assert page.exit_code == 0
    assert "Bea: 1-0 R    # Bea ha giocato 0-1 due righe sopra\n" in page.output
    assert "two lines up" not in page.output


# A comment that points at another line ("0-1 two lines up") must point at a line that holds
# the tiles it names.
_NUMBERS = {
    "en": ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    "it": ["una", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"],
}
_DISTANCE = {
    "en": re.compile(r"\b(\w+) lines? (up|above|earlier|down|below|further on)\b"),
    "it": re.compile(r"\b(\w+) righe? (sopra|prima|sotto|dopo|più su|più giù)\b"),
}
_UP = {"up", "above", "earlier", "sopra", "prima", "più su"}
_TILE = re.compile(r"\b([0-6])-([0-6])\b")


def _tiles(text: str) -> set[frozenset[str]]:
    return {frozenset(m.groups()) for m in _TILE.finditer(text)}


def _distance_claims(name: str, lang: str) -> list[tuple[int, int, str]]:
    """``(line, line pointed at, comment)`` for each comment of the example that points."""
    found = []
    for line, words in comments(_shown(name, lang)):
        for match in _DISTANCE[lang].finditer(words):
            assert match.group(1) in _NUMBERS[lang], f"{name}:{line}: {words!r}"
            count = _NUMBERS[lang].index(match.group(1)) + 1
            found.append((line, line - count if match.group(2) in _UP else line + count, words))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", TEXT_EXAMPLES)
def test_a_comment_that_points_at_a_line_points_at_the_right_one(name: str, lang: str) -> None:
    lines = _shown(name, lang).splitlines()
    for line, target, words in _distance_claims(name, lang):
        named = _tiles(words)
        assert named, f"{name}:{line}: {words!r} names no tile"
        statement = lines[target - 1][: comment_at(lines[target - 1])]
        assert named <= _tiles(statement), f"{name}:{line}: line {target} is {statement!r}"


def test_the_p402_example_points_two_lines_up() -> None:
    for lang in LANGS:
        assert [(a, b) for a, b, _ in _distance_claims("P402.bad.txt", lang)] == [(12, 10)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_s003_note_names_the_line_of_the_bad_byte(lang: str) -> None:
    data = example_bytes(EXPLANATIONS["S003"].bad)
    bad_line = data[: next(i for i, b in enumerate(data) if b >= 0x80)].count(b"\n") + 1
    note = translator(lang)(EXPLANATIONS["S003"].bad_note or "")
    assert re.findall(r"\b(?:line|riga) (\d+)\b", note) == [str(bad_line)]
    assert EXPECTED[EXPLANATIONS["S003"].bad] == Counter({("S003", bad_line): 1})


def test_the_p404_page_describes_its_example() -> None:
    """The page says the ends show 3 and 1 when Bea plays 1-3, and both show 1 once it is
    played on the 3: the annotated example shows the same ends."""
    from annotating import annotated_file

    text, _ = annotated_file(example_bytes("P404.good.txt"), "P404.good.txt", lang="en")
    assert text is not None
    lines = text.splitlines()
    played = lines.index("Bea: 1-3 L # on the 3, at the left end")
    before = [line for line in lines[:played] if line.startswith("#= ends ")][-1]
    assert (before, lines[played + 1]) == ("#= ends 3|1", "#= ends 1|1")
    assert "the ends show 3 and 1 when Bea plays 1-3" in " ".join(_page("P404", "en").split())
    italian = " ".join(_page("P404", "it").split())
    assert "quando Bea gioca 1-3, le estremità mostrano 3 e 1" in italian
    for page in (_page("P404", "en"), _page("P404", "it")):
        assert "1 and 1 at one end" not in page and "1 e 1 da una parte" not in page
