"""Fixing records: what `validate --fix` and the language server's quick fixes write, and where."""
