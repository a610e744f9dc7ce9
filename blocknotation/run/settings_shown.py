"""``validate --show-settings``: the configuration file each file gets, and what it sets.

For each file: the configuration that applies to it (``blocknot.toml`` or a
``pyproject.toml`` with ``[tool.blocknot]``, the nearest above the file; ``--config``;
none), the codes it is checked for, with ``per-file-ignores`` applied, and the settings
of the run, which come from the configuration of the current directory and the command
line.  Nothing is checked.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..basics.diagnostics import printable


def show_settings(files: Sequence[str], configs: Sequence[Any], selections: Sequence[Any],
                  run: Any, strict: bool, lang: str, fmt: str) -> None:
    """Print each file's settings, then the run's."""
    for path, config, selection in zip(files, configs, selections, strict=True):
        _line(printable(path))
        _line(f"  configuration: {printable(config.path) if config.path else '(none)'}")
        _line(f"  select: {_codes(selection.select) or '(every code)'}")
        _line(f"  ignore: {_codes(selection.ignore) or '(none)'}")
        if selection.file_ignores:
            _line(f"  ignore-file comments: {_codes(selection.file_ignores)}")
    _line("run")
    _line(f"  configuration: {printable(run.path) if run.path else '(none)'}")
    _line(f"  strict: {'true' if strict else 'false'}")
    _line(f"  lang: {lang}")
    _line(f"  format: {fmt}")
    _line(f"  jobs: {run.jobs if run.jobs is not None else 1}")
    _line(f"  include: {_codes(run.include) or '(default)'}")
    _line(f"  exclude: {_codes(run.exclude) or '(none)'}")
    _line(f"  help-uri: {run.help_uri or '(none)'}")


def _codes(values: Sequence[str]) -> str:
    return ", ".join(printable(v) for v in values)


def _line(text: str) -> None:
    """A line on standard output, as ``click.echo`` writes it."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
