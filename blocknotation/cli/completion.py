"""Shell completion through click: codes for ``--select`` and ``--ignore``.

Enable it with ``eval "$(_BLOCKNOT_COMPLETE=bash_source blocknot)"`` (``zsh_source``,
``fish_source`` for the other shells; docs/editors.md, "Shell completion").  File arguments complete
as paths, through their ``click.Path`` type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


def complete_codes(ctx: click.Context, param: click.Parameter, incomplete: str
                   ) -> list[CompletionItem]:
    """The catalogue's codes that extend the last of a comma-separated list."""
    from click.shell_completion import CompletionItem

    from ..basics.diagnostics import CATALOGUE

    done, _, last = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    return [CompletionItem(prefix + code.code, help=code.summary)
            for code in CATALOGUE.values() if code.code.startswith(last.upper())]
