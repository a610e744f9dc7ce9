"""blocknot's diagnostics as the editor shows them.

Each one keeps its code, its severity (a warning is shown as an error when ``strict`` is
configured, as it then fails ``blocknot validate``), the range from its start to the end of
the statement or token at fault, its message in the document's language, and a link to the
code's row of the catalogue in docs/notation.md: the link the SARIF output gives
(``output.sarif.help_uri``), made a ``file:`` URI of the page installed with the package
(or of the checkout's page).
"""

from __future__ import annotations

from lsprotocol import types

from ..basics.diagnostics import Diagnostic
from ..basics.i18n import translator
from ..formats.sarif import docs_base, help_uri
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
