"""One name for one thing across the commands, and the small things a newcomer notices: ``-o,
--output`` everywhere (the older ``--output-file`` still read, no longer shown), counts said
in the singular for one, the HTML report's status said once, ``blocknot --help``'s summaries
whole, the CLI reference linking every command's page, and ``site/`` ignored by git."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path

import pytest

from blocknotation.run import progress

from inprocess import run_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "three-players.block"


@pytest.mark.parametrize("command", ["validate", "analyse", "standings", "convert", "export",
                                     "generate"])
def test_every_command_names_its_output_o_and_output(command: str) -> None:
    shown = run_text(command, "--help").stdout
    assert re.search(r"^  -o, --output ", shown, re.MULTILINE), command
    assert "--output-file" not in shown


@pytest.mark.parametrize("command", ["validate", "analyse"])
def test_the_older_name_is_still_read(command: str, tmp_path: Path) -> None:
    for name in ("-o", "--output", "--output-file"):
        out = tmp_path / f"{command}{name}.txt"
        done = run_text(command, name, str(out), str(SAMPLE))
        assert (done.returncode, done.stdout) == (0, ""), name
        assert "Zoë" in out.read_text("utf-8")


def test_one_is_singular(tmp_path: Path) -> None:
    record = tmp_path / "one.block"
    record.write_text((ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8"),
                      "utf-8")
    done = run_text("export", str(record), "--to", "csv", "-o", str(tmp_path / "tables"))
    assert done.stdout == f"{tmp_path / 'tables'}: 1 game, 2 hand rows, 12 moves, " \
                          "1 diagnostic (csv)\n"
    italian = run_text("export", "--lang", "it", str(record), "--to", "csv", "-o",
                       str(tmp_path / "tavole"))
    assert italian.stdout.endswith(": 1 partita, 2 righe di mani, 12 mosse, 1 diagnostica "
                                   "(csv)\n")


def test_the_progress_line_counts_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = iter([0.0, 2.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    stream = Terminal()
    progress.Progress(100, stream=stream).advance(50, 1)
    assert ", 1 game, " in stream.getvalue()


def test_the_html_status_is_said_once(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    run_text("validate", "--format", "html", "-o", str(out), str(SAMPLE))
    status = re.search(r"<dt>Status</dt>\s*<dd>([^<]*)</dd>", out.read_text("utf-8"))
    assert status is not None and status.group(1) == "Zoë wins with 74 points"


def test_the_commands_summaries_are_whole() -> None:
    for lang in ("en", "it"):
        shown = run_text("--lang", lang, "--help").stdout
        listed = shown.split("Commands:" if lang == "en" else "Comandi:", 1)[1]
        assert "..." not in listed and "…" not in listed
    words = " ".join(run_text("--help").stdout.split())
    assert "analyse Find where each hand was won or lost: the value of every move under best " \
           "play. convert" in words


def test_the_cli_reference_links_every_commands_page() -> None:
    spec = importlib.util.spec_from_file_location("docs_pages", ROOT / "tools" / "docs_pages.py")
    assert spec is not None and spec.loader is not None
    pages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pages)
    head = pages.cli_page().split("\n## ", 1)[0]
    for name, page in (("validate", "validate.md"), ("analyse", "analysis.md"),
                       ("standings", "standings.md"), ("export", "export.md"),
                       ("generate", "generate.md")):
        assert f"[{name}]({page})" in head, name


def test_the_built_site_is_not_committed() -> None:
    assert "site/" in (ROOT / ".gitignore").read_text("utf-8").splitlines()
