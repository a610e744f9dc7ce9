"""Gitignore-style patterns (``--include``, ``--exclude``, ``.gitignore`` files, the
configuration's ``include``, ``exclude`` and ``per-file-ignores``), compiled by pathspec.

A pattern pathspec cannot compile (``[z-a]``, ``!``, a lone ``\\``) is a ``BadPattern`` that
says which one, never ``re.error`` or pathspec's own exception: the command line turns it
into a usage error that names the pattern and where it came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pathspec

    #: A compiled list of patterns.
    Spec = pathspec.PathSpec[Any]


class BadPattern(ValueError):
    """``pattern``, the ``number``-th of its list (from 1), cannot be compiled."""

    def __init__(self, pattern: str, number: int) -> None:
        super().__init__(f"{pattern!r} is not a valid gitignore-style pattern")
        self.pattern = pattern
        self.number = number


def compiled(patterns: Iterable[str]) -> Spec:
    """The patterns as one pathspec; ``BadPattern`` for the first that cannot be compiled."""
    # pathspec loads only when a pattern is used, not for files named on the command line.
    import pathspec

    lines = list(patterns)
    try:
        return pathspec.PathSpec.from_lines("gitignore", lines)
    except (re.error, ValueError):  # ValueError: pathspec's GitIgnorePatternError
        pass
    for number, line in enumerate(lines, start=1):
        try:
            pathspec.PathSpec.from_lines("gitignore", [line])
        except (re.error, ValueError):
            raise BadPattern(line.rstrip("\r\n"), number) from None
    raise BadPattern("", 0)  # pragma: no cover - the whole failed, so one line fails
