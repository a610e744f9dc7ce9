"""``--format junit``: JUnit XML, as CI servers show test results.

One ``testsuite`` per file, one ``testcase`` per game (named ``game N (line L)``), and a
``failure`` per error of that game; warnings are listed in the case's ``system-out``, and so
is what the game's figures do not rest on (a hand not checked, claims not verified).
Diagnostics outside any game make a case named ``file``; so does a file that could not be
read whole, with an ``error`` of type ``unreadable``.  An interrupted run's XML holds the
files checked whole, and ``interrupted="true"`` on ``testsuites``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import IO

from ...basics.diagnostics import Diagnostic
from ...basics.i18n import translator
from ...basics.interrupts import held
from ...basics.paths import utf8_path
from ...report.caveats import caveats
from ...report.values import Piece, Tally


class JunitSink:
    """Builds the XML tree of cases (diagnostics and names only) and writes it at the end."""

    wants_digest = False

    def __init__(self, out: IO[str], lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self.translate = translator(lang)
        self.root = ET.Element("testsuites", name="blocknot")
        self.suite: ET.Element | None = None

    def _suite(self, path: str) -> ET.Element:
        if self.suite is None:
            self.suite = ET.SubElement(self.root, "testsuite", name=path)
        return self.suite

    def _case(self, path: str, name: str, diagnostics: Sequence[Diagnostic],
              notes: Sequence[str] = ()) -> None:
        case = ET.SubElement(self._suite(path), "testcase", classname=path, name=name)
        notes = list(notes)
        for d in diagnostics:
            text = f"{path}:{d.line}:{d.column}: {d.code} {d.message.render(self.translate)}"
            if d.is_error:
                failure = ET.SubElement(case, "failure", type=d.code, message=text)
                failure.text = text
            else:
                notes.append(f"warning {text}")
        if notes:
            ET.SubElement(case, "system-out").text = "\n".join(notes)

    def add(self, path: str, piece: Piece, digest: str | None) -> None:
        path = utf8_path(path)  # XML holds characters, not the bytes of a name
        games = {game.index for game in piece.games}
        loose = [d for d in piece.diagnostics if d.game not in games]
        if loose:
            self._case(path, "file", loose)
        for game in piece.games:
            own = [d for d in piece.diagnostics if d.game == game.index]
            notes = [f"note {path}:{line}: {text}" for line, _, text in
                     caveats(game, own).notes(game.line, self.lang)]
            self._case(path, f"game {game.index} (line {game.line})", own, notes)

    def unreadable(self, path: str, reason: str, message: str) -> None:
        path, message = utf8_path(path), utf8_path(message)
        case = ET.SubElement(self._suite(path), "testcase", classname=path, name="file")
        ET.SubElement(case, "error", type="unreadable", message=message).text = message

    def end_file(self, path: str, tally: Tally) -> None:
        path = utf8_path(path)
        suite = self._suite(path)
        cases = suite.findall("testcase")
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
        suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
        self.suite = None

    def close(self, interrupted: bool = False) -> None:
        if interrupted and self.suite is not None:  # the file being read: not whole
            self.root.remove(self.suite)
            self.suite = None
        suites = self.root.findall("testsuite")
        for key in ("tests", "failures", "errors"):
            self.root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
        if interrupted:
            self.root.set("interrupted", "true")
        ET.indent(self.root)
        with held():
            self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
            self.out.write(ET.tostring(self.root, encoding="unicode") + "\n")
            self.out.flush()
