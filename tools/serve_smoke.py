"""Check that the `blocknot serve` of docs/serve.md answers, and adds up the folder it serves.

    python tools/serve_smoke.py FOLDER [ADDRESS]

Waits (30 s at most) for the server at ADDRESS (by default http://127.0.0.1:8000, where the
page's command serves) to answer its director's page, then compares the standings the
director's page is given with what `blocknot standings FOLDER` prints.  Exit status 0 when
they are the same, 1 when not.  Used by .ci/run, on the page's command run as printed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request


def fetched(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return bytes(answer.read())


def main(argv: list[str]) -> int:
    folder = argv[0]
    address = argv[1] if len(argv) > 1 else "http://127.0.0.1:8000"
    end = time.monotonic() + 30
    while True:
        try:
            page = fetched(f"{address}/director")
            break
        except OSError:
            if time.monotonic() > end:
                print(f"blocknot serve does not answer at {address}")
                return 1
            time.sleep(0.2)
    shown = json.loads(fetched(f"{address}/api/evening"))["standings"]
    printed = subprocess.run([sys.executable, "-m", "blocknotation", "standings", folder],
                             capture_output=True, text=True, check=False).stdout
    if b"The director" not in page or shown != printed:
        print("the director's page does not show what blocknot standings prints:")
        print(shown)
        return 1
    print(f"blocknot serve answers at {address}, with the standings of {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
