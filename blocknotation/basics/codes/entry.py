"""What a code of the catalogue is: one entry holds everything about it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..i18n import N_

__all__ = ["N_", "Code", "Severity"]

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Code:
    """One code: its severity and one-line summary, the rules of docs/rules.md it enforces,
    the package modules whose checks raise it (``checks``, paths under ``blocknotation/``;
    more than one only where they are stages of one rule), what it means and why (English
    msgids, shown by ``blocknot rules CODE``), its messages, and its example records under
    ``blocknotation/examples/``: ``bad`` reports it, ``good`` is the record fixed.
    ``bad_note`` describes a bad example that is not text (``S003``), shown with its bytes.

    ``messages`` holds every sentence the code is reported with, keyed: English msgids with
    ``{placeholders}``, the templates that the checks raise by key
    (``diagnostic(code, line, column, key, **values)``), and the parts of them that a check
    fills in (``message_part(code, key, **values)``).  A sentence shared by several codes is in
    ``phrases.PHRASES`` instead.
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
    messages: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.bad:
            object.__setattr__(self, "bad", f"{self.code}.bad.txt")

    @property
    def good(self) -> str:
        """The file name of the example fixed."""
        return f"{self.code}.good.txt"
