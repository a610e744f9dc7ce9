"""The command line: click commands, help, configuration, inputs, progress and workers."""
