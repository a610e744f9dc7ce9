"""``blocknot lsp``: what a document's settings and text change in what is reported (the
configuration file, inline suppression, the client's locale, a byte-order mark and CRLF),
end to end with a real client over stdio.  Skipped only without pygls."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install '.[lsp]'")

from lsp_session import Session
from lsprotocol import types

# A hand settled by its claims alone, whose points claim is wrong (E504 at line 6).
RECORD = """\
[Players "Ada 𝔅ea"]
hand 1
show Ada: 1-2
show 𝔅ea: -
domino 𝔅ea
points 𝔅ea 9
"""


def run(scenario: Callable[[Session], Awaitable[None]], locale: str | None = None) -> None:
    async def session() -> None:
        async with Session(locale=locale) as server:
            await scenario(server)

    asyncio.run(session())


def codes(found: list[types.Diagnostic]) -> list[tuple[str, int]]:
    return [(str(d.code), d.range.start.line + 1) for d in found]


def test_the_record_as_written_has_its_e504(tmp_path: Path) -> None:
    async def scenario(s: Session) -> None:
        found = await s.open(tmp_path / "club.block", RECORD)
        assert codes(found) == [("E504", 6)]
        assert found[0].message.startswith("points claim 𝔅ea 9")

    run(scenario)


def test_per_file_ignores_follow_the_documents_path(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.blocknot.per-file-ignores]\n"old/*.block" = ["E5"]\n')
    (tmp_path / "old").mkdir()

    async def scenario(s: Session) -> None:
        assert await s.open(tmp_path / "old" / "1999.block", RECORD) == []
        assert codes(await s.open(tmp_path / "new.block", RECORD)) == [("E504", 6)]

    run(scenario)


def test_an_ignore_file_comment_in_the_text_is_honoured(tmp_path: Path) -> None:
    async def scenario(s: Session) -> None:
        text = "# blocknot: ignore-file[E504]\n" + RECORD
        assert await s.open(tmp_path / "club.block", text) == []

    run(scenario)


def test_a_broken_configuration_is_told_once_and_defaults_apply(tmp_path: Path) -> None:
    (tmp_path / "blocknot.toml").write_text("select = [\n")

    async def scenario(s: Session) -> None:
        assert codes(await s.open(tmp_path / "club.block", RECORD)) == [("E504", 6)]
        assert codes(await s.change(tmp_path / "club.block", RECORD + "\n")) == [("E504", 6)]
        assert len(s.messages) == 1
        assert s.messages[0].type == types.MessageType.Warning
        assert "blocknot.toml is not valid TOML" in s.messages[0].message

    run(scenario)


def test_the_configured_language_wins_over_the_locale(tmp_path: Path) -> None:
    async def scenario(s: Session) -> None:
        italian = await s.open(tmp_path / "it" / "club.block", RECORD)
        english = await s.open(tmp_path / "en" / "club.block", RECORD)
        assert italian[0].message.startswith("dichiarazione points 𝔅ea 9, ma 𝔅ea segna 3")
        assert english[0].message.startswith("points claim 𝔅ea 9")

    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "blocknot.toml").write_text('lang = "en"\n')
    run(scenario, locale="it")


def test_a_byte_order_mark_and_crlf_keep_the_columns(tmp_path: Path) -> None:
    text = "\ufeff" + '[Players "Ada 𝔅ea Ada"]\n'.replace("\n", "\r\n")

    async def scenario(s: Session) -> None:
        found = await s.open(tmp_path / "club.block", text)
        assert [d.code for d in found] == ["G103"]
        # The client's line holds the mark: blocknot's column 1 is its character 1.
        assert (found[0].range.start.line, found[0].range.start.character) == (0, 1)
        assert found[0].range.end.character == len('\ufeff[Players "Ada 𝔅ea Ada"]') + 1

    run(scenario)
