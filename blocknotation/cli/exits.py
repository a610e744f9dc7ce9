"""The exit statuses of ``blocknot`` (see ``commands.py``), in a module of their own so that
the entry point can use them without loading click."""

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
#: A bug in blocknot itself (sysexits' EX_SOFTWARE): never a verdict on the input.
EXIT_INTERNAL = 70
#: The shell's statuses for a command stopped by SIGINT, SIGPIPE and SIGTERM (128 + signal).
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE, EXIT_TERMINATED = 130, 141, 143
