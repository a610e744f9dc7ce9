"""What a code of the catalogue is: one entry holds everything about it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..i18n import N_

__all__ = ["N_", "Code", "Severity"]

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Code:
    """One code: its severity and one-line summary, the rules of docs/rules.md it enforces,
    the package modules whose checks raise it (``checks``, paths under ``blocknotation/``;
    more than one only where they are stages of one rule), what it means and why (English
    msgids, shown by ``blocknot rules CODE``), and its example records under
    ``blocknotation/examples/``: ``bad`` reports it, ``good`` is the record fixed.
    ``bad_note`` describes a bad example that is not text (``S003``), shown with its bytes.
    """

    code: str
    severity: Severity
    summary: str
    rules: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()
    what: str = ""
    why: str = ""
    bad: str = ""
    bad_note: str | None = None

    def __post_init__(self) -> None:
        if not self.bad:
            object.__setattr__(self, "bad", f"{self.code}.bad.txt")

    @property
    def good(self) -> str:
        """The file name of the example fixed."""
        return f"{self.code}.good.txt"
