"""``blocknot lsp``'s code actions (the fixes of ``validate --fix``) and formatting (``blocknot
format``), end to end with a real client over stdio.  Skipped only without pygls."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_session import RECORD, Session, applied, code_actions, formatting
from lsprotocol import types


def run(scenario: Callable[[Session], Awaitable[None]]) -> None:
    async def session() -> None:
        async with Session() as server:
            await scenario(server)

    asyncio.run(session())


def test_a_safe_quick_fix_removes_its_diagnostic(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    wrong = RECORD.replace("points 𝔅ea 25", "points 𝔅ea 20")

    async def scenario(s: Session) -> None:
        shown = await s.open(path, wrong)
        assert [(d.code, d.range.start.line) for d in shown] == [("E504", 22)]
        actions = await code_actions(s, path, 22, shown)
        assert len(actions) == 1
        action = actions[0]
        assert action.kind == types.CodeActionKind.QuickFix
        assert action.is_preferred
        assert action.title == "write points 𝔅ea 25 (was: points 𝔅ea 20)"
        assert list(action.diagnostics or ()) == shown
        assert action.edit is not None and action.edit.changes is not None
        fixed = applied(wrong, action.edit.changes[path.as_uri()])
        assert "# was: points 𝔅ea 20\npoints 𝔅ea 25\n" in fixed
        assert await s.change(path, fixed) == []
        assert await code_actions(s, path, 22, []) == []

    run(scenario)


def test_an_unsafe_fix_is_offered_but_not_preferred(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    # 𝔅ea's 1-4 fits both ends (1|4) and no side is written: on the right the next play,
    # Ada's 4-6 L, would no longer fit, so L is the likely side, but only a guess.
    doubtful = ('[Players "Ada 𝔅ea"]\n\nhand 1\nAda: 1-2\n𝔅ea: 2-3\nAda: 3-4 R\n'
                "𝔅ea: 1-4\nAda: 4-6 L\n")

    async def scenario(s: Session) -> None:
        shown = await s.open(path, doubtful)
        p404 = [d for d in shown if d.code == "P404"]
        assert [d.range.start.line for d in p404] == [6]
        actions = await code_actions(s, path, 6, shown)
        assert [(a.title, a.is_preferred) for a in actions] == [("write side L after 1-4", False)]
        assert list(actions[0].diagnostics or ()) == p404
        assert actions[0].edit is not None and actions[0].edit.changes is not None
        fixed = applied(doubtful, actions[0].edit.changes[path.as_uri()])
        assert "\n𝔅ea: 1-4 L\n" in fixed
        assert "P404" not in [d.code for d in await s.change(path, fixed)]

    run(scenario)


def test_no_actions_on_a_line_without_a_fix(tmp_path: Path) -> None:
    path = tmp_path / "club.block"

    async def scenario(s: Session) -> None:
        shown = await s.open(path, RECORD.replace("points 𝔅ea 25", "points 𝔅ea 20"))
        assert await code_actions(s, path, 10, shown) == []

    run(scenario)


def test_formatting_gives_the_canonical_text(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    untidy = RECORD.replace("Ada: 4-5", "Ada:   [4|5]   ").replace("hand 1", "hand   1")

    async def scenario(s: Session) -> None:
        await s.open(path, untidy)
        edits = await formatting(s, path)
        assert edits is not None and len(edits) == 1
        assert applied(untidy, edits) == RECORD
        await s.change(path, RECORD)
        assert await formatting(s, path) == []
        await s.change(path, RECORD.replace("Ada: 4-5", "Ada 4-5"))
        assert await formatting(s, path) is None  # a syntax error: left as it is

    run(scenario)
