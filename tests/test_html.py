"""``validate --format html``: the page's structure, read back with ``html.parser``, as
written and once its script has drawn it (in headless Chromium: ``browser_support.py``).

Each hand's chain has one tile per placed play, in the engine's chain order, drawn with the
half that matches its neighbour next to it; every diagnostic links to a line of the numbered
record; nothing outside the page is referenced; text from a record is escaped; the colours
pass WCAG AA; the page costs about what its record costs.  The tests of the page in use
(stepping, printing, narrow screens) are in ``test_html_browser.py``.
"""

from __future__ import annotations

import itertools
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser_support import drawn, launched

from blocknotation.formats.html.page import COLOURS, DASHES, MARKERS, TEMPLATES
from blocknotation.notation import records as r
from blocknotation.notation.parsing import parse_bytes
from blocknotation.pipeline import validate_bytes
from blocknotation.run.html_page import html_report

from inprocess import Done, run

ROOT = Path(__file__).resolve().parent.parent
FAULTS = ROOT / "tests" / "data" / "annotated-faults.txt"
SAMPLES = sorted((ROOT / "samples").glob("*.block"))
VOID = {"meta", "input", "br", "img", "hr", "link", "source", "wbr", "area", "base", "col"}
HOSTILE = b"""[Event "<script>alert(1)</script>"]
[Site "\\"><img src=x onerror=alert(2)>"]
[Players "Ada Bea"]
# </svg><img src=x onerror=alert(1)>

hand 1
opener Ada
deal Ada: 4-5 2-5 5-6 0-0 4-0 1-6 0-5
deal Bea: 1-0 1-1 3-3 0-3 6-6 5-5 3-2
Ada: 5-6  # <b onmouseover=alert(3)>x</b> & </title><script>alert(4)</script>
Bea: 6-6
"""


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parent: Element | None
    children: list[Element] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def walk(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, tag: str, cls: str | None = None) -> list[Element]:
        return [e for e in self.walk() if e.tag == tag
                and (cls is None or cls in e.attrs.get("class", "").split())]

    def content(self) -> str:
        return "".join(self.text) + "".join(c.content() for c in self.children)


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {}, None)
        self.at = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.at)
        self.at.children.append(element)
        if tag not in VOID:
            self.at = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.at.children.append(Element(tag, {k: v or "" for k, v in attrs}, self.at))

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        self.at = node.parent

    def handle_data(self, data: str) -> None:
        self.at.text.append(data)


def tree(page: str) -> Element:
    parser = _Tree()
    parser.feed(page)
    parser.close()
    return parser.root


def page_of(path: Path, lang: str = "en") -> str:
    return html_report([(path.name, path.read_bytes())], lang=lang)[0]


#: The tests that read the drawn page share one browser, started once for the module.
ROW_WIDTH = 480


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from launched(tmp_path_factory.mktemp("chromium-profile"))


@pytest.fixture
def draw(browser: Any, tmp_path: Path) -> Any:
    """The drawn page of a record file, or of ``(name, bytes)``, as a tree."""

    def drawn_tree(source: Path | tuple[str, bytes], lang: str = "en") -> Element:
        named = source if isinstance(source, tuple) else (source.name, source.read_bytes())
        return tree(drawn(browser, html_report([named], lang=lang)[0], tmp_path))

    return drawn_tree


def expected_chains(data: bytes) -> dict[str, list[tuple[int, int, int]]]:
    """For each hand's anchor, the chain from the engine's ``placed``: (a, b, line) left to
    right, built here independently of the report's code."""
    report = validate_bytes(data, "x")
    games = {g.line: g for g in parse_bytes(data).records.games}
    chains = {}
    for result in report.games:
        hands = {h.line: h for h in games[result.line].hands}
        for hand in result.hands:
            chain: list[tuple[int, int, int]] = []
            for s in hands[hand.line].statements:
                if not isinstance(s, r.Play):
                    continue
                if s.line not in hand.placed or s.line not in hand.ends:
                    break
                (a, b), side = hand.placed[s.line]
                chain.insert(0 if side == "L" else len(chain), (a, b, s.line))
            chains[f"f1-g{result.index}-h{hand.number}"] = chain
    return chains


