"""``blocknot lsp``: the language server, over standard input and output."""

from __future__ import annotations

import click

from ..run.problems import Refused
from .help import TranslatedCommand


@click.command(cls=TranslatedCommand)
def lsp() -> None:
    """Run the language server for editors, over standard input and output."""
    from importlib.util import find_spec

    if find_spec("pygls") is None or find_spec("lsprotocol") is None:
        raise Refused("blocknot lsp needs the lsp extra: pip install 'blocknot[lsp]'")
    from ..lsp.server import run

    run()
