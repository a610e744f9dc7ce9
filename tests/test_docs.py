"""The documentation in the repository: what it cites exists, and what it shows is what
blocknot does.

``docs/notation.md`` is the notation in full and ``docs/rules.md`` the rules R1-R18; the
package, the README, the grammar, the catalogues and the tools cite those two (with a section
name), never a file that is not in the repository.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from annotating import annotated_file

from blocknotation.basics.diagnostics import CATALOGUE
from blocknotation.pipeline import validate_bytes

ROOT = Path(__file__).resolve().parent.parent
NOTATION = ROOT / "docs" / "notation.md"
RULES = ROOT / "docs" / "rules.md"
# The engine is being rewritten on another branch, which brings its own citations up to date.
SKIPPED: tuple[Path, ...] = ()
SEARCHED = [
    path
    for top in ("blocknotation", "docs", "grammar", "po", "tools", "tests")
    for path in sorted((ROOT / top).rglob("*"))
    if path.is_file() and "__pycache__" not in path.parts
    and not any(path.is_relative_to(skip) for skip in SKIPPED)
] + [ROOT / "README.md", ROOT / "pyproject.toml"]
TEXTS = [p for p in SEARCHED if p.suffix in {".py", ".md", ".lark", ".po", ".pot", ".toml"}]


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# Written in pieces, so that this file does not cite them itself.
_OUTSIDE = re.compile(
    "|".join(
        (r"NOTATION" + r"(?:\.md|\s*§)", r"block" + r"-rules", r"\.\./" + r"shared",
         r"/work/" + r"shared")
    ).encode()
)


@pytest.mark.parametrize("path", SEARCHED, ids=_rel)
def test_nothing_cites_a_file_outside_the_repository(path: Path) -> None:
    found = [m.group().decode() for m in _OUTSIDE.finditer(path.read_bytes())]
    assert found == [], f"{_rel(path)} cites {found}: cite docs/notation.md or docs/rules.md"


def test_the_search_for_outside_citations_can_fail() -> None:
    assert _OUTSIDE.search(b"see " + b"NOTATION" + b".md, section 4")
    assert _OUTSIDE.search(b"rules/" + b"block" + b"-rules.en.md")
    assert not _OUTSIDE.search(b"see docs/notation.md, \"Hands\"")


# --- paths and links ----------------------------------------------------------------------------
_TOPS = "docs|samples|tools|tests|grammar|blocknotation|po|benchmarks|fuzz"
_PATH = re.compile(rf"(?<![\w/.-])((?:{_TOPS})/[\w./-]*[\w/])")
# Made when a tool runs or the wheel is built, never committed.
_GENERATED = ("fuzz/corpus", "fuzz/crashes", "benchmarks/corpora",
              "blocknotation/grammar/block.lark", "blocknotation/docs/notation.md")


@pytest.mark.parametrize("path", TEXTS, ids=_rel)
def test_every_path_cited_exists(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    missing = sorted({
        m.group(1) for m in _PATH.finditer(text)
        if not (ROOT / m.group(1)).exists() and not m.group(1).startswith(_GENERATED)
    })
    assert missing == [], f"{_rel(path)} cites paths that are not in the repository"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _headings(path: Path) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^#{1,6} (.+)$", path.read_text(encoding="utf-8"),
                                             re.MULTILINE)]


MARKDOWN = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@cache
def _tool(name: str) -> Any:
    """A module of tools/ (not a package): docs_pages.py, mkdocs_hooks.py."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@cache
def _generated() -> dict[str, str]:
    """The pages the site makes when it is built (tools/docs_pages.py), by their path in the
    site."""
    tool = _tool("docs_pages")
    made: dict[str, str] = tool.generated_pages(tool.site_url())
    return made


def _anchors(text: str) -> set[str]:
    """The anchors of a page: its headings' (GitHub's), and its ``<a id="…">``."""
    return ({_slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE)}
            | set(re.findall(r'<a id="([^"]+)">', text)))


@pytest.mark.parametrize("path", MARKDOWN, ids=_rel)
def test_markdown_links_lead_somewhere(path: Path) -> None:
    """On GitHub, which shows the repository: every link leads to a file of it, and to a
    heading or an ``<a id>`` of a Markdown file; in the site, a link to what a page made at
    build time is made from (tools/mkdocs_hooks.py) leads to that page, anchor and all."""
    hooks = _tool("mkdocs_hooks")
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://")):
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        assert linked.exists(), f"{_rel(path)}: {target} is not in the repository"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked.read_text("utf-8")), \
                f"{_rel(path)}: no heading for #{anchor}"
        made = hooks.generated_page(linked.relative_to(ROOT).as_posix(), anchor)
        if made is not None:
            page, kept = made
            assert page in _generated(), f"{_rel(path)}: {target} leads to no page"
            assert not kept or kept in _anchors(_generated()[page]), f"{_rel(path)}: {target}"


def test_a_link_to_a_generated_pages_source_leads_to_the_page_in_the_site() -> None:
    hooks = _tool("mkdocs_hooks")
    assert hooks.generated_page("docs/notation.md", "e504") == ("codes/e504.md", "")
    assert hooks.generated_page("docs/notation.md", "5-the-diagnostic-catalogue") == (
        "codes/index.md", "")
    assert hooks.generated_page("blocknotation/cli/commands.py", "blocknot-validate") == (
        "cli.md", "blocknot-validate")
    assert hooks.generated_page("docs/notation.md", "2-lexical-rules") is None
    # Every page made at build time but the codes' is reached from the source it is made of.
    assert set(hooks.GENERATED_FROM.values()) | {"codes/index.md"} <= set(_generated())


