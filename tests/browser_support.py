"""Headless Chromium for the tests of the HTML report (Debian's ``chromium``, driven by
Playwright; no browser is ever downloaded): skipped where either is missing, except in CI
(``CI=true``), where that is a failure."""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
#: Headless and offline: no sandbox (CI runs as root), nothing fetched in the background.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def browser_missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        return "Debian's chromium is not installed (apt-get install -y chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed (pip install '.[test]')"
    return None


def launched(profile: Path, width: int = 1300) -> Iterator[Any]:
    """A browser context, or the test skipped (failed in CI) without one."""
    missing = browser_missing()
    if missing is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    executable = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable, headless=True, args=ARGS,
            viewport={"width": width, "height": 1000})
        yield context
        context.close()


def drawn(context: Any, page: str, folder: Path) -> str:
    """The page once its script has drawn everything (as for printing): its DOM as HTML."""
    path = folder / "drawn.html"
    path.write_text(page, encoding="utf-8")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    tab.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    html = str(tab.evaluate("'<!DOCTYPE html>' + document.documentElement.outerHTML"))
    tab.close()
    assert errors == []
    return html
