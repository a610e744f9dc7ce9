"""The ways blocknot writes things out, in three jobs: ``records`` (canonical text, record JSON
and its positions, the schemas), ``reports`` (validation reports: text, JSON, JSON Lines,
GitHub, SARIF, JUnit, statistics, annotated) and ``html`` (the HTML report).  Imports run one
way: ``html`` may use ``reports`` and ``records``, ``reports`` may use ``records``."""
