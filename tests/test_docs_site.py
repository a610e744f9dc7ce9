"""The documentation site (mkdocs.yml): where the old guide's sections went, the pages made
from blocknot itself, the ``help-uri`` that points SARIF logs at the codes' pages, and the
site as MkDocs builds it.

The built site is checked when MkDocs is installed (the ``docs`` extra, in ``dev``): in
``.ci/run`` it is the one ``mkdocs build --strict`` wrote (``BLOCKNOT_SITE``), elsewhere one
built here. Without MkDocs those tests are skipped; the rest needs only blocknot.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from blocknotation.basics.codes import CATALOGUE
from blocknotation.cli.commands import cli

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("docs_pages", ROOT / "tools" / "docs_pages.py")
assert _spec is not None and _spec.loader is not None
pages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pages)

SITE_URL = pages.site_url()
TEMPLATE = SITE_URL + pages.CODE_PAGE

#: Every section of the guide (the ``guide.md`` that ``docs/`` held, split into the site's
#: pages) and where it is now: the page and the heading of each part of it.
GUIDE = {
    "blocknot: the guide": [("README.md", "Documentation")],
    "Commands": [("cli.md", "Every command and option")],
    "`blocknot validate FILE…`": [("docs/validate.md", "blocknot validate"),
                                  ("docs/validate.md", "Options"),
                                  ("docs/validate.md", "Which files")],
    "Text output": [("docs/validate.md", "Text output")],
    "JSON output": [("docs/json.md", "The report: `validate --format json`")],
    "Output for machines: JSON Lines, GitHub, SARIF, JUnit": [
        ("docs/json.md", "JSON Lines: a line per game"),
        ("docs/json.md", "Where a diagnostic ends"),
        ("docs/ci.md", "GitHub Actions"), ("docs/ci.md", "SARIF"), ("docs/ci.md", "JUnit")],
    "The catalogue": [("docs/validate.md", "The catalogue"),
                      ("codes/index.md", "Diagnostic codes")],
    "Annotated output, the chain, and your language": [
        ("docs/annotated.md", "`blocknot validate --format annotated`"),
        ("docs/annotated.md", "`--chain`: the chain in the rules text's words"),
        ("docs/annotated.md", "Choosing the language: `--lang en|it`")],
    "HTML report: see the game": [("docs/html.md", "The HTML report")],
    "Configuration": [("docs/configuration.md", "Configuration"),
                      ("docs/configuration.md", "The SARIF helpUri")],
    "Suppressing a diagnostic": [("docs/configuration.md", "Suppressing a diagnostic")],
    "pre-commit": [("docs/ci.md", "pre-commit")],
    "Shell completion": [("docs/editors.md", "Shell completion")],
    "Fixing records: `--fix`, `--diff`, `--unsafe-fixes`": [
        ("docs/fix.md", "What `--fix` writes"), ("docs/fix.md", "How it writes"),
        ("docs/fix.md", "Sides that only one reading allows: `--unsafe-fixes`"),
        ("docs/fix.md", "In an editor"), ("docs/performance.md", "validate --fix")],
    "`blocknot format FILE…`": [("docs/convert.md", "blocknot format")],
    "`blocknot convert FILE [--to json|text] [-o OUT]`": [("docs/convert.md", "blocknot convert")],
    "`blocknot generate`": [("docs/generate.md", "blocknot generate")],
    "`blocknot schema [--report]`": [("docs/json.md", "`blocknot schema [--report]`"),
                                     ("schemas.md", "The JSON Schemas")],
    "`blocknot rules [CODE]`": [("codes/index.md", "Diagnostic codes")],
    "Editor support: the language server": [("docs/editors.md", "The language server"),
                                            ("docs/performance.md", "The language server")],
    "Partial records and settling a disputed count": [
        ("docs/engine.md", "Partial records"),
        ("docs/disputed-count.md", "Settle a disputed count")],
    "How the engine decides": [("docs/engine.md", "Judged as written")],
    "One slip, one report, and never a wrong figure": [
        ("docs/engine.md", "One slip, one report, and never a wrong figure")],
    "Reading records: decisions where the contract is silent": [
        ("docs/engine.md", "Reading records: decisions where the contract is silent")],
    "Performance": [("docs/performance.md", "Performance")],
    "Reliability": [("docs/robustness.md", "At a glance"),
                    ("docs/robustness.md", "What is tested, and how to run it")],
    "Library, in full": [("docs/library.md", "The functions"), ("api.md", "The API")],
    "Pipelines: a game at a time": [("docs/library.md", "Pipelines: a game at a time")],
    "Highlighting": [("docs/editors.md", "Highlighting")],
    "Development": [("docs/development.md", "The layout"), ("docs/development.md", "The tests")],
}
#: The README's sections before it became an overview: the site's home page is the README.
README = ["blocknot", "Quick start", "The notation in one screen", "Commands",
          "What blocknot promises", "Library", "Development"]


def _headings(text: str) -> list[str]:
    kept, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside and (found := re.match(r"^#{1,6} (.+)$", line)):
            kept.append(found.group(1))
    return kept


def _text(where: str) -> str:
    path = ROOT / where
    if path.is_file():
        return path.read_text("utf-8")
    return pages.generated_pages(SITE_URL)[where]


@pytest.mark.parametrize("old", list(GUIDE))
def test_every_section_of_the_guide_is_in_the_site(old: str) -> None:
    missing = [(page, heading) for page, heading in GUIDE[old]
               if heading not in _headings(_text(page))]
    assert missing == []


def test_every_section_of_the_readme_is_still_in_it() -> None:
    assert set(README) <= set(_headings(_text("README.md")))


def test_the_nav_lists_every_page_of_docs() -> None:
    nav = (ROOT / "mkdocs.yml").read_text("utf-8").split("\nnav:\n", 1)[1]
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", nav, re.MULTILINE))
    written = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert written <= listed
    assert {"index.md", "cli.md", "api.md", "schemas.md", "codes/index.md",
            "repository/editors/README.md"} <= listed


# --- help-uri ---------------------------------------------------------------------------------
def test_the_pages_give_the_help_uri_of_this_site() -> None:
    assert TEMPLATE == "https://docs.example.org/blocknot/codes/{code}/"
    line = f'help-uri = "{TEMPLATE}"'
    for page in ("docs/configuration.md", "docs/ci.md", "codes/index.md"):
        assert line in _text(page), page


def test_every_code_has_its_page_where_the_template_points() -> None:
    generated = pages.generated_pages(SITE_URL)
    for code in CATALOGUE:
        page = TEMPLATE.format(code=code.lower()).removeprefix(SITE_URL)
        assert page == f"codes/{code.lower()}/"
        assert f"{page.rstrip('/')}.md" in generated


# --- pages made from blocknot -----------------------------------------------------------------
def _long_options(command: click.Command) -> set[str]:
    return {name for param in command.params if isinstance(param, click.Option)
            for name in [*param.opts, *param.secondary_opts] if name.startswith("--")
            and name not in getattr(param, "hidden_names", ())}


def _commands() -> Iterator[tuple[str, click.Command]]:
    with click.Context(cli) as ctx:
        for name in cli.list_commands(ctx):
            command = cli.get_command(ctx, name)
            assert command is not None
            yield name, command


@pytest.mark.parametrize("name", ["validate", "generate"])
def test_the_option_tables_name_every_option(name: str) -> None:
    """The hand-written tables of docs/validate.md and docs/generate.md, held to click."""
    command = dict(_commands())[name]
    text = (ROOT / "docs" / f"{name}.md").read_text("utf-8")
    table = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    named = {m for row in table.splitlines() if row.startswith("| `")
             for m in re.findall(r"`(--[a-z-]+)", row.split(" | ")[0])}
    assert named == _long_options(command) - {"--help"}


def test_the_commands_page_has_every_command_and_option() -> None:
    text = pages.cli_page()
    for name, command in _commands():
        section = text.split(f"\n## blocknot {name}\n", 1)[1].split("\n## ", 1)[0]
        assert all(f"`{option}`" in section for option in _long_options(command)), name


def test_a_code_page_shows_the_registry_and_what_validate_says() -> None:
    page = pages.code_page(CATALOGUE["P405"])
    assert page.startswith("# P405: a player passes while holding a tile that fits\n")
    assert "[R8](../rules.md#playing)" in page
    assert "$ blocknot validate blocknotation/examples/P405.bad.txt\n" \
           "blocknotation/examples/P405.bad.txt:12:1: error P405 Bea passed holding 1-0" in page
    assert "$ echo $?\n1\n```" in page
    assert "`blocknotation/examples/P405.good.txt`" in page
    assert "[docs/notation.md, section “Lexical rules”](../notation.md#2-lexical-rules)" in \
        pages.code_page(CATALOGUE["S003"])


# --- the built site ---------------------------------------------------------------------------
# Building the site takes some 5 s of CPU: the tests of the built site are the ``slow``
# marker's (``pytest --run-slow``; ``.ci/run`` runs them on the site it builds).
@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs", reason="the docs extra (in dev) builds the site")
    given = os.environ.get("BLOCKNOT_SITE")
    if given:
        return Path(given)
    built = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(built)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                               "DISABLE_MKDOCS_2_WARNING": "true"})
    assert done.returncode == 0, done.stderr[-3000:]
    return built


@pytest.mark.slow
def test_the_site_has_a_page_for_every_code_at_the_help_uri(site: Path) -> None:
    for code in CATALOGUE:
        page = site / TEMPLATE.format(code=code.lower()).removeprefix(SITE_URL) / "index.html"
        assert page.is_file(), code
        assert f"{code}: {CATALOGUE[code].summary}" in page.read_text("utf-8")


@pytest.mark.slow
def test_the_site_loads_nothing_from_elsewhere(site: Path) -> None:
    """No font, style, script or picture from another host (the canonical link names the
    page's own address, which is not loaded)."""
    outside = re.compile(r"""<(?:link(?![^>]*rel="canonical")|script|img|iframe)\b[^>]*"""
                         r"""\b(?:href|src)=["']?(?:https?:)?//""")
    found = {str(p.relative_to(site)) for p in site.rglob("*.html")
             if outside.search(p.read_text("utf-8"))}
    assert found == set()
    assert not any("fonts.googleapis" in p.read_text("utf-8") for p in site.rglob("*.html"))


@pytest.mark.slow
def test_the_site_has_its_pages(site: Path) -> None:
    home = (site / "index.html").read_text("utf-8")
    assert "Quick start" in home and "html-report.png" in home
    assert (site / "html-report.png").is_file()
    commands = (site / "cli" / "index.html").read_text("utf-8")
    assert all(f"blocknot {name}" in commands for name, _ in _commands())
    api = (site / "api" / "index.html").read_text("utf-8")
    assert all(name in api for name in ("validate_stream", "iter_games", "FileReport",
                                        "find_fixes", "jsonl_bag"))
    assert (site / "schemas" / "report-json.schema.json").is_file()
    copied = site / "repository"  # files outside docs/ that pages link to
    assert "VS Code" in (copied / "editors" / "index.html").read_text("utf-8")
    assert (copied / "editors" / "block.tmLanguage.json").is_file()
    assert (copied / "grammar" / "block.lark").is_file()  # linked from docs/notation.md
    assert "Set up your editor" in (site / "editors" / "index.html").read_text("utf-8")


@pytest.mark.slow
def test_links_to_what_a_page_is_made_from_lead_to_the_page(site: Path) -> None:
    """On GitHub the tutorial's link to E504 shows the code's row of docs/notation.md; in the
    site it leads to the code's page, and validate.md's to the commands' page."""
    tutorial = (site / "tutorial" / "index.html").read_text("utf-8")
    assert 'href="../codes/e504/"' in tutorial
    validate = (site / "validate" / "index.html").read_text("utf-8")
    assert 'href="../cli/#blocknot-validate"' in validate
    assert 'href="../api/"' in (site / "library" / "index.html").read_text("utf-8")
    assert not (site / "repository" / "blocknotation").exists()  # no source copied for it
