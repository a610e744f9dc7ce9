"""``--format github``: GitHub Actions workflow commands, one annotation per diagnostic.

``::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=CODE::message`` (``::warning``
for warnings); a file that could not be read is an ``::error`` on the file, titled
``unreadable``; what a game's figures do not rest on is a ``::notice`` (titled
``not-checked`` at a hand not replayed, ``unverified-claims`` at the game).  Values are
escaped as the workflow-command rules require: ``%``, CR and LF in the message; those and
``:`` and ``,`` in the properties.
"""

from __future__ import annotations

from typing import IO

from ...basics.diagnostics import Diagnostic
from ...basics.i18n import translator
from ...report.caveats import caveats
from ...report.values import Piece, Tally
from .jsonl import write_line


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(path: str, d: Diagnostic, lang: str = "en") -> str:
    end_line, end_column = d.end
    properties = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in (("file", path), ("line", d.line), ("col", d.column),
                           ("endLine", end_line), ("endColumn", end_column), ("title", d.code))
    )
    message = d.message.render(translator(lang))
    return f"::{d.severity} {properties}::{escape_data(message)}"


class GithubSink:
    """Writes each diagnostic as a workflow command as soon as its game is done."""

    wants_digest = False

    def __init__(self, out: IO[str], lang: str = "en") -> None:
        self.out = out
        self.lang = lang

    def add(self, path: str, piece: Piece, digest: str | None) -> None:
        for d in piece.diagnostics:
            write_line(self.out, annotation(path, d, self.lang))
        for game in piece.games:
            for line, kind, text in caveats(game, piece.diagnostics).notes(game.line, self.lang):
                properties = ",".join(f"{key}={escape_property(str(value))}" for key, value in
                                      (("file", path), ("line", line), ("title", kind)))
                write_line(self.out, f"::notice {properties}::{escape_data(text)}")

    def unreadable(self, path: str, reason: str, message: str) -> None:
        properties = f"file={escape_property(path)},title=unreadable"
        write_line(self.out, f"::error {properties}::{escape_data(message)}")

    def end_file(self, path: str, tally: Tally) -> None:
        pass

    def close(self, interrupted: bool = False) -> None:
        self.out.flush()
