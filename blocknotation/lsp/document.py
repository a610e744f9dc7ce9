"""An open document: its text as the editor has it, and the analysis of a version of it.

The editor sends each change as it makes it (``TextDocumentSyncKind.Incremental``): the range
replaced and the text put there, or the whole text.  A change is made to the text alone
(``edit``): its range is found from the nearest place ``ranges.Lines`` knows, so that it
costs the change, not the document, and nothing is checked.  The text is checked when the
server has nothing else to do (``step``), or when a request needs its analysis
(``current``): the latest text only, however many changes came since the last check, and
of it only the games those changes touched (``analysis.py``, ``cut.py``).

A check runs a game at a time, so that the server can answer what comes between two games.
A check once started runs to its end; the text changed meanwhile is checked after it, from
it.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from lsprotocol import types

from .analysis import Analysis
from .ranges import Lines
from .settings import ClientSettings

Change = types.TextDocumentContentChangePartial | types.TextDocumentContentChangeWholeDocument
#: A check under way: its steps, and the version it checks.
_Check = tuple[Generator[None, None, Analysis], int | None]


class Document:
    """An open document: where it is, what applies to it, its text and its last analysis."""

    def __init__(self, uri: str, path: str, settings: ClientSettings, encoding: str,
                 version: int | None, text: str) -> None:
        self.uri = uri
        self.path = path
        self.settings = settings
        self.encoding = encoding
        #: The version of the latest text, and its lines.
        self.version = version
        self.lines = Lines(text, (), encoding)
        #: The last analysis made, and the version it is of (an earlier one while the
        #: changes since wait to be checked).
        self.analysis: Analysis | None = None
        self.checked: int | None = None
        #: Whether the analysis has been published since it was made (``server.py``).
        self.published = False
        self._check: _Check | None = None
        #: Whether the latest text is not yet being checked; where it differs from the text
        #: of the last check (``changes.changed``: None when not known), and that one's
        #: length.
        self._stale = True
        self._since: tuple[int, int, int] | None = None
        self._known = True
        self._length = len(text)

    @classmethod
    def open(cls, uri: str, path: str, settings: ClientSettings, encoding: str, version: int | None,
             text: str) -> Document:
        """A document opened and checked at once (the server checks it when it has time)."""
        document = cls(uri, path, settings, encoding, version, text)
        document.current()
        return document

    @property
    def text(self) -> str:
        """The latest text."""
        return self.lines.source

    @property
    def busy(self) -> bool:
        """Whether the latest text waits for its check, or its analysis to be published."""
        return self._stale or self._check is not None or not self.published

    def edit(self, changes: Sequence[Change], version: int | None) -> None:
        """Make ``changes`` to the text, one after the other; nothing is checked."""
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                lines = self.lines
                start, stop = sorted((lines.offset_of(change.range.start),
                                      lines.offset_of(change.range.end)))
                self._note(start, stop, len(change.text), lines.length)
                self.lines = lines.edited(start, stop, change.text)
            else:
                self.lines = Lines(change.text, (), self.encoding)
                self._known = False
        self.version = version
        self._stale = True

    def _note(self, start: int, stop: int, size: int, length: int) -> None:
        """Where the text differs from the last one checked, once characters ``start`` to
        ``stop`` of the text (``length`` characters) became ``size`` characters: the two
        share what both the change and the changes before it left at either end."""
        if self._since is None:
            self._since = (start, stop, start + size)
            return
        first, _, new_stop = self._since
        after = min(length - new_stop, length - stop)
        self._since = (min(first, start), self._length - after, length - (stop - start) + size
                       - after)

    def recheck(self, settings: ClientSettings) -> None:
        """Check the text again, with ``settings`` (a configuration file may have changed)."""
        self.settings = settings
        self._stale = True

    def change(self, changes: Sequence[Change], version: int | None) -> Analysis:
        """Make ``changes`` and check the text at once."""
        self.edit(changes, version)
        return self.current()

    def current(self) -> Analysis:
        """The analysis of the latest text, made now if it is not."""
        while not self.step():
            pass
        assert self.analysis is not None
        return self.analysis

    def step(self) -> bool:
        """Check one game more of the text; whether the analysis is now of the latest
        text."""
        if self._check is None:
            if not self._stale:
                return True
            self._start()
        assert self._check is not None
        steps, version = self._check
        try:
            next(steps)
            return False
        except StopIteration as done:
            self._done(done.value, version)
        return not self._stale

    def _start(self) -> None:
        """Begin the check of the latest text, from the last analysis and where the two
        texts differ."""
        change = self._since if self._known else None
        self._check = (Analysis.steps(self.text, self.path, self.settings, self.encoding,
                                      self.analysis, change), self.version)
        self._stale, self._since, self._known, self._length = False, None, True, len(self.text)

    def _done(self, analysis: Analysis, version: int | None) -> None:
        self.analysis, self.checked, self._check = analysis, version, None
        self.published = False
        if not self._stale:  # the same text: the lines of its analysis know every game
            analysis.lines.known_from(self.lines)
            self.lines = analysis.lines

