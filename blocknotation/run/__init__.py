"""The runs behind blocknot's commands, as a library: which files and how they are read, the
streaming ``--fix``, the one ordered dispatcher of every ``--jobs``, and the report drivers.

The command line (``cli/``) parses options and picks the exit status; everything it runs is
here, for a program that calls blocknot from Python (``blocknotation.api``) as much as for
the command line.  Nothing here imports click.
"""
