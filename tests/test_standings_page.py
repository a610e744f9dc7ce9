"""The standings page as a club reads it, on a phone and on a desktop: the table in a box of
its own that scrolls with the players' names kept in view, a page that never scrolls
sideways, a chart whose text is at least 11 px, players told apart by colour, line style
and marker, the alias note, and the chart's table with its header row.  Measured in
Debian's Chromium at 360 and 1280 px (``tests/browser_support.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser_support import launched

from blocknotation import standings
from blocknotation.season.html import LOOKS_NOTE, MOST_LOOKS, _look, standings_html

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "samples" / "season"
ARTEFACTS = ROOT / "artefacts"


def page_text() -> str:
    return standings_html(standings(str(SEASON), aliases={"Elana": "Elena"}))


class _Rows(HTMLParser):
    """The rows of each table of a page: each cell's tag and text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self._cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("th", "td"):
            self._cell = tag
            self.tables[-1][-1].append((tag, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            tag, text = self.tables[-1][-1][-1]
            self.tables[-1][-1][-1] = (tag, text + data)


def test_the_chart_table_has_its_header_row() -> None:
    rows = _Rows()
    rows.feed(page_text())
    standings_table, chart_table = rows.tables
    assert chart_table[0] == [("th", "#"), ("th", "date"), ("th", "game"), ("th", "Cy"),
                              ("th", "Bea"), ("th", "Elena"), ("th", "Dario"), ("th", "Ada")]
    assert chart_table[1][:3] == [("td", "1"), ("td", "2026-01-09"),
                                  ("td", f"{SEASON / '2026-01-09.block'}, game 1")]
    assert "&lt;" not in page_text()
    assert [cell for _, cell in standings_table[1][:2]] == ["Cy", "5"]


def test_the_alias_note_is_shown() -> None:
    assert '<p class="aliases">Elena also written Elana (aliases)</p>' in page_text()


def test_players_are_told_apart_by_colour_line_and_marker() -> None:
    eight = [_look(index) for index in range(8)]
    for attribute in range(3):
        assert len({look[attribute] for look in eight}) == 8
    assert len({_look(index) for index in range(MOST_LOOKS)}) == MOST_LOOKS == 512


def test_a_chart_of_more_players_than_looks_says_how_they_are_told_apart(
        tmp_path: Path) -> None:
    """Up to eight players differ in colour, line style and marker; beyond, colours repeat,
    and the page says that a player is told by the three together."""
    few = LOOKS_NOTE not in page_text()
    many = tmp_path / "many"
    many.mkdir()
    for record in SEASON.glob("*.block"):
        text = record.read_text("utf-8")
        (many / record.name).write_text(text, "utf-8")
        for name in ("Ada", "Bea", "Cy", "Dario", "Elena", "Elana"):
            text = text.replace(name, name + "Bis")
        (many / f"bis-{record.name}").write_text(text, "utf-8")
    page = standings_html(standings(str(many)))
    assert few and LOOKS_NOTE in page


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from launched(tmp_path_factory.mktemp("chromium-profile"))


#: What the page measures of itself, in the browser.
MEASURES = """() => {
  const shown = e => getComputedStyle(e).display !== 'none';
  const box = document.querySelector('.scroll');
  const name = box.querySelector('tbody th');
  const before = name.getBoundingClientRect().left - box.getBoundingClientRect().left;
  box.scrollLeft = box.scrollWidth;
  const after = name.getBoundingClientRect().left - box.getBoundingClientRect().left;
  const charts = [...document.querySelectorAll('svg.chart')].filter(shown);
  const texts = charts.flatMap(c => [...c.querySelectorAll('text')]);
  const series = charts.flatMap(c => [...c.querySelectorAll('polyline.series')]);
  return {
    page: [document.documentElement.scrollWidth, window.innerWidth],
    box: [box.scrollWidth, box.clientWidth, box.scrollLeft],
    name: [before, after, name.textContent],
    charts: charts.length,
    smallest: Math.min(...texts.map(t =>
      parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)),
    looks: series.map(s => [s.getAttribute('stroke'), s.getAttribute('stroke-dasharray') || '']),
    aliases: [...document.querySelectorAll('p.aliases')].filter(shown).map(p => p.textContent),
    markers: Object.fromEntries(charts.flatMap(c => [...c.querySelectorAll('g > title')]).map(
      t => [t.textContent.split(':')[0], t.nextElementSibling.tagName + ' ' + (
        t.nextElementSibling.getAttribute('d') || '').replace(/[^A-Za-z]/g, '') + ' ' +
        t.nextElementSibling.getAttribute('fill')])),
  };
}"""


@pytest.mark.parametrize("width", [360, 420, 1280])
def test_the_page_fits_the_screen(browser: Any, tmp_path: Path, width: int) -> None:
    path = tmp_path / "season.html"
    path.write_text(page_text(), "utf-8")
    tab = browser.new_page()
    tab.set_viewport_size({"width": width, "height": 900})
    errors: list[str] = []
    tab.on("console", lambda message: errors.append(message.text))
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    found = tab.evaluate(MEASURES)
    page_width, screen = found["page"]
    assert page_width <= screen  # the page never scrolls sideways
    scroll_width, client_width, scrolled = found["box"]
    before, after, name = found["name"]
    assert name == "Cy" and abs(after - before) < 1  # the names stay in view
    if width < 600:  # the table is wider than a phone: it scrolls in its own box
        assert scroll_width > client_width and scrolled > 0
    else:
        assert scroll_width <= client_width
    assert found["charts"] == 1 and found["smallest"] >= 11
    looks = found["looks"]
    assert len(looks) == 5 and len({c for c, _ in looks}) == len({d for _, d in looks}) == 5
    assert len(set(found["markers"].values())) == len(found["markers"]) == 5
    assert found["aliases"] == ["Elena also written Elana (aliases)"]
    assert errors == []
    ARTEFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTEFACTS / f"standings-{width}px.png"), full_page=True)
    tab.close()


LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarens"  # 50 letters

#: The names column and the last column of the standings table, once scrolled to its end.
NAME_COLUMN = """() => {
  const box = document.querySelector('.scroll');
  const name = [...box.querySelectorAll('tbody th')].find(t => t.textContent.length > 40);
  box.scrollLeft = box.scrollWidth;
  const edge = r => [r.left, r.right, r.width, r.height];
  const row = name.parentElement;
  return {
    box: edge(box.getBoundingClientRect()),
    name: edge(name.getBoundingClientRect()),
    text: name.textContent,
    last: edge(row.lastElementChild.getBoundingClientRect()),
    line: parseFloat(getComputedStyle(name).lineHeight),
    page: [document.documentElement.scrollWidth, window.innerWidth],
  };
}"""


def test_a_long_name_keeps_the_numbers_in_view_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """A 50-letter name at 360 px: the names column takes at most two fifths of the table's
    box, the name wraps and is shown whole, and every number column can be scrolled into
    view beside it."""
    season = tmp_path / "season"
    season.mkdir()
    for record in SEASON.glob("*.block"):
        (season / record.name).write_text(
            record.read_text("utf-8").replace("Dario", LONG), "utf-8")
    path = tmp_path / "long.html"
    path.write_text(standings_html(standings(str(season))), "utf-8")
    tab = browser.new_page()
    tab.set_viewport_size({"width": 360, "height": 900})
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    found = tab.evaluate(NAME_COLUMN)
    _, box_right, box_width, _ = found["box"]
    _, name_right, name_width, name_height = found["name"]
    assert found["text"] == LONG  # the whole name, wrapped
    assert name_width <= 0.4 * box_width, found
    assert name_height >= 2 * found["line"]  # it wraps onto lines
    last_left, last_right, _, _ = found["last"]
    assert last_left >= name_right - 1 and last_right <= box_right + 1  # the last column shows
    page_width, screen = found["page"]
    assert page_width <= screen
    tab.screenshot(path=str(ARTEFACTS / "standings-long-name-360px.png"), full_page=True)
    tab.close()