@pytest.mark.parametrize("path", [*SAMPLES, FAULTS], ids=lambda p: p.name)
def test_every_chain_is_drawn_in_chain_order_with_matching_halves(path: Path, draw: Any) -> None:
    root = draw(path)
    expected = expected_chains(path.read_bytes())
    hands = root.find("section", "hand")
    assert [h.attrs["id"] for h in hands] == list(expected)
    for hand in hands:
        tiles = hand.find("g", "tile")
        drawn = [(int(t.attrs["data-a"]), int(t.attrs["data-b"]), int(t.attrs["data-line"]))
                 for t in tiles]
        assert drawn == expected[hand.attrs["id"]]
        for tile in tiles:
            faces = [u.attrs["href"] for u in tile.find("use")]
            a, b = tile.attrs["data-a"], tile.attrs["data-b"]
            first, second = (a, b) if tile.attrs["data-dir"] == "r" else (b, a)
            # A lying tile shows ``first`` on its left; a double lies crosswise (standing).
            assert faces == [f"#bn-S{a}{a}" if a == b else f"#bn-H{first}{second}"]
            assert tile.find("title")[0].content().startswith(f"[{min(a, b)}|{max(a, b)}], ")
        for left, right in itertools.pairwise(drawn):
            assert left[1] == right[0]


def test_a_long_chain_turns_and_stays_on_the_page(draw: Any) -> None:
    root = draw(ROOT / "samples" / "two-players.block")
    tiles = [t for h in root.find("section", "hand") for t in h.find("g", "tile")]
    assert tiles
    for tile in tiles:
        face = tile.find("use")[0]
        x, width = float(face.attrs["x"]), 20 if face.attrs["href"].startswith("#bn-S") else 40
        assert x >= 0 and x + width <= ROW_WIDTH
    # Some hand runs past one row: its next row runs back, its tiles turned round.
    assert any(t.attrs["data-dir"] == "l" for t in tiles)


def test_the_tile_title_names_the_player_and_the_line(draw: Any) -> None:
    root = draw(ROOT / "samples" / "three-players.block")
    first = root.find("section", "hand")[0].find("g", "tile")
    titles = {t.attrs["data-line"]: t.find("title")[0].content() for t in first}
    assert titles["14"] == "[4|5], played by Zoë, line 14"
    assert titles["15"] == "[2|4], played by Łukasz, line 15"


def test_moves_steps_and_played_marks(draw: Any) -> None:
    root = draw(ROOT / "samples" / "three-players.block")
    hand = root.find("section", "hand")[0]
    assert hand.attrs["data-moves"] == "13"
    assert hand.attrs["data-l"] == "14-26"
    assert [int(t.attrs["data-step"]) for t in hand.find("g", "tile")] == [
        13, 7, 3, 2, 1, 4, 5, 6, 8, 9, 10]
    nicolo = hand.find("ul", "holders")[0].find("li")[0]
    held = nicolo.find("use", "htile")
    # deal Nicolò: 1-4 2-0 3-0 4-0 0-6; he played 2-0 (move 3), 4-1 (6) and 0-6 (9).
    assert [t.attrs.get("data-step") for t in held] == ["6", "3", None, None, "9"]
    assert ["played" in t.attrs["class"] for t in held] == [True, True, False, False, True]


