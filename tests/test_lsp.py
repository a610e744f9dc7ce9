"""``blocknot lsp`` end to end: a real client (pygls's) talks to the server over a stream, the
server in a thread of the test process (``tests/lsp_session.py``); one test (diagnostics and
their UTF-16 ranges) talks to ``python -m blocknotation lsp`` over its standard input and
output, as an editor does.

Skipped only when pygls, which the ``lsp`` and ``test`` extras install, is missing.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_session import RECORD, Session
from lsprotocol import types

# The shared record, with a house target whose G105 is suppressed on its line.
HAND = RECORD.replace('[Players "Ada 𝔅ea"]\n',
                      '[Players "Ada 𝔅ea"]\n[Target "50"]  # blocknot: ignore[G105]\n', 1)


def run(scenario: Callable[[Session], Awaitable[None]], **options: object) -> None:
    async def session() -> None:
        async with Session(**options) as server:  # type: ignore[arg-type]
            await scenario(server)

    asyncio.run(session())


def at(text: str, line: int) -> str:
    return text.split("\n")[line]


def test_a_clean_record_has_no_diagnostics(tmp_path: Path) -> None:
    async def scenario(s: Session) -> None:
        assert await s.open(tmp_path / "club.block", HAND) == []

    run(scenario)


def test_diagnostics_have_code_severity_utf16_range_and_link(tmp_path: Path) -> None:
    # 𝔅ea passes holding 3-6, which fits the 6: P405 over the whole statement.
    text = HAND.replace("𝔅ea: 6-3 L", "𝔅ea: pass")
    broken = HAND.replace("𝔅ea: 6-3 L", "𝔅ea 6-3 L")

    async def scenario(s: Session) -> None:
        found = await s.open(tmp_path / "club.block", text)
        p405 = next(d for d in found if d.code == "P405")
        assert p405.severity == types.DiagnosticSeverity.Error
        assert p405.source == "blocknot"
        assert "passed holding 3-6" in p405.message
        # "𝔅ea: pass" is 9 code points and 10 UTF-16 units long.
        assert (p405.range.start.line, p405.range.start.character) == (12, 0)
        assert (p405.range.end.line, p405.range.end.character) == (12, 10)
        assert p405.code_description is not None
        assert p405.code_description.href.endswith("docs/notation.md#p405")
        # "𝔅ea 6-3 L": the colon is missing where 6-3 stands, after 𝔅 (two units) "ea ".
        found = {d.code: d for d in await s.open(tmp_path / "broken.block", broken)}
        s001 = found["S001"]
        assert (s001.range.start.line, s001.range.start.character) == (12, 5)
        assert s001.message.startswith("unexpected '6-3'")

    run(scenario, process=True)


def test_changes_are_checked_again(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        assert await s.open(path, HAND) == []
        found = await s.change(path, HAND.replace("points 𝔅ea 25", "points 𝔅ea 20"))
        assert [(d.code, d.range.start.line) for d in found] == [("E504", 23)]
        assert await s.change(path, HAND) == []

    run(scenario)


def test_configuration_and_client_locale(tmp_path: Path) -> None:
    (tmp_path / "blocknot.toml").write_text('ignore = ["E504"]\nstrict = true\n')
    text = HAND.replace("points 𝔅ea 25", "points 𝔅ea 20").replace(
        "  # blocknot: ignore[G105]", "")

    async def scenario(s: Session) -> None:
        found = await s.open(tmp_path / "club.block", text)
        assert [(d.code, d.severity) for d in found] == [
            ("G105", types.DiagnosticSeverity.Error)]  # a warning counts as an error: strict
        assert "Target" in found[0].message and "obiettivo" in found[0].message.lower()

    run(scenario, locale="it-IT")


def test_hover_on_a_play_shows_the_ends_the_chain_and_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, HAND)
        shown = await s.hover(path, 10, 3)  # 𝔅ea: 6-6 L
        assert shown is not None
        assert shown.splitlines()[0] == "ends 6|4"
        assert "Tiles: [0|5], [0|6], [4|5], [6|6]." in shown
        assert shown.splitlines()[-1] == "𝔅ea still holds 4-4 1-1 2-4 3-6 3-4"
        last = await s.hover(path, 19, 3)  # Ada: 2-2 L, the last tile Ada plays
        assert last is not None and last.splitlines()[-1] == "Ada still holds 5-6 5-1 5-5"

    run(scenario)


def test_hover_on_a_hand_line_gives_its_count(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, HAND)
        assert await s.hover(path, 3, 1) == (
            "hand 1: blocked\nremaining pips: Ada 27, 𝔅ea 2\n𝔅ea scores 27 − 2 = 25\n"
            "totals: Ada 0, 𝔅ea 25\nhand 1: Ada wins by force from the first move, scoring "
            "at least 32 whatever 𝔅ea plays")

    run(scenario)


def test_hover_on_a_code_explains_it(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, HAND)
        column = at(HAND, 1).index("G105") + 2
        shown = await s.hover(path, 1, column)
        assert shown is not None
        assert shown.startswith("G105 (warning): Target overrides the rules' target")
        assert await s.hover(path, 2, 0) is None  # a blank line

    run(scenario)


def test_hover_inside_a_diagnostic_gives_its_message_and_page(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    text = HAND.replace("points 𝔅ea 25", "points 𝔅ea 20")

    async def scenario(s: Session) -> None:
        await s.open(path, text)
        shown = await s.hover(path, 23, 2)
        assert shown is not None
        assert shown.startswith("E504 ")
        assert "E504 (error): a points claim differs from the recomputed points" in shown

    run(scenario)


def typing(line: int, typed: str) -> str:
    """HAND cut after ``line`` (0-based), with ``typed`` as the next line."""
    kept = HAND.split("\n")[:line + 1]
    return "\n".join([*kept, typed]) + "\n"


def test_completion_offers_the_tiles_that_fit_first(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        # After Ada: 4-5 the ends are 6|4: every tile 𝔅ea still holds fits one of them but
        # 1-1 (which is not offered), and none fits both, so no side is needed.
        await s.open(path, typing(9, "𝔅ea: "))
        items = await s.complete(path, 10, len("𝔅ea: ") + 1)
        assert [i.label for i in items] == ["4-4", "2-4", "3-6", "3-4", "6-6"]
        assert items[0].preselect and not any(i.preselect for i in items[1:])
        # After Ada: 4-0 R the ends are 6|0: only 3-6 fits, and a pass would be illegal.
        await s.change(path, typing(11, "𝔅ea: "))
        items = await s.complete(path, 12, len("𝔅ea: ") + 1)
        assert [i.label for i in items] == ["3-6"]
        assert items[0].text_edit is not None

    run(scenario)


def test_completion_offers_pass_only_when_nothing_fits(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        # After 𝔅ea: 6-3 L the ends are 3|0 and Ada holds 5-6 5-1 2-2 5-5 5-4.
        await s.open(path, typing(12, "Ada: "))
        assert [i.label for i in await s.complete(path, 13, 5)] == ["pass"]

    run(scenario)


def test_completion_gives_sides_when_a_tile_fits_both_ends(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    text = HAND.replace("deal Ada: 5-6 0-5 5-1 2-2 5-5 0-4 5-4",
                        "deal Ada: 5-6 0-5 5-1 2-2 4-6 0-4 5-4")

    async def scenario(s: Session) -> None:
        cut = "\n".join(text.split("\n")[:11]) + "\nAda: 4-\n"  # ends 6|4 after 𝔅ea: 6-6 L
        await s.open(path, cut)
        items = await s.complete(path, 11, len("Ada: 4-"))
        assert [i.label for i in items] == ["5-6", "4-6 L", "4-6 R", "0-4"]
        edit = items[1].text_edit
        assert isinstance(edit, types.TextEdit)
        assert (edit.range.start.character, edit.range.end.character) == (5, 7)

    run(scenario)


def test_completion_of_names_and_keywords(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, typing(12, "o"))
        labels = [i.label for i in await s.complete(path, 13, 1)]
        assert labels[:2] == ["Ada", "𝔅ea"]
        assert {"hand", "opener", "deal", "pass", "show", "domino", "blocked", "points",
                "score"} <= set(labels)

    run(scenario)


def test_inlay_hints_show_the_ends_and_the_totals(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, HAND)
        hints = await s.hints(path, 0, 30)
        shown = [(h.position.line, h.position.character, h.label) for h in hints]
        assert shown[:3] == [(7, 8, "0|5"), (8, 9, "6|5"), (9, 8, "6|4")]
        assert shown[-1] == (24, len("score Ada 0, 𝔅ea 25") + 1, "totals: Ada 0, 𝔅ea 25")
        assert len(shown) == 10 + 1  # ten tiles placed, one hand counted

    run(scenario)


def test_without_pygls_the_command_says_which_extra_to_install() -> None:
    code = ("import sys; sys.modules['pygls'] = None\n"
            "from blocknotation.cli.commands import main\nmain(['lsp'])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == ("blocknot: blocknot lsp needs the lsp extra: "
                           "pip install 'blocknot[lsp]'\n")


def test_other_commands_do_not_load_pygls() -> None:
    code = ("import sys\nfrom blocknotation.cli.commands import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(repr(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'pygls', 'lsprotocol'})))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.stderr.endswith("[]"), done.stderr


def test_completion_past_the_end_of_the_document_is_taken_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        await s.open(path, '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2')
        for line, character in ((5, 0), (3, 40), (9, 9)):
            items = await s.complete(path, line, character)
            assert items, (line, character)
            for item in items:
                assert isinstance(item.text_edit, types.TextEdit)
                assert item.text_edit.range.end == types.Position(line=3, character=8)
                assert item.text_edit.range.start.character >= 0
            # hover answers there as well (an error would be raised here)
            await s.hover(path, line, character)

    run(scenario)
