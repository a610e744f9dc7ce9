"""The codes each file is checked for: ``--select`` and ``--ignore``, else the
configuration nearest above the file (``select``, ``ignore``, ``per-file-ignores``), and its
``ignore-file`` comments.  ``validate``, ``standings`` and ``export`` give a file the same."""

from __future__ import annotations

from typing import Any

from ..pipeline import Selection
from .files import codes
from .problems import Refused


def chosen(select: str | None, ignore: str | None, config: Any) -> Selection:
    """The codes ``--select`` and ``--ignore`` choose, else ``config``'s: a ``--select``
    given is a whole selection, which the file's ``ignore`` does not narrow."""
    return Selection(
        codes(select) if select is not None else config.select,
        codes(ignore) if ignore is not None else () if select is not None else config.ignore)


def config_of(per_file: Any, path: str, stdin_name: str | None) -> Any:
    """The configuration of one file (standard input: of its ``--stdin-filename``)."""
    from ..basics.config import ConfigProblem

    try:
        return per_file.of(stdin_name or path if path == "-" else path)
    except ConfigProblem as problem:
        raise Refused(problem.words or str(problem)) from None


def selection_for(path: str, stdin_name: str | None, selection: Selection, config: Any,
                  suppress: bool) -> Selection:
    """The codes to report for one file: per-file-ignores (standard input is matched by its
    ``--stdin-filename``), and its ignore-file comments."""
    from ..suppress import file_codes

    file_ignores = file_codes(path) if suppress and path != "-" else ()
    name = stdin_name if path == "-" else path
    ignored = config.ignored_for(name) if name is not None else ()
    return Selection(selection.select, selection.ignore + ignored, file_ignores, suppress)
