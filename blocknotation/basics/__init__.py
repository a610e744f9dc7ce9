"""Shared basics: the diagnostics registry, messages in the user's language, limits, names."""
