"""blocknot's diagnostics as the editor shows them.

Each one keeps its code, its severity (a warning is shown as an error when ``strict`` is
configured, as it then fails ``blocknot validate``), the range from its start to the end of
the statement or token at fault, its message in the document's language, and a link to the
code's row of the catalogue in docs/notation.md: the link the SARIF output gives
(``output.sarif.help_uri``), made a ``file:`` URI of the page installed with the package
(or of the checkout's page).  A game's diagnostics, once made for the client, are kept
while the game stays as it is (``Shown``).
"""

from __future__ import annotations

from lsprotocol import types

from ..basics.diagnostics import Diagnostic
from ..basics.i18n import translator
from ..formats.reports.sarif import docs_base, help_uri
from ..report.values import Piece
from .analysis import Analysis
from .ranges import Lines

SOURCE = "blocknot"


def code_link(code: str) -> types.CodeDescription | None:
    base = docs_base()
    return None if base is None else types.CodeDescription(href=help_uri(code, base))


def to_lsp(d: Diagnostic, lines: Lines, lang: str, strict: bool) -> types.Diagnostic:
    """One diagnostic for the client."""
    error = d.is_error or strict
    return types.Diagnostic(
        range=lines.range(d),
        message=d.message.render(translator(lang)),
        severity=types.DiagnosticSeverity.Error if error else types.DiagnosticSeverity.Warning,
        code=d.code,
        code_description=code_link(d.code),
        source=SOURCE,
    )


class Shown:
    """A document's diagnostics for the client, those of each game kept by its piece (a
    piece stands for the game's text and place in blocknot's lines) and the lone CRs above
    it (each one a line more for the client)."""

    def __init__(self) -> None:
        self.kept: dict[int, tuple[Piece, int, list[types.Diagnostic]]] = {}
        self.basis: tuple[object, ...] = ()

    def of(self, analysis: Analysis) -> list[types.Diagnostic]:
        """Every diagnostic of the analysis, in its order."""
        settings, lines = analysis.settings, analysis.lines
        basis = (settings.lang, settings.strict, lines.encoding)
        if basis != self.basis:
            self.kept, self.basis = {}, basis
        kept: dict[int, tuple[Piece, int, list[types.Diagnostic]]] = {}
        found: list[types.Diagnostic] = []
        for game in analysis.cut.games:
            piece = game.piece
            if not piece.diagnostics:
                continue
            above = lines.lone_before(game.offset)
            known = self.kept.get(id(piece))
            if known is None or known[0] is not piece or known[1] != above:
                known = (piece, above, [to_lsp(d, lines, settings.lang, settings.strict)
                                        for d in piece.diagnostics])
            kept[id(piece)] = known
            found += known[2]
        self.kept = kept
        return found + [to_lsp(d, lines, settings.lang, settings.strict)
                        for d in analysis.diagnostics[len(found):]]
