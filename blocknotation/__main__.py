"""``python -m blocknotation`` runs the ``blocknot`` command."""

from .cli.entry import main

main()
