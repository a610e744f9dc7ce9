"""How ``validate`` formats a piece of a file's report, as text or JSON: in this process or
in a worker (``parallel.py``), which is why it is a value of its own that pickles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..formats.reports import report_text
from ..report.values import Piece, Rendered
from ..suppress import followed


@dataclass(frozen=True, slots=True)
class Render:
    """Formats a piece of file ``index``'s report; picklable, so workers can do it."""

    fmt: str
    names: tuple[str, ...]
    lang: str
    color: bool
    results: bool = True
    """Text: each game's result after its diagnostics (not with ``--quiet``)."""

    def __call__(self, index: int, piece: Piece) -> Rendered:
        if self.fmt == "json":
            from ..formats.reports import report_json  # loaded only for the JSON report

            rendered = report_json.render_piece(piece, self.lang)
        else:
            rendered = report_text.render_piece(piece, self.names[index], self.lang, self.color,
                                                self.results)
        if piece.file_marks or piece.file_used or piece.diagnostics:
            return replace(rendered, file_marks=piece.file_marks, file_used=followed(piece))
        return rendered

    def join(self, pieces: Sequence[Rendered]) -> Rendered:
        """Consecutive pieces of one file as one, written the same."""
        if self.fmt != "json":
            return Rendered.join(pieces, "")
        from ..formats.reports.report_json import GAMES_SEPARATOR

        return Rendered.join(pieces, GAMES_SEPARATOR)