def test_unknown_deals_are_face_down_and_shows_are_listed(draw: Any) -> None:
    data = (ROOT / "samples" / "partial-deals.block").read_bytes()
    assert b"show Eitan: 1-5 2-2 5-5\n" in data  # without it, Eitan's last tiles are unknown
    root = draw(("p.txt", data.replace(b"show Eitan: 1-5 2-2 5-5\n", b"")))
    holders = [li for h in root.find("section", "hand") for li in h.find("ul", "holders")[0]
               .find("li")]
    unknown = [li for li in holders if li.find("span", "nr")]
    assert any(li.find("use", "face") for li in unknown)
    assert any(li.find("use", "down") for li in unknown)
    for li in unknown:
        assert li.find("svg", "unknown")
        for tile in li.find("use", "face"):  # a played tile shows from its move on
            back = [u for u in li.find("use", "back") if u.attrs["x"] == tile.attrs["x"]]
            assert back and back[0].attrs["data-step"] == tile.attrs["data-step"]
        assert all(u.attrs["href"] == "#bn-back" for u in li.find("use", "down"))
    assert any(li.find("span", "shown") for li in holders)


def test_every_diagnostic_links_to_a_highlighted_line(draw: Any) -> None:
    root = draw(FAULTS)
    ids = {e.attrs["id"] for e in root.walk() if "id" in e.attrs}
    diagnostics = root.find("ol", "diags")[0].find("li")
    report = validate_bytes(FAULTS.read_bytes(), "x")
    assert len(diagnostics) == len(report.diagnostics) > 0
    faults = {e.attrs["id"] for e in root.find("li", "fault")}
    for element, d in zip(diagnostics, report.diagnostics, strict=True):
        link = element.find("a")[0].attrs["href"]
        assert link == f"#f1-L{d.line}" and link[1:] in ids
        assert link[1:] in faults
        assert element.find("span", "code")[0].content() == d.code
    lines = root.find("ol", "lines")[0].find("li")
    assert [li.find("code")[0].content() for li in lines] == \
        FAULTS.read_text(encoding="utf-8").rstrip("\n").split("\n")
    # The P405 of line 15, the sixth move of hand 1, is told under its line too.
    assert root.find("section", "hand")[0].attrs["data-l"] == "10-21"
    line = next(li for li in lines if li.attrs["id"] == "f1-L15")
    assert "fault" in line.attrs["class"] and "P405" in line.find("div", "diag")[0].content()


@pytest.mark.parametrize("path", [*SAMPLES, FAULTS], ids=lambda p: p.name)
def test_nothing_outside_the_page_is_referenced(path: Path) -> None:
    page = page_of(path)
    root = tree(page)
    for element in root.walk():
        for name in ("href", "src", "xlink:href", "action", "data", "poster"):
            value = element.attrs.get(name)
            assert value is None or value.startswith("#"), (element.tag, name, value)
        assert element.tag not in ("link", "img", "iframe", "object", "embed")
    scripts = root.find("script")
    assert len(scripts) == 1 and "src" not in scripts[0].attrs
    style = "".join(s.content() for s in root.find("style"))
    assert "@import" not in style and re.search(r"url\((?!#)", style) is None
    assert "http://" not in page and "https://" not in page


def test_record_text_is_escaped() -> None:
    page, _ = html_report([("hostile.txt", HOSTILE)])
    root = tree(page)
    assert len(root.find("script")) == 1
    assert not root.find("img") and not root.find("b")
    assert not [e for e in root.walk() if any(k.startswith("on") for k in e.attrs)]
    text = root.content()
    assert '[Event "<script>alert(1)</script>"]' in text
    assert "<script>alert(1)</script>" in [d.content() for d in root.find("dd")]
    assert "# </svg><img src=x onerror=alert(1)>" in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, two: str) -> float:
    high, low = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_formula_matches_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_colours_pass_wcag_aa() -> None:
    css = (TEMPLATES / "report.css").read_text(encoding="utf-8")
    texts = set(re.findall(r"(?<![-\w])(?:color|fill): (#[0-9a-f]{6})", css)) | set(COLOURS)
    backgrounds = {"#ffffff", "#fff3b0", "#fde7e5"} & (set(re.findall(r"#[0-9a-f]{6}", css))
                                                      | {"#ffffff"})
    assert len(backgrounds) == 3
    for text in texts - {"#fffdf5", "#3b4a6b"}:  # tile faces and backs, not text
        for background in backgrounds:
            assert contrast(text, background) >= 4.5, (text, background)
    # Pips on a tile face and a face-down tile against the page.
    assert contrast("#1a1a1a", "#fffdf5") >= 4.5
    assert contrast("#3b4a6b", "#ffffff") >= 3


