"""The analysis of Block hands with every deal known: the value of each move under best
play by everyone (``blocknot analyse``, ``validate --analyse``; docs/analysis.md).

A stage of its own above the engine: it reads the record and the engine's report of it
(``setup.py``), values every move with the engine's own rules (``position.py`` over
``engine/``), searches (``search.py``, ``force.py``), and hands back the plain values of
``report/analysis.py``, which the outputs write (``pieces.py`` attaches them to a report).
"""
