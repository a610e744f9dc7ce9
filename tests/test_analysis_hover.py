"""The language server's hover gives a move's value under best play (``lsp/values.py``), as
``blocknot analyse`` says it: on a play, between the chain and the tiles still held; on a
pass; and on the ``hand`` line, who wins the hand by force."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_session import RECORD, Session


def test_hover_gives_the_value_of_a_move(tmp_path: Path) -> None:
    path = tmp_path / "club.block"
    hidden = RECORD.replace("deal 𝔅ea: 4-4 1-1 2-4 3-6 3-4 6-6 0-6\n", "")

    async def scenario(s: Session) -> None:
        await s.open(path, RECORD)
        lead = await s.hover(path, 6, 1)  # Ada: 0-5
        assert lead is not None
        assert lead.splitlines()[-2] == (
            "value 32, played 6: a mistake: Ada played 0-5 and gave away 26 (Ada's points minus "
            "𝔅ea's); 2-2 would have won the blocked hand, scoring 32")
        assert lead.splitlines()[-1] == "Ada still holds 5-6 5-1 2-2 5-5 0-4 5-4"
        passed = await s.hover(path, 12, 1)  # Ada: pass
        assert passed == "value -25: a pass, the only move"
        other = tmp_path / "hidden.block"
        await s.open(other, hidden)
        head = await s.hover(other, 2, 1)
        assert head is not None and head.splitlines()[-1] == (
            "hand 1: not analysed: no deal is recorded for 𝔅ea, and the analysis needs every "
            "deal")
        assert await s.hover(other, 11, 1) is None  # a pass of a hand not analysed

    async def session() -> None:
        async with Session() as server:
            await scenario(server)

    asyncio.run(session())
