"""Take the documentation's picture of the HTML report: ``docs/html-report.png``.

    python tools/html_screenshot.py

Writes the report of ``samples/three-players.block``, opens it in headless Chromium (Debian's
``chromium``, driven by Playwright, offline), steps hand 1 to its fifth move and photographs
the top of the page.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from blocknotation.run.html_page import html_report

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "three-players.block"
OUT = ROOT / "docs" / "html-report.png"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    page_text, _ = html_report([("samples/three-players.block", SAMPLE.read_bytes())])
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = Path(folder) / "game.html"
        path.write_text(page_text, encoding="utf-8")
        context = playwright.chromium.launch_persistent_context(
            str(Path(folder) / "profile"), executable_path="/usr/bin/chromium", headless=True,
            args=ARGS, viewport={"width": 1200, "height": 1500})
        page = context.new_page()
        page.goto(path.as_uri())
        hand = page.locator("section#f1-g1-h1")
        hand.locator("[data-go=first]").click()
        for _ in range(5):
            hand.locator("[data-go=forward]").click()
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(OUT))
        context.close()
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
