"""``python -m blocknotation`` runs the ``blocknot`` command."""

from .cli import main

main()
