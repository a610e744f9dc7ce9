"""CSV cells that a spreadsheet does not run as formulas.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and
one that starts with a tab or a carriage return may be read the same way once trimmed.  A
record can hold such text where the tables write it as it is: a tag value (``[Event
"=HYPERLINK(…)"]``, ``[Date "+1+2"]``), a file's name (``=1+2.block``).  In the CSV files
of ``export`` and ``standings --format csv``, a text cell that starts so is written with a
``'`` before it, which spreadsheets read as "this is text" and do not show (OWASP, "CSV
injection"); numbers are written as they are.  ``--raw-csv`` writes every cell as it is,
for programs that read the CSV themselves.
"""

from __future__ import annotations

#: What a text cell that a spreadsheet would take for a formula starts with.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: object) -> object:
    """``value`` as a CSV cell that no spreadsheet runs: a text that starts as a formula
    does with a ``'`` before it; anything else as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
