"""``blocknot rules``: every code documented, and every example behaving as its header says.

The examples under ``blocknotation/examples/`` are what users are shown as "triggers it" and
"fixed"; each starts with ``# expect: CODE@LINE …``, the exact diagnostics the validator must
report for it (a good example: none).  They are read as packaged resources, as the CLI does.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from blocknotation.cli import cli
from blocknotation.diagnostics import CATALOGUE
from blocknotation.explain import (
    EXPLANATIONS,
    FAMILIES,
    catalogue_text,
    example_bytes,
    examples_dir,
    explain_text,
)

from expect import expectations

CODES = sorted(CATALOGUE)
EXAMPLES = sorted(
    item.name for item in examples_dir().iterdir() if item.name.endswith((".txt", ".bin"))
)
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
    assert code in {c for c, _ in expectations(example_bytes(entry.bad))}
    assert expectations(example_bytes(entry.good)) == Counter()


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_reports_exactly_its_expectations(name: str) -> None:
    from blocknotation.pipeline import validate_bytes

    data = example_bytes(name)
    report = validate_bytes(data, name)
    assert Counter((d.code, d.line) for d in report.diagnostics) == expectations(data)


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
    assert "00000000  23 20 65 78 70 65 63 74  3a 20" in text
    # The byte that is not UTF-8 is in the dump.
    bad = next(b for b in data if b >= 0x80)
    assert f" {bad:02x} " in text


def test_explain_text_is_not_fussy_about_case_and_knows_its_codes() -> None:
    assert explain_text("p405", "en") == explain_text("P405", "en")
    assert explain_text("P499", "en") is None
    assert explain_text("", "en") is None
    assert explain_text("R8", "en") is None


def test_other_languages_give_a_page_too() -> None:
    # Without an Italian catalogue yet, gettext falls back to the English msgids.
    assert explain_text("E504", "it") is not None
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
