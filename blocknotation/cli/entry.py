"""The entry point of ``blocknot`` and of ``python -m blocknotation``.

``blocknot --version`` alone is answered here, without loading click and the commands, as
click's version option answers it in ``commands.py``: the same line, and the same exit
statuses when standard output fails.  Everything else goes to ``commands.main``.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

#: The variable through which a shell asks click for completions (docs/editors.md, "Shell
#: completion").
COMPLETE_VARIABLE = "_BLOCKNOT_COMPLETE"


def main() -> NoReturn:
    """Run the command line (``commands.main``), ``--version`` without loading it."""
    if sys.argv[1:] == ["--version"] and COMPLETE_VARIABLE not in os.environ:
        _version()
    from .commands import main as run_command_line

    run_command_line()


def _version() -> NoReturn:
    from .. import __version__
    from ..run.output import STDOUT_NAME, OutputFailed, guard_stdout, say
    from .exits import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

    unguard = guard_stdout()
    try:
        sys.stdout.write(f"blocknot {__version__}\n")
        sys.stdout.flush()
    except OutputFailed as failure:  # as commands.end_for_output ends it, without click
        from ..run.output import silence_stdout

        silence_stdout()
        if failure.broken_pipe:
            sys.exit(EXIT_BROKEN_PIPE)
        say(f"blocknot: cannot write {STDOUT_NAME}: {failure.reason}\n")
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        say("blocknot: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    finally:
        unguard()
    sys.exit(EXIT_OK)
