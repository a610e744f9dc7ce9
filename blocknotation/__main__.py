"""``python -m blocknotation`` runs the ``blocknot`` command."""

from .cli.commands import main

main()
