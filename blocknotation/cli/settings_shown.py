"""``validate --show-settings``: the configuration file each file gets, and what it sets.

For each file: the configuration that applies to it (``blocknot.toml`` or a
``pyproject.toml`` with ``[tool.blocknot]``, the nearest above the file; ``--config``;
none), the codes it is checked for, with ``per-file-ignores`` applied, and the settings
of the run, which come from the configuration of the current directory and the command
line.  Nothing is checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from ..basics.diagnostics import printable


def show_settings(files: Sequence[str], configs: Sequence[Any], selections: Sequence[Any],
                  run: Any, strict: bool, lang: str, fmt: str) -> None:
    """Print each file's settings, then the run's."""
    for path, config, selection in zip(files, configs, selections, strict=True):
        click.echo(printable(path))
        click.echo(f"  configuration: {printable(config.path) if config.path else '(none)'}")
        click.echo(f"  select: {_codes(selection.select) or '(every code)'}")
        click.echo(f"  ignore: {_codes(selection.ignore) or '(none)'}")
        if selection.file_ignores:
            click.echo(f"  ignore-file comments: {_codes(selection.file_ignores)}")
    click.echo("run")
    click.echo(f"  configuration: {printable(run.path) if run.path else '(none)'}")
    click.echo(f"  strict: {'true' if strict else 'false'}")
    click.echo(f"  lang: {lang}")
    click.echo(f"  format: {fmt}")
    click.echo(f"  jobs: {run.jobs if run.jobs is not None else 1}")
    click.echo(f"  include: {_codes(run.include) or '(default)'}")
    click.echo(f"  exclude: {_codes(run.exclude) or '(none)'}")
    click.echo(f"  help-uri: {run.help_uri or '(none)'}")


def _codes(values: Sequence[str]) -> str:
    return ", ".join(printable(v) for v in values)
