"""Take the documentation's picture of a highlighted record: ``docs/highlighting.png``.

    python tools/highlight_screenshot.py

Highlights the record below with blocknot's Pygments lexer into a whole HTML page (Pygments'
``HtmlFormatter``, style ``friendly``) and photographs it with headless Chromium (Debian's
``chromium``, offline); the window is sized to the record, so the picture holds it all.
The record is hand 1 of ``samples/two-players.block`` with tags, shows and comments added, so
that every kind of token shows; ``tests/test_highlight.py`` checks that it validates clean.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "highlighting.png"

RECORD = """\
# Friday club, table 1: the first hand of samples/two-players.block
[Event "Circolo del venerdì"]
[Players "Ada Bea"]
[Target "50"]        # blocknot: ignore[G105] (a house rule)

hand 1
opener Ada
deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4
deal Bea: 4-4 1-1 2-4 3-6 3-4 6-6 0-6
Ada: 0-5
Bea: 0-6
Ada: 4-5
Bea: 6-6 L           # a double goes down crosswise
Ada: 4-0 R
Bea: 6-3 left
Ada: pass
Bea: 3-4 L
Ada: pass
Bea: 4-4 L
Ada: pass
Bea: 4-2 L
Ada: 2-2 L
Bea: pass
Ada: pass
show Ada: 5-6 5-1 5-5
show Bea: [1|1]
blocked
points Bea 25        # 27 in Ada's hand less 2 in Bea's (R15)
score Ada 0, Bea 25
"""

FONT_PX = 18
LINE_PX = 24
MARGIN_PX = 20
CHAR_PX = 11  # the width of a character of DejaVu Sans Mono at FONT_PX, rounded up
STYLE = "friendly"
PRE_CSS = (f"margin: 0; font-family: 'DejaVu Sans Mono', monospace; font-size: {FONT_PX}px; "
           f"line-height: {LINE_PX}px;")


def page() -> str:
    """The record as a whole HTML page."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    from blocknotation.formats.records.highlight import BlockLexer

    formatter = HtmlFormatter(full=True, style=STYLE, cssstyles=(
        f"margin: 0; padding: {MARGIN_PX}px; background: {formatter_background(STYLE)};"),
        prestyles=PRE_CSS)
    # A whole page has a heading for its title, even an empty one, and the browser's margin
    # round its body: the picture has neither.
    text = str(highlight(RECORD, BlockLexer(), formatter))
    return text.replace("<body>", '<body style="margin: 0">', 1).replace("<h2></h2>", "", 1)


def formatter_background(style: str) -> str:
    """The background of a Pygments style, so that the page and the record are one colour."""
    from pygments.styles import get_style_by_name

    return str(get_style_by_name(style).background_color)


def window() -> tuple[int, int]:
    """The window that holds the record and its margins, in pixels."""
    lines = RECORD.splitlines()
    width = max(len(line) for line in lines) * CHAR_PX + 2 * MARGIN_PX
    height = len(lines) * LINE_PX + 2 * MARGIN_PX
    return width, height


def main() -> int:
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    width, height = window()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.html"
        path.write_text(page(), encoding="utf-8")
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--force-device-scale-factor=1", f"--user-data-dir={folder}/profile",
             f"--window-size={width},{height}", f"--screenshot={OUT}", path.as_uri()],
            check=True, capture_output=True, timeout=120)
    print(f"wrote {OUT.relative_to(ROOT)} ({width}x{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
