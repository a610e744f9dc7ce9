"""The HTML report in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright; no browser is ever downloaded).

The page opens without console errors or requests outside itself, steps through a hand with
the buttons, the arrow keys and the slider, shows a move's diagnostic at that move, runs no
script from a record, prints one hand per page, and is photographed (the screenshot is kept
under ``artefacts/``, which git ignores).  Skipped where Chromium or Playwright is missing,
except in CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import launched

from blocknotation.run.html_page import html_report

ROOT = Path(__file__).resolve().parent.parent
ARTEFACTS = ROOT / "artefacts"
SAMPLE = ROOT / "samples" / "three-players.block"
FAULTS = ROOT / "tests" / "data" / "annotated-faults.txt"
#: The tests share one browser, started once in the worker process that runs them all.
pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from launched(tmp_path_factory.mktemp("chromium-profile"))


class Page:
    """A report opened in the browser, with what it logged and asked for."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page = browser.new_page()
        self.page.on("console", lambda m: m.type in ("error", "warning")
                     and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", self._dialog)
        self.page.goto(path.as_uri())
        self.page.wait_for_load_state("load")

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def hand(self, anchor: str) -> Any:
        return self.page.locator(f"section#{anchor}")

    def shown_tiles(self, anchor: str) -> int:
        return int(self.hand(anchor).evaluate(
            "h => [...h.querySelectorAll('g.tile')]"
            ".filter(t => getComputedStyle(t).display !== 'none').length"))

    def now_line(self) -> list[str]:
        return list(self.page.eval_on_selector_all("ol.lines li.now", "l => l.map(e => e.id)"))

    def step(self, anchor: str) -> int:
        return int(self.hand(anchor).get_attribute("data-step"))


def _write(tmp_path: Path, name: str, data: bytes, lang: str = "en") -> Path:
    page, _ = html_report([(name, data)], lang=lang)
    out = tmp_path / f"{Path(name).stem}.html"
    out.write_text(page, encoding="utf-8")
    return out


@pytest.fixture
def sample(browser: Any, tmp_path: Path) -> Page:
    return Page(browser, _write(tmp_path, "three-players.block", SAMPLE.read_bytes()))


def test_opens_offline_without_errors(sample: Page) -> None:
    assert sample.errors == []
    assert [u for u in sample.requests if not u.startswith("file:")] == []
    assert sample.page.locator("section.hand .controls").first.is_visible()
    # The page opens on each hand's final position.
    assert sample.shown_tiles("f1-g1-h1") == 11
    assert sample.step("f1-g1-h1") == 13


def test_buttons_step_through_a_hand(sample: Page) -> None:
    hand = sample.hand("f1-g1-h1")
    hand.locator("[data-go=first]").click()
    assert sample.shown_tiles("f1-g1-h1") == 0 and sample.now_line() == []
    assert hand.locator(".where").inner_text() == "before the first move"
    for k in range(1, 6):
        hand.locator("[data-go=forward]").click()
        assert sample.shown_tiles("f1-g1-h1") == k
        assert sample.now_line() == [f"f1-L{13 + k}"]
    assert hand.locator(".where").inner_text() == "move 5 of 13"
    assert hand.locator(".now").inner_text() == "18 Łukasz: 1-1 R"
    # Nicolò's 2-0 (move 3) is marked played, his 4-1 (move 6) not yet.
    played = hand.locator(".holders li").first.locator("use.htile")
    assert played.nth(1).evaluate("e => getComputedStyle(e).opacity") == "0.3"
    assert played.nth(0).evaluate("e => getComputedStyle(e).opacity") == "1"
    hand.locator("[data-go=back]").click()
    assert sample.shown_tiles("f1-g1-h1") == 4 and sample.now_line() == ["f1-L17"]
    hand.locator("[data-go=last]").click()
    assert sample.shown_tiles("f1-g1-h1") == 11 and sample.now_line() == ["f1-L26"]


def test_arrow_keys_and_slider(sample: Page) -> None:
    hand = sample.hand("f1-g1-h2")
    hand.focus()
    sample.page.keyboard.press("Home")
    assert sample.step("f1-g1-h2") == 0
    for _ in range(3):
        sample.page.keyboard.press("ArrowRight")
    assert sample.step("f1-g1-h2") == 3 and sample.shown_tiles("f1-g1-h2") == 3
    assert sample.now_line() == ["f1-L38"]
    sample.page.keyboard.press("ArrowLeft")
    assert sample.step("f1-g1-h2") == 2 and sample.shown_tiles("f1-g1-h2") == 2
    sample.page.keyboard.press("End")
    sample.page.keyboard.press("ArrowRight")  # past the last move: stays there
    assert sample.step("f1-g1-h2") == 11
    slider = hand.locator(".slider")
    slider.focus()
    sample.page.keyboard.press("ArrowLeft")  # the slider's own keys move it one step
    assert sample.step("f1-g1-h2") == 10
    slider.fill("4")
    assert sample.step("f1-g1-h2") == 4 and sample.shown_tiles("f1-g1-h2") == 4
    # The other hands did not move.
    assert sample.step("f1-g1-h1") == 13


def test_a_diagnostic_is_shown_at_its_move(browser: Any, tmp_path: Path) -> None:
    page = Page(browser, _write(tmp_path, "faults.txt", FAULTS.read_bytes()))
    hand = page.hand("f1-g1-h1")
    hand.locator("[data-go=first]").click()
    for _ in range(6):
        hand.locator("[data-go=forward]").click()
    now = hand.locator(".now").inner_text()
    assert now.startswith("15 Bea: pass") and "P405" in now
    assert page.now_line() == ["f1-L15"]
    assert page.errors == []


def test_record_text_runs_nothing(browser: Any, tmp_path: Path) -> None:
    from test_html import HOSTILE

    page = Page(browser, _write(tmp_path, "hostile.txt", HOSTILE))
    page.hand("f1-g1-h1").locator("[data-go=first]").click()
    page.page.mouse.move(10, 10)
    page.page.wait_for_timeout(200)
    assert page.dialogs == []
    assert page.page.evaluate("document.querySelectorAll('img, b, [onerror]').length") == 0
    assert page.page.evaluate("document.scripts.length") == 1
    body = page.page.locator("body").inner_text()
    assert '[Event "<script>alert(1)</script>"]' in body
    assert "# </svg><img src=x onerror=alert(1)>" in body
    assert page.errors == []


def test_the_policy_runs_only_the_pages_own_script_and_style(browser: Any,
                                                            tmp_path: Path) -> None:
    # Were autoescape ever to let markup through, the Content-Security-Policy would stop it:
    # a script and styles put into the page after it was written do nothing, and the
    # browser reports each as a violation.
    page_text, _ = html_report([("three-players.block", SAMPLE.read_bytes())])
    planted = page_text.replace("<body>", '<body><script>document.title = "planted"</script>'
                                '<p id="planted" style="color: rgb(255, 0, 0)">x</p>', 1)
    out = tmp_path / "planted.html"
    out.write_text(planted, encoding="utf-8")
    page = Page(browser, out)
    assert page.page.title() != "planted"
    assert page.page.evaluate(
        "getComputedStyle(document.getElementById('planted')).color") != "rgb(255, 0, 0)"
    assert len(page.errors) == 2 and all("Content Security Policy" in e for e in page.errors)
    # The page's own script and style run: a hand is stepped, and the lines are styled.
    hand = page.hand("f1-g1-h1")
    hand.locator("[data-go=first]").click()
    assert page.step("f1-g1-h1") == 0
    assert page.page.evaluate(
        "getComputedStyle(document.querySelector('section.hand')).contentVisibility") == "auto"


def test_bidi_and_invisible_characters_are_shown_not_obeyed(browser: Any,
                                                           tmp_path: Path) -> None:
    record = ('[Event "Cup \u202eevil"]\n[Players "Ada Bea\u200b"]\n'
              "# a note \u202e reversed \u2066 isolated\n"
              "hand 1\nAda: 6-6\n").encode()
    page = Page(browser, _write(tmp_path, "bidi.block", record))
    body = page.page.locator("body").inner_text()
    assert not any(c in body for c in "\u202e\u2066\u200b")
    assert '[Event "Cup <U+202E>evil"]' in body
    assert "# a note <U+202E> reversed <U+2066> isolated" in body
    assert "Bea<U+200B>" in body
    assert page.errors == []


def test_prints_one_hand_per_page_without_controls(sample: Page, tmp_path: Path) -> None:
    hand = sample.hand("f1-g1-h1")
    hand.locator("[data-go=first]").click()  # printing shows the final position anyway
    sample.page.emulate_media(media="print")
    assert not hand.locator(".controls").is_visible()
    assert sample.shown_tiles("f1-g1-h1") == 11
    pdf = tmp_path / "report.pdf"
    sample.page.pdf(path=str(pdf), format="A4")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    # The first page (verdict, game, chart), one per hand, then the record.
    assert pages >= 1 + 4 + 1


def test_a_long_page_draws_its_hands_as_they_are_needed(browser: Any, tmp_path: Path) -> None:
    from blocknotation.simulator.writer import generate

    page = Page(browser, _write(tmp_path, "long.txt", "\n".join(generate(3, 6)).encode()))
    count = "h => h.querySelectorAll('g.tile, use.htile').length"
    hands = page.page.locator("section.hand")
    last = hands.last
    assert hands.count() > 40
    # The first hands are drawn at once; a hand far down the page is only its words and
    # data (as a browser without script shows it) until it is needed.
    assert hands.first.evaluate(count) > 0
    assert last.evaluate(count) == 0 and last.get_attribute("data-drawn") is None
    games = page.page.locator("section.game")  # so with the games' charts
    assert games.first.locator("svg.chart").count() == 1
    assert games.last.locator("svg.chart").count() == 0
    last.scroll_into_view_if_needed()
    page.page.wait_for_function(
        "() => [...document.querySelectorAll('section.hand')].pop()"
        ".querySelectorAll('g.tile').length > 0")
    assert last.get_attribute("data-drawn") == "1"
    # Stepping a hand not yet drawn draws it first; printing draws every hand, and numbers
    # every line of the record.
    middle = hands.nth(30)
    assert middle.evaluate(count) == 0
    middle.press("Home")
    assert middle.evaluate(count) > 0 and page.shown_tiles(middle.get_attribute("id")) == 0
    assert page.page.locator("pre.src").count() > 0
    page.page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.page.locator("section.hand:not([data-drawn])").count() == 0
    assert page.page.locator("pre.src").count() == 0
    assert page.page.locator("svg.chart").count() == games.count() == 6
    assert page.errors == []


def test_screenshot_is_kept(sample: Page) -> None:
    ARTEFACTS.mkdir(exist_ok=True)
    shot = ARTEFACTS / "three-players.png"
    sample.hand("f1-g1-h1").scroll_into_view_if_needed()
    sample.page.screenshot(path=str(shot), full_page=True)
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG") and int.from_bytes(data[16:20], "big") == 1300


def test_a_hand_without_moves_has_no_controls(browser: Any, tmp_path: Path) -> None:
    # A count without moves (shows and claims only) has nothing to step through: no
    # buttons or slider, and the keys do nothing there; a hand with moves keeps them.
    record = (ROOT / "samples" / "disputed-count.block").read_bytes()
    page = Page(browser, _write(tmp_path, "disputed-count.block", record))
    counts = page.page.eval_on_selector_all(
        "section.hand", "hs => hs.map(h => [h.dataset.moves, h.querySelectorAll('.controls')"
        ".length])")
    assert any(moves == "0" for moves, _ in counts)
    assert all(controls == (0 if moves == "0" else 1) for moves, controls in counts)
    bare = page.page.locator("section.hand[data-moves='0']").first
    bare.focus()
    page.page.keyboard.press("ArrowLeft")
    assert page.errors == []


def test_the_record_panel_follows_the_replay(browser: Any, tmp_path: Path) -> None:
    # After each step the current move's line is inside the record panel's viewport, for a
    # hand near the end of a long record as for the first one.
    record = (ROOT / "samples" / "two-players.block").read_bytes()
    page = Page(browser, _write(tmp_path, "two-players.block", record))
    inside = ("() => { const l = document.querySelector('ol.lines li.now'); if (!l) return null;"
              " const b = l.closest('aside').getBoundingClientRect(), r ="
              " l.getBoundingClientRect(); return r.top >= b.top && r.bottom <= b.bottom; }")
    for anchor in ("f1-g1-h1", "f1-g1-h8"):
        hand = page.hand(anchor)
        hand.scroll_into_view_if_needed()
        hand.locator("[data-go=first]").click()
        for _ in range(3):
            hand.locator("[data-go=forward]").click()
            assert page.page.evaluate(inside) is True, anchor
    assert page.errors == []


@pytest.mark.parametrize("sample", ["two-players.block", "club-night.block", "four-players.block"])
def test_chart_labels_do_not_overlap(browser: Any, tmp_path: Path, sample: str) -> None:
    record = (ROOT / "samples" / sample).read_bytes()
    page = Page(browser, _write(tmp_path, sample, record))
    page.page.locator("svg.chart").first.scroll_into_view_if_needed()
    page.page.wait_for_selector("svg.chart text")
    boxes = page.page.eval_on_selector_all(
        "svg.chart", "cs => cs.map(c => [...c.querySelectorAll('text')].map(t => {"
        " const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }))")
    assert boxes and all(boxes)
    for chart in boxes:
        for k, (l1, t1, r1, b1) in enumerate(chart):
            for l2, t2, r2, b2 in chart[k + 1:]:
                assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, (sample, chart)
    assert page.errors == []


def test_at_420_px_the_chain_wraps_with_tiles_of_24_px(browser: Any, tmp_path: Path) -> None:
    # A narrow screen gets shorter rows of the chain, not smaller tiles: a half tile (the
    # short side of a tile) stays at 24 px or more, and no tile runs off the screen.
    path = _write(tmp_path, "two-players.block",
                  (ROOT / "samples" / "two-players.block").read_bytes())
    tab = browser.new_page()
    tab.set_viewport_size({"width": 420, "height": 900})
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    tab.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    boxes = tab.eval_on_selector_all(
        "svg.chain g.tile use", "us => us.map(u => { const b = u.getBoundingClientRect();"
        " return [b.left, b.right, b.width, b.height]; })")
    assert len(boxes) > 20
    assert min(min(width, height) for _, _, width, height in boxes) >= 24 - 0.01  # float
    assert max(right for _, right, _, _ in boxes) <= 420
    rows = tab.eval_on_selector_all("svg.chain", "s => s.map(c => c.viewBox.baseVal.height)")
    assert max(rows) > 46  # some chain wraps onto a second row
    ARTEFACTS.mkdir(exist_ok=True)
    tab.locator("section.hand").first.screenshot(path=str(ARTEFACTS / "html-report-420px.png"))
    tab.close()


def test_a_diagnostic_link_moves_both_columns(browser: Any, tmp_path: Path) -> None:
    # Clicking "line 15" in the list of diagnostics shows line 15 in the record panel and,
    # in the main column, the hand it belongs to, stepped to the move on that line.
    page = Page(browser, _write(tmp_path, "faults.txt", FAULTS.read_bytes()))
    tab = page.page
    tab.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    tab.locator("ol.diags a[href='#f1-L15']").first.click()
    hand = page.hand("f1-g1-h1")
    assert page.step("f1-g1-h1") == 6  # the sixth move is on line 15
    top = hand.evaluate("h => h.getBoundingClientRect().top")
    assert 0 <= top < 100
    inside = tab.evaluate("""() => {
        const line = document.getElementById("f1-L15"), box = line.closest("aside");
        const a = line.getBoundingClientRect(), b = box.getBoundingClientRect();
        return a.top >= b.top && a.bottom <= b.bottom && a.top >= 0
            && a.bottom <= window.innerHeight && line.classList.contains("target");
    }""")
    assert inside
    assert page.errors == []


def test_a_1_mb_record_opens_with_its_first_hands_drawn(browser: Any, tmp_path: Path) -> None:
    # A page of about 3,000 hands: open, with its first hands drawn and its controls ready.
    # How long that takes is measured by benchmarks/html.py, not here (docs/html.md).
    from blocknotation.simulator.writer import generate

    parts, size, seed = [], 0, 0
    while size < 1_000_000:
        for text in generate(seed, 20, partial=seed % 2 == 1, claims=True):
            parts.append(text)
            size += len(text) + 1
        seed += 1
    path = _write(tmp_path, "big.txt", "\n".join(parts).encode())
    tab = browser.new_page()
    tab.goto(path.as_uri(), wait_until="load")
    assert tab.locator("section.hand[data-drawn] svg.chain").count() > 0
    assert tab.locator("section.hand").count() > 2_000
    tab.close()


def test_with_analyse_a_mistake_is_marked_at_its_move(browser: Any, tmp_path: Path) -> None:
    # blocknot analyse samples/two-players.block: "line 11: Ada played 0-5 and gave away 26;
    # 2-2 would have won the blocked hand" (docs/analysis.md). Stepped to that move, the
    # replay says so and shows 2-2 beside the chain; the move after it is no mistake.
    two = ROOT / "samples" / "two-players.block"
    page_text, _ = html_report([(two.name, two.read_bytes())], threshold=1)
    out = tmp_path / "analysed.html"
    out.write_text(page_text, encoding="utf-8")
    page = Page(browser, out)
    hand = page.hand("f1-g1-h1")
    assert hand.evaluate("h => h.dataset.l").startswith("11-")  # line 11: the first move
    hand.press("Home")
    assert hand.locator("figure.chain .best").count() == 0
    hand.press("ArrowRight")
    now = hand.locator(".now")
    assert "mistake" in now.get_attribute("class")
    assert "a mistake: it gave away 26; the best: 2-2" in now.text_content()
    assert hand.locator("figure.chain .best use").evaluate_all(
        "us => us.map(u => u.getAttribute('href'))") == ["#bn-S22"]
    hand.press("ArrowRight")  # line 12, Bea: 0-6, is no mistake
    assert "mistake" not in now.get_attribute("class")
    assert hand.locator("figure.chain .best").count() == 0
    plain, _ = html_report([(two.name, two.read_bytes())])
    assert "data-a=" not in plain and "data-a=" in page_text
    assert page.errors == []
