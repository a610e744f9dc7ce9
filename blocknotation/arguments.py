"""The arguments of the library's functions checked and turned into the values the stages
take: paths to record files, codes to keep, worker processes."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pipeline import Selection
    from .season.sources import SeasonInput

Paths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def sources(paths: Paths, function: str, aliases: Any = None) -> list[SeasonInput]:
    """The record files ``paths`` names, as the command line finds them."""
    from .pipeline import Selection
    from .run.inputs import InputProblem, expand
    from .season.aliases import NO_ALIASES
    from .season.sources import SeasonInput
    from .suppress import file_codes

    named = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    if not all(isinstance(p, str | os.PathLike) for p in named):
        raise TypeError(f"{function}() takes a path or a list of paths")
    try:
        files = expand([os.fspath(p) for p in named])
    except InputProblem as problem:
        raise ValueError(str(problem)) from None
    return [SeasonInput(f, f, Selection(file_ignores=file_codes(f)), aliases or NO_ALIASES)
            for f in files]


def selection(select: Iterable[str], ignore: Iterable[str]) -> Selection:
    """The codes to keep; a single string is one code or prefix, not a list of letters."""
    from .pipeline import selection_of

    def codes(given: Iterable[str]) -> tuple[str, ...]:
        return (given,) if isinstance(given, str) else tuple(given)

    return selection_of(codes(select), codes(ignore))


def jobs_of(jobs: object, function: str) -> int:
    """``jobs=``: worker processes, 0 (one per CPU) to ``limits.MAX_JOBS``."""
    from .basics.limits import MAX_JOBS

    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"{function}() takes jobs= as an int, not {type(jobs).__name__}")
    if not 0 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs= is 0 (one per CPU) to {MAX_JOBS}, not {jobs}")
    return jobs


def require(value: object, kind: type | tuple[type, ...], function: str, wanted: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"{function}() takes {wanted}, not {type(value).__name__}")
