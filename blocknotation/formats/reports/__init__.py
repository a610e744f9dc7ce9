"""Validation reports: text, JSON, JSON Lines, GitHub, SARIF, JUnit, statistics, annotated."""