def test_players_are_told_apart_without_colour(draw: Any) -> None:
    assert len(set(DASHES)) == len(DASHES) == len(COLOURS) == len(set(MARKERS)) == 4
    root = draw(ROOT / "samples" / "four-players.block")
    chart = root.find("svg", "chart")[0]
    seats = {line.attrs["class"] for line in chart.find("polyline", "series")}
    assert seats == {"series p0", "series p1", "series p2", "series p3"}
    marks = {m.tag for m in chart.walk() if "mark" in m.attrs.get("class", "")}
    assert marks == {"circle", "rect", "path"}  # the triangle and the diamond are paths
    # Each seat's colour and line style, from the one list of them.
    page = page_of(ROOT / "samples" / "four-players.block")
    for seat, (colour, dash) in enumerate(zip(COLOURS, DASHES, strict=True)):
        assert f".series.p{seat} {{ stroke: {colour};" in page
        assert (f"stroke-dasharray: {dash};" in page) == bool(dash)


def test_chart_points_link_to_their_hands_and_the_table_matches(draw: Any) -> None:
    path = ROOT / "samples" / "three-players.block"
    root = draw(path)
    game = root.find("section", "game")[0]
    ids = {e.attrs["id"] for e in root.walk() if "id" in e.attrs}
    links = [a for a in game.find("svg", "chart")[0].find("a")]
    assert len(links) == 3 * 4
    assert all(a.attrs["href"][1:] in ids for a in links)
    assert links[7].find("title")[0].content() == "Zoë: 74 after hand 4"
    assert game.find("line", "target")
    rows = [[c.content() for c in tr.children] for tr in game.find("tbody")[0].find("tr")]
    assert rows[-1] == ["4", "21", "74", "0"]
    facts = [d.content() for d in game.find("dd")]
    assert facts[1] == "61" and facts[3] == "Zoë"
    assert [d.content() for d in game.find("dt")][4:] == ["Event", "Date"]
    assert facts[4:] == ["Circolo del venerdì", "2026-11-27"]
    assert "Nicolò" in facts[0] and facts[0].index("Nicolò") < facts[0].index("Zoë")


def test_unknown_totals_are_gaps(draw: Any) -> None:
    # Hand 1 cannot be read (S001): its points, and so every total after it, are unknown;
    # each series is the start alone, with no point for an unknown total.
    root = draw(ROOT / "blocknotation" / "examples" / "S001.bad.txt")
    rows = [[c.content() for c in tr.children] for tr in root.find("tbody")[0].find("tr")]
    assert rows and all(cell == "?" for row in rows for cell in row[1:])
    chart = root.find("svg", "chart")[0]
    lines = chart.find("polyline", "series")
    assert lines and all(line.attrs["points"].count(",") == 1 for line in lines)
    assert not chart.find("a")


def test_house_target_is_marked() -> None:
    data = FAULTS.read_bytes().replace(b'[Players "Ada Bea"]',
                                       b'[Players "Ada Bea"]\n[Target "50"]')
    root = tree(html_report([("t.txt", data)])[0])
    facts = root.find("section", "game")[0].find("dd")
    assert facts[1].content() == "50 (house rule)"


def test_the_page_speaks_italian(draw: Any) -> None:
    root = draw(ROOT / "samples" / "three-players.block", lang="it")
    assert root.find("html")[0].attrs["lang"] == "it"
    assert root.find("h4")[0].content() == "Partita 1, mano 1"
    tile = root.find("g", "tile")[0]
    assert tile.find("title")[0].content()== "[1|6], posata da Zoë, riga 26"