def _section_names(path: Path) -> set[str]:
    return {re.sub(r"^\d+\.\s+", "", h) for h in _headings(path)}


_SECTION_CITE = re.compile(
    r"docs/(notation|rules)\.md,?\s+(?:(?:sections?|sezione|sezioni da)\s+)?"
    r"\\?[\"“«]([^\"”»\\]+)\\?[\"”»]"
)


def _prose(path: Path) -> str:
    """The text of ``path``, with Python's adjacent string literals joined, as read."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r'"\s*\n\s*"', "", text) if path.suffix == ".py" else text


def test_citations_name_sections_that_exist() -> None:
    pages = {"notation": _section_names(NOTATION), "rules": _section_names(RULES)}
    cited = [
        (_rel(path), m.group(1), " ".join(m.group(2).split()))
        for path in TEXTS for m in _SECTION_CITE.finditer(_prose(path))
    ]
    assert len(cited) >= 10, "the package cites the notation by section"
    wrong = [c for c in cited if c[2] not in pages[c[1]]]
    assert wrong == []


# --- the pages say what blocknot does ------------------------------------------------------------
def test_the_rules_page_numbers_every_rule_once() -> None:
    text = RULES.read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^- \*\*R(\d+)\. ", text, re.MULTILINE)]
    assert numbers == list(range(1, 19))
    cited = {rule for code in CATALOGUE.values() for rule in code.rules}
    assert cited <= {f"R{n}" for n in numbers}


def test_the_notation_lists_the_catalogue_as_the_registry_has_it() -> None:
    rows = re.findall(r"^\| ([SGDTPE]\d{3}) \| (error|warning) \|", NOTATION.read_text(
        encoding="utf-8"), re.MULTILINE)
    assert rows == [(code.code, code.severity) for code in CATALOGUE.values()]


def _blocks(path: Path) -> list[str]:
    return re.findall(r"^```[a-z]*\n(.*?)^```", path.read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)


def test_the_record_at_a_glance_is_correct() -> None:
    record = _blocks(NOTATION)[0]
    report = validate_bytes(record.encode(), "glance.txt")
    assert report.diagnostics == ()
    (hand,) = report.games[0].hands
    assert (hand.outcome, hand.winner, hand.points) == ("blocked", "Cy", {
        "Ada": 0, "Bea": 0, "Cy": 29})


_PLAYS = b"""[Players "Ada Bea"]

hand 1
Ada: 1-4
Bea: 1-1 L
Ada: 4-4 R
Bea: 3-4 R

hand 2
opener Bea
Bea: 3-6
Ada: 6-6 R

hand 3
opener Ada
Ada: 0-0

hand 4
opener Bea
Bea: 2-2
"""


def _descriptions(lang: str) -> list[str]:
    text, _ = annotated_file(_PLAYS, "plays.txt", lang=lang, chain=True)
    assert text is not None
    return [line[3:] for line in text.splitlines()
            if line.startswith(("#= Tiles:", "#= Tessere:"))]


def test_the_rules_page_describes_the_chain_as_blocknot_does() -> None:
    text = RULES.read_text(encoding="utf-8")
    shown = re.findall(r"`(Tiles: \[[^`]+)`", text)
    assert len(shown) == 6
    assert set(shown) <= set(_descriptions("en"))
    quotes = [" ".join(line.lstrip("> ") for line in block.splitlines())
              for block in re.findall(r"((?:^> .*\n)+)", text, re.MULTILINE)]
    italian, english = _descriptions("it")[3], _descriptions("en")[3]
    assert quotes == [italian, english]


def test_the_notation_shows_the_chain_as_blocknot_does() -> None:
    (line,) = [b for b in _blocks(NOTATION) if b.startswith("#= Tiles:")]
    assert line.strip()[3:] == _descriptions("en")[1]


def test_the_readme_says_how_many_tests_there_are(request: pytest.FixtureRequest) -> None:
    """The README's "about N tests" is the number a fresh clone collects (with the test
    extra installed, as the quick start installs it), to the nearest 500: the number this
    session collected when it collected the whole suite, else that of a collection of the
    whole suite made here."""
    said = re.search(r"about ([\d,]+) tests", (ROOT / "README.md").read_text("utf-8"))
    assert said is not None
    config = request.config
    whole = (config.args_source is pytest.Config.ArgsSource.TESTPATHS
             and not config.option.keyword and not config.option.markexpr
             and not config.option.deselect)
    collected = request.session.testscollected if whole else _collected_anew()
    assert collected > 1000  # the whole suite, not a part of it
    assert int(said.group(1).replace(",", "")) == round(collected / 500) * 500, (
        f"the suite collects {collected} tests: write about "
        f"{round(collected / 500) * 500:,} in the README")


def _collected_anew() -> int:
    """The tests a collection of the whole suite finds, in a process of its own."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                           "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    counts = re.findall(r"^tests/\S+\.py: (\d+)$", done.stdout, re.MULTILINE)
    return sum(map(int, counts))
