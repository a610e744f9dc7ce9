"""An open document: its text as the editor has it, and the analysis of its last version.

The editor sends each change as it makes it (``TextDocumentSyncKind.Incremental``): the range
replaced and the text put there, or the whole text.  A range is found in the text from the
nearest place the analysis knows (``ranges.Lines``), so a key typed costs the change, not
the document; the analysis then checks again only the games the change touched.

The protocol's lines end at LF, CRLF or a lone CR, blocknot's at LF alone: they are the same
lines unless the text holds a lone CR (which blocknot reports, S001).  While it holds one, a
range is found by the protocol's lines, counted from the start.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lsprotocol import types

from .analysis import Analysis
from .ranges import characters
from .settings import Settings

_LONE_CR = re.compile(r"\r(?!\n)")
_BREAK = re.compile(r"\r\n|\r|\n")

Change = types.TextDocumentContentChangePartial | types.TextDocumentContentChangeWholeDocument


@dataclass(slots=True)
class Document:
    """An open document: where it is, what applies to it, and its last analysis."""

    uri: str
    path: str
    settings: Settings
    encoding: str
    version: int | None
    analysis: Analysis
    lone_cr: int
    """The lone CRs of the text (see the module's docstring)."""

    @classmethod
    def open(cls, uri: str, path: str, settings: Settings, encoding: str, version: int | None,
             text: str) -> Document:
        analysis = Analysis.of(text, path, settings, encoding)
        return cls(uri, path, settings, encoding, version, analysis,
                   len(_LONE_CR.findall(text)))

    def change(self, changes: Sequence[Change], version: int | None) -> Analysis:
        """The text once ``changes`` are made, one after the other, and its analysis."""
        text = self.analysis.text
        region: tuple[int, int, int] | None = None
        for number, change in enumerate(changes):
            if isinstance(change, types.TextDocumentContentChangePartial):
                start, stop = self._offsets(text, change.range, fresh=number == 0)
                new = "".join((text[:start], change.text, text[stop:]))
                self.lone_cr += (_lone(new, start - 1, start + len(change.text))
                                 - _lone(text, start - 1, stop))
                text = new
                region = (start, stop, start + len(change.text)) if number == 0 else None
            else:
                text, region = change.text, None
                self.lone_cr = len(_LONE_CR.findall(text))
        return self.update(text, version, region if len(changes) == 1 else None)

    def update(self, text: str, version: int | None,
               region: tuple[int, int, int] | None = None) -> Analysis:
        """``text`` as the document's new version (``settings`` as they are now)."""
        self.version = version
        self.analysis = Analysis.of(text, self.path, self.settings, self.encoding,
                                    self.analysis, region)
        return self.analysis

    def _offsets(self, text: str, where: types.Range, fresh: bool) -> tuple[int, int]:
        """The characters of ``text`` that ``where`` covers.  The first change of a
        notification is found from the analysis's lines; a later one from the start."""
        start = self._offset(text, where.start, fresh)
        stop = self._offset(text, where.end, fresh)
        return (start, stop) if start <= stop else (stop, start)

    def _offset(self, text: str, position: types.Position, fresh: bool) -> int:
        if self.lone_cr or not fresh:
            return _counted(text, position, self.encoding)
        lines = self.analysis.lines
        if position.line >= lines.count:
            return len(text)
        start = lines.offset(position.line + 1)
        end = text.find("\n", start)
        line = text[start:end if end >= 0 else len(text)].removesuffix("\r")
        return start + characters(line, position.character, self.encoding)


def _counted(text: str, position: types.Position, encoding: str) -> int:
    """The character of ``text`` at ``position``, its lines counted from the start as the
    protocol counts them."""
    start = 0
    for _ in range(position.line):
        found = _BREAK.search(text, start)
        if found is None:
            return len(text)
        start = found.end()
    found = _BREAK.search(text, start)
    end = found.start() if found is not None else len(text)
    return start + characters(text[start:end], position.character, encoding)


def _lone(text: str, start: int, stop: int) -> int:
    """The lone CRs of ``text`` from ``start`` to ``stop``: a change of the characters after
    ``start`` decides those (the one at ``start`` is the character before the change)."""
    return sum(1 for m in _LONE_CR.finditer(text, max(start, 0), stop + 1) if m.start() < stop)
