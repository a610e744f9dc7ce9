"""Beyond one record: a season's standings and the tables that analytics tools read.

Every figure here is one the validation computed (``pipeline.py``: each game's status,
winner, totals, points per hand, how each hand ended, and its diagnostics); nothing is
judged again.  ``read.py`` reads the games of a file with what was written of them,
``figures.py`` turns one game into each player's figures, ``standings.py`` adds them up
over a season, ``tables.py`` turns a game into rows of the four tables of ``export``, and
the other modules write them (text, JSON, CSV, HTML; Parquet, CSV).
"""
