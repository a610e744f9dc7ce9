"""``--format sarif``: one SARIF 2.1.0 log for every file checked.

One run of the tool ``blocknot``: its rules are the whole catalogue, each with its summary,
the explanation of ``blocknot rules CODE`` (what it means and why) as help, and a ``helpUri``
only when the configuration gives one (``help-uri``, a URL of published docs): never a path
on the machine that wrote the log, which means nothing where the log is read (a code
scanning service).  ``help_uri`` and ``docs_base`` are the language server's links, to the
page installed with the package, for an editor on this machine.
Each diagnostic is a result with its rule, level and a physical location (the file as a
relative URI, and the region from the start to the end of the statement or token at fault).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path, PurePath
from typing import IO, Any
from urllib.parse import quote

from ... import __version__
from ...basics.diagnostics import CATALOGUE, Diagnostic
from ...basics.i18n import translator
from ...basics.interrupts import held
from ...report.caveats import caveats
from ...report.values import Piece, Tally

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
HELP_PAGE = "docs/notation.md"


def help_uri(code: str, base: str = "") -> str:
    """The link to ``code``'s row of the catalogue: relative to the repository's root, or
    under ``base`` (a URI ending in ``/``: ``docs_base``)."""
    return f"{base}{HELP_PAGE}#{code.lower()}"


@cache
def docs_base() -> str | None:
    """The URI of the directory that holds docs/notation.md: the package's own directory
    once installed (the wheel carries the page), the checkout's root when run from one;
    None when neither has it."""
    package = Path(__file__).resolve().parents[2]  # blocknotation/
    for root in (package, package.parent):
        if (root / HELP_PAGE).is_file():
            return root.as_uri() + "/"
    return None


def rule_objects(lang: str = "en", help_uri: str | None = None) -> list[dict[str, Any]]:
    """The log's rules, one per code; ``help_uri``: the link template of each code's help
    (``{code}`` in lower case), else no ``helpUri`` (never a path on this machine)."""
    from ...basics.explain import EXPLANATIONS

    translate = translator(lang)
    rules = []
    for code in CATALOGUE.values():
        entry = EXPLANATIONS[code.code]
        what, why = translate(entry.what), translate(entry.why)
        rules.append({
            "id": code.code,
            "shortDescription": {"text": translate(code.summary)},
            "fullDescription": {"text": what},
            "help": {"text": f"{what}\n\n{why}"},
            **({"helpUri": help_uri.replace("{code}", code.code.lower())} if help_uri else {}),
            "defaultConfiguration": {"level": code.severity},
            "properties": {"tags": list(code.rules)},
        })
    return rules


def artifact_uri(path: str) -> str:
    """A file name as a URI reference: forward slashes, unsafe characters %-escaped (a name
    that is not UTF-8, byte by byte); an absolute path as a ``file:`` URI."""
    if PurePath(path).is_absolute():
        return Path(path).as_uri()
    return quote(os.fsencode(PurePath(path).as_posix()), safe="/")  # the bytes of the name


def result_object(path: str, d: Diagnostic, lang: str = "en") -> dict[str, Any]:
    end_line, end_column = d.end
    return {
        "ruleId": d.code,
        "ruleIndex": list(CATALOGUE).index(d.code),
        "level": d.severity,
        "message": {"text": d.message.render(translator(lang))},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": artifact_uri(path)},
            "region": {"startLine": d.line, "startColumn": d.column,
                       "endLine": end_line, "endColumn": end_column},
        }}],
    }


class SarifSink:
    """Keeps the results (never the games) and writes the log at the end.

    A file's results join the log once the file is done, so an interrupted run's log holds
    the files checked whole; it then says so in an invocation (``executionSuccessful`` false,
    ``properties.interrupted``), as it tells each file that could not be read in a
    notification on the file."""

    wants_digest = False

    def __init__(self, out: IO[str], lang: str = "en", help_uri: str | None = None) -> None:
        self.out = out
        self.lang = lang
        self.help_uri = help_uri
        self.results: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        self.artifacts: list[str] = []
        self.notifications: list[dict[str, Any]] = []
        self.pending_notes: list[dict[str, Any]] = []

    def add(self, path: str, piece: Piece, digest: str | None) -> None:
        self.pending += [result_object(path, d, self.lang) for d in piece.diagnostics]
        for game in piece.games:
            for line, kind, text in caveats(game, piece.diagnostics).notes(game.line, self.lang):
                self.pending_notes.append({
                    "level": "note", "message": {"text": text}, "descriptor": {"id": kind},
                    "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": artifact_uri(path)},
                        "region": {"startLine": line}}}],
                })

    def unreadable(self, path: str, reason: str, message: str) -> None:
        self.notifications.append({
            "level": "error", "message": {"text": message},
            "descriptor": {"id": "unreadable"},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)}}}],
        })

    def end_file(self, path: str, tally: Tally) -> None:
        self.artifacts.append(path)
        self.results += self.pending
        self.notifications += self.pending_notes
        self.pending, self.pending_notes = [], []

    def close(self, interrupted: bool = False) -> None:
        run: dict[str, Any] = {
            "tool": {"driver": {"name": "blocknot", "version": __version__,
                                "rules": rule_objects(self.lang, self.help_uri)}},
            "artifacts": [{"location": {"uri": artifact_uri(p)}} for p in self.artifacts],
            "results": self.results,
        }
        if interrupted or self.notifications:
            invocation: dict[str, Any] = {"executionSuccessful": not interrupted}
            if self.notifications:
                invocation["toolExecutionNotifications"] = self.notifications
            if interrupted:
                invocation["properties"] = {"interrupted": True}
            run["invocations"] = [invocation]
        log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
        with held():
            self.out.write(json.dumps(log, ensure_ascii=False, indent=2) + "\n")
            self.out.flush()