def _run(*args: str) -> Done:
    return run(*args, cwd=ROOT)


def test_command_writes_the_page_and_exits_with_the_verdict(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    done = _run("validate", "--format", "html", "samples/three-players.block", "-o", str(out))
    assert done.returncode == 0 and done.stdout == b""
    assert out.read_text(encoding="utf-8") == page_of(ROOT / "samples" / "three-players.block"
                                                     ).replace("three-players.block",
                                                               "samples/three-players.block")
    faulty = _run("validate", "--format", "html", str(FAULTS))
    assert faulty.returncode == 1 and faulty.stdout.startswith(b"<!DOCTYPE html>")
    both = tree(_run("validate", "--format", "html", str(FAULTS), "samples/two-players.block")
                .stdout.decode())
    assert [s.attrs["id"] for s in both.find("section", "file")] == ["f1", "f2"]
    # -o writes any format's report: the text report too.
    text = _run("validate", "samples/two-players.block", "-o", str(tmp_path / "x"))
    assert text.returncode == 0 and text.stdout == b""
    assert (tmp_path / "x").read_text("utf-8").endswith("0 errors, 0 warnings\n")


def test_the_template_ships_in_the_wheel() -> None:
    # Run against an installed wheel (as CI does), TEMPLATES is the installed package's.
    for name in ("report.html.j2", "macros.html.j2", "report.css", "report.js"):
        assert (TEMPLATES / name).is_file()
        source = ROOT / "blocknotation" / "formats" / "html" / "templates" / name
        ignored = subprocess.run(["git", "check-ignore", "-q", str(source)], cwd=ROOT,
                                 check=False)
        assert ignored.returncode == 1, f"{name} is git-ignored, so hatch leaves it out"


def test_the_drawing_stops_where_the_chain_is_in_doubt(draw: Any) -> None:
    # Ada's deal is written, so her lead is as written: only Bea's tile is in doubt.
    data = (b'[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 1-2 2-3 0-0 0-1 0-2 0-3 '
            b'0-4\nAda: 1-2\nBea: 5-5 L\nAda: 2-3 R\n')
    root = draw(("doubt.txt", data))
    hand = root.find("section", "hand")[0]
    assert [t.attrs["data-line"] for t in hand.find("g", "tile")] == ["6"]
    assert hand.find("p", "note")[0].content() == (
        "From line 7 on, where the tiles lie cannot be known: later tiles are not drawn.")
    assert hand.attrs["data-l"] == "6-8"


def test_hand_anchors_are_unique_even_when_hands_are_misnumbered() -> None:
    data = FAULTS.read_bytes().replace(b"hand 2\n", b"hand 1\n")
    root = tree(html_report([("n.txt", data)])[0])
    anchors = [h.attrs["id"] for h in root.find("section", "hand")]
    assert anchors == ["f1-g1-h1", "f1-g1-h2"]
    assert [h.find("h4")[0].content() for h in root.find("section", "hand")] == [
        "Game 1, hand 1", "Game 1, hand 1"]


def test_the_policy_names_the_hashes_of_the_pages_own_style_and_script() -> None:
    import base64
    import hashlib
    import html

    sample = ROOT / "samples" / "three-players.block"
    page, _ = html_report([(sample.name, sample.read_bytes())])
    (meta,) = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    policy = dict(part.strip().split(" ", 1) for part in html.unescape(meta).split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["base-uri"] == "'none'" and policy["form-action"] == "'none'"
    assert "unsafe" not in meta
    for tag, directive in (("style", "style-src"), ("script", "script-src")):
        (body,) = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert policy[directive] == f"'sha256-{digest}'"
    # No style attribute, which the policy would block: the players' colours are rules of
    # the page's stylesheet.
    assert " style=" not in page
    assert ".mark.p0 { fill: #1b5e9e; }" in page


def test_invisible_characters_from_a_record_are_shown() -> None:
    record = ('[Event "Cup \u202eevil"]\n[Players "Ada Be\u200ba"]\n# a \u202e b\thello\n'
              "hand 1\nAda: 6-6\n").encode()
    page, _ = html_report([("bidi.block", record)])
    assert not any(c in page for c in "\u202e\u200b")
    assert "Cup &lt;U+202E&gt;evil" in page and "Be&lt;U+200B&gt;a" in page
    assert "# a &lt;U+202E&gt; b\thello" in page  # a tab is kept


def test_a_game_whose_standing_is_not_known_has_no_winner_yet_said() -> None:
    # A hand with a syntax error: its points are unknown and may have taken somebody to the
    # target, so who has won is not known (was: "nobody yet").
    bad = ROOT / "blocknotation" / "examples" / "S001.bad.txt"
    page, _ = html_report([(bad.name, bad.read_bytes())])
    assert re.search(r"<dt>Winner</dt>\s*<dd>unknown</dd>", page)
    good = ROOT / "samples" / "three-players.block"
    page, _ = html_report([(good.name, good.read_bytes())])
    assert re.search(r"<dt>Winner</dt>\s*<dd>Zoë</dd>", page)


def test_each_diagnostic_names_its_game_and_hand() -> None:
    data = FAULTS.read_bytes()
    page, _ = html_report([("faults.txt", data)])
    listed = re.findall(r'<span class="code">(\w+)</span> <span class="sev">\w+</span> '
                        r'<a href="#[^"]+">line (\d+)</a> <span class="place">\(([^)]*)\)</span>',
                        page)
    assert listed and all(place.startswith("game 1, hand ") for _, _, place in listed)
    assert {place for _, _, place in listed} >= {"game 1, hand 1", "game 1, hand 2"}


def test_a_hand_that_was_not_replayed_shows_no_tile_as_played(draw: Any) -> None:
    # A line of the hand cannot be read (S001): what its moves did is not known, so every
    # dealt tile is shown held; a replayed hand marks the tiles its moves played.
    bad = draw(ROOT / "blocknotation" / "examples" / "S001.bad.txt")
    assert bad.find("use", "htile") and not bad.find("use", "played")
    assert [h.attrs.get("data-r") for h in bad.find("section", "hand")] == ["0"]
    good = draw(ROOT / "samples" / "three-players.block")
    assert good.find("use", "played")


def test_an_empty_line_at_the_start_of_a_block_of_the_record_is_kept(draw: Any) -> None:
    # Line 1 and line 201 are empty: every line keeps its number, and every link its line.
    data = b'\n[Players "Ada Bea"]\n' + b"# note\n" * 198 + b"\nhand 1\nAda: 1-4\nBea: 4-4 R\n"
    root = draw(("empty.txt", data))
    lines = [li.find("code")[0].content() for li in root.find("ol", "lines")[0].parent
             .find("li") if li.attrs.get("id", "").startswith("f1-L")]
    assert lines == data.decode().rstrip("\n").split("\n")
    ids = {e.attrs["id"] for e in root.walk() if "id" in e.attrs}
    links = [a.attrs["href"][1:] for a in root.find("ol", "diags")[0].find("a")]
    assert links and all(link in ids for link in links)


def test_record_json_is_shown_as_the_text_it_converts_to(draw: Any) -> None:
    from blocknotation.formats.records.convert import convert_bytes

    sample = ROOT / "samples" / "three-players.block"
    as_json, _ = convert_bytes(sample.read_bytes(), "json")
    assert as_json is not None
    root = draw(("club.json", as_json.encode()))
    hand = root.find("section", "hand")[0]
    assert hand.attrs["data-l"] == "14-26" and len(hand.find("g", "tile")) == 11
    assert [li.find("code")[0].content() for li in root.find("li") if
            li.attrs.get("id") == "f1-L14"] == ["Zoë: 4-5"]
